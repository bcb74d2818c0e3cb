// lint(): the engine (engine/lint-engine.ts) with the registry's rules; applyFix for a finding.
import type { Design } from '../model/schema';
import { applyAcceptances, todayUtc } from './engine/accept';
import { fixedDesign, lintWith, pathKey, sortFindings, verifiedFinding, type LintOptions, type LintResult } from './engine/lint-engine';
import { RULES, ruleById } from './registry';
import { isAccepted, type Finding } from './types';
import { fixPhase, planFixes, type FixPlan, type FixPlanOptions, type FixStep } from './engine/fix-plan';

export { RULE_FAILED, sortFindings, withVerifiedFixes, type LintOptions, type LintResult } from './engine/lint-engine';

export function lint(design: Design, options: LintOptions = {}): LintResult {
  const rules = options.extraRules ? [...(options.registry ?? RULES), ...options.extraRules] : (options.registry ?? RULES);
  const result = lintWith(rules, design, options);
  // Acceptances mark the findings in place and add one finding per acceptance that matches none.
  if (design.lint?.accept?.length) {
    const stale = applyAcceptances(design, result.findings, {
      today: options.today ?? todayUtc(),
      settings: { ...(design.lint.rules ?? {}), ...(options.rules ?? {}) },
      knownRule: (id) => rules.some((r) => r.meta.id === id),
    });
    if (stale.length) {
      result.findings.push(...stale);
      sortFindings(result.findings);
    }
  }
  return result;
}

/** Applies a finding's (checked) fix: a new design, or null when no fix is offered for it now. */
export function applyFix(design: Design, finding: Finding, options: LintOptions = {}): Design | null {
  const cached = fixedDesign(design, finding);
  if (cached) return cached;
  const same = lint(design, options).findings.find(
    (f) => f.rule === finding.rule && f.messageId === finding.messageId && pathKey(f.path) === pathKey(finding.path),
  );
  return (same && fixedDesign(design, same)) ?? null;
}

/**
 * How many lints `fixAll` runs from the one before before it lints a design whole again: past
 * `btstudio fix`'s 200 steps. A whole lint checks every advice fix of the design again (at 1,000
 * tables a cut every 16 lints cost 12 such lints in 200 steps); the chain that a cut bounds now
 * holds little (200 steps on 1,000 tables: about 1.1 GB resident against 0.9 GB with cuts).
 */
const CHAIN = 256;

/** Every offered fix of the design (or of `rules`), planned together: engine/fix-plan.ts. */
export function fixAll(design: Design, options: FixPlanOptions = {}): FixPlan {
  // An accepted finding is kept as the design accepts it, unless its rule is named.
  const fixable = (f: Finding) => !isAccepted(f) || options.rules?.has(f.rule) === true;
  // Each design is linted from the lint of the one before (`since`): a fix changes a table or
  // the instance, and only what that reaches is linted again, as at a keystroke (linting each
  // whole made a run of fixes grow with the square of the tables). Fixes are checked as the plan
  // reaches them, not all of them for every step.
  let last: LintResult | undefined;
  let linted: Design | undefined;
  let chain = 0;
  const relint = (d: Design) => {
    if (d !== linted) {
      // Every CHAIN-th design is linted whole: a lint from the one before keeps the findings it
      // did not lint again, and with them what their rules' fixes hold of the lint that made
      // them, so a long chain holds many lints at once (a whole lint holds one).
      const since = last && ++chain % CHAIN !== 0 ? { since: last } : {};
      last = lint(d, { ...since, verifyFixes: 'defer' });
    }
    linted = d;
    const result = last!;
    return { findings: result.findings.filter(fixable), verified: (f: Finding) => verifiedFinding(result, f) };
  };
  return planFixes(design, relint, (d, f) => applyFix(d, f), options);
}

export { ruleById, fixPhase, type FixPlan, type FixStep };
