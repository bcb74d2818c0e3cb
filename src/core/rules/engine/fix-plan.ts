// Fixes planned together ("Fix all" in the studio, `btstudio fix`): each offered fix is already
// checked on its own (verify.ts: it removes its finding, adds no error or warning, serves every
// declared query at least as well); applied one after another they can still fight, so the set
// is planned:
// 1. the design's own fixes first (key, GC, queries, families, settings), re-linting after each;
// 2. then the autoscaling targets;
// 3. node counts last, from the plan of the design the other fixes made, so a count is never
//    sized for data a GC fix deletes or for a scan a key fix removes.
// When a count or target was applied, the phases run again: a fix withheld for an error that
// the count removes is applied then, and sized for in its turn. A fix whose result the plan has
// already passed through (a fix undoing another) ends the phase; the whole run never adds an
// error or makes a declared query's plan worse than at the start. What stays withheld says its
// own reason.
import type { Design } from '../../model/schema';
import type { Finding, PlanEffect } from '../types';

/** The phase a rule's fix belongs to: node counts last, autoscaling targets before them. */
const CAPACITY_COUNTS = new Set(['cluster-capacity', 'storage-capacity']);
const CAPACITY_TARGETS = new Set(['autoscaling-bounds']);
/**
 * Fixes that change what the application gets back, offered one at a time and never applied by
 * "Fix all": an aggregate family's increment returns no value where read-modify-write returned
 * the new total.
 */
export const NEEDS_DECISION = new Set(['counter-read-modify-write']);

export function fixPhase(rule: string): 0 | 1 | 2 {
  return CAPACITY_COUNTS.has(rule) ? 2 : CAPACITY_TARGETS.has(rule) ? 1 : 0;
}

export interface FixStep {
  rule: string;
  table: string | null;
  path: Finding['path'];
  label: string;
  effects: PlanEffect[];
}

export interface FixPlan {
  design: Design;
  applied: FixStep[];
  /** Findings still carrying a fix the engine withheld, with the reason. */
  withheld: Finding[];
  /** Fixes not applied because the plan had already been through their result. */
  cycles: FixStep[];
  /** Offered fixes left for the user to apply one by one: they change what the application gets back. */
  decisions: Finding[];
}

export interface FixPlanOptions {
  /** Only these rules' fixes (all when empty or absent). */
  rules?: ReadonlySet<string>;
  /** At most this many fixes (each removes a finding, so a long run means a loop). */
  maxSteps?: number;
}

/** Passes over the three phases at the most (a count that unblocks a fix, then that fix's own count). */
const MAX_PASSES = 4;

/**
 * A lint of the design. Its findings may come with their fixes not yet checked: then `verified`
 * gives a finding with its fix checked (offered or withheld), and the plan checks only the
 * findings it looks at, in order, up to the first fix offered.
 */
type LintFn = (d: Design) => { findings: readonly Finding[]; verified?: (f: Finding) => Finding };
type ApplyFn = (d: Design, f: Finding) => Design | null;

/** Plans and applies every offered fix in phases; pure over the lint and apply functions given. */
export function planFixes(design: Design, lint: LintFn, apply: ApplyFn, options: FixPlanOptions = {}): FixPlan {
  // Fixes that change what the application gets back run only when their rule is named.
  const wanted = (f: Finding) => (options.rules?.size ? options.rules.has(f.rule) : !NEEDS_DECISION.has(f.rule));
  const maxSteps = options.maxSteps ?? 200;
  const seen = new Set<string>([JSON.stringify(design)]);
  const applied: FixStep[] = [];
  const cycles: FixStep[] = [];
  const cycled = new Set<string>();
  let current = design;
  // A count or target can unblock a fix that was withheld for the error it removes (a GC fix
  // whose now-known size overflowed the cluster, applied once the cluster is sized): when phases
  // 1 or 2 applied anything, the phases run again, until a pass applies no count or target
  // (at most MAX_PASSES, as ESLint repeats its fix passes).
  for (let pass = 0; pass < MAX_PASSES && applied.length < maxSteps; pass++) {
    let capacityApplied = false;
    for (const phase of [0, 1, 2] as const) {
      // Proposals that led back to a design already seen are skipped for the rest of the phase.
      const skipped = new Set<string>();
      while (applied.length < maxSteps) {
        const linted = lint(current);
        let next: Finding | undefined;
        for (const f of linted.findings) {
          if (!wanted(f) || fixPhase(f.rule) !== phase) continue;
          const v = linted.verified ? linted.verified(f) : f;
          if (v.fix && !skipped.has(findingKey(v))) {
            next = v;
            break;
          }
        }
        if (!next) break;
        const fixed = apply(current, next);
        if (!fixed) {
          skipped.add(findingKey(next));
          continue;
        }
        const step: FixStep = { rule: next.rule, table: next.table, path: next.path, label: next.fix!, effects: next.effects ?? [] };
        const text = JSON.stringify(fixed);
        if (seen.has(text)) {
          if (!cycled.has(findingKey(next))) cycles.push(step);
          cycled.add(findingKey(next));
          skipped.add(findingKey(next));
          continue;
        }
        seen.add(text);
        applied.push(step);
        current = fixed;
        if (phase > 0) capacityApplied = true;
      }
    }
    if (!capacityApplied) break;
  }
  const linted = lint(current);
  const last = linted.verified ? linted.findings.map(linted.verified) : linted.findings;
  const withheld = last.filter((f) => f.fixWithheld && wanted(f));
  const decisions = options.rules?.size ? [] : last.filter((f) => f.fix && NEEDS_DECISION.has(f.rule));
  return { design: current, applied, withheld, cycles, decisions };
}

/**
 * A proposal: the finding and the fix it offers. A finding whose fix was skipped (it led back to
 * a design already seen) is considered again when a later fix changes what it proposes.
 */
const findingKey = (f: Finding) => `${f.rule}|${f.messageId}|${f.path.join('.')}|${f.fix ?? ''}`;
