// A fix is a proposal: before it is offered, the engine applies it and checks that (1) the
// finding is gone, (2) no error or warning is added, (3) every declared query is served at
// least as well (analysis/query-plan-rank.ts), and (4) the design is still valid. A proposal that fails is
// withheld, and the finding says why. The same check judges every suggestion a rule makes.
// A fix that edits a few tables is judged on what it can change (engine/incremental.ts): the
// findings of those tables and of the rules that read the whole design, the queries of those
// tables; the rest of the design is the same objects before and after, so the same findings.
import { formatIssue, validateChanged, validateDesign } from '../../load/load-design';
import type { Design, Query } from '../../model/schema';
import type { DesignAnalysis, TableAnalysis } from '../../analysis/design';
import type { Finding, PlanEffect } from '../types';
import { describe, served, worse, type Served } from '../../analysis/query-plan-rank';

export type Verdict = { ok: true; design: Design; effects: PlanEffect[] } | { ok: false; reason: string };

/** A finding's kind on its table, by the table's index (a rename keeps it; added tables go last). */
export const findingKey = (f: Finding) => `${f.rule}|${f.path[0] === 'tables' ? f.path[1] : ''}|${f.messageId}`;

/** How many findings of each key: of every severity, and errors and warnings alone. */
export interface Counts {
  /** By findingKey, every severity. */
  all: Map<string, number>;
  /** Errors by ruleKey (an error turned into another error of its rule is not new). */
  errors: Map<string, number>;
  /** Warnings by findingKey. */
  warnings: Map<string, number>;
}

/** A finding's rule on its table, whatever its message. */
export const ruleKey = (f: Finding) => `${f.rule}|${f.path[0] === 'tables' ? f.path[1] : ''}`;

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

export function counts(findings: readonly Finding[]): Counts {
  const c: Counts = { all: new Map(), errors: new Map(), warnings: new Map() };
  for (const f of findings) {
    const k = findingKey(f);
    bump(c.all, k);
    if (f.severity === 'error') bump(c.errors, ruleKey(f));
    else if (f.severity === 'warning') bump(c.warnings, k);
  }
  return c;
}

export interface Serving {
  ta: TableAnalysis;
  q: Query;
  s: Served;
}

/** Where each declared query is served: its table and plan, in the order of the tables. */
export function servings(tables: readonly TableAnalysis[]): Map<string, Serving[]> {
  const m = new Map<string, Serving[]>();
  for (const ta of tables) {
    (ta.table.queries ?? []).forEach((q, i) => {
      const plan = ta.plans[i];
      if (!plan) return;
      const list = m.get(q.name) ?? [];
      // A query served elsewhere is ordered by the serving object's key.
      list.push({ ta, q, s: served(ta.servers?.get(i) ?? ta, q, plan) });
      m.set(q.name, list);
    });
  }
  return m;
}

export interface Linted {
  findings: readonly Finding[];
  analysis: DesignAnalysis;
}

/**
 * The two sides of a fix as far as they may differ. A whole lint gives both in full; a lint of
 * what the fix can change gives the part of each that may differ, and `common` the findings of
 * the rest (the same on both sides).
 */
export interface Sides {
  /** How many findings `before` holds of a key of `kind` (counts' terms). */
  before(kind: keyof Counts, key: string): number;
  after: readonly Finding[];
  /** Findings with this findingKey (or ruleKey, `by: 'rule'`) outside `before`/`after` (alike on both sides). */
  common(key: string, by?: 'rule'): readonly Finding[];
  /** `${rule}|${messageId}` of every error and warning before the fix, on any table, that the design does not accept. */
  anyTable: ReadonlySet<string>;
  /** How many tables the design had before the fix. */
  existing: number;
  /** The declared queries before the fix that may be served differently, in the order of a whole walk. */
  was: readonly [string, Serving][];
  /** Where a query is served after the fix, in table order. */
  now(name: string): readonly Serving[];
  /**
   * The first of `now(name)` on the table named `table`, else the first of them: what step (3)
   * compares a query with (a lint of an edit answers it without listing every table's query of
   * that name).
   */
  servedAfter?(name: string, table: string): Serving | undefined;
  /** Names (after the fix) of the tables whose objects the fix changed. */
  touched: ReadonlySet<string>;
}

/** Sides from two whole lints. */
export function wholeSides(before: Linted, after: Linted, fixed: Design, accepted: (f: Finding) => boolean = () => false): Sides {
  const was = servings(before.analysis.tables);
  const now = servings(after.analysis.tables);
  const had = counts(before.findings);
  return {
    before: (kind, k) => had[kind].get(k) ?? 0,
    after: after.findings,
    common: () => [],
    anyTable: inheritable(before.findings, accepted),
    existing: before.analysis.tables.length,
    was: [...was].flatMap(([name, list]) => list.map((b): [string, Serving] => [name, b])),
    now: (name) => now.get(name) ?? [],
    touched: new Set(fixed.tables.filter((t, i) => before.analysis.tables[i]?.table !== t).map((t) => t.name)),
  };
}

/**
 * What a table a fix adds may inherit without it counting as new: `${rule}|${messageId}` of the
 * errors and warnings before the fix that the design does not accept. An accepted one is
 * accepted where it is: on a new table it is new, unless the fixed design accepts it there too.
 */
export function inheritable(findings: readonly Finding[], accepted: (f: Finding) => boolean): Set<string> {
  return new Set(findings.filter((f) => f.severity !== 'info' && !accepted(f)).map((f) => `${f.rule}|${f.messageId}`));
}

/**
 * Checks the design a fix proposes for `finding`. `relint` lints a design without checking
 * fixes (the engine's own lint, so the comparison uses the same rules and severities).
 * `accepted` says which findings each design accepts (`lint.accept`).
 */
