// The row ranges a declared query reads, as bytes: the reference the generated key builders
// (code export, every language) must agree with. A query binds key fields in key order:
//   eq     -> the field's value (param `field`)
//   prefix -> text its encoded value starts with (param `field_prefix`)
//   range  -> values from..to, both included at the field level (params `field_from`, `field_to`;
//             a reversed timestamp swaps them in key order)
// A salt is computed when every field it hashes is bound by eq; otherwise the query reads one
// range per salt value. Ranges are [start, end): end null means "to the end of the table".
import { concatBytes, compareBytes, prefixSuccessor, utf8 } from '../keys/bytes';
import { createCodec } from '../keys/codec';
import { fnv1a32 } from '../keys/hash';
import { layoutOf, type KeyLayout } from '../keys/template';
import { encodeValue, KeyCodecError, type FieldValue, type KeyRecord } from '../keys/values';
import type { Field, Query, Table } from '../model/schema';

export interface KeyRange {
  start: Uint8Array;
  end: Uint8Array | null;
}

export type ParamKind = 'text' | 'int' | 'bytes';

export interface QueryParam {
  /** `field`, `field_prefix`, `field_from` or `field_to`. */
  name: string;
  field: string;
  role: 'eq' | 'prefix' | 'from' | 'to';
  kind: ParamKind;
}

export type Step =
  | { kind: 'const'; seg: number }
  | { kind: 'eq'; seg: number; field: string }
  | { kind: 'salt'; seg: number; field: string; computed: boolean; buckets: number };
export type End =
  | { kind: 'point' }
  | { kind: 'open'; seg: number }
  | { kind: 'prefix'; seg: number; field: string }
  | { kind: 'range'; seg: number; field: string };

export interface QuerySpec {
  query: Query;
  steps: Step[];
  end: End;
  params: QueryParam[];
}

/** At most this many ranges per query (salt fan-out): more is not a plan, it is a mistake. */
export const MAX_RANGES = 65536;

export function paramKind(f: Field): ParamKind {
  return f.type === 'bytes' ? 'bytes' : f.type === 'string' || f.type === 'uuid' || f.type === 'domain' ? 'text' : 'int';
}

/** The fields a salt hashes, in order. */
export function saltOf(layout: KeyLayout, fields: Record<string, Field>, name: string): string[] {
  const f = fields[name];
  if (f?.type !== 'hash') return [];
  return f.of ?? layout.fields.filter((n) => n !== name && fields[n]?.type !== 'hash');
}

/** True when the field's encoding reverses value order (a larger value sorts first). */
export function reversesOrder(f: Field): boolean {
  return f.type === 'timestamp' && f.reversed === true && f.format !== 'iso';
}

export function querySpec(table: Table, layout: KeyLayout, query: Query): QuerySpec {
  const match = query.match ?? {};
  const fields = table.rowKey.fields;
  const steps: Step[] = [];
  const params: QueryParam[] = [];
  let end: End = { kind: 'point' };
  for (let seg = 0; seg < layout.segments.length; seg++) {
    const s = layout.segments[seg]!;
    if (!s.field) {
      steps.push({ kind: 'const', seg });
      continue;
    }
    const f = fields[s.field]!;
    const m = match[s.field];
    if (f.type === 'hash') {
      const computed = saltOf(layout, fields, s.field).every((n) => match[n] === 'eq');
      steps.push({ kind: 'salt', seg, field: s.field, computed, buckets: f.buckets });
      continue;
    }
    const kind = paramKind(f);
    if (m === 'eq') {
      steps.push({ kind: 'eq', seg, field: s.field });
      params.push({ name: s.field, field: s.field, role: 'eq', kind });
    } else if (m === 'prefix') {
      end = { kind: 'prefix', seg, field: s.field };
      params.push({ name: `${s.field}_prefix`, field: s.field, role: 'prefix', kind: 'text' });
      break;
    } else if (m === 'range') {
      end = { kind: 'range', seg, field: s.field };
      params.push({ name: `${s.field}_from`, field: s.field, role: 'from', kind }, { name: `${s.field}_to`, field: s.field, role: 'to', kind });
      break;
    } else {
      end = { kind: 'open', seg };
      break;
    }
  }
  // Salts hash fields that may come later in the key: those are parameters too.
  for (const st of steps) {
    if (st.kind !== 'salt' || !st.computed) continue;
    for (const n of saltOf(layout, fields, st.field)) {
      if (!params.some((p) => p.name === n)) params.push({ name: n, field: n, role: 'eq', kind: paramKind(fields[n]!) });
    }
  }
  return { query, steps, end, params };
}

