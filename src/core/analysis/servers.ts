// Where else a query could be served: another table of the design whose key serves it better
// (an index table written with this one first), or a continuous materialized view over this
// table keyed by groupBy or index. The plan is the one `servedBy` would give (analysis.ts
// routes declared ones the same way), so a proposal and the declared route cannot disagree.
import type { DesignAnalysis, TableAnalysis } from './design';
import { RANK } from './query-plan-rank';
import { planQuery, type QueryPlan } from './query-plan';

export interface Server {
  name: string;
  kind: 'table' | 'view';
  plan: QueryPlan;
  /** The table is declared as written with the query's table. */
  writtenWith: boolean;
}

/** The best object (other than the query's own table) that serves query `qi` of `ta` better than its own key does; null when none does. */
export function serverFor(analysis: DesignAnalysis, ta: TableAnalysis, qi: number): Server | null {
  const q = ta.table.queries?.[qi];
  const own = ta.plans[qi];
  if (!q || !own || own.servedBy || !q.match || Object.keys(q.match).length === 0) return null;
  const candidates: Server[] = [];
  const covers = (server: TableAnalysis) => Object.keys(q.match!).every((n) => n in server.table.rowKey.fields);
  for (const other of analysis.tables) {
    if (other === ta || other.table.name === ta.table.name || !other.layout || !covers(other)) continue;
    candidates.push({
      name: other.table.name,
      kind: 'table',
      plan: planQuery(other.table, other.layout, q, qi),
      writtenWith: other.table.writtenWith === ta.table.name,
    });
  }
  for (const v of analysis.views ?? []) {
    if (v.source !== ta.table.name || !v.analysis.layout || !covers(v.analysis)) continue;
    candidates.push({ name: v.name, kind: 'view', plan: planQuery(v.analysis.table, v.analysis.layout, q, qi), writtenWith: true });
  }
  let best: Server | null = null;
  for (const c of candidates) {
    if (RANK[c.plan.kind] >= RANK[own.kind]) continue;
    if (!best || RANK[c.plan.kind] < RANK[best.plan.kind] || (RANK[c.plan.kind] === RANK[best.plan.kind] && c.writtenWith && !best.writtenWith)) best = c;
  }
  return best;
}
