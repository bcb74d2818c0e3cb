// Materialized views the design could add, each written as a view of the format (so it passes
// the same checks as a declared one): a rollup (GROUP BY the first key field) of each aggregate
// family, and an asynchronous secondary index (ORDER BY the matched fields, equality fields
// first, then the source row key) for each query that neither the table's key nor another
// table of the design serves.
import type { KeyLayout } from '../../keys/template';
import { columnType } from '../../model/column-types';
import type { Design, MaterializedView, Table, ViewAggregation } from '../../model/schema';
import { planQuery } from '../../analysis/query-plan';
import { keyLayoutOf } from '../common';
import { cellExpr, keyFieldExpr } from './sql';

export interface Suggestion {
  view: MaterializedView;
  why: string;
}

const FNS = { sum: 'sum', min: 'min', max: 'max', hll: 'hll_count.merge' } as const;
const idPart = (s: string) => s.replace(/[^A-Za-z0-9_]+/g, '_');

function rollups(design: Design, table: Table, layout: KeyLayout): Suggestion[] {
  const lead = layout.fields.find((n) => table.rowKey.fields[n]?.type !== 'hash');
  if (!lead || keyFieldExpr(design, table, lead) === null) return [];
  const out: Suggestion[] = [];
  for (const f of table.families ?? []) {
    if (!f.aggregate) continue;
    const cols = (f.columns ?? []).filter((c) => !c.dynamic && !/\{/.test(c.qualifier) && columnType(f, c) === 'int64');
    if (!cols.length) continue;
    const aggregations: ViewAggregation[] = cols.map((c) => ({
      fn: FNS[f.aggregate!],
      column: `${f.name}:${c.qualifier}`,
      as: `${idPart(c.qualifier)}_${f.aggregate}`,
    }));
    out.push({
      view: { name: `${idPart(table.name)}_${idPart(f.name)}_by_${lead}`.slice(0, 50), table: table.name, groupBy: { fields: [lead], aggregations } },
      why: `a rollup of the ${f.aggregate} family ${f.name} per ${lead}, kept up to date by Bigtable`,
    });
  }
  return out;
}

/** Whether another table of the design has the query's fields and serves it by its key. */
function servedElsewhere(design: Design, table: Table, qi: number): boolean {
  const q = table.queries![qi]!;
  const names = Object.keys(q.match ?? {});
  if (!names.length) return false;
  return design.tables.some((t) => {
    if (t === table || !names.every((n) => n in t.rowKey.fields)) return false;
    try {
      const p = planQuery(t, keyLayoutOf(t), q, qi);
      return p.kind !== 'full-scan' && p.unusable.length === 0;
    } catch {
      return false;
    }
  });
}

function indexes(design: Design, table: Table, layout: KeyLayout): Suggestion[] {
  const out: Suggestion[] = [];
  (table.queries ?? []).forEach((q, i) => {
    const plan = planQuery(table, layout, q, i);
    const match = q.match ?? {};
    const served = plan.kind !== 'full-scan' && plan.unusable.length === 0;
    if (served || servedElsewhere(design, table, i)) return;
    let fields = [...layout.fields.filter((n) => match[n] === 'eq'), ...layout.fields.filter((n) => match[n] && match[n] !== 'eq').slice(0, 1)];
    if (!fields.length && plan.filterOnly) {
      const m = /^([^:\s]+):([^\s{}]+)\s*(?:==|=|!=|<>|<=|>=|<|>)/.exec(q.filter?.[0] ?? '');
      if (m && cellExpr(table, `${m[1]}:${m[2]}`)) fields = [`${m[1]}:${m[2]}`];
    }
    if (!fields.length || fields.some((n) => (n.includes(':') ? cellExpr(table, n) : keyFieldExpr(design, table, n)) === null)) return;
    const families = (table.families ?? []).map((f) => f.name);
    out.push({
      view: {
        name: `${idPart(table.name)}_by_${fields.map((n) => idPart(n.split(':').pop()!)).join('_')}`.slice(0, 50),
        table: table.name,
        index: { fields, ...(families.length ? { families } : {}) },
      },
      why: `a secondary index for query ${JSON.stringify(q.name)}, which the row key cannot serve (${plan.kind === 'full-scan' ? 'it scans the whole table' : `${plan.unusable.join(', ')} come after a gap in the key`})`,
    });
  });
  return out;
}

/** Suggested materialized views for a table, unique by name and not already declared. */
export function suggestViews(design: Design, table: Table): Suggestion[] {
  const layout = keyLayoutOf(table);
  const declared = new Set((design.materializedViews ?? []).map((v) => v.name));
  const seen = new Set<string>();
  return [...rollups(design, table, layout), ...indexes(design, table, layout)].filter((s) => {
    if (declared.has(s.view.name) || seen.has(s.view.name)) return false;
    seen.add(s.view.name);
    return true;
  });
}
