// How well a key serves a query, and the key that would serve it better (batch C: the query
// rules). A query is served when the key fields it matches are a leading prefix of the key
// (salts skipped: they are enumerable or computable); field promotion
// moves them to the front; when queries need different fronts, a second table or an
// asynchronous secondary index (a continuous materialized view) serves the other one.
import type { Query, Table } from '../../model/schema';
import { layoutOf, type KeyLayout } from '../../keys/template';
import type { TableAnalysis } from '../../analysis/design';
import { reorderTemplate } from '../edit';
import { planQuery, type QueryPlan } from '../../analysis/query-plan';
import { keyOrderFor } from './table-for-query';

export interface Shape {
  /** Non-salt key fields the query matches, in key order. */
  matched: string[];
  /** The matched fields are the first non-salt fields of the key. */
  prefixOk: boolean;
  /** The first non-salt key field the query leaves open while matching a later one. */
  gap: string | null;
  /** Non-salt fields that narrow the read. */
  used: number;
  /** Nothing narrows the read: every row (or every row of a salt bucket) is read. */
  full: boolean;
}

const isSalt = (table: Table, name: string) => table.rowKey.fields[name]?.type === 'hash';

/** How `layout` serves query `q`; pass the analysis's plan when it is for this very layout. */
export function shapeOf(table: Table, layout: KeyLayout, q: Query, index: number, known?: QueryPlan): Shape {
  const salts = new Set(layout.fields.filter((n) => isSalt(table, n)));
  return shapeWith(
    layout.fields.filter((n) => !salts.has(n)),
    salts,
    q,
    known ?? planQuery(table, layout, q, index),
  );
}

function shapeWith(keyFields: string[], salts: Set<string>, q: Query, plan: QueryPlan): Shape {
  const match = q.match ?? {};
  const matched: string[] = [];
  let gap: string | null = null;
  let open: string | null = null;
  for (const n of keyFields) {
    if (match[n] === undefined) open ??= n;
    else {
      matched.push(n);
      if (open !== null) gap ??= open;
    }
  }
  let used = 0;
  for (const n of plan.leading) if (!salts.has(n)) used++;
  return { matched, prefixOk: gap === null, gap, used, full: plan.kind === 'full-scan' || used === 0 };
}

const shapeCache = new WeakMap<TableAnalysis, Shape[]>();
const SERVED_ELSEWHERE: Shape = { matched: [], prefixOk: true, gap: null, used: 0, full: false };

/** The shapes of a table's queries on its current key, once per analysis (two rules need them). */
export function shapesOf(ta: TableAnalysis): Shape[] {
  let shapes = shapeCache.get(ta);
  if (!shapes) {
    const salts = new Set(ta.fields.filter((f) => f.isSalt).map((f) => f.name));
    const keyFields = ta.fields.filter((f) => !f.isSalt).map((f) => f.name);
    // A query served by another table or view (servedBy) is judged on that object's key: here it matches nothing.
    shapes = ta.layout ? (ta.table.queries ?? []).map((q, i) => (ta.plans[i]?.servedBy ? SERVED_ELSEWHERE : shapeWith(keyFields, salts, q, ta.plans[i]!))) : [];
    shapeCache.set(ta, shapes);
  }
  return shapes;
}

/** Field promotion: the query's eq fields first, then (newest or oldest first with a limit) its timestamp, then its prefix/range fields, then the rest; salts stay put. */
export function promotedOrder(table: Table, layout: KeyLayout, q: Query): string[] {
  return keyOrderFor(table, layout.fields, q);
}

/** The table with its key fields in `order`, keeping each segment's literal text; null when the template cannot be rebuilt. */
export function withKeyOrder(table: Table, order: string[]): Table | null {
  const template = reorderTemplate(table, order);
  if (template === null) return null;
  const delimiter = table.rowKey.delimiter ?? layoutOf(table.rowKey).delimiter;
  return { ...table, rowKey: { ...table.rowKey, template, ...(delimiter ? { delimiter } : {}) } };
}

export interface Promotion {
  table: Table;
  order: string[];
  /** Queries the new order would serve worse. */
  broken: string[];
  /** When the new key would concentrate the newest writes: the fields up to its timestamp or sequence, and over how many key ranges the writes spread. */
  hotspot: { fields: string[]; ranges: number } | null;
}

