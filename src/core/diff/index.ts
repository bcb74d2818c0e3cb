// Two designs compared (docs/cli.md#diff): every change, classed by what Bigtable allows, and
// per query how its plan and findings changed; a query that became a full scan is the headline.
import { plural } from '../units';
import type { Design, Table } from '../model/schema';
import { layoutOf } from '../keys/template';
import { lint } from '../rules/lint';
import { planQueries, type QueryPlan } from '../analysis/query-plan';
import type { Finding } from '../rules/types';
import { CLASS_LABEL, classify, type ChangeClass } from './classify';
import { walk } from './walk';

export { CLASS_LABEL, keyChange, type ChangeClass } from './classify';
export { walk, sameValue, type RawChange } from './walk';

export interface Change {
  /** Object keys, and names inside named lists: ["tables", "events", "families", "cf", "gc"]. */
  path: string[];
  /** The table the change is in, null for design-wide settings. */
  table: string | null;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
  class: ChangeClass;
  why: string;
}

export interface PlanSummary {
  kind: QueryPlan['kind'];
  scans: number;
  leading: string[];
}

export interface QueryChange {
  table: string;
  query: string;
  /** Null when the query (or its plan) does not exist on that side. */
  before: PlanSummary | null;
  after: PlanSummary | null;
  /** The query reads the whole table now and did not before. */
  becameFullScan: boolean;
  findingsAdded: string[];
  findingsRemoved: string[];
}

export interface DesignDiff {
  changes: Change[];
  queries: QueryChange[];
  /** Findings that appear or disappear, as "severity rule: message", but those listed under a query. */
  findingsAdded: string[];
  findingsRemoved: string[];
  /** The most important lines: full scans first, then changes needing a new table. */
  headline: string[];
  counts: Record<ChangeClass, number>;
}

/** The classes, strictest first (what `diff --fail-on` compares). */
export const CLASS_ORDER: readonly ChangeClass[] = ['new-table', 'needs-care', 'in-place', 'design-only'];
const ORDER = CLASS_ORDER;

function plans(t: Table): Map<string, QueryPlan> {
  try {
    return new Map(planQueries(t, layoutOf(t.rowKey)).map((p) => [p.query, p]));
  } catch {
    return new Map();
  }
}

const summary = (p: QueryPlan | undefined): PlanSummary | null => (p ? { kind: p.kind, scans: p.scans, leading: p.leading } : null);
const findingText = (f: Finding) => `${f.severity} ${f.rule}: ${f.message}`;

function findingsOf(d: Design): { all: Finding[]; byQuery: Map<string, string[]> } {
  // Only each finding's severity, rule and message are compared: its fix is not checked (the
  // findings are those of an eager lint; checking every fix made a diff of 1,000 tables take 35 s).
  const all = lint(d, { verifyFixes: 'defer' }).findings;
  const byQuery = new Map<string, string[]>();
  for (const f of all) {
    const [t, ti, q, qi] = f.path;
    if (t !== 'tables' || q !== 'queries' || typeof ti !== 'number' || typeof qi !== 'number') continue;
    const table = d.tables[ti];
    const query = table?.queries?.[qi];
    if (!table || !query) continue;
    const k = `${table.name}\u0000${query.name}`;
    byQuery.set(k, [...(byQuery.get(k) ?? []), findingText(f)]);
  }
  return { all, byQuery };
}

function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

