// The engine (lint.ts runs it with the registry's rules; this module imports no registry, so a
// rule may run other rules through it): one analysis, one walk over the design (tables, key fields, families, queries)
// calling every rule's visitors; old-style rules (`check` + `fix`) run through an adapter. A
// rule that throws becomes a `rule-failed` error naming the rule and table instead of taking
// the lint down. Each proposed fix is checked (engine/verify.ts) before it is offered. The
// findings come by severity (errors first), then by table and path, so the order is stable.
import type { Design } from '../../model/schema';
import { analyze, type DesignAnalysis, type TableAnalysis } from '../analysis';
import { verifyFix, type Verdict } from './verify';
import { ruleFailed } from '../rule-failed';
import { formatMessage, isVisitorRule, type AnyRule, type Finding, type FixProposal, type Rule, type SeveritySetting, type Visitors, type VisitorReport } from '../types';

export interface LintOptions {
  /** Severity per rule id, over the design's own `lint.rules`. */
  rules?: Record<string, SeveritySetting>;
  /**
   * Check each proposed fix before offering it (default true; the check itself lints without).
   * 'defer': no fix is offered yet; `withVerifiedFixes(result)` checks them later (the studio
   * does it after the keystroke), memoised per result. Findings whose existence depends on the
   * check (`onlyAdvice`) are checked at once either way.
   */
  verifyFixes?: boolean | 'defer';
  /** The rules to run (lint's default: the registry); for tests and tools that add their own. */
  registry?: readonly AnyRule[];
  /** Rules run after those: tests inject a rule that throws here (rule-failed.test.ts). */
  extraRules?: readonly AnyRule[];
  /** The day (YYYY-MM-DD) acceptances' `until` is compared with (lint's default: today, UTC). */
  today?: string;
}

export interface LintResult {
  findings: Finding[];
  analysis: DesignAnalysis;
}

/** The id of the finding a throwing rule becomes. */
export const RULE_FAILED = 'rule-failed';

interface Pending {
  finding: Finding;
  proposal: FixProposal | null;
}

/** Verified fixed designs, by finding (applyFix uses them; findings are plain data otherwise). */
const FIXED = new WeakMap<Finding, { from: Design; to: Design }>();

/** An old-style rule as visitors: `check` once per design, its `fix` as the proposal. */
function adapt(rule: Rule, ctx: { design: Design; analysis: DesignAnalysis; report(r: VisitorReport, label?: string) : void }): Visitors {
  return {
    design() {
      rule.check({ design: ctx.design, analysis: ctx.analysis, report: (r) => ctx.report({ ...r, fix: undefined }, r.fix) });
    },
  };
}

