// The engine (lint.ts runs it with the registry's rules; this module imports no registry, so a
// rule may run other rules through it): one analysis, one walk over the design (tables, key fields, families, queries)
// calling every rule's visitors with the node it is on. A rule that throws becomes a `rule-failed` error naming the rule and table instead of taking
// the lint down. Each proposed fix is checked (engine/verify.ts) before it is offered. The
// findings come by severity (errors first), then by table and path, so the order is stable.
// Given the lint of the design before an edit (`since`, the studio's keystroke), it lints again
// only what the edit can change and keeps the rest, fixes' verdicts included (lintSince).
import type { Design } from '../../model/schema';
import { analyze, analyzeEdit, analyzeInstanceEdit, type DesignAnalysis, type TableAnalysis } from '../../analysis/design';
import { editOf, editOfAt, INSTANCE_KEYS, instanceEdit, referrers, sameProfiles, type Edit } from './incremental';
import {
  counts,
  findingKey,
  inheritable,
  invalidReason,
  judge,
  ruleKey,
  servings,
  verifyFix,
  type Counts,
  type Serving,
  type Sides,
  type Verdict,
} from './verify';
import { acceptsFinding, todayUtc } from './accept';
import { ruleFailed } from '../rule-failed';
import { formatMessage, type Finding, type FixProposal, type Rule, type SeveritySetting, type Visitors, type VisitorReport } from '../types';

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
  registry?: readonly Rule[];
  /** Rules run after those: tests inject a rule that throws here (rule-failed.test.ts). */
  extraRules?: readonly Rule[];
  /**
   * How a proposed fix is checked: by linting again what it can change (default), or 'whole':
   * the whole fixed design (the reference the default is tested against; slower, same answers).
   */
  verifyScope?: 'edit' | 'whole';
  /** The day (YYYY-MM-DD) acceptances' `until` is compared with (lint's default: today, UTC). */
  today?: string;
  /**
   * The lint of the design this one edits (the studio's previous keystroke): when the edit
   * changes only tables, renames none and adds none, only what it can change is linted again
   * (the edited tables, the tables some rule's crossTable names, the rules that read the whole
   * design unless what they read is unchanged) and every other finding is kept. The same
   * findings as a whole lint; any other edit is linted whole.
   */
  since?: LintResult;
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
  /** The table whose visit reported it, when that visit reads only its table; else null. */
  scope: number | null;
  /** The rule that reported it (or failed, for a rule-failed finding). */
  by: string;
  /** A finding kept from an earlier lint: the proposal as its rule made it, and for which design. */
  origin?: { proposal: FixProposal; from: Design };
}

/**
 * Verified fixes, by finding (applyFix uses them; findings are plain data otherwise). The fix is
 * kept as its proposal, applied again when asked (a pure edit of the same design): keeping every
 * checked design would keep every fixed table's analysis alive, which costs the garbage
 * collector more per fix the larger the design.
 */
const FIXED = new WeakMap<Finding, { from: Design; apply: () => Design | null }>();

/** A finding of the lint of an edit, which is only compared: its message is written when read. */
class Compared implements Finding {
  constructor(
    readonly rule: string,
    readonly severity: Finding['severity'],
    readonly table: string | null,
    readonly path: Finding['path'],
    readonly messageId: string,
    readonly data: Finding['data'],
    private readonly template: string,
  ) {}
  get message(): string {
    return formatMessage(this.template, this.data);
  }
}

const HOOKS = ['design', 'table', 'field', 'family', 'query'] as const satisfies readonly (keyof Visitors)[];

/** Whether a rule's per-table visits read only their table (their findings kept per table). */
function local(rule: Rule, only?: EditRun): boolean {
  const reads = rule.meta.crossTable;
  return reads === undefined || typeof reads === 'function' || (reads === 'names' && !only?.edit.namesChanged);
}

/** A lint of what an edit can change. */
interface EditRun {
  edit: Edit;
  /** By rule id: the tables besides the edit's that its per-table visits run on (crossTable). */
  extra: Map<string, Set<number>>;
  /** Rules not run: what they read is unchanged (`reads`), so are their findings. */
  skip: Set<string>;
  /**
   * Rules run for the edit's tables only: what they read of those tables changed, what their
   * findings read across the tables did not (`readsAcross`), so their findings on every other
   * table are as they were.
   */
  partial?: Set<string>;
  /** Findings as a whole lint writes them (a keystroke's lint), not only to be compared (a fix check's). */
  full?: boolean;
  /**
   * Set by the run: whether a rule visited every table, or visited the design without saying
   * what it reads (`reads`), or failed before it could visit (read beyond the edit's tables).
   */
  global?: boolean;
  /** Set by the run: the rules that visited the design and say what they read of a table (`reads`). */
  readers?: Set<string>;
}

/**
 * Every rule over the design. `only`: an edit of a design already linted; the rules whose
 * per-table visits are local visit only the edit's tables (the caller keeps the other tables'
 * findings), every other visit runs as usual.
 */