export function diffDesigns(a: Design, b: Design): DesignDiff {
  const changes: Change[] = walk(a, b).map((c) => ({
    ...c,
    table: c.path[0] === 'tables' ? (c.path[1] ?? null) : null,
    ...classify(c, a, b),
  }));
  changes.sort((x, y) => ORDER.indexOf(x.class) - ORDER.indexOf(y.class));
  const fa = findingsOf(a);
  const fb = findingsOf(b);
  const queries: QueryChange[] = [];
  for (const tb of b.tables) {
    const ta = a.tables.find((t) => t.name === tb.name);
    if (!ta) continue;
    const pa = plans(ta);
    const pb = plans(tb);
    const names = [...new Set([...(ta.queries ?? []).map((q) => q.name), ...(tb.queries ?? []).map((q) => q.name)])];
    for (const q of names) {
      const before = summary(pa.get(q));
      const after = summary(pb.get(q));
      const key = `${tb.name}\u0000${q}`;
      const findingsAdded = minus(fb.byQuery.get(key) ?? [], fa.byQuery.get(key) ?? []);
      const findingsRemoved = minus(fa.byQuery.get(key) ?? [], fb.byQuery.get(key) ?? []);
      const samePlan = JSON.stringify(before) === JSON.stringify(after);
      if (samePlan && findingsAdded.length === 0 && findingsRemoved.length === 0) continue;
      const becameFullScan = after?.kind === 'full-scan' && before !== null && before.kind !== 'full-scan';
      queries.push({ table: tb.name, query: q, before, after, becameFullScan, findingsAdded, findingsRemoved });
    }
  }
  const all = (d: { all: Finding[] }) => d.all.map(findingText);
  const counts = Object.fromEntries(ORDER.map((c) => [c, changes.filter((x) => x.class === c).length])) as Record<ChangeClass, number>;
  const headline = [
    ...queries.filter((q) => q.becameFullScan).map((q) => `query ${q.query} on ${q.table} became a full scan (was ${q.before!.kind})`),
    ...[...new Set(changes.filter((c) => c.class === 'new-table').map((c) => c.table ?? 'the design'))].map(
      (t) => `table ${t} needs a new table and a backfill`,
    ),
  ];
  // A finding listed under its query is not listed again with the design's.
  const underQueries = new Set(queries.flatMap((q) => [...q.findingsAdded, ...q.findingsRemoved]));
  const rest = (xs: string[]) => xs.filter((x) => !underQueries.has(x));
  return { changes, queries, findingsAdded: rest(minus(all(fb), all(fa))), findingsRemoved: rest(minus(all(fa), all(fb))), headline, counts };
}

const show = (v: unknown) => {
  const s = v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};
const pathText = (p: string[]) => p.slice(p[0] === 'tables' ? 2 : 0).join('.') || 'table';
const planText = (p: PlanSummary | null) => (p ? `${p.kind}${p.scans > 1 ? ` (${p.scans} scans)` : ''}` : '(none)');

/** The diff as text for a terminal, grouped by table. */
export function diffText(d: DesignDiff, nameA: string, nameB: string): string {
  const out: string[] = [];
  if (d.changes.length === 0) return `${nameA} and ${nameB} describe the same design\n`;
  out.push(
    `${nameA} -> ${nameB}: ${plural(d.changes.length, 'change')}: ${ORDER.filter((c) => d.counts[c])
      .map((c) => `${d.counts[c]} ${CLASS_LABEL[c]}`)
      .join(', ')}`,
  );
  for (const h of d.headline) out.push(`! ${h}`);
  const groups = new Map<string, Change[]>();
  for (const c of d.changes) {
    const k = c.table === null ? '(design)' : `table ${c.table}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const width = Math.max(...ORDER.map((c) => CLASS_LABEL[c].length));
  for (const [g, cs] of groups) {
    out.push('', `${g}:`);
    for (const c of cs) {
      const what =
        c.kind === 'added'
          ? `+ ${pathText(c.path)} ${show(c.after)}`
          : c.kind === 'removed'
            ? `- ${pathText(c.path)} ${show(c.before)}`
            : `~ ${pathText(c.path)}: ${show(c.before)} -> ${show(c.after)}`;
      out.push(`  ${CLASS_LABEL[c.class].padEnd(width)}  ${what}`, `  ${''.padEnd(width)}    ${c.why}`);
    }
  }
  if (d.queries.length) {
    out.push('', 'queries:');
    for (const q of d.queries) {
      out.push(`  ${q.table}/${q.query}: ${planText(q.before)} -> ${planText(q.after)}${q.becameFullScan ? '  (now a full scan)' : ''}`);
      for (const f of q.findingsAdded) out.push(`    + ${f}`);
      for (const f of q.findingsRemoved) out.push(`    - ${f}`);
    }
  }
  if (d.findingsAdded.length || d.findingsRemoved.length) {
    out.push('', 'findings:');
    for (const f of d.findingsAdded) out.push(`  + ${f}`);
    for (const f of d.findingsRemoved) out.push(`  - ${f}`);
  }
  return out.join('\n') + '\n';
}