function run(design: Design, analysis: DesignAnalysis, settings: Record<string, SeveritySetting>, rules: readonly AnyRule[]): Pending[] {
  const out: Pending[] = [];
  // A rule that throws loses its findings where it failed, never the report (rule-failed.ts).
  const failed = (rule: AnyRule, t: TableAnalysis | null, e: unknown) => {
    out.push({ finding: ruleFailed(design, rule.meta.id, t?.index, e), proposal: null });
  };
  const walkers: { rule: AnyRule; v: Visitors; current: { t: TableAnalysis | null }; dead: boolean; deadTables: Set<number>; report: (r: VisitorReport, oldLabel?: string) => void }[] = [];
  for (const rule of rules) {
    const setting = settings[rule.meta.id];
    if (setting === 'off') continue;
    const current = { t: null as TableAnalysis | null };
    const report = (r: VisitorReport, oldLabel?: string) => {
      const template = rule.meta.messages[r.messageId];
      if (template === undefined) throw new Error(`rule ${rule.meta.id} reported unknown message id "${r.messageId}"`);
      const data = r.data ?? {};
      const ti = r.table ?? current.t?.index;
      const detail = rule.meta.details?.[r.messageId];
      const finding: Finding = {
        rule: rule.meta.id,
        severity: setting ?? r.severity ?? rule.meta.severity,
        table: ti === undefined ? null : (design.tables[ti]?.name ?? null),
        path: ti === undefined ? r.path : ['tables', ti, ...r.path],
        messageId: r.messageId,
        message: formatMessage(template, data),
        data,
        ...(detail ? { detail: formatMessage(detail, data) } : {}),
      };
      let proposal = r.fix ?? null;
      if (!isVisitorRule(rule) && oldLabel && rule.fix) {
        const fix = rule.fix;
        proposal = { label: oldLabel, apply: () => fix(design, finding, analysis) };
      }
      out.push({ finding, proposal });
    };
    const ctx = { design, analysis, report };
    try {
      walkers.push({ rule, v: isVisitorRule(rule) ? rule.create(ctx) : adapt(rule, ctx), current, dead: false, deadTables: new Set(), report });
    } catch (e) {
      failed(rule, null, e);
    }
  }
  // Each visitor is called only on the rules that have it (most rules visit one or two kinds).
  type Walker = (typeof walkers)[number];
  const having = (hook: keyof Visitors) => walkers.filter((w) => typeof w.v[hook] === 'function');
  const by: Record<keyof Visitors, Walker[]> = { design: having('design'), table: having('table'), field: having('field'), family: having('family'), query: having('query') };
  const call = (t: TableAnalysis | null, list: readonly Walker[], f: (v: Visitors) => void) => {
    for (const w of list) {
      if (w.dead || (t && w.deadTables.has(t.index))) continue;
      w.current.t = t;
      const mark = out.length;
      try {
        f(w.v);
      } catch (e) {
        // What the rule reported before it threw is dropped with it.
        for (let i = out.length - 1; i >= mark; i--) if (out[i]!.finding.rule === w.rule.meta.id) out.splice(i, 1);
        if (t) {
          w.deadTables.add(t.index);
          failed(w.rule, t, e);
        } else {
          w.dead = true;
          if (isVisitorRule(w.rule)) failed(w.rule, null, e);
          else retryPerTable(w.rule, w.report, e);
        }
      }
    }
  };
  // An old-style rule checks the whole design at once: when it throws, it runs again table by
  // table, so its findings on the tables it gets through stay and rule-failed names the others
  // (or the design, when no one table makes it fail).
  const retryPerTable = (rule: Rule, report: (r: VisitorReport, oldLabel?: string) => void, first: unknown) => {
    let failures = 0;
    for (const ta of analysis.tables) {
      const mark = out.length;
      try {
        rule.check({ design, analysis: { ...analysis, tables: [ta] }, report: (r) => report({ ...r, fix: undefined }, r.fix) });
      } catch (e) {
        out.length = mark;
        failed(rule, ta, e);
        failures++;
      }
    }
    if (failures === 0) failed(rule, null, first);
  };
  call(null, by.design, (v) => v.design?.());
  for (const t of analysis.tables) {
    call(t, by.table, (v) => v.table?.(t));
    if (by.field.length) for (const f of t.fields) call(t, by.field, (v) => v.field?.(f, t));
    if (by.family.length) (t.table.families ?? []).forEach((fam, i) => call(t, by.family, (v) => v.family?.(fam, i, t)));
    if (by.query.length) (t.table.queries ?? []).forEach((q, i) => call(t, by.query, (v) => v.query?.(q, t.plans[i], t)));
  }
  return out;
}

const ORDER = { error: 0, warning: 1, info: 2 } as const;

function pathKey(path: readonly (string | number)[]): string {
  return path.map((p) => (typeof p === 'number' ? String(p).padStart(6, '0') : p)).join('\u0000');
}

/** Errors first, then warnings, then info; within a severity by table and path, then rule. */
export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return findings.sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || pathKey(a.path).localeCompare(pathKey(b.path)) || a.rule.localeCompare(b.rule));
}