export function verifyFix(
  before: Linted,
  finding: Finding,
  fixed: Design | null,
  relint: (d: Design) => Linted,
  accepted: { before(f: Finding): boolean; after(f: Finding): boolean } = { before: () => false, after: () => false },
): Verdict {
  if (fixed === null) return { ok: false, reason: 'the rule found no safe change for this design' };
  const invalid = invalidReason(fixed, null);
  if (invalid) return { ok: false, reason: invalid };
  return judge(finding, fixed, wholeSides(before, relint(fixed), fixed, accepted.before), undefined, accepted.after);
}

/**
 * (4) The fixed design must load as a design, like a file the user saved: its JSON form is
 * checked (JSON is YAML, so a file with this text loads the same). `changed`: the tables that
 * differ from `before`, a valid design (only those are checked one by one), or null for all.
 */
export function invalidReason(fixed: Design, changed: readonly number[] | null, before?: Design): string | null {
  let loaded: ReturnType<typeof validateDesign>;
  try {
    loaded = changed ? validateChanged(fixed, changed, 'fixed.json', before) : validateDesign(JSON.parse(JSON.stringify(fixed)), 'fixed.json');
  } catch (e) {
    return `the changed design cannot be saved (${e instanceof Error ? e.message : String(e)})`;
  }
  return loaded.ok ? null : `the changed design would be invalid (${loaded.issues.map(formatIssue)[0] ?? 'unknown'})`;
}

/** The first of `xs` in the order lint reports findings (severity, path, rule). */
function first(xs: readonly Finding[], order: (a: Finding, b: Finding) => number): Finding {
  return xs.reduce((m, x) => (order(x, m) < 0 ? x : m));
}

/** Steps (1)-(3) over the two sides of a fix. */
export function judge(
  finding: Finding,
  fixed: Design,
  sides: Sides,
  order: (a: Finding, b: Finding) => number = () => 0,
  accepted: (f: Finding) => boolean = () => false,
): Verdict {
  // (1) One finding fewer of this rule and message on this table.
  const k0 = findingKey(finding);
  // A table the fix adds inherits what some table had, unaccepted, or what the fixed design accepts on it.
  const inherited = (f: Finding) =>
    typeof f.path[1] === 'number' && f.path[1] >= sides.existing && (sides.anyTable.has(`${f.rule}|${f.messageId}`) || accepted(f));
  const fresh = sides.after.filter((f) => !inherited(f));
  if ((counts(sides.after).all.get(k0) ?? 0) >= sides.before('all', k0)) return { ok: false, reason: 'the change would not remove this finding' };
  // (2) No error and no warning that was not there before. Errors count per rule and table
  // (an error the fix turns into another error of its rule is not new); warnings per rule, table
  // and message, except that an error the fix turns into a warning of the same rule is an
  // improvement, not a new warning. A table the fix adds inherits the source table's families
  // and fields: a finding there counts as new only if no table had it. Of several new kinds,
  // the one lint lists first is named.
  const now = counts(fresh);
  const reason = (f: Finding): Verdict => ({ ok: false, reason: `it would add the ${f.severity} ${f.rule}${f.table ? ` on ${f.table}` : ''}: ${f.message}` });
  const firstOf = (sev: Finding['severity'], by: 'rule' | 'key', k: string) =>
    first(
      [
        ...fresh.filter((x) => x.severity === sev && (by === 'rule' ? ruleKey(x) : findingKey(x)) === k),
        ...sides.common(k, by === 'rule' ? 'rule' : undefined).filter((x) => x.severity === sev),
      ],
      order,
    );
  const inOrder = (ks: string[], f: (k: string) => Finding) => ks.map((k) => ({ k, f: f(k) })).sort((a, b) => order(a.f, b.f));
  const newErrors = [...now.errors].filter(([k, n]) => n > sides.before('errors', k)).map(([k]) => k);
  if (newErrors.length) return reason(inOrder(newErrors, (k) => firstOf('error', 'rule', k))[0]!.f);
  const downgraded = new Map<string, number>();
  const spareOf = (rk: string) => downgraded.get(rk) ?? Math.max(0, sides.before('errors', rk) - (now.errors.get(rk) ?? 0));
  const excess = [...now.warnings].filter(([k, n]) => n > sides.before('warnings', k)).map(([k]) => k);
  for (const { k, f } of inOrder(excess, (k) => firstOf('warning', 'key', k))) {
    const more = now.warnings.get(k)! - sides.before('warnings', k);
    const spare = spareOf(ruleKey(f));
    if (more > spare) return reason(f);
    downgraded.set(ruleKey(f), spare - more);
  }
  // (3) Every declared query served at least as well, where it is served after the fix.
  const effects: PlanEffect[] = [];
  for (const [name, b] of sides.was) {
    let a: Serving | undefined;
    if (sides.servedAfter) a = sides.servedAfter(name, b.ta.table.name);
    else {
      const candidates = sides.now(name);
      a = candidates.find((c) => c.ta.table.name === b.ta.table.name) ?? candidates[0];
    }
    if (!a) return { ok: false, reason: `query "${name}" would no longer be declared on any table` };
    const why = worse(b.q, b.s, a.s);
    if (why) return { ok: false, reason: why };
    const moved = a.ta.table.name !== b.ta.table.name;
    if (!sides.touched.has(b.ta.table.name) && !moved) continue;
    const beforeText = describe(b.s);
    const afterText = describe(a.s);
    effects.push({
      table: b.ta.table.name,
      query: name,
      before: beforeText,
      after: afterText,
      ...(moved ? { movedTo: a.ta.table.name } : {}),
      changed: moved || beforeText !== afterText,
    });
  }
  return { ok: true, design: fixed, effects };
}