/**
 * How many key ranges the writes of one moment spread over: the product of the cardinalities
 * of the fields before the first timestamp or sequence (salts count their buckets); unbounded
 * when the key has none. `prefix` receives the fields up to and including that field.
 */
export function writeSpread(ta: TableAnalysis, order: string[], prefix: string[] = []): number {
  let spread = 1;
  for (const name of order) {
    const f = ta.fields.find((x) => x.name === name);
    if (!f) continue;
    prefix.push(name);
    if (f.isTime || f.isSequential) return spread;
    spread *= f.cardinality;
  }
  return Infinity;
}

/** The key promoted for query `qi`, with what it would break. */
export function promote(ta: TableAnalysis, qi: number, nodes: number): Promotion | null {
  const q = ta.table.queries?.[qi];
  if (!q || !ta.layout) return null;
  const order = promotedOrder(ta.table, ta.layout, q);
  const table = withKeyOrder(ta.table, order);
  if (!table) return null;
  let layout: KeyLayout;
  try {
    layout = layoutOf(table.rowKey);
  } catch {
    return null;
  }
  const broken = (ta.table.queries ?? []).flatMap((other, i) => {
    if (i === qi) return [];
    const before = shapesOf(ta)[i]!;
    const after = shapeOf(table, layout, other, i);
    const worse = (!before.full && after.full) || after.used < before.used || (before.prefixOk && !after.prefixOk);
    return worse ? [other.name] : [];
  });
  // Schema design best practices anti-patterns 1 and 2: the newest writes must stay spread over many key ranges
  // (low-cardinality-prefix's bar: 10 per node), unless the key concentrated them already.
  const fields: string[] = [];
  const ranges = writeSpread(ta, order, fields);
  const hot = ranges < Math.min(writeSpread(ta, ta.layout.fields), 10 * nodes);
  return { table, order, broken, hotspot: hot ? { fields, ranges } : null };
}

// GoogleSQL reserved keywords: identifiers spelled like these need backticks.
const RESERVED = new Set(
  (
    'all and any array as asc assert_rows_modified at between by case cast collate contains create cross cube current default ' +
    'define desc distinct else end enum escape except exclude exists extract false fetch following for from full group ' +
    'grouping groups hash having if ignore in inner intersect interval into is join lateral left like limit lookup merge ' +
    'natural new no not null nulls of on or order outer over partition preceding proto qualify range recursive respect ' +
    'right rollup rows select set some struct tablesample then to treat true unbounded union unnest using when where ' +
    'window with within'
  ).split(' '),
);

export function sqlIdent(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : `\`${name.replace(/`/g, '\\`')}\``;
}

export interface SecondTable {
  name: string;
  template: string;
  /** The first non-salt field of its key. */
  leader: string;
  /** Field names in key order. */
  order: string[];
  /** A continuous materialized view used as an asynchronous secondary index, keyed for the query. */
  sql: string;
}

/**
 * A table keyed for query `qi`, and the same as SQL: an asynchronous
 * secondary index must ORDER BY the unmodified source key, ascending; with the table's row key
 * schema its key fields are columns by name.
 */
export function secondTable(ta: TableAnalysis, qi: number): SecondTable | null {
  const q = ta.table.queries?.[qi];
  if (!q || !ta.layout) return null;
  const order = promotedOrder(ta.table, ta.layout, q);
  const template = reorderTemplate(ta.table, order);
  if (template === null) return null;
  const match = q.match ?? {};
  const keyed = order.filter((n) => !isSalt(ta.table, n) && match[n] !== undefined).map(sqlIdent);
  const families = (ta.table.families ?? []).map((f) => sqlIdent(f.name));
  const select = [...keyed, '_key AS source_key', ...families].join(', ');
  const sql = `SELECT ${select} FROM ${sqlIdent(ta.table.name)} ORDER BY ${[...keyed, 'source_key'].join(', ')}`;
  const first = order.find((n) => !isSalt(ta.table, n) && match[n] !== undefined) ?? 'query';
  return { name: `${ta.table.name}_by_${first}`, template, leader: first, order, sql };
}