/** Lints with `rules` (options.registry is ignored here: lint.ts resolves it). */
export function lintWith(rules: readonly AnyRule[], design: Design, options: LintOptions = {}): LintResult {
  const analysis = analyze(design);
  const settings: Record<string, SeveritySetting> = { ...(design.lint?.rules ?? {}), ...(options.rules ?? {}) };
  const pending = run(design, analysis, settings, rules);
  const findings = pending.map((p) => p.finding);
  // Unverified (inside a fix check): nothing is offered.
  if (options.verifyFixes === false) return { findings: sortFindings(findings), analysis };
  const check = checker(rules, options, { findings, analysis });
  if (options.verifyFixes === 'defer') {
    // Only the findings that exist only if their advice is safe are decided now.
    const drop = new Set<Finding>();
    for (const { finding, proposal } of pending) {
      if (!proposal?.onlyAdvice) continue;
      const v = check(finding, proposal);
      if (v.ok) offer(finding, proposal, v, design);
      else drop.add(finding);
    }
    const result = { findings: sortFindings(findings.filter((f) => !drop.has(f))), analysis };
    const later = pending.filter((p) => p.proposal && !p.proposal.onlyAdvice);
    if (later.length > 0) DEFERRED.set(result, { design, check, later });
    return result;
  }
  const drop = new Set<Finding>();
  for (const { finding, proposal } of pending) {
    if (!proposal) continue;
    const v = check(finding, proposal);
    if (v.ok) offer(finding, proposal, v, design);
    else if (proposal.onlyAdvice) drop.add(finding);
    else finding.fixWithheld = withheld(proposal, v.reason);
  }
  return { findings: sortFindings(findings.filter((f) => !drop.has(f))), analysis };
}

type Check = (finding: Finding, proposal: FixProposal) => Verdict;

/** Checks a proposal against the lint it came from (engine/verify.ts), by the same rules. */
function checker(rules: readonly AnyRule[], options: LintOptions, before: { findings: readonly Finding[]; analysis: DesignAnalysis }): Check {
  const relint = (d: Design) => lintWith(rules, d, { ...options, verifyFixes: false });
  return (finding, proposal) => {
    let fixed: Design | null;
    try {
      fixed = proposal.apply();
    } catch {
      fixed = null;
    }
    return verifyFix(before, finding, fixed, relint);
  };
}

function offer(finding: Finding, proposal: FixProposal, v: Extract<Verdict, { ok: true }>, design: Design): void {
  finding.fix = proposal.label;
  finding.effects = v.effects;
  FIXED.set(finding, { from: design, to: v.design });
}

const withheld = (proposal: FixProposal, reason: string) => `"${proposal.label}" is not offered: ${reason.replace(/\.$/, '')}.`;

/** Deferred checks, by the result lint returned with `verifyFixes: 'defer'`. */
const DEFERRED = new WeakMap<LintResult, { design: Design; check: Check; later: Pending[] }>();
const VERIFIED = new WeakMap<LintResult, LintResult>();

/**
 * The result with every proposed fix checked, as an eager lint gives it: a new result (the
 * findings that carry a proposal are new objects), memoised; a result with nothing deferred
 * comes back as it is.
 */
export function withVerifiedFixes(result: LintResult): LintResult {
  const deferred = DEFERRED.get(result);
  if (!deferred) return result;
  const cached = VERIFIED.get(result);
  if (cached) return cached;
  const copies = new Map<Finding, Finding>();
  for (const { finding, proposal } of deferred.later) {
    const copy: Finding = { ...finding };
    const v = deferred.check(finding, proposal!);
    if (v.ok) offer(copy, proposal!, v, deferred.design);
    else copy.fixWithheld = withheld(proposal!, v.reason);
    copies.set(finding, copy);
  }
  const verified = { findings: result.findings.map((f) => copies.get(f) ?? f), analysis: result.analysis };
  VERIFIED.set(result, verified);
  return verified;
}

/** The checked fix of a finding this engine produced for `design`, if it offered one. */
export function fixedDesign(design: Design, finding: Finding): Design | null {
  const cached = FIXED.get(finding);
  return cached?.from === design ? cached.to : null;
}

export { pathKey };
