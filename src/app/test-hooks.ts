// Test-only hooks of the error-boundary e2e test (e2e/boundaries.spec.ts): make a named panel throw, or
// add a rule that throws, to prove the rest of the studio keeps working. They exist only in a
// build made with VITE_BTSTUDIO_TEST_HOOKS=1: vite.config.ts defines the flag as a constant, so
// in every other build it is '' and the minifier drops each branch guarded by the flag itself
// (callers test `import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1'`, not a function of this module).
import { defineTableRule, type Rule } from '../core/rules/types';

export const TEST_HOOKS: boolean = import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1';

/** localStorage keys the e2e test sets: comma-separated panel names; any value for the rule. */
const FAIL_PANELS = 'btstudio-test-fail-panels';
const FAIL_RULE = 'btstudio-test-fail-rule';

/** Whether the test asked panel `name` to throw (always false outside a test-hooks build). */
export function testPanelFails(name: string): boolean {
  if (!TEST_HOOKS) return false;
  return (localStorage.getItem(FAIL_PANELS) ?? '').split(',').includes(name);
}

/** A rule that throws on every table, when the test asked for it. */
export function testRules(): Rule[] {
  if (!TEST_HOOKS || localStorage.getItem(FAIL_RULE) === null) return [];
  return [
    defineTableRule({
      meta: { id: 'test-throws', severity: 'warning', description: 'A rule that throws (test build only).', messages: { x: 'x' }, fixable: false },
      table() {
        throw new TypeError("Cannot read properties of undefined (reading 'name')");
      },
    }),
  ];
}
