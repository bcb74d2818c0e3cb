// The validator's result per design object, computed once however many parts of the studio ask
// (the findings panel, the estimates, the code view's markers). The store replaces the design
// object on every edit, so a cached result never goes stale, and a WeakMap lets old ones go.
import type { Design } from '../core/model/schema';
import { lint, type LintResult } from '../core/rules/lint';

const linted = new WeakMap<Design, LintResult>();

export function lintOf(design: Design): LintResult {
  let result = linted.get(design);
  if (!result) linted.set(design, (result = lint(design)));
  return result;
}
