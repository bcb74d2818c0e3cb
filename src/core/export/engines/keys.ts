// The TypeScript engine of the key builders (code export), second part: keys as bytes (the
// delimited, singleton and ordered-code encodings, the salt), parsing them back, and query
// ranges (it mirrors src/core/keys codec.ts and src/core/export/ranges.ts). Everything after the
// line "engine: copied from here" is copied verbatim into every generated TypeScript file
// (code-ts.ts), after the first part, keys-values.ts, whose names it imports here for tsc
// (the generated file holds no import: there the two parts are one module). Loaded as text
// (?raw), never imported as code; code.test.ts runs the generated files against src/core/keys.
// The numbers it compares (field kinds, steps, roles) are the tables of code.ts (KIND,
// ENCODING, STEP, END, ROLE).
import { KeyError, EMPTY, utf8, concat, startsAt, indexOf, compare, successor, asText, fromOrderedInt, fnv1a32, encodeField, decodeField } from './keys-values';
import type { KeyValue, KeyRange, FieldSpec, KeySpec, QuerySpec } from './keys-values';
// ---- engine: copied from here to the end of the file ----
/** Bytes of a fixed-width value, -2 self-delimiting (ordered code), -1 variable. */
function fixedWidth(f: FieldSpec): number {
  if (f.kind === 4) return f.enc === 1 ? 8 : f.enc === 2 ? -2 : -1;
  if (f.kind === 5) return f.enc === 1 ? 8 : -1;
  if (f.kind === 3) return f.len;
  return f.kind === 1 ? 36 : -1;
}
function escapePart(p: Uint8Array, emptyMarker: boolean): Uint8Array {
  if (p.length === 0) return emptyMarker ? Uint8Array.of(0, 0) : EMPTY;
  const out: number[] = [];
  for (const x of p) {
    if (x === 0) out.push(0, 0xff);
    else out.push(x);
  }
  return Uint8Array.from(out);
}
/** Bigtable's Struct OrderedCodeBytes: 0x00 0x01 between fields, 0x00 escaped, empty as 0x00 0x00. */
function structJoin(parts: Uint8Array[]): Uint8Array {
  let last = parts.length - 1;
  while (last >= 0 && parts[last]!.length === 0) last--;
  if (last < 0) return Uint8Array.of(0, 0);
  const out: Uint8Array[] = [];
  for (let i = 0; i <= last; i++) {
    if (i > 0) out.push(Uint8Array.of(0, 1));
    out.push(escapePart(parts[i]!, true));
  }
  return concat(out);
}
function structSplit(key: Uint8Array, count: number): Uint8Array[] | null {
  if (key.length === 2 && key[0] === 0 && key[1] === 0) return Array.from({ length: count }, () => EMPTY);
  const fields: Uint8Array[] = [];
  let cur: number[] = [];
  let empty = false;
  for (let i = 0; i < key.length; i++) {
    const x = key[i]!;
    if (x !== 0) {
      if (empty) return null;
      cur.push(x);
      continue;
    }
    const next = key[++i];
    if (next === 0xff) {
      if (empty) return null;
      cur.push(0);
    } else if (next === 1) {
      if (cur.length === 0 && !empty) return null;
      fields.push(Uint8Array.from(cur));
      cur = [];
      empty = false;
    } else if (next === 0) {
      if (cur.length !== 0) return null;
      empty = true;
    } else return null;
  }
  if (cur.length === 0 && !empty) return null;
  fields.push(Uint8Array.from(cur));
  if (fields.length > count) return null;
  while (fields.length < count) fields.push(EMPTY);
  return fields;
}
function saltValue(spec: KeySpec, f: FieldSpec, enc: Uint8Array[]): bigint {
  const parts: Uint8Array[] = [];
  f.of.forEach((j, k) => {
    if (k > 0) parts.push(spec.delimiter);
    parts.push(enc[j] ?? EMPTY);
  });
  return BigInt(fnv1a32(concat(parts)) % f.buckets);
}
function encodeAll(spec: KeySpec, values: (KeyValue | undefined)[]): Uint8Array[] {
  const enc: Uint8Array[] = [];
  spec.fields.forEach((f, i) => {
    if (f.kind === 6) return;
    const v = values[i];
    if (v === undefined) throw new KeyError('no value for field ' + f.name);
    enc[i] = encodeField(f, v);
  });
  spec.fields.forEach((f, i) => {
    if (f.kind === 6) enc[i] = encodeField(f, saltValue(spec, f, enc));
  });
  return enc;
}
export function buildKey(spec: KeySpec, values: (KeyValue | undefined)[]): Uint8Array {
  const enc = encodeAll(spec, values);
  const parts = spec.segments.map((s) => concat([s.prefix, s.field >= 0 ? enc[s.field]! : EMPTY, s.suffix]));
  if (spec.encoding === 1) return structJoin(parts);
  if (spec.encoding === 2) return parts[0]!;
  return concat(parts.flatMap((p, i) => (i > 0 ? [spec.delimiter, p] : [p])));
}
export function parseKey(spec: KeySpec, key: Uint8Array): KeyValue[] {
  const vals: KeyValue[] = [];
  if (spec.encoding === 1) {
    const parts = structSplit(key, spec.segments.length);
    if (!parts) throw new KeyError('not an ordered-code struct key (0x00 0x01 between fields)');
    spec.segments.forEach((s, i) => {
      if (s.field >= 0) vals[s.field] = decodeField(spec.fields[s.field]!, parts[i]!);
    });
  } else {
    let at = 0;
    spec.segments.forEach((s, i) => {
      const last = i === spec.segments.length - 1;
      if (i > 0) {
        if (!startsAt(key, spec.delimiter, at)) throw new KeyError('expected the delimiter before segment ' + (i + 1) + ' at byte ' + at);
        at += spec.delimiter.length;
      }
      if (!startsAt(key, s.prefix, at)) throw new KeyError('segment ' + (i + 1) + ' should start with its literal text at byte ' + at);
      at += s.prefix.length;
      if (s.field < 0) return;
      const f = spec.fields[s.field]!;
      const w = fixedWidth(f);
      let end: number;
      if (w >= 0) end = at + w;
      else if (w === -2) end = at + (fromOrderedInt(key, at)?.[1] ?? 0);
      else end = last ? key.length - s.suffix.length : indexOf(key, concat([s.suffix, spec.delimiter]), at);
      if (end < 0 && !last) throw new KeyError('the key ends inside field ' + f.name);
      if (end < at || end > key.length || (w === -2 && end === at)) throw new KeyError('field ' + f.name + ' does not fit at byte ' + at);
      vals[s.field] = decodeField(f, key.subarray(at, end));
      at = end;
      if (!startsAt(key, s.suffix, at)) throw new KeyError('segment ' + (i + 1) + ' should end with its literal text');
      at += s.suffix.length;
    });
    if (at !== key.length) throw new KeyError(key.length - at + ' unexpected trailing bytes');
  }
  const enc = encodeAll(spec, vals);
  spec.fields.forEach((f, i) => {
    if (f.kind === 6 && compare(encodeField(f, vals[i]!), enc[i]!) !== 0) throw new KeyError('salt ' + f.name + ' does not match the hash of its fields');
  });
  return vals;
}
export function queryRanges(spec: KeySpec, q: QuerySpec, args: KeyValue[]): KeyRange[] {
  const eq: (KeyValue | undefined)[] = [];
  let prefix = '';
  let from: KeyValue | undefined;
  let to: KeyValue | undefined;
  q.params.forEach(([role, field], i) => {
    const v = args[i];
    if (v === undefined) throw new KeyError('missing parameter ' + (i + 1));
    if (role === 0) eq[field!] = v;
    else if (role === 1) prefix = asText(v, 'prefix');
    else if (role === 2) from = v;
    else to = v;
  });
  const oc = spec.encoding === 1;
  const sep = oc ? Uint8Array.of(0, 1) : spec.delimiter;
  const seg = (i: number, value: Uint8Array) => concat([spec.segments[i]!.prefix, value, spec.segments[i]!.suffix]);
  if (q.end[0] === 0) {
    const key = buildKey(spec, eq);
    return [{ start: key, end: concat([key, Uint8Array.of(0)]) }];
  }
  let combos: Uint8Array[][] = [[]];
  for (const [kind, s, fi, buckets] of q.steps) {
    let options: Uint8Array[];
    if (kind === 0) options = [spec.segments[s!]!.prefix];
    else if (kind === 1) options = [seg(s!, encodeField(spec.fields[fi!]!, eq[fi!]!))];
    else if (kind === 2) {
      const f = spec.fields[fi!]!;
      const enc: Uint8Array[] = [];
      for (const j of f.of) enc[j] = encodeField(spec.fields[j]!, eq[j]!);
      options = [seg(s!, encodeField(f, saltValue(spec, f, enc)))];
    } else {
      if (combos.length * buckets! > 65536) throw new KeyError('the query would read more than 65536 ranges');
      options = [];
      for (let b = 0; b < buckets!; b++) options.push(seg(s!, encodeField(spec.fields[fi!]!, BigInt(b))));
    }
    combos = combos.flatMap((c) => options.map((o) => [...c, o]));
  }
  const [endKind, endSeg, endField] = q.end;
  const ranges = combos.map((parts): KeyRange => {
    const joined = concat(parts.flatMap((p) => [oc ? escapePart(p, true) : p, sep]));
    if (endKind === 1) return parts.length === 0 ? { start: EMPTY, end: null } : { start: joined, end: successor(joined) };
    const head = spec.segments[endSeg!]!.prefix;
    if (endKind === 2) {
      const start = concat([joined, oc ? escapePart(concat([head, utf8(prefix)]), false) : concat([head, utf8(prefix)])]);
      return { start, end: successor(start) };
    }
    const f = spec.fields[endField!]!;
    let lo = encodeField(f, from!);
    let hi = encodeField(f, to!);
    if (f.kind === 5 && f.rev && !f.iso) [lo, hi] = [hi, lo];
    const piece = (b: Uint8Array) => (oc ? escapePart(b, true) : b);
    return { start: concat([joined, piece(concat([head, lo]))]), end: successor(concat([joined, piece(concat([head, hi]))])) };
  });
  return ranges.sort((a, b) => compare(a.start, b.start));
}
