// A query's `filter` entries as GoogleSQL predicates on cell values. An entry is
//   family:qualifier                the row has the column: MAP_CONTAINS_KEY(fam, b'q')
//   family:*                        the row has a cell in the family: NOT MAP_EMPTY(fam)
// (the map functions of "Map functions", GoogleSQL for Bigtable)
//   family:qualifier OP value       a comparison (= != <> < <= > >=) on the value read as the
//                                   column's type (columns[].type, core/model/column-types.ts);
//                                   value `?` or `@name` is a parameter, else a literal
// What cannot be said exactly (a dynamic qualifier, an unknown family, a proto or JSON compared,
// a literal that is not of the column's type) is a reason, never a predicate that reads other rows.
import { columnType, sqlCast, sqlValueType } from '../model/column-types';
import type { ColumnType, Table } from '../model/schema';
import { paramName, sqlBytes, sqlId, sqlString } from './text';

export interface SqlParam {
  name: string;
  type: string;
  /** What the caller passes. */
  note: string;
}

export type FilterSql = { ok: true; predicate: string; params: SqlParam[] } | { ok: false; reason: string };

const FILTER = /^\s*([^:\s]+):(\S*?)\s*(?:(==|=|!=|<>|<=|>=|<|>)\s*(.*?))?\s*$/;

function literal(t: ColumnType, raw: string): string | null {
  const unq = /^'(.*)'$|^"(.*)"$/.exec(raw);
  const text = unq ? (unq[1] ?? unq[2] ?? '') : raw;
  switch (sqlValueType(t)) {
    case 'INT64':
      return /^-?\d{1,19}$/.test(raw) && BigInt(raw) <= (1n << 63n) - 1n && BigInt(raw) >= -(1n << 63n) ? raw : null;
    case 'FLOAT32':
    case 'FLOAT64':
      return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(raw) ? raw : null;
    case 'STRING':
      return t === 'json' ? null : sqlString(text);
    case 'TIMESTAMP':
      return /^\d{4}-\d\d-\d\d([T ][0-9:.]+)?(Z|[+-]\d\d:?\d\d)?$/.test(text) ? `TIMESTAMP ${sqlString(text)}` : null;
    case 'DATE':
      return /^\d{4}-\d\d-\d\d$/.test(text) ? `DATE ${sqlString(text)}` : null;
    case 'BYTES':
      if (t === 'bool') return /^(true|false)$/i.test(raw) ? (raw.toLowerCase() === 'true' ? "b'\\x01'" : "b'\\x00'") : null;
      return sqlBytes(text);
    default:
      return null;
  }
}

/**
 * Why a filter entry cannot work on `table` at all (a format error `check` refuses), or null: it
 * is not family:qualifier [op value], names a family the table does not have, compares a whole
 * family, or compares a column of a declared type with a literal not of that type. What only SQL
 * cannot say (a dynamic qualifier, a JSON or proto value, an undeclared type ordered) is not one.
 */
