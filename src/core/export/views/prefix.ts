// Whether a row prefix of an authorized view is a real prefix of the table's key template: the
// complete segments it holds are values their fields can take (a tenant's name, a padded salt,
// the literal text), and the rest can begin one. "Authorized views overview": a view is a row key
// prefix (e.g. all rows that start with examplepetstore1#) plus families or qualifiers.
import { utf8 } from '../../keys/bytes';
import { decodeValue, hashPad } from '../../keys/values';
import { keyLayoutOf } from '../common';
import type { Field, Table } from '../../model/schema';

function valueProblem(name: string, f: Field, value: string): string | null {
  if (f.type === 'hash') {
    const pad = hashPad(f);
    if (!/^\d+$/.test(value) || value.length !== pad || Number(value) >= f.buckets)
      return `"${value}" is not a salt value of ${name} (0 to ${f.buckets - 1}, ${pad} digits)`;
    return null;
  }
  if (f.type === 'string' && f.values && !f.values.includes(value)) return `"${value}" is not one of the values of ${name}`;
  try {
    decodeValue(name, f, utf8(value));
    return null;
  } catch (e) {
    return `"${value}" is not a value of ${name}: ${(e as Error).message}`;
  }
}

function canStart(f: Field, partial: string): boolean {
  if (partial === '') return true;
  if (f.type === 'string' && f.values) return f.values.some((v) => v.startsWith(partial));
  if (
    f.type === 'hash' ||
    (f.type === 'int' && (f.encoding ?? 'decimal') === 'decimal') ||
    (f.type === 'timestamp' && f.format !== 'iso' && (f.encoding ?? 'decimal') === 'decimal')
  )
    return /^\d*$/.test(partial);
  return true;
}

/** Why `prefix` is not a prefix of keys of `table`, or null. */
export function prefixProblem(table: Table, prefix: string): string | null {
  if (prefix === '') return null;
  const layout = keyLayoutOf(table);
  if (layout.encoding !== 'delimited' || layout.delimiter === null) {
    const s = layout.segments[0]!;
    return s.prefix && !(prefix.startsWith(s.prefix) || s.prefix.startsWith(prefix)) ? `keys start with "${s.prefix}"` : null;
  }
  const pieces = prefix.split(layout.delimiter);
  if (pieces.length > layout.segments.length) return `it has ${pieces.length} segments; the key ${table.rowKey.template} has ${layout.segments.length}`;
  for (let i = 0; i < pieces.length; i++) {
    const seg = layout.segments[i]!;
    const piece = pieces[i]!;
    const complete = i < pieces.length - 1;
    if (!seg.field) {
      if (complete ? piece !== seg.prefix : !seg.prefix.startsWith(piece)) return `segment ${i + 1} is "${seg.prefix}" in the key, not "${piece}"`;
      continue;
    }
    const f = table.rowKey.fields[seg.field]!;
    if (!complete && piece.length <= seg.prefix.length) {
      if (!seg.prefix.startsWith(piece)) return `segment ${i + 1} starts with "${seg.prefix}"`;
      continue;
    }
    if (!piece.startsWith(seg.prefix)) return `segment ${i + 1} starts with "${seg.prefix}"`;
    const rest = piece.slice(seg.prefix.length);
    if (complete) {
      if (seg.suffix && !rest.endsWith(seg.suffix)) return `segment ${i + 1} ends with "${seg.suffix}"`;
      const p = valueProblem(seg.field, f, rest.slice(0, rest.length - seg.suffix.length));
      if (p) return p;
    } else if (!canStart(f, rest)) return `"${rest}" cannot begin a value of ${seg.field}`;
  }
  return null;
}
