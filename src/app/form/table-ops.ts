// Tables as first-class things: duplicate a table, move a query to another
// table. Pure edits of a design, like ops.ts; the store validates the result before it lands.
import type { Design, Query } from '../../core/model/schema';
import { freshName } from './ops';

/** The design with a copy of table `ti` right after it, named `<name>_copy` (or _copy2...); null when there is no such table. */
export function duplicateTable(d: Design, ti: number): { design: Design; name: string } | null {
  const t = d.tables[ti];
  if (!t) return null;
  const name = freshName(
    `${t.name}_copy`,
    d.tables.map((x) => x.name),
  );
  // A structured clone: the copy shares no object with the original (edits of one never touch the other).
  const copy = { ...structuredClone(t), name };
  return { design: { ...d, tables: [...d.tables.slice(0, ti + 1), copy, ...d.tables.slice(ti + 1)] }, name };
}

export interface QueryMove {
  design: Design;
  /** The query's name in the target table (renamed when the target has one of that name). */
  name: string;
  /** Key fields the query matched that the target's key does not have: their match is dropped. */
  dropped: string[];
}

/** Moves query `qi` of table `from` to the end of table `to`'s queries; null when either is missing or they are the same table. */
export function moveQuery(d: Design, from: number, qi: number, to: number): QueryMove | null {
  const src = d.tables[from];
  const dst = d.tables[to];
  const q = src?.queries?.[qi];
  if (!src || !dst || !q || from === to) return null;
  const targetFields = new Set(Object.keys(dst.rowKey.fields));
  const dropped = Object.keys(q.match ?? {}).filter((f) => !targetFields.has(f));
  const match = Object.fromEntries(Object.entries(q.match ?? {}).filter(([f]) => targetFields.has(f)));
  const name = freshName(
    q.name,
    (dst.queries ?? []).map((x) => x.name),
  );
  const { match: _old, ...rest } = q;
  const moved: Query = { ...rest, name, ...(Object.keys(match).length ? { match } : {}) };
  const left = src.queries!.filter((_, j) => j !== qi);
  const tables = d.tables.map((t, i) => {
    if (i === from) {
      const { queries: _q, ...noQueries } = t;
      return left.length ? { ...t, queries: left } : noQueries;
    }
    if (i === to) return { ...t, queries: [...(t.queries ?? []), moved] };
    return t;
  });
  return { design: { ...d, tables }, name, dropped };
}

/**
 * Table `ti` renamed, with every name that refers to it: other tables' `writtenWith`, queries'
 * `servedBy`, and the `table` of materialized and authorized views (a logical view's SQL is
 * text and keeps what it says).
 */
export function renameTable(d: Design, ti: number, to: string): Design {
  const from = d.tables[ti]?.name;
  if (from === undefined || from === to) return d;
  const tables = d.tables.map((t, i) => {
    let next = i === ti ? { ...t, name: to } : t;
    if (next.writtenWith === from) next = { ...next, writtenWith: to };
    if (next.queries?.some((q) => q.servedBy === from))
      next = { ...next, queries: next.queries.map((q) => (q.servedBy === from ? { ...q, servedBy: to } : q)) };
    return next;
  });
  const retable = <V extends { table: string }>(vs: V[] | undefined): V[] | undefined =>
    vs?.some((v) => v.table === from) ? vs.map((v) => (v.table === from ? { ...v, table: to } : v)) : vs;
  const out: Design = { ...d, tables };
  const mvs = retable(d.materializedViews);
  const avs = retable(d.authorizedViews);
  if (mvs !== d.materializedViews) out.materializedViews = mvs;
  if (avs !== d.authorizedViews) out.authorizedViews = avs;
  return out;
}