function escapeStructPart(part: Uint8Array): Uint8Array {
  if (part.length === 0) return Uint8Array.of(0, 0);
  const out: number[] = [];
  for (const b of part) {
    if (b === 0) out.push(0, 0xff);
    else out.push(b);
  }
  return Uint8Array.from(out);
}

/** The row ranges of a query for the given parameter values, sorted by start. */
export function queryRanges(table: Table, query: Query, args: Record<string, FieldValue>): KeyRange[] {
  const layout = layoutOf(table.rowKey);
  const spec = querySpec(table, layout, query);
  const fields = table.rowKey.fields;
  const oc = layout.encoding === 'orderedCode';
  const delim = layout.delimiter === null ? new Uint8Array(0) : utf8(layout.delimiter);
  const sep = oc ? Uint8Array.of(0, 1) : delim;
  const arg = (name: string): FieldValue => {
    const v = args[name];
    if (v === undefined) throw new KeyCodecError(`no value for parameter ${name}`);
    return v;
  };
  const enc = (name: string, v: FieldValue) => encodeValue(name, fields[name]!, v);
  const segBytes = (seg: number, value: Uint8Array) => {
    const s = layout.segments[seg]!;
    return concatBytes([utf8(s.prefix), value, utf8(s.suffix)]);
  };
  const piece = (b: Uint8Array) => (oc ? escapeStructPart(b) : b);

  const end = spec.end;
  if (end.kind === 'point') {
    const record: KeyRecord = {};
    for (const n of layout.fields) if (fields[n]!.type !== 'hash') record[n] = arg(n);
    const key = createCodec(table.rowKey).encode(record);
    return [{ start: key, end: concatBytes([key, Uint8Array.of(0)]) }];
  }

  let combos: Uint8Array[][] = [[]];
  for (const st of spec.steps) {
    let options: Uint8Array[];
    if (st.kind === 'const') options = [utf8(layout.segments[st.seg]!.prefix)];
    else if (st.kind === 'eq') options = [segBytes(st.seg, enc(st.field, arg(st.field)))];
    else if (st.computed) {
      const of = saltOf(layout, fields, st.field);
      const joined = concatBytes(of.flatMap((n, i) => (i > 0 ? [delim, enc(n, arg(n))] : [enc(n, arg(n))])));
      options = [segBytes(st.seg, enc(st.field, BigInt(fnv1a32(joined) % st.buckets)))];
    } else {
      if (combos.length * st.buckets > MAX_RANGES) throw new KeyCodecError(`query ${query.name} would read more than ${MAX_RANGES} ranges`);
      options = Array.from({ length: st.buckets }, (_, b) => segBytes(st.seg, enc(st.field, BigInt(b))));
    }
    combos = combos.flatMap((c) => options.map((o) => [...c, o]));
  }

  const ranges: KeyRange[] = combos.map((parts) => {
    const joined = concatBytes(parts.flatMap((p) => [piece(p), sep]));
    if (end.kind === 'open') {
      if (parts.length === 0) return { start: new Uint8Array(0), end: null };
      return { start: joined, end: prefixSuccessor(joined) };
    }
    const s = layout.segments[end.seg]!;
    const head = utf8(s.prefix);
    if (end.kind === 'prefix') {
      const text = arg(`${end.field}_prefix`);
      if (typeof text !== 'string') throw new KeyCodecError(`parameter ${end.field}_prefix needs text`);
      const bytes = concatBytes([head, utf8(text)]);
      // A prefix of the value: escaped, but not the empty-field marker (an empty prefix matches all).
      const start = concatBytes([joined, oc && bytes.length ? escapeStructPart(bytes) : bytes]);
      return { start, end: prefixSuccessor(start) };
    }
    const name = end.field;
    let lo = enc(name, arg(`${name}_from`));
    let hi = enc(name, arg(`${name}_to`));
    if (reversesOrder(fields[name]!)) [lo, hi] = [hi, lo];
    const start = concatBytes([joined, piece(concatBytes([head, lo]))]);
    const upper = concatBytes([joined, piece(concatBytes([head, hi]))]);
    return { start, end: prefixSuccessor(upper) };
  });
  ranges.sort((a, b) => compareBytes(a.start, b.start));
  return ranges;
}
