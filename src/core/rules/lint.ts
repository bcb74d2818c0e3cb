// lint(): the engine (engine/lint-engine.ts) with the registry's rules; applyFix for a finding.
import type { Design } from '../model/schema';
import { fixedDesign, lintWith, pathKey, type LintOptions, type LintResult } from './engine/lint-engine';
import { RULES, ruleById } from './registry';
import type { Finding } from './types';
import { fixPhase, planFixes, type FixPlan, type FixPlanOptions, type FixStep } from './engine/fix-plan';

export { RULE_FAILED, sortFindings, withVerifiedFixes, type LintOptions, type LintResult } from './engine/lint-engine';

export function lint(design: Design, options: LintOptions = {}): LintResult {
  const rules = options.registry ?? RULES;
  return lintWith(options.extraRules ? [...rules, ...options.extraRules] : rules, design, options);
}

/** Applies a finding's (checked) fix: a new design, or null when no fix is offered for it now. */
export function applyFix(design: Design, finding: Finding, options: LintOptions = {}): Design | null {
  const cached = fixedDesign(design, finding);
  if (cached) return cached;
  const same = lint(design, options).findings.find((f) => f.rule === finding.rule && f.messageId === finding.messageId && pathKey(f.path) === pathKey(finding.path));
  return (same && fixedDesign(design, same)) ?? null;
}

/** Every offered fix of the design (or of `rules`), planned together: engine/fix-plan.ts. */
export function fixAll(design: Design, options: FixPlanOptions = {}): FixPlan {
  return planFixes(design, (d) => lint(d), (d, f) => applyFix(d, f), options);
}

export { ruleById, fixPhase, type FixPlan, type FixStep };
