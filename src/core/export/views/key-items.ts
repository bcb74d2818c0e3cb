// What each item of a materialized view's key (its GROUP BY or ORDER BY) is, read from its SQL
// expression: a key field of the source table (a column under a row key schema, or a SPLIT of
// _key at the key's delimiter), a cell of a family, a time (_timestamp, TIMESTAMP_TRUNC), or an
// expression the studio cannot size. The view rules size hotspots and copies from it.
import { keyLayoutOf } from '../common';
import type { Column, Family, Table } from '../../model/schema';

export type KeyItem =
  | { kind: 'field'; name: string; item: string }
  | { kind: 'column'; family: Family; column: Column | null; qualifier: string; item: string }
  | { kind: 'time'; item: string }
  | { kind: 'sourceKey'; item: string }
  | { kind: 'other'; item: string };

const unquote = (s: string) => s.replace(/^`(.*)`$/, '$1');

/** The source key field an expression reads, or null. */
export function keyFieldOf(source: Table, expr: string): string | null {
  const e = unquote(expr.trim());
  if (e in source.rowKey.fields) return e;
  let layout: ReturnType<typeof keyLayoutOf>;
  try {
    layout = keyLayoutOf(source);
  } catch {
    return null;
  }
  // SPLIT(_key, '#')[0], [OFFSET(0)], [SAFE_OFFSET(0)], with or without SAFE_CONVERT_BYTES_TO_STRING.
  const m =
    /^SPLIT\(\s*(?:SAFE_CONVERT_BYTES_TO_STRING\(\s*_key\s*\)|_key)\s*,\s*'((?:[^'\\]|\\.)+)'\s*\)\s*\[\s*(?:(?:SAFE_)?OFFSET\(\s*(\d+)\s*\)|(\d+))\s*\]$/i.exec(
      e,
    );
  if (!m || layout.delimiter === null || m[1] !== layout.delimiter) return null;
  const seg = layout.segments[Number(m[2] ?? m[3])];
  return seg?.field ?? null;
}

/** One key item of a view over `source`: `item` is the alias or text, `expr` its expression. */
export function keyItemOf(source: Table, item: string, expr: string): KeyItem {
  if (/\b_timestamp\b|TIMESTAMP_TRUNC|TIMESTAMP_MICROS/i.test(expr)) return { kind: 'time', item };
  if (expr.trim() === '_key') return { kind: 'sourceKey', item };
  const field = keyFieldOf(source, expr);
  if (field) return { kind: 'field', name: field, item };
  // fam['qualifier'], in a CAST or a conversion or not.
  const cell = /([A-Za-z_][A-Za-z0-9_.-]*|`[^`]+`)\s*\[\s*'((?:[^'\\]|\\.)*)'\s*\]/.exec(expr);
  if (cell) {
    const family = (source.families ?? []).find((f) => f.name === unquote(cell[1]!));
    if (family) return { kind: 'column', family, column: (family.columns ?? []).find((c) => c.qualifier === cell[2]) ?? null, qualifier: cell[2]!, item };
  }
  return { kind: 'other', item };
}