function run(design: Design, analysis: DesignAnalysis, settings: Record<string, SeveritySetting>, rules: readonly Rule[], only?: EditRun): Pending[] {
  const out: Pending[] = [];
  const visiting = only ? new Set(only.edit.tables) : null;
  // A rule that throws loses its findings where it failed, never the report (rule-failed.ts).
  const failed = (rule: Rule, t: TableAnalysis | null, e: unknown) => {
    out.push({ finding: ruleFailed(design, rule.meta.id, t?.index, e), proposal: null, scope: t && local(rule, only) ? t.index : null, by: rule.meta.id });
  };
  const walkers: {
    rule: Rule;
    local: boolean;
    v: Visitors;
    current: { t: TableAnalysis | null };
    dead: boolean;
    deadTables: Set<number>;
  }[] = [];
  for (const rule of rules) {
    const setting = settings[rule.meta.id];
    if (setting === 'off' || only?.skip.has(rule.meta.id)) continue;
    const isLocal = local(rule, only);
    // Run for the edit's tables only: its findings on the other tables are kept by the caller.
    const partial = only?.partial?.has(rule.meta.id) === true;
    const current = { t: null as TableAnalysis | null };
    const report = (r: VisitorReport) => {
      const template = rule.meta.messages[r.messageId];
      if (template === undefined) throw new Error(`rule ${rule.meta.id} reported unknown message id "${r.messageId}"`);
      if (rule.meta.sameSeverity && r.severity !== undefined) throw new Error(`rule ${rule.meta.id} declares meta.sameSeverity but reported a severity`);
      const data = r.data ?? {};
      const ti = r.table ?? current.t?.index;
      const detail = rule.meta.details?.[r.messageId];
      const severity = setting ?? r.severity ?? rule.meta.severity;
      const table = ti === undefined ? null : (design.tables[ti]?.name ?? null);
      const path = ti === undefined ? r.path : ['tables', ti, ...r.path];
      if (partial) {
        const on = tableOf(path, design.tables.length);
        if (on !== null && !visiting!.has(on)) return;
      }
      // The lint of an edit is only compared (engine/verify.ts), which reads a message only to
      // name a new finding: it is written when read, and the detail never.
      const finding: Finding =
        only && !only.full
          ? new Compared(rule.meta.id, severity, table, path, r.messageId, data, template)
          : {
              rule: rule.meta.id,
              severity,
              table,
              path,
              messageId: r.messageId,
              message: formatMessage(template, data),
              data,
              ...(detail ? { detail: formatMessage(detail, data) } : {}),
            };
      out.push({ finding, proposal: r.fix ?? null, scope: isLocal && current.t ? current.t.index : null, by: rule.meta.id });
    };
    const ctx = { design, analysis, report };
    try {
      const v = rule.create(ctx);
      // A rule skipped on an edit by what it reads must report from its design visit only.
      if (rule.meta.reads && HOOKS.some((h) => h !== 'design' && typeof v[h] === 'function'))
        throw new Error(`rule ${rule.meta.id} declares meta.reads but visits more than the design`);
      walkers.push({ rule, local: isLocal, v, current, dead: false, deadTables: new Set() });
    } catch (e) {
      failed(rule, null, e);
      if (only) only.global = true;
    }
  }
  if (only) {
    const designVisit = (w: (typeof walkers)[number]) => typeof w.v.design === 'function';
    only.global ||= walkers.some((w) => (designVisit(w) && !w.rule.meta.reads) || !w.local);
    only.readers = new Set(walkers.filter((w) => designVisit(w) && w.rule.meta.reads).map((w) => w.rule.meta.id));
  }
  // Each visitor is called only on the rules that have it (most rules visit one or two kinds).
  type Walker = (typeof walkers)[number];
  const having = (hook: keyof Visitors) => walkers.filter((w) => typeof w.v[hook] === 'function');
  const every: Record<keyof Visitors, Walker[]> = {
    design: having('design'),
    table: having('table'),
    field: having('field'),
    family: having('family'),
    query: having('query'),
  };
  // A table outside the edit: only the visits that read other tables run on it.
  const notLocal = (list: Walker[]) => list.filter((w) => !w.local);
  const rest: Record<keyof Visitors, Walker[]> = {
    design: [],
    table: notLocal(every.table),
    field: notLocal(every.field),
    family: notLocal(every.family),
    query: notLocal(every.query),
  };
  // Tables outside the edit that some rules visit again (their crossTable names them).
  const again = new Map<number, Record<keyof Visitors, Walker[]>>();
  for (const [id, tables] of only?.extra ?? []) {
    for (const ti of tables) {
      if (visiting?.has(ti)) continue;
      const lists = again.get(ti) ?? { ...rest };
      for (const hook of ['table', 'field', 'family', 'query'] as const)
        lists[hook] = [...lists[hook], ...every[hook].filter((w) => w.local && w.rule.meta.id === id)];
      again.set(ti, lists);
    }
  }
  const call = (t: TableAnalysis | null, list: readonly Walker[], f: (v: Visitors, w: Walker) => void) => {
    for (const w of list) {
      if (w.dead || (t && w.deadTables.has(t.index))) continue;
      w.current.t = t;
      const mark = out.length;
      try {
        f(w.v, w);
      } catch (e) {
        // What the rule reported before it threw is dropped with it.
        for (let i = out.length - 1; i >= mark; i--) if (out[i]!.finding.rule === w.rule.meta.id) out.splice(i, 1);
        if (t) {
          w.deadTables.add(t.index);
          failed(w.rule, t, e);
        } else {
          w.dead = true;
          failed(w.rule, null, e);
        }
      }
    }
  };
  call(null, every.design, (v, w) => v.design?.(only?.partial?.has(w.rule.meta.id) ? visiting! : undefined));
  // An edit's lint walks only the tables some visit runs on (unless a rule reads every table).
  const restRuns = rest.table.length + rest.field.length + rest.family.length + rest.query.length > 0;
  const walked =
    !visiting || restRuns
      ? analysis.tables
      : [...new Set([...visiting, ...again.keys()])]
          .sort((a, b) => a - b)
          .map((i) => analysis.tables[i])
          .filter((t): t is TableAnalysis => t !== undefined);
  for (const t of walked) {
    const by = !visiting || visiting.has(t.index) ? every : (again.get(t.index) ?? rest);
    if (by.table.length) call(t, by.table, (v) => v.table?.(t));
    if (by.field.length) for (const f of t.fields) call(t, by.field, (v) => v.field?.(f, t));
    if (by.family.length) (t.table.families ?? []).forEach((fam, i) => call(t, by.family, (v) => v.family?.(fam, i, t)));
    if (by.query.length) (t.table.queries ?? []).forEach((q, i) => call(t, by.query, (v) => v.query?.(q, t.plans[i], t, i)));
  }
  return out;
}

/**
 * The advisory rules (`all`), and those a check of a finding ignores (`for`): all of them but
 * the finding's own rule (the same set object when that is every one).
 */
