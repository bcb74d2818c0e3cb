// The validator's result per design object, computed once however many parts of the studio ask
// (the findings panel, the estimates, the code view's markers). The store replaces the design
// object on every edit, so a cached result never goes stale, and a WeakMap lets old ones go.
import type { Design } from '../core/model/schema';
import { lint, type LintResult } from '../core/rules/lint';
import { testRules } from './test-hooks';

const linted = new WeakMap<Design, LintResult>();

export function lintOf(design: Design): LintResult {
  let result = linted.get(design);
  // A test build (VITE_BTSTUDIO_TEST_HOOKS) adds a rule that throws, for the error-boundary e2e test.
  if (!result) linted.set(design, (result = lint(design, import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1' ? { extraRules: testRules() } : {})));
  return result;
}
