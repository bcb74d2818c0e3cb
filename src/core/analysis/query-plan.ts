// How each declared query reads the table: Bigtable reads by row key only, so a query is
// efficient when the fields it binds form a leading prefix of the key. A salt is enumerable
// (one scan per bucket) or computable (when the query binds every field it hashes).
import type { Query, Table } from '../model/schema';
import type { KeyLayout } from '../keys/template';

export type QueryPlanKind = 'point' | 'prefix' | 'range' | 'multi-scan' | 'full-scan';

export interface QueryPlan {
  query: string;
  index: number;
  kind: QueryPlanKind;
  /** Row ranges read: 1, the number of salt buckets, or 1 full scan. */
  scans: number;
  /** Key patterns of the first range: start inclusive, end exclusive ("" = end of table). */
  start: string;
  end: string;
  /** Key fields used to narrow the read, in key order. */
  leading: string[];
  /** Fields the query matches that cannot narrow the read (after a gap in the key). */
  unusable: string[];
  /** Matched fields that cannot narrow the read because an unbound key field precedes them. */
  gap: string[];
  /** Salt fields the query must fan out over. */
  fanout: { field: string; buckets: number }[];
  /** The query filters on column values only. */
  filterOnly: boolean;
  /**
   * Of the rows the read goes through, the share the query wants (Bigtable's "sparse read"):
   * the product of 1/cardinality of the eq-matched fields that cannot narrow the read. Set by
   * the analysis, which knows the cardinalities; absent when it cannot be known.
   */
  readFraction?: number;
  /** Set when another table or a materialized view serves the query (its `servedBy`): the plan is on that object's key. */
  servedBy?: { name: string; kind: 'table' | 'view' };
}

export function planQuery(table: Table, layout: KeyLayout, q: Query, index: number): QueryPlan {
  const match = q.match ?? {};
  const sep = layout.encoding === 'orderedCode' ? '\\x00\\x01' : (layout.delimiter ?? '');
  const leading: string[] = [];
  const fanout: { field: string; buckets: number }[] = [];
  const parts: string[] = [];
  let kind: QueryPlanKind = 'point';
  let scans = 1;
  let stopped = false;
  let endPart: string | null = null;

  for (const seg of layout.segments) {
    if (stopped) break;
    const lit = (v: string) => `${seg.prefix}${v}${seg.suffix}`;
    if (!seg.field) {
      parts.push(seg.prefix);
      continue;
    }
    const f = table.rowKey.fields[seg.field];
    const m = match[seg.field];
    if (f?.type === 'hash') {
      const of = f.of ?? layout.fields.filter((n) => n !== seg.field && table.rowKey.fields[n]?.type !== 'hash');
      // A salt is computable when the query names it or binds every field it hashes.
      if (m === 'eq' || of.every((n) => match[n] === 'eq')) {
        parts.push(lit(`{${seg.field}}`));
        leading.push(seg.field);
      } else {
        fanout.push({ field: seg.field, buckets: f.buckets });
        scans *= f.buckets;
        parts.push(lit(`{${seg.field}: each of ${f.buckets}}`));
      }
      continue;
    }
    if (m === 'eq') {
      parts.push(lit(`{${seg.field}}`));
      leading.push(seg.field);
    } else if (m === 'prefix') {
      parts.push(`${seg.prefix}{${seg.field} prefix}`);
      leading.push(seg.field);
      kind = 'prefix';
      stopped = true;
    } else if (m === 'range') {
      endPart = lit(`{${seg.field} to}`);
      parts.push(lit(`{${seg.field} from}`));
      leading.push(seg.field);
      kind = 'range';
      stopped = true;
    } else {
      kind = 'prefix';
      stopped = true;
    }
  }

  const boundAll = layout.fields.every((n) => leading.includes(n) && (match[n] === 'eq' || table.rowKey.fields[n]?.type === 'hash'));
  // Salts alone narrow nothing: a bucket is 1/N of the table, read end to end.
  if (!leading.some((n) => table.rowKey.fields[n]?.type !== 'hash')) kind = 'full-scan';
  else if (boundAll) kind = 'point';
  if (kind !== 'full-scan' && scans > 1) kind = 'multi-scan';
  const unusable = Object.keys(match).filter((n) => !leading.includes(n));
  // Fields matched past an unbound field (a gap), as opposed to past a range or prefix.
  const stopField = layout.fields[leading.length + fanout.length];
  const gap = stopField !== undefined && match[stopField] === undefined ? unusable : [];
  const filterOnly = Object.keys(match).length === 0 && (q.filter?.length ?? 0) > 0;

  let start = parts.join(sep);
  let end: string;
  if (kind === 'full-scan') {
    start = '';
    end = '';
    scans = 1;
  } else if (endPart !== null) {
    end = [...parts.slice(0, -1), endPart].join(sep);
  } else if (kind === 'point') {
    end = `${start}\\x00`;
  } else {
    // A prefix read: the field values bound so far plus the delimiter, up to its successor.
    const trailing = parts[parts.length - 1]?.endsWith(' prefix}') ? '' : sep;
    start = `${start}${trailing}`;
    end = `successor(${start})`;
  }
  return { query: q.name, index, kind, scans: kind === 'full-scan' ? 1 : scans, start, end, leading, unusable, gap, fanout, filterOnly };
}

export function planQueries(table: Table, layout: KeyLayout): QueryPlan[] {
  return (table.queries ?? []).map((q, i) => planQuery(table, layout, q, i));
}