function quietRules(rules: readonly Rule[], settings: Record<string, SeveritySetting>): { all: ReadonlySet<string>; for(f: Finding): ReadonlySet<string> } {
  const quiet = rules.filter((r) => advisory(r, settings)).map((r) => r.meta.id);
  const all: ReadonlySet<string> = new Set(quiet);
  return { all, for: (f) => (all.has(f.rule) ? new Set(quiet.filter((id) => id !== f.rule)) : all) };
}

/**
 * Whether a rule's findings decide no fix check but those of its own findings: it offers no fix,
 * and every finding it reports is info (`sameSeverity`, set to info).
 */
function advisory(rule: Rule, settings: Record<string, SeveritySetting>): boolean {
  return rule.meta.sameSeverity === true && !rule.meta.fixable && (settings[rule.meta.id] ?? rule.meta.severity) === 'info';
}

/** The table a finding's path is on (`tables.i...`, i a table of the design), or null. */
function tableOf(path: Finding['path'], tables: number): number | null {
  const i = path[0] === 'tables' ? path[1] : undefined;
  return typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < tables ? i : null;
}

/**
 * Whether a finding of a rule run on an edit of the design (`only`) is in what that run finds
 * again: a finding of a visit of the design unless its rule was not run, or was run for the
 * edit's tables only and the finding is on another table.
 */
function rerunGlobal(only: Pick<EditRun, 'skip' | 'partial'>, visited: ReadonlySet<number>, by: string, f: Finding, tables: number): boolean {
  if (only.skip.has(by)) return false;
  if (!only.partial?.has(by)) return true;
  const ti = tableOf(f.path, tables);
  return ti === null || visited.has(ti);
}

const ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Each path's sort key, kept per path array (a kept finding keeps its path; a lint sorts every finding). */
const pathKeys = new WeakMap<readonly (string | number)[], string>();

function pathKey(path: readonly (string | number)[]): string {
  let k = pathKeys.get(path);
  if (k === undefined) {
    k = path.map((p) => (typeof p === 'number' ? String(p).padStart(6, '0') : p)).join('\u0000');
    pathKeys.set(path, k);
  }
  return k;
}

/** Errors first, then warnings, then info; within a severity by table and path, then rule. */
export function compareFindings(a: Finding, b: Finding): number {
  return ORDER[a.severity] - ORDER[b.severity] || pathKey(a.path).localeCompare(pathKey(b.path)) || a.rule.localeCompare(b.rule);
}

export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return findings.sort(compareFindings);
}