export function filterIssue(table: Table, entry: string): string | null {
  // A family of the table whose name (which may hold a space, until renamed) starts the entry.
  const lead = entry.trimStart();
  const named = (table.families ?? []).filter((f) => lead.startsWith(`${f.name}:`)).sort((a, b) => b.name.length - a.name.length)[0];
  const rest = named ? /^(\S*?)\s*(?:(==|=|!=|<>|<=|>=|<|>)\s*(.*?))?\s*$/.exec(lead.slice(named.name.length + 1)) : null;
  const m = rest ? ([entry, named!.name, rest[1]!, rest[2], rest[3]] as const) : FILTER.exec(entry);
  if (!m) return `filter ${JSON.stringify(entry)} is not family:qualifier [op value] (op one of = == != <> < <= > >=)`;
  const [, famName, qual, op, value] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const fam = (table.families ?? []).find((f) => f.name === famName);
  const names = (table.families ?? []).map((f) => f.name);
  if (!fam)
    return `filter ${JSON.stringify(entry)} names family ${JSON.stringify(famName)}, which table ${table.name} does not have (${names.length ? `families: ${names.join(', ')}` : 'it has no families'})`;
  if (qual === '*' || qual === '')
    return op ? `filter ${JSON.stringify(entry)} compares a whole family, which has no single value; name a column (family:qualifier)` : null;
  if (!op || /\{[^}]*\}/.test(qual)) return null;
  const col = (fam.columns ?? []).find((c) => c.qualifier === qual);
  if (!col?.type && !fam.aggregate) return null;
  const t = col ? columnType(fam, col) : 'int64';
  const v = (value ?? '').trim();
  if (v === '') return `filter ${JSON.stringify(entry)} has ${op} but no value to compare with`;
  if (t === 'json' || t === 'proto' || v === '?' || /^@[A-Za-z_][A-Za-z0-9_]*$/.test(v)) return null;
  return literal(t, v) === null ? `filter ${JSON.stringify(entry)}: ${JSON.stringify(v)} is not a ${t} value (column ${fam.name}:${qual} is ${t})` : null;
}

/** The predicate of one filter entry on `table`. */
export function filterSql(table: Table, entry: string): FilterSql {
  const m = FILTER.exec(entry);
  if (!m) return { ok: false, reason: `filter ${JSON.stringify(entry)} is not family:qualifier [op value]` };
  const [, famName, qual, op, value] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const fam = (table.families ?? []).find((f) => f.name === famName);
  if (!fam) return { ok: false, reason: `filter ${JSON.stringify(entry)} names family ${JSON.stringify(famName)}, which the table does not have` };
  const famId = sqlId(fam.name);
  if (qual === '*' || qual === '') {
    if (op) return { ok: false, reason: `filter ${JSON.stringify(entry)} compares a whole family, which has no single value` };
    return { ok: true, predicate: `NOT MAP_EMPTY(${famId})`, params: [] };
  }
  if (/\{[^}]*\}/.test(qual))
    return { ok: false, reason: `filter ${JSON.stringify(entry)} names a dynamic qualifier (one column per value), which SQL cannot name` };
  const col = (fam.columns ?? []).find((c) => c.qualifier === qual);
  const cell = `${famId}[${sqlString(qual)}]`;
  if (!op) return { ok: true, predicate: `MAP_CONTAINS_KEY(${famId}, ${sqlBytes(qual)})`, params: [] };
  const t = col ? columnType(fam, col) : fam.aggregate ? 'int64' : 'bytes';
  const sqlType = sqlValueType(t);
  if (sqlType === null || t === 'json') return { ok: false, reason: `filter ${JSON.stringify(entry)} compares a ${t} value, which SQL reads only as bytes` };
  const sqlOp = op === '==' ? '=' : op === '<>' ? '!=' : op;
  if (t === 'bytes' && sqlOp !== '=' && sqlOp !== '!=') {
    return {
      ok: false,
      reason: `filter ${JSON.stringify(entry)} orders values of ${fam.name}:${qual}, whose type is not declared (bytes compare byte by byte): declare its type`,
    };
  }
  const expr = sqlCast(t, cell);
  const v = (value ?? '').trim();
  if (v === '?' || /^@[A-Za-z_][A-Za-z0-9_]*$/.test(v)) {
    const name = v === '?' ? paramName(`${fam.name}_${qual}`) : v.slice(1);
    return { ok: true, predicate: `${expr} ${sqlOp} @${name}`, params: [{ name, type: sqlType, note: `the value of ${fam.name}:${qual} to compare (${t})` }] };
  }
  const lit = literal(t, v);
  if (lit === null)
    return { ok: false, reason: `filter ${JSON.stringify(entry)}: ${JSON.stringify(v)} is not a ${t} value (column ${fam.name}:${qual} is ${t})` };
  return { ok: true, predicate: `${expr} ${sqlOp} ${lit}`, params: [] };
}
