// The SQL of a materialized view: written by the user (`query`), or built from `groupBy` (a
// rollup: GROUP BY key fields, with supported aggregations) or `index` (an asynchronous
// secondary index: ORDER BY the chosen fields, then the source row key), as Google's
// "Continuous materialized view queries" shows them. A source key field is a column when the
// table has a row key schema, else read out of _key with SPLIT when the key can be split.
import { keyLayoutOf } from '../common';
import { ExportError } from '../common';
import { structuredKeyOf } from '../row-key-schema';
import { splittable } from '../sql-query';
import { sqlId, sqlString } from '../../sql/text';
import { columnType, sqlCast } from '../../model/column-types';
import type { Design, MaterializedView, Table } from '../../model/schema';

export type ViewSql = { ok: true; sql: string } | { ok: false; reason: string };

/** A source key field as a SQL expression, or null when SQL cannot read it. */
export function keyFieldExpr(design: Design, table: Table, name: string): string | null {
  if (!(name in table.rowKey.fields)) return null;
  try {
    structuredKeyOf(design, table);
    return sqlId(name);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
  }
  const layout = keyLayoutOf(table);
  if (!splittable(design, table, layout, name)) return null;
  const seg = layout.segments.findIndex((s) => s.field === name);
  return `SPLIT(SAFE_CONVERT_BYTES_TO_STRING(_key), ${sqlString(layout.delimiter!)})[SAFE_OFFSET(${seg})]`;
}

/** A `family:qualifier` column as a typed SQL expression, or null. */
export function cellExpr(table: Table, ref: string): string | null {
  const m = /^([^:]+):(.+)$/.exec(ref);
  if (!m || /\{/.test(m[2]!)) return null;
  const fam = (table.families ?? []).find((f) => f.name === m[1]);
  if (!fam) return null;
  const col = (fam.columns ?? []).find((c) => c.qualifier === m[2]) ?? { qualifier: m[2]! };
  const cell = `${sqlId(fam.name)}[${sqlString(m[2]!)}]`;
  return fam.aggregate ? cell : sqlCast(columnType(fam, col), cell);
}

const alias = (s: string) => sqlId(s.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^(\d)/, '_$1'));

/** The view's SQL (the query as written, or the builder's). */
export function materializedViewSql(design: Design, view: MaterializedView): ViewSql {
  const given = [view.query, view.groupBy, view.index].filter((x) => x !== undefined).length;
  if (given !== 1) return { ok: false, reason: given ? 'give one of query, groupBy or index, not several' : 'give a query, a groupBy or an index' };
  if (view.query !== undefined) return { ok: true, sql: view.query.trim().replace(/;?\s*$/, '') };
  const table = design.tables.find((t) => t.name === view.table);
  if (!table) return { ok: false, reason: `source table ${JSON.stringify(view.table)} is not in the design` };
  const from = `FROM ${sqlId(table.name)}`;
  const fieldItem = (ref: string): string | null => {
    const e = ref.includes(':') ? cellExpr(table, ref) : keyFieldExpr(design, table, ref);
    return e === null ? null : `${e} AS ${alias(ref.includes(':') ? ref.split(':')[1]! : ref)}`;
  };
  if (view.groupBy) {
    const items: string[] = [];
    for (const f of view.groupBy.fields) {
      const it = fieldItem(f);
      if (!it)
        return {
          ok: false,
          reason: `group-by field ${JSON.stringify(f)} cannot be read in SQL (not a key field of ${table.name}, or the key has no row key schema and cannot be split)`,
        };
      items.push(it);
    }
    for (const a of view.groupBy.aggregations) {
      const fn = a.fn.toUpperCase();
      if (!a.column) {
        if (fn !== 'COUNT') return { ok: false, reason: `aggregation ${a.as}: ${fn} needs a column` };
        items.push(`COUNT(*) AS ${alias(a.as)}`);
        continue;
      }
      const e = cellExpr(table, a.column);
      if (!e) return { ok: false, reason: `aggregation ${a.as}: column ${JSON.stringify(a.column)} is not a family:qualifier of ${table.name}` };
      items.push(`${fn}(${e}) AS ${alias(a.as)}`);
    }
    const keys = view.groupBy.fields.map((f) => alias(f.includes(':') ? f.split(':')[1]! : f));
    return { ok: true, sql: [`SELECT ${items.join(',\n  ')}`, from, `GROUP BY ${keys.join(', ')}`].join('\n') };
  }
  const idx = view.index!;
  const items: string[] = [];
  for (const f of idx.fields) {
    const it = fieldItem(f);
    if (!it)
      return {
        ok: false,
        reason: `index field ${JSON.stringify(f)} cannot be read in SQL (not a key field or family:qualifier of ${table.name}, or the key cannot be split)`,
      };
    items.push(it);
  }
  items.push('_key AS source_key');
  for (const fam of idx.families ?? []) {
    if (!(table.families ?? []).some((f) => f.name === fam))
      return { ok: false, reason: `index family ${JSON.stringify(fam)} is not a family of ${table.name}` };
    items.push(`${sqlId(fam)} AS ${alias(fam)}`);
  }
  const keys = [...idx.fields.map((f) => alias(f.includes(':') ? f.split(':')[1]! : f)), 'source_key'];
  return { ok: true, sql: [`SELECT ${items.join(',\n  ')}`, from, `ORDER BY ${keys.join(', ')}`].join('\n') };
}
