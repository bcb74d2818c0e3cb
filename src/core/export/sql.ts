// GoogleSQL for Bigtable: one SELECT per declared query, and the materialized views the design
// suggests (seed 000, "Materialized views"): roll-ups of aggregate families, and asynchronous
// secondary indexes for queries the row key cannot serve. With a row key schema the key fields
// are columns (WHERE tenant = @tenant); without one, predicates on _key (STARTS_WITH, ranges).
import type { KeyLayout } from '../keys/template';
import { hashPad } from '../keys/values';
import type { Design, Query, Table } from '../model/schema';
import { planQuery, type QueryPlan } from '../rules/plan';
import { commentText, ExportError, fileSafe, keyLayoutOf, requireTable, type Exporter } from './common';
import { structuredKeyOf, type StructuredKey } from './row-key-schema';

/** A GoogleSQL quoted identifier. */
export function sqlId(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

/** A GoogleSQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

const MAX_LISTED_SALTS = 64;

function sqlType(key: StructuredKey, field: string): string {
  const t = key.fields.find((f) => f.fieldName === field)?.type ?? {};
  return 'int64Type' in t ? 'INT64' : 'timestampType' in t ? 'TIMESTAMP' : 'bytesType' in t ? 'BYTES' : 'STRING';
}

function structuredWhere(table: Table, plan: QueryPlan, q: Query, key: StructuredKey, params: string[]): string[] {
  const where: string[] = [];
  for (const name of plan.leading) {
    const f = table.rowKey.fields[name]!;
    const m = q.match?.[name];
    const col = sqlId(name);
    if (f.type === 'hash' && m !== 'eq') {
      where.push(`${col} = @${name}  -- the salt computed from its fields (FNV-1a, see the code export)`);
      params.push(`@${name} ${sqlType(key, name)}`);
    } else if (m === 'prefix') {
      where.push(`STARTS_WITH(${col}, @${name}_prefix)`);
      params.push(`@${name}_prefix ${sqlType(key, name)}`);
    } else if (m === 'range') {
      where.push(`${col} >= @${name}_from AND ${col} <= @${name}_to`);
      params.push(`@${name}_from ${sqlType(key, name)}`, `@${name}_to ${sqlType(key, name)}`);
    } else {
      where.push(`${col} = @${name}`);
      params.push(`@${name} ${sqlType(key, name)}`);
    }
  }
  for (const { field, buckets } of plan.fanout) {
    const f = table.rowKey.fields[field];
    if (f?.type !== 'hash') continue;
    if (buckets <= MAX_LISTED_SALTS) {
      const pad = hashPad(f);
      const values = Array.from({ length: buckets }, (_, i) => sqlString(String(i).padStart(pad, '0')));
      where.unshift(`${sqlId(field)} IN (${values.join(', ')})  -- every salt bucket: ${buckets} key ranges`);
    } else where.unshift(`TRUE  -- ${sqlId(field)}: ${buckets} salt buckets, too many to list; the query reads each`);
  }
  return where;
}

function keyWhere(plan: QueryPlan, params: string[]): string[] {
  const each = plan.scans > 1 ? `  -- run once per salt value (${plan.scans} scans)` : '';
  if (plan.kind === 'full-scan') return [];
  if (plan.kind === 'point') {
    params.push(`@key BYTES = ${plan.start}`);
    return ['_key = @key'];
  }
  if (plan.end.startsWith('successor(')) {
    params.push(`@key_prefix BYTES = ${plan.start}`);
    return [`STARTS_WITH(_key, @key_prefix)${each}`];
  }
  params.push(`@start BYTES = ${plan.start}`, `@end BYTES = ${plan.end}`);
  return [`_key >= @start AND _key < @end${each}`];
}

function querySql(table: Table, layout: KeyLayout, key: StructuredKey | null, q: Query, i: number): string[] {
  const plan = planQuery(table, layout, q, i);
  const params: string[] = [];
  const where = key ? structuredWhere(table, plan, q, key, params) : keyWhere(plan, params);
  const out = [`-- Query ${JSON.stringify(q.name)}: ${plan.kind.toUpperCase()}, ${plan.scans} scan${plan.scans === 1 ? '' : 's'}${plan.kind === 'full-scan' ? ' (the whole table)' : `, [${plan.start}, ${plan.end})`}`].map(commentText);
  if (q.description) out.push(`-- ${commentText(q.description)}`);
  for (const p of params) out.push(`-- param ${commentText(p)}`);
  if (plan.unusable.length) out.push(`-- ${plan.unusable.join(', ')}: matched but after a gap in the key, so they filter rows read rather than narrow the read`);
  for (const flt of q.filter ?? []) {
    const m = /^([^:]+):(.*)$/.exec(flt);
    out.push(`-- and a condition on ${commentText(m ? `${sqlId(m[1]!)}[${sqlString(m[2]!.trim())}]` : flt)} (filter ${commentText(JSON.stringify(flt))})`);
  }
  if (q.order === 'newest') out.push('-- newest first: in key order only when the key holds a reversed time');
  const families = (table.families ?? []).map((f) => sqlId(f.name));
  out.push(`SELECT ${['_key', ...families].join(', ')}`, `FROM ${sqlId(table.name)}`);
  if (where.length) out.push(`WHERE ${where.join('\n  AND ')}`);
  if (q.limit) out.push(`LIMIT ${q.limit}`);
  out[out.length - 1] += ';';
  return out;
}

/** The first key field as a SQL expression (a column, or the first part of _key). */
function leadExpr(layout: KeyLayout, key: StructuredKey | null, table: Table): { expr: string; name: string } | null {
  const seg = layout.segments.find((s) => s.field && table.rowKey.fields[s.field]?.type !== 'hash');
  if (!seg?.field) return null;
  if (key) return { expr: sqlId(seg.field), name: seg.field };
  const idx = layout.segments.indexOf(seg);
  if (layout.encoding !== 'delimited' || layout.delimiter === null) return null;
  return { expr: `SPLIT(CAST(_key AS STRING), ${sqlString(layout.delimiter)})[SAFE_OFFSET(${idx})]`, name: seg.field };
}

function views(design: Design, table: Table, layout: KeyLayout, key: StructuredKey | null): string[] {
  const out: string[] = [];
  const lead = leadExpr(layout, key, table);
  const t = sqlId(table.name);
  for (const f of table.families ?? []) {
    if (!f.aggregate || !lead) continue;
    const cols = (f.columns ?? []).filter((c) => !c.dynamic);
    if (!cols.length) continue;
    const fn = f.aggregate === 'hll' ? 'HLL_COUNT.MERGE' : f.aggregate === 'sum' ? 'SUM' : f.aggregate.toUpperCase();
    out.push(
      '',
      `-- Materialized view: ${f.aggregate} family ${commentText(f.name)} rolled up per ${lead.name} and hour (seed 000, "Materialized views").`,
      `-- gcloud bigtable instances materialized-views create ${fileSafe(`${table.name}_${f.name}_hourly`)} --instance=INSTANCE --query="$(cat this-query.sql)"`,
      `SELECT ${lead.expr} AS ${sqlId(lead.name)}, TIMESTAMP_TRUNC(_timestamp, HOUR) AS time_bucket,`,
      `  ${cols.map((c) => `${fn}(${sqlId(f.name)}[${sqlString(c.qualifier)}]) AS ${sqlId(`${c.qualifier.replace(/[^A-Za-z0-9_]/g, '_')}_${f.aggregate}`)}`).join(',\n  ')}`,
      `FROM UNPACK((SELECT * FROM ${t}(with_history => TRUE)))`,
      'GROUP BY 1, 2;',
    );
  }
  (table.queries ?? []).forEach((q, i) => {
    const plan = planQuery(table, layout, q, i);
    const field = plan.unusable[0] ?? (plan.kind === 'full-scan' ? Object.keys(q.match ?? {})[0] : undefined);
    if (field && key) {
      out.push(
        '',
        `-- Materialized view: a secondary index for ${commentText(JSON.stringify(q.name))}, which the row key cannot serve (${field} is not a leading key field).`,
        `SELECT ${sqlId(field)} AS indexed_value, ARRAY_AGG(_key) AS row_keys`,
        `FROM ${t}`,
        'GROUP BY 1;',
      );
    } else if (plan.filterOnly && plan.kind === 'full-scan') {
      const fam = (q.filter?.[0] ?? '').split(':')[0] ?? '';
      if (!(table.families ?? []).some((f) => f.name === fam)) return;
      out.push(
        '',
        `-- Materialized view: an inverted index of family ${commentText(fam)} for ${commentText(JSON.stringify(q.name))}, which filters on column values only.`,
        'SELECT u.value AS indexed_value, u.key AS indexed_qualifier, ARRAY_AGG(_key) AS row_keys',
        `FROM ${t}, UNNEST(MAP_ENTRIES(${sqlId(fam)})) u`,
        'GROUP BY 1, 2;',
      );
    }
  });
  if (out.length) out.unshift('', `-- Suggested materialized views (design "${commentText(design.name)}")`);
  return out;
}

export const exportSql: Exporter = (design, tableArg) => {
  const table = requireTable(design, tableArg);
  const layout = keyLayoutOf(table);
  const notes: string[] = [];
  let key: StructuredKey | null = null;
  try {
    key = structuredKeyOf(design, table);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    notes.push(`no row key schema, so the SQL reads _key: ${e.problems.join('; ')}`);
  }
  const out = [
    `-- GoogleSQL for Bigtable: the queries of table ${commentText(table.name)} (design "${commentText(design.name)}"), by Bigtable Schema Studio.`,
    key
      ? '-- The key fields are columns: create the table with the row key schema (row-key-schema or gcloud export) first.'
      : `-- The table has no row key schema (${commentText(notes[0] ?? '')}), so queries read _key.`,
    '-- @name parameters are bound by the client; key patterns are shown as in the query plans.',
  ];
  (table.queries ?? []).forEach((q, i) => out.push('', ...querySql(table, layout, key, q, i)));
  if (!(table.queries ?? []).length) out.push('', '-- The table declares no queries.');
  out.push(...views(design, table, layout, key));
  return { text: `${out.join('\n')}\n`, filename: `${fileSafe(table.name)}.sql`, mime: 'application/sql', notes };
};