/** Lints with `rules` (options.registry is ignored here: lint.ts resolves it). */
export function lintWith(rules: readonly Rule[], design: Design, options: LintOptions = {}): LintResult {
  const settings: Record<string, SeveritySetting> = { ...(design.lint?.rules ?? {}), ...(options.rules ?? {}) };
  const since = options.since && BASES.get(options.since);
  const part = since ? lintSince(rules, since, design, settings) : null;
  const analysis = part?.analysis ?? analyze(design);
  const pending = part?.pending ?? run(design, analysis, settings, rules);
  const findings = pending.map((p) => p.finding);
  const base: Base = { design, analysis, settings, pending, rules, findings, valid: part?.valid };
  // Unverified (inside a fix check): nothing is offered.
  if (options.verifyFixes === false) return based({ findings: sortFindings(findings), analysis }, base);
  const check = checker(rules, options, base, part?.reuse);
  if (options.verifyFixes === 'defer') {
    // Only the findings that exist only if their advice is safe are decided now.
    const drop = new Set<Finding>();
    for (const { finding, proposal } of pending) {
      if (!proposal?.onlyAdvice) continue;
      const v = check(finding, proposal);
      if (v.ok) offer(finding, proposal, v, design);
      else drop.add(finding);
    }
    const result = based({ findings: sortFindings(findings.filter((f) => !drop.has(f))), analysis }, base);
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
  return based({ findings: sortFindings(findings.filter((f) => !drop.has(f))), analysis }, base);
}

/** What a lint keeps for the lint of an edit of its design (`since`). */
interface Base extends Baseline {
  rules: readonly Rule[];
  refs?: Map<string, number[]>;
}

const BASES = new WeakMap<LintResult, Base>();

/** The result, kept as the base of a lint it may be given to (`since`). */
function based(result: LintResult, base: Base): LintResult {
  BASES.set(result, base);
  return result;
}

/** What a rule's findings on a table read across the tables (`readsAcross`), as text; null when it throws (then the rule runs whole). */
function acrossText(across: NonNullable<Rule['meta']['readsAcross']>, design: Design, analysis: DesignAnalysis): string | null {
  try {
    return JSON.stringify(across(design, analysis)) ?? 'undefined';
  } catch {
    return null;
  }
}

/** Which rules an edit runs again: those whose crossTable names tables (`extra`), and those not run (`skip`). */
function editScope(rules: readonly Rule[], before: Design, was: DesignAnalysis, after: Design, analysis: DesignAnalysis, edit: Edit) {
  const sameCount = after.tables.length === before.tables.length;
  const extra = new Map<string, Set<number>>();
  const skip = new Set<string>();
  const partial = new Set<string>();
  for (const r of rules) {
    const cross = r.meta.crossTable;
    if (typeof cross === 'function') extra.set(r.meta.id, new Set(cross(before, after, edit.changed, was)));
    const reads = r.meta.reads;
    if (reads && sameCount) {
      const same = edit.tables.every((ti) => readText(reads, was.tables[ti]!, before) === readText(reads, analysis.tables[ti]!, after));
      if (same) skip.add(r.meta.id);
      else if (r.meta.readsAcross) {
        const text = acrossText(r.meta.readsAcross, before, was);
        if (text !== null && text === acrossText(r.meta.readsAcross, after, analysis)) partial.add(r.meta.id);
      }
    }
  }
  return { extra, skip, partial };
}

/**
 * The lint of `design`, an edit of the base's design, from the base: the part the edit can
 * change linted again, the rest kept. Null when only a whole lint can tell (an edit outside
 * the tables, a rename, a table added or removed, other rules or settings).
 */
function lintSince(
  rules: readonly Rule[],
  base: Base,
  design: Design,
  settings: Record<string, SeveritySetting>,
): { analysis: DesignAnalysis; pending: Pending[]; valid: boolean | undefined; reuse: Reuse } | null {
  const sameRules = base.rules.length === rules.length && base.rules.every((r, i) => r === rules[i]);
  if (!sameRules || JSON.stringify(base.settings) !== JSON.stringify(settings)) return null;
  if (design.tables.length !== base.design.tables.length) return null;
  const edit = editOf(base.design, design, (base.refs ??= referrers(base.design)));
  if (!edit || edit.namesChanged) return null;
  const analysis = analyzeEdit(base.analysis, design, edit.changed, edit.tables);
  const { extra, skip, partial } = editScope(rules, base.design, base.analysis, design, analysis, edit);
  const fresh = run(design, analysis, settings, rules, { edit, extra, skip, partial, full: true });
  // A rule run for the edit's tables that failed loses its findings everywhere in a whole lint.
  if (failedPartly(fresh, partial)) return null;
  const visited = new Set(edit.tables);
  const tableCount = design.tables.length;
  const inPart = (p: Pending) =>
    p.scope === null ? rerunGlobal({ skip, partial }, visited, p.by, p.finding, tableCount) : visited.has(p.scope) || extra.get(p.by)?.has(p.scope) === true;
  // Kept findings are copies (a lint's findings are its own); their fixes apply to this design.
  let whole: Pending[] | null = null;
  // The finding is named by what identifies it, not held: a kept proposal that held the last
  // lint's pending would hold that lint's own kept proposals, and so on back through every lint
  // of the chain, each with its design and analysis (a long run of fixes or keystrokes on a
  // large design then ran out of memory).
  const redo = ({ by, finding }: Pending) => {
    const { rule, messageId } = finding;
    const path = pathKey(finding.path);
    return () => {
      whole ??= run(design, analysis, settings, rules);
      const same = whole.find((w) => w.by === by && w.finding.rule === rule && w.finding.messageId === messageId && pathKey(w.finding.path) === path);
      return same?.proposal?.apply() ?? null;
    };
  };
  const kept = base.pending
    .filter((p) => !inPart(p))
    .map((p): Pending => {
      const origin = p.origin ?? (p.proposal ? { proposal: p.proposal, from: base.design } : undefined);
      return { ...p, finding: unjudged(p.finding), proposal: origin ? rebase(origin.proposal, origin.from, design, redo(p)) : null, origin };
    });
  // A whole lint's order: the design visits first, then the tables (sortFindings keeps it among equals).
  const global = (p: Pending) => p.scope === null;
  const pending = [...kept.filter(global), ...fresh.filter(global), ...kept.filter((p) => !global(p)), ...fresh.filter((p) => !global(p))];
  // Valid: the last design was, and the edited tables are (names kept).
  const valid = base.valid === true ? invalidReason(design, edit.tables, base.design) === null : undefined;
  // A kept finding's fix keeps its verdict when its check read nothing the edit changed: no rule
  // over the whole design ran in it but those that say what they read (`reads`) and read the
  // same of the edited tables (not run again here), no table whose findings this lint found
  // again, no query named as one of the edited tables' queries, the same crossTable answers, the
  // same findings of the whole design (a rejected fix's reason may name one).
  const was = new Map<Finding, Finding>();
  base.pending.forEach((p) => {
    if (!inPart(p)) was.set(kept[was.size]!.finding, p.finding);
  });
  const touched = new Set([...visited, ...[...extra.values()].flatMap((t) => [...t])]);
  // The tables whose findings this lint found again for rules that decide a check (an advisory
  // rule's findings on the tables its crossTable named decide no check but of its own findings).
  const { all: quiet, for: ignoredFor } = quietRules(rules, settings);
  const counted = new Set([...visited, ...[...extra].flatMap(([id, t]) => (quiet.has(id) ? [] : [...t]))]);
  const names = new Set(edit.changed.flatMap((i) => [base.design.tables[i], design.tables[i]].flatMap((t) => (t?.queries ?? []).map((q) => q.name))));
  const globalText = (list: readonly Pending[]) =>
    JSON.stringify(list.filter(global).map(({ finding: f }) => [f.rule, f.severity, f.path, f.messageId, f.data, f.message]));
  let sameGlobal: boolean | undefined;
  let refs: Map<string, number[]> | undefined;
  const reuse: Reuse = (finding, proposal) => {
    const prior = was.get(finding);
    const last = prior && CHECKS.get(prior);
    if (!last || valid !== true) return null;
    const fp = last.footprint;
    // A rule over the whole design that ran in the check read every table as its `reads` says:
    // the same while this edit leaves that unchanged (the rule was not run again here).
    if (fp.global || fp.names || some(fp.readers, (id) => !skip.has(id))) return null;
    const ignored = ignoredFor(finding);
    const read = ignored === quiet ? counted : touched;
    if (some(fp.tables, (t) => read.has(t)) || some(fp.queries, (q) => names.has(q))) return null;
    sameGlobal ??= globalText(base.pending) === globalText(pending);
    if (!sameGlobal) return null;
    let fixed: Design | null;
    try {
      fixed = proposal.apply();
    } catch {
      return null;
    }
    const put = fixed ? CHANGED_AT.get(fixed) : undefined;
    refs ??= referrers(design);
    const fixEdit = fixed && (put?.to === design ? editOfAt(design, fixed, put.maybe, refs) : editOf(design, fixed, refs));
    if (!fixed || !fixEdit || scopeText(rules, design, analysis, fixed, fixEdit, ignored) !== fp.scope) return null;
    return last;
  };
  return { analysis, pending, valid, reuse };
}

/** Whether a rule run for the edit's tables only (`partial`) failed in this run. */
function failedPartly(ran: readonly Pending[], partial: ReadonlySet<string>): boolean {
  return partial.size > 0 && ran.some((p) => p.finding.rule === RULE_FAILED && partial.has(p.by));
}

/** Whether some member of a set passes (without copying the set). */
function some<T>(set: ReadonlySet<T>, test: (x: T) => boolean): boolean {
  for (const x of set) if (test(x)) return true;
  return false;
}

/** A copy of a finding as a rule reported it: no fix offered or withheld yet, no acceptance. */
function unjudged(f: Finding): Finding {
  const { fix: _fix, fixWithheld: _withheld, effects: _effects, acceptance: _acceptance, ...reported } = f;
  return reported;
}

/**
 * A proposal made for `from`, applied to `to` (edits of `from`'s tables since): the tables and
 * settings the fix changes in `from`, put into `to`. A fix that changes a table edited since, or
 * removes a table, is made again on `to` (`redo`).
 */
function rebase(p: FixProposal, from: Design, to: Design, redo: () => Design | null): FixProposal {
  return {
    ...p,
    apply: () => {
      const d = diffOf(p, from);
      if (!d.fixed) return d.fixed;
      const at = (fixed: Design, maybe: readonly number[]) => {
        CHANGED_AT.set(fixed, { to, maybe });
        return fixed;
      };
      if (d.same) return at({ ...d.fixed, tables: to.tables }, []);
      if (d.shorter) return redo();
      const tables = to.tables.slice();
      for (const [i, t] of d.changed) {
        if (i < from.tables.length && to.tables[i] !== from.tables[i]) return redo();
        tables[i] = t;
      }
      return at(
        { ...d.fixed, tables },
        d.changed.map(([i]) => i),
      );
    },
  };
}

/** What a fix changes in the design it was made for. */
interface Diff {
  fixed: Design | null;
  /** The fix left the list of tables as it was. */
  same: boolean;
  /** The fix removed a table. */
  shorter: boolean;
  changed: [number, Design['tables'][number]][];
}
const DIFFS = new WeakMap<FixProposal, { from: Design; diff: Diff }>();

/** A rebased fix's result: the design it was put into, and the indices of the only tables in which it may differ from it. */
const CHANGED_AT = new WeakMap<Design, { to: Design; maybe: readonly number[] }>();
const NO_TABLES: Design['tables'] = [];

/**
 * What a proposal made for `from` changes in it: its result (without its list of tables) and
 * the tables it replaces or adds, by index. Kept per proposal: a kept finding's fix is applied
 * to the design of every later lint (each keystroke or step checks whether its verdict still
 * holds), and making the fix again each time cost each lint a fix per finding of the design.
 */
function diffOf(p: FixProposal, from: Design): Diff {
  const hit = DIFFS.get(p);
  if (hit?.from === from) return hit.diff;
  const fixed = p.apply();
  const diff: Diff = { fixed: null, same: false, shorter: false, changed: [] };
  if (fixed) {
    diff.fixed = { ...fixed, tables: NO_TABLES };
    diff.same = fixed.tables === from.tables;
    diff.shorter = !diff.same && fixed.tables.length < from.tables.length;
    if (!diff.same && !diff.shorter)
      for (let i = 0; i < fixed.tables.length; i++) if (fixed.tables[i] !== from.tables[i]) diff.changed.push([i, fixed.tables[i]!]);
  } else diff.fixed = fixed;
  DIFFS.set(p, { from, diff });
  return diff;
}

type Check = (finding: Finding, proposal: FixProposal) => Verdict;

/** A lint whose proposals are being checked, and what the checks read of it (built once). */
interface Baseline {
  design: Design;
  settings: Record<string, SeveritySetting>;
  findings: readonly Finding[];
  analysis: DesignAnalysis;
  pending: readonly Pending[];
  /** Whether the design is valid, once known (a keystroke's lint knows it from the last one's). */
  valid?: boolean;
}

interface Index {
  /** Whether the design itself is valid (else every fix is checked against a whole lint). */
  valid: boolean;
  refs: Map<string, number[]>;
  /** Counts of the findings of visits that read the whole design, and of each table's own. */
  globalCounts: Counts;
  /** The counts of a table's own findings (undefined: it has none); each counted when first asked. */
  tableCountsOf(ti: number): Counts | undefined;
  /** Who reported each finding, and the table whose own visit did (null: a visit of the whole design). */
  scopeOf: Map<Finding, { scope: number | null; by: string }>;
  /** Counts of the findings of visits that read the whole design, by rule. */
  globalByRule: Map<string, Counts>;
  /** The findings of visits that read the whole design, by rule and by the table their path is on (null: none). */
  globalOn: Map<string, Map<number | null, Finding[]>>;
  /** Findings of each table's own visits, by table index. */
  byTable: Map<number, Pending[]>;
  /** Every finding by findingKey, and by ruleKey (built when first read: only naming a new finding reads them). */
  readonly byKey: Map<string, Finding[]>;
  readonly byRule: Map<string, Finding[]>;
  /** inheritable() of the findings (built when first read: only a fix that adds a table reads it). */
  readonly anyTable: Set<string>;
  servings: Map<string, Serving[]>;
  /** The same by table index. */
  queries: Map<number, [string, Serving][]>;
  /** Each query name's place in the order of a whole walk. */
  rank: Map<string, number>;
  /** Filled as asked (servingsByTable): the servings of a query name on each table, by table name. */
  servingByTable: Map<string, Map<string, Serving[]>>;
}

function indexOf(base: Baseline, accepted: (f: Finding) => boolean): Index {
  const global: Pending[] = [];
  const byTable = new Map<number, Pending[]>();
  for (const p of base.pending) {
    if (p.scope === null) global.push(p);
    else {
      const list = byTable.get(p.scope);
      if (list) list.push(p);
      else byTable.set(p.scope, [p]);
    }
  }
  // Written once asked: a lint of an edit builds this index for the checks its edit can change,
  // and most checks read a few tables' counts and none of the maps by key.
  let keyed: { byKey: Map<string, Finding[]>; byRule: Map<string, Finding[]> } | undefined;
  const keyedOf = () => {
    if (keyed) return keyed;
    keyed = { byKey: new Map(), byRule: new Map() };
    for (const p of base.pending) {
      for (const [m, k] of [
        [keyed.byKey, findingKey(p.finding)],
        [keyed.byRule, ruleKey(p.finding)],
      ] as const) {
        const list = m.get(k);
        if (list) list.push(p.finding);
        else m.set(k, [p.finding]);
      }
    }
    return keyed;
  };
  let any: Set<string> | undefined;
  const tableCounts = new Map<number, Counts>();
  const scopeOf = new Map<Finding, { scope: number | null; by: string }>();
  const globalOf = new Map<string, Finding[]>();
  const globalOn = new Map<string, Map<number | null, Finding[]>>();
  const tableCount = base.design.tables.length;
  for (const p of base.pending) {
    scopeOf.set(p.finding, { scope: p.scope, by: p.by });
    if (p.scope !== null) continue;
    const list = globalOf.get(p.by);
    if (list) list.push(p.finding);
    else globalOf.set(p.by, [p.finding]);
    let on = globalOn.get(p.by);
    if (!on) globalOn.set(p.by, (on = new Map()));
    const ti = tableOf(p.finding.path, tableCount);
    const at = on.get(ti);
    if (at) at.push(p.finding);
    else on.set(ti, [p.finding]);
  }
  const all = servings(base.analysis.tables);
  const queries = new Map<number, [string, Serving][]>();
  for (const [name, list] of all) {
    for (const b of list) {
      const q = queries.get(b.ta.index);
      if (q) q.push([name, b]);
      else queries.set(b.ta.index, [[name, b]]);
    }
  }
  return {
    valid: (base.valid ??= invalidReason(base.design, null) === null),
    refs: referrers(base.design),
    globalCounts: counts(global.map((p) => p.finding)),
    globalByRule: new Map([...globalOf].map(([id, fs]) => [id, counts(fs)])),
    globalOn,
    tableCountsOf: (ti) => {
      let c = tableCounts.get(ti);
      if (c === undefined) {
        const list = byTable.get(ti);
        if (!list) return undefined;
        tableCounts.set(ti, (c = counts(list.map((p) => p.finding))));
      }
      return c;
    },
    scopeOf,
    byTable,
    get byKey() {
      return keyedOf().byKey;
    },
    get byRule() {
      return keyedOf().byRule;
    },
    get anyTable() {
      return (any ??= inheritable(base.findings, accepted));
    },
    servings: all,
    queries,
    rank: new Map([...all.keys()].map((name, i) => [name, i])),
    servingByTable: new Map(),
  };
}

/**
 * Checks a proposal against the lint it came from (engine/verify.ts), by the same rules: a fix
 * that edits tables is checked by linting again what the edit can change (engine/incremental.ts),
 * any other by linting the whole fixed design.
 */
function checker(rules: readonly Rule[], options: LintOptions, base: Baseline, reuse?: Reuse): Check {
  const relint = (d: Design) => lintWith(rules, d, { ...options, since: undefined, verifyFixes: false });
  let index: Index | null = null;
  // Fixes that change only the instance often propose the same instance (every table's finding
  // asking for SSD): the rules that read it run once per distinct instance, not once per finding.
  const instanceChecks = new Map<string, { invalid: string | null; sides: Sides | null }>();
  // What each design accepts (lint.accept), on the lint's day: a table a fix adds inherits its
  // source's findings, but not the source's acceptances.
  const today = options.today ?? todayUtc();
  const acceptedIn = (d: Design) => (f: Finding) => acceptsFinding(d, f, today);
  const ignoredFor = quietRules(rules, base.settings).for;
  return (finding, proposal) => {
    const kept = reuse?.(finding, proposal);
    if (kept) {
      CHECKS.set(finding, kept);
      return kept.verdict;
    }
    let fixed: Design | null;
    try {
      fixed = proposal.apply();
    } catch {
      fixed = null;
    }
    if (fixed && options.verifyScope !== 'whole') index ??= indexOf(base, acceptedIn(base.design));
    if (fixed && index?.valid && instanceEdit(base.design, fixed)) {
      // Only the instance changed: the rules that read it run again; the tables are as they were.
      const key = JSON.stringify([...INSTANCE_KEYS].map((k) => (fixed as Record<string, unknown>)[k] ?? null));
      let hit = instanceChecks.get(key);
      if (!hit) {
        const invalid = invalidReason(fixed, sameProfiles(base.design, fixed) ? [] : null, base.design);
        hit = { invalid, sides: invalid ? null : instanceSides(rules, base, index, fixed) };
        instanceChecks.set(key, hit);
      }
      if (hit.invalid !== null) return { ok: false, reason: hit.invalid };
      return judge(finding, fixed, hit.sides!, compareFindings, acceptedIn(fixed));
    }
    const edit = fixed && index ? editOf(base.design, fixed, index.refs) : null;
    if (!fixed || !edit || !index?.valid)
      return verifyFix(base, finding, fixed, relint, { before: acceptedIn(base.design), after: fixed ? acceptedIn(fixed) : () => false });
    const invalid = invalidReason(fixed, edit.tables, base.design);
    if (invalid) return { ok: false, reason: invalid };
    const part = sidesOf(rules, base, index, fixed, edit, ignoredFor(finding));
    if (!part) return verifyFix(base, finding, fixed, relint, { before: acceptedIn(base.design), after: acceptedIn(fixed) });
    const { sides, footprint } = part;
    const verdict = judge(finding, fixed, sides, compareFindings, acceptedIn(fixed));
    CHECKS.set(finding, { verdict, footprint });
    return verdict;
  };
}

/** What a fix check read of the design besides the tables it lints again (kept for the next keystroke). */
interface Footprint {
  /** The tables whose findings the check compared: those the fix edits, those naming them, those a rule's crossTable named. */
  tables: ReadonlySet<number>;
  /** The fix's tables and every crossTable's answer, as text. */
  scope: string;
  /** The names of the queries of those tables, before and after the fix. */
  queries: ReadonlySet<string>;
  /** Whether a rule that reads the whole design ran (then the verdict depends on every table). */
  global: boolean;
  /** The rules over the whole design that ran, each reading of every table what its `reads` says. */
  readers: ReadonlySet<string>;
  /** Whether the fix added or renamed a table. */
  names: boolean;
}

/** The last check of each finding's fix, by finding, with what it read. */
const CHECKS = new WeakMap<Finding, { verdict: Verdict; footprint: Footprint }>();

/** A keystroke's lint: the verdict of a kept finding's fix, when the edit cannot have changed it. */
type Reuse = (finding: Finding, proposal: FixProposal) => { verdict: Verdict; footprint: Footprint } | null;

/** The fix's tables and every crossTable's answer for it, as text. */
function scopeText(rules: readonly Rule[], design: Design, analysis: DesignAnalysis, fixed: Design, edit: Edit, ignored: ReadonlySet<string>): string {
  const parts: unknown[] = [edit.tables];
  for (const r of rules) {
    if (ignored.has(r.meta.id)) continue;
    const cross = r.meta.crossTable;
    if (typeof cross === 'function') parts.push([r.meta.id, [...cross(design, fixed, edit.changed, analysis)].sort((a, b) => a - b)]);
  }
  return JSON.stringify(parts);
}

type Reads = (t: TableAnalysis, design: Design) => unknown;
const readTexts = new WeakMap<Reads, WeakMap<TableAnalysis, { views: unknown[]; text: string }>>();

/** What a rule reads of a table (its `reads`), as text; kept per table analysis and the design's views. */
function readText(reads: Reads, ta: TableAnalysis, design: Design): string {
  let byTable = readTexts.get(reads);
  if (!byTable) readTexts.set(reads, (byTable = new WeakMap()));
  const views = [design.authorizedViews, design.materializedViews, design.logicalViews];
  const hit = byTable.get(ta);
  if (hit && hit.views.every((v, i) => v === views[i])) return hit.text;
  const text = JSON.stringify(reads(ta, design)) ?? 'undefined';
  byTable.set(ta, { views, text });
  return text;
}

/**
 * The two sides of an edit: what it can change, linted again; the rest is the same on both.
 * `ignored`: rules whose findings decide nothing in this check (advisory, not the checked
 * finding's): their crossTable is not followed, their findings on other tables are as before.
 * Null when a rule run for the edit's tables only failed (then the check lints the whole design).
 */
function sidesOf(
  rules: readonly Rule[],
  base: Baseline,
  index: Index,
  fixed: Design,
  edit: Edit,
  ignored: ReadonlySet<string>,
): { sides: Sides; footprint: Footprint } | null {
  const analysis = analyzeEdit(base.analysis, fixed, edit.changed, edit.tables);
  const { extra, skip, partial } = editScope(rules, base.design, base.analysis, fixed, analysis, edit);
  for (const id of ignored) extra.delete(id);
  const editRun: EditRun = { edit, extra, skip, partial };
  const ran = run(fixed, analysis, base.settings, rules, editRun);
  // A rule run for the edit's tables that failed loses its findings everywhere: checked whole.
  if (failedPartly(ran, partial)) return null;
  const after = ran.map((p) => p.finding);
  const read = new Set([...edit.tables, ...[...extra.values()].flatMap((t) => [...t])]);
  const footprint: Footprint = {
    tables: read,
    scope: scopeText(rules, base.design, base.analysis, fixed, edit, ignored),
    queries: new Set([...read].flatMap((ti) => [base.design.tables[ti], fixed.tables[ti]].flatMap((t) => (t?.queries ?? []).map((q) => q.name)))),
    global: editRun.global === true,
    readers: editRun.readers ?? new Set(),
    names: edit.namesChanged || fixed.tables.length !== base.design.tables.length,
  };
  // Rules whose per-table visits read every name run on every table when a name changes.
  const rerun = new Set(rules.filter((r) => local(r) && !local(r, { edit, extra, skip })).map((r) => r.meta.id));
  const visited = new Set(edit.tables);
  const tableCount = base.design.tables.length;
  // What the edit may change, before it: the findings of the rules that read the whole design
  // (but those not run, and those run for the visited tables only on the other tables), of the
  // visited tables, and of the tables some rules visit again.
  const inPart = (f: Finding) => {
    const s = index.scopeOf.get(f);
    if (!s) return true;
    if (s.scope === null) return rerunGlobal({ skip, partial }, visited, s.by, f, tableCount);
    return visited.has(s.scope) || rerun.has(s.by) || extra.get(s.by)?.has(s.scope) === true;
  };
  const plus: Counts[] = [index.globalCounts];
  for (const ti of edit.tables) {
    const c = index.tableCountsOf(ti);
    if (c) plus.push(c);
  }
  const minus: Counts[] = [];
  for (const id of skip) {
    const c = index.globalByRule.get(id);
    if (c) minus.push(c);
  }
  for (const id of partial) {
    const c = index.globalByRule.get(id);
    if (c) minus.push(c);
    const on = index.globalOn.get(id);
    const found = [...(on?.get(null) ?? []), ...edit.tables.flatMap((ti) => on?.get(ti) ?? [])];
    if (found.length) plus.push(counts(found));
  }
  const more: Finding[] = [];
  if (rerun.size) for (const [ti, list] of index.byTable) for (const p of list) if (!visited.has(ti) && rerun.has(p.by)) more.push(p.finding);
  for (const [id, tables] of extra) {
    if (rerun.has(id)) continue;
    for (const ti of tables) if (!visited.has(ti)) for (const p of index.byTable.get(ti) ?? []) if (p.by === id) more.push(p.finding);
  }
  if (more.length) plus.push(counts(more));
  const before = (kind: keyof Counts, k: string) => {
    let n = 0;
    for (const c of plus) n += c[kind].get(k) ?? 0;
    for (const c of minus) n -= c[kind].get(k) ?? 0;
    return n;
  };
  const existing = base.analysis.tables.length;
  // The queries of the visited tables, before and after, in the order a whole walk meets them.
  const was: [string, Serving][] = [];
  const fresh = new Map<string, Serving[]>();
  for (const ti of edit.tables) {
    was.push(...(index.queries.get(ti) ?? []));
    const ta = analysis.tables[ti];
    if (ta) for (const [name, list] of servings([ta])) fresh.set(name, [...(fresh.get(name) ?? []), ...list]);
  }
  const order = (x: [string, Serving]) => index.rank.get(x[0])!;
  was.sort((x, y) => order(x) - order(y) || x[1].ta.index - y[1].ta.index);
  const sides: Sides = {
    before,
    after,
    common: (k, by) => ((by === 'rule' ? index.byRule : index.byKey).get(k) ?? []).filter((f) => !inPart(f)),
    get anyTable() {
      return index.anyTable;
    },
    existing,
    was,
    now: (name) => {
      const kept = (index.servings.get(name) ?? []).filter((s) => !visited.has(s.ta.index));
      const added = fresh.get(name) ?? [];
      return added.length ? [...kept, ...added].sort((a, b) => a.ta.index - b.ta.index) : kept;
    },
    touched: new Set(edit.changed.map((i) => fixed.tables[i]!.name)),
    servedAfter: (name, table) => {
      // now(name)'s first serving on `table`, else its first: the kept servings (every table's
      // but the visited ones, in table order) and the visited tables' (`fresh`) merged by index.
      const added = fresh.get(name) ?? [];
      const all = index.servings.get(name) ?? [];
      const kept = servingsByTable(index, name, all)
        .get(table)
        ?.find((s) => !visited.has(s.ta.index));
      const mine = added.find((c) => c.ta.table.name === table);
      if (kept || mine) return !mine || (kept && kept.ta.index < mine.ta.index) ? kept : mine;
      const firstKept = all.find((s) => !visited.has(s.ta.index));
      const firstAdded = added.reduce<Serving | undefined>((m, s) => (m === undefined || s.ta.index < m.ta.index ? s : m), undefined);
      return !firstAdded || (firstKept && firstKept.ta.index < firstAdded.ta.index) ? firstKept : firstAdded;
    },
  };
  return { sides, footprint };
}

/**
 * The two sides of a fix that changes only the instance: the findings of the rules that read it
 * (`readsInstance`), found again on the fixed design; every other rule's findings are the same
 * on both sides. No table changes, so every query is served as before.
 */
function instanceSides(rules: readonly Rule[], base: Baseline, index: Index, fixed: Design): Sides {
  const again = rules.filter((r) => r.meta.readsInstance === true);
  const ids = new Set(again.map((r) => r.meta.id));
  const analysis = analyzeInstanceEdit(base.analysis, fixed);
  const after = sortFindings(run(fixed, analysis, base.settings, again).map((p) => p.finding));
  const had = counts(base.pending.filter((p) => ids.has(p.by)).map((p) => p.finding));
  const inPart = (f: Finding) => {
    const s = index.scopeOf.get(f);
    return !s || ids.has(s.by);
  };
  return {
    before: (kind, k) => had[kind].get(k) ?? 0,
    after,
    common: (k, by) => ((by === 'rule' ? index.byRule : index.byKey).get(k) ?? []).filter((f) => !inPart(f)),
    get anyTable() {
      return index.anyTable;
    },
    existing: base.analysis.tables.length,
    was: [],
    now: () => [],
    touched: new Set(),
  };
}

/** The servings of query `name` by the name of their table, each list in table order (once per lint and name). */
function servingsByTable(index: Index, name: string, all: readonly Serving[]): Map<string, Serving[]> {
  let m = index.servingByTable.get(name);
  if (!m) {
    m = new Map();
    for (const s of all) {
      const list = m.get(s.ta.table.name);
      if (list) list.push(s);
      else m.set(s.ta.table.name, [s]);
    }
    index.servingByTable.set(name, m);
  }
  return m;
}

function offer(finding: Finding, proposal: FixProposal, v: Extract<Verdict, { ok: true }>, design: Design): void {
  finding.fix = proposal.label;
  finding.effects = v.effects;
  FIXED.set(finding, { from: design, apply: proposal.apply });
}

const withheld = (proposal: FixProposal, reason: string) => `"${proposal.label}" is not offered: ${reason.replace(/\.$/, '')}.`;

/** Deferred checks, by the result lint returned with `verifyFixes: 'defer'`. */
const DEFERRED = new WeakMap<LintResult, { design: Design; check: Check; later: Pending[] }>();
const VERIFIED = new WeakMap<LintResult, LintResult>();

/** Each deferred finding's proposal and, once checked, its copy, by result. */
const CHECKED = new WeakMap<LintResult, Map<Finding, { proposal: FixProposal; copy?: Finding }>>();

/**
 * One finding of a `verifyFixes: 'defer'` result with its fix checked, as an eager lint gives it:
 * a new finding carrying the fix or the reason it is withheld (memoised), or the finding itself
 * when it had nothing to check. `btstudio fix` checks fixes in lint order and stops at the first
 * one offered, instead of checking every fix of the design for each fix it applies.
 */
export function verifiedFinding(result: LintResult, finding: Finding): Finding {
  const deferred = DEFERRED.get(result);
  if (!deferred) return finding;
  let checked = CHECKED.get(result);
  if (!checked) {
    checked = new Map(deferred.later.map((p) => [p.finding, { proposal: p.proposal! }]));
    CHECKED.set(result, checked);
  }
  const entry = checked.get(finding);
  if (!entry) return finding;
  if (entry.copy) return entry.copy;
  // The acceptance (marked after the lint) comes after the fix, as in an eager lint's finding.
  const { acceptance, ...rest } = finding;
  const copy: Finding = { ...rest };
  const v = deferred.check(finding, entry.proposal);
  if (v.ok) offer(copy, entry.proposal, v, deferred.design);
  else copy.fixWithheld = withheld(entry.proposal, v.reason);
  if (acceptance !== undefined) copy.acceptance = acceptance;
  entry.copy = copy;
  return copy;
}

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
  const verified = { findings: result.findings.map((f) => verifiedFinding(result, f)), analysis: result.analysis };
  VERIFIED.set(result, verified);
  return verified;
}

/** The checked fix of a finding this engine produced for `design`, if it offered one. */
export function fixedDesign(design: Design, finding: Finding): Design | null {
  const cached = FIXED.get(finding);
  if (cached?.from !== design) return null;
  try {
    return cached.apply();
  } catch {
    return null;
  }
}

export { pathKey };
