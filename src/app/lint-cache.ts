// The validator's result per design object, computed once however many parts of the studio ask
// (the findings panel, the estimates, the code view's markers). The store replaces the design
// object on every edit, so a cached result never goes stale, and a WeakMap lets old ones go.
// On a keystroke the fixes are not checked yet (lint's `verifyFixes: 'defer'`): the findings,
// estimates and markers need no fix. The findings panel asks for `verifiedLintOf` after the
// keystroke (useVerifiedLint), and only a fix that passed the check is ever offered or applied.
// A keystroke's lint starts from the last one (lint's `since`): see docs/architecture.md.
import { useEffect, useState } from 'react';
import type { Design } from '../core/model/schema';
import { lint, withVerifiedFixes, type LintResult } from '../core/rules/lint';
import { testRules } from './test-hooks';

const linted = new WeakMap<Design, LintResult>();
const verified = new WeakMap<Design, LintResult>();
/**
 * The last design linted and its result. A keystroke edits one table of it: lint is given this
 * result (`since`), lints again only what the edit can change and keeps every other finding
 * (any other change, another design included, is linted whole).
 */
let last: LintResult | null = null;

export function lintOf(design: Design): LintResult {
  let result = linted.get(design);
  // A test build (VITE_BTSTUDIO_TEST_HOOKS) adds a rule that throws, for the error-boundary e2e test.
  if (!result) {
    const extra = import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1' ? { extraRules: testRules() } : {};
    linted.set(design, (result = lint(design, { ...extra, ...(last ? { since: last } : {}), verifyFixes: 'defer' })));
    last = result;
  }
  return result;
}

/** The same result with every proposed fix checked (memoised per design). */
export function verifiedLintOf(design: Design): LintResult {
  let result = verified.get(design);
  if (!result) verified.set(design, (result = withVerifiedFixes(lintOf(design))));
  return result;
}

/**
 * The findings with their checked fixes: at once when they are known, else the unchecked
 * findings (no fix offered) until the check has run, just after this render.
 */
export function useVerifiedLint(design: Design): { result: LintResult; checking: boolean } {
  const known = verified.get(design);
  const [done, setDone] = useState<{ design: Design; result: LintResult } | null>(null);
  useEffect(() => {
    if (verified.has(design)) return;
    const timer = setTimeout(() => setDone({ design, result: verifiedLintOf(design) }), 0);
    return () => clearTimeout(timer);
  }, [design]);
  const result = known ?? (done?.design === design ? done.result : undefined);
  return result ? { result, checking: false } : { result: lintOf(design), checking: true };
}
