// A record of field values <-> the key bytes, under the table's layout and encoding.
import type { Field, RowKey } from '../model/schema';
import { concatBytes, fromUtf8, indexOfBytes, startsWithAt, utf8 } from './bytes';
import { fnv1a32 } from './hash';
import { decodeOrderedInt64, joinOrderedCodeStruct, splitOrderedCodeStruct } from './orderedcode';
import { layoutOf, type KeyLayout } from './template';
import { KeyCodecError, decodeValue, encodeValue, fixedWidth, type KeyRecord } from './values';

export interface KeyCodec {
  layout: KeyLayout;
  fields: Record<string, Field>;
  /** Encodes a record; hash salts are computed, whatever the record says for them. */
  encode(record: KeyRecord): Uint8Array;
  /** The bytes of each segment's field value, in key order (for colouring by segment). */
  encodeParts(record: KeyRecord): { field: string | null; bytes: Uint8Array }[];
  decode(key: Uint8Array): KeyRecord;
}

export function createCodec(rowKey: RowKey): KeyCodec {
  const layout = layoutOf(rowKey);
  const fields = rowKey.fields;
  const delim = layout.delimiter === null ? new Uint8Array(0) : utf8(layout.delimiter);
  const fieldOf = (name: string): Field => {
    const f = fields[name];
    if (!f) throw new KeyCodecError(`the template names {${name}}, which rowKey.fields does not define`);
    return f;
  };
  for (const name of layout.fields) fieldOf(name);
  const hashOrder = layout.fields.filter((n) => fieldOf(n).type === 'hash');
  // Each segment's literal bytes, encoded once (decoding a million keys must not re-encode them per key).
  const literal = layout.segments.map((s) => {
    const prefix = utf8(s.prefix);
    const suffix = utf8(s.suffix);
    return { prefix, suffix, suffixDelim: concatBytes([suffix, delim]) };
  });

  function encodedValues(record: KeyRecord): Map<string, Uint8Array> {
    const out = new Map<string, Uint8Array>();
    for (const name of layout.fields) {
      const f = fieldOf(name);
      if (f.type === 'hash') continue;
      const v = record[name];
      if (v === undefined) throw new KeyCodecError(`no value for field ${name}`);
      out.set(name, encodeValue(name, f, v));
    }
    for (const name of hashOrder) {
      const f = fieldOf(name);
      if (f.type !== 'hash') continue;
      const of = f.of ?? layout.fields.filter((n) => n !== name && fieldOf(n).type !== 'hash');
      const joined = concatBytes(of.flatMap((n, i) => (i > 0 ? [delim, out.get(n) ?? new Uint8Array(0)] : [out.get(n) ?? new Uint8Array(0)])));
      out.set(name, encodeValue(name, f, BigInt(fnv1a32(joined) % f.buckets)));
    }
    return out;
  }

  function encodeParts(record: KeyRecord) {
    const values = encodedValues(record);
    return layout.segments.map((s, i) => {
      const { prefix, suffix } = literal[i]!;
      const value = s.field ? values.get(s.field)! : undefined;
      return { field: s.field, bytes: !value ? prefix : prefix.length + suffix.length === 0 ? value : concatBytes([prefix, value, suffix]) };
    });
  }

  function encode(record: KeyRecord): Uint8Array {
    const parts = encodeParts(record).map((p) => p.bytes);
    if (layout.encoding === 'orderedCode') return joinOrderedCodeStruct(parts);
    if (layout.encoding === 'singleton') return parts[0]!;
    let total = delim.length * (parts.length - 1);
    for (const p of parts) total += p.length;
    const out = new Uint8Array(total);
    let at = 0;
    parts.forEach((p, i) => {
      if (i > 0) {
        out.set(delim, at);
        at += delim.length;
      }
      out.set(p, at);
      at += p.length;
    });
    return out;
  }

  function decode(key: Uint8Array): KeyRecord {
    const record: KeyRecord = {};
    if (layout.encoding === 'orderedCode') {
      const parts = splitOrderedCodeStruct(key, layout.segments.length);
      if (!parts) throw new KeyCodecError('not an ordered-code struct key (0x00 0x01 between fields)');
      layout.segments.forEach((s, i) => {
        if (s.field) record[s.field] = decodeValue(s.field, fieldOf(s.field), parts[i]!);
      });
      return record;
    }
    let at = 0;
    layout.segments.forEach((seg, i) => {
      const last = i === layout.segments.length - 1;
      const { prefix, suffix, suffixDelim } = literal[i]!;
      if (i > 0) {
        if (!startsWithAt(key, delim, at)) throw new KeyCodecError(`expected the delimiter before segment ${i + 1} at byte ${at}`);
        at += delim.length;
      }
      if (!startsWithAt(key, prefix, at)) throw new KeyCodecError(`segment ${i + 1} should start with "${seg.prefix}" at byte ${at}`);
      at += prefix.length;
      if (!seg.field) return;
      const f = fieldOf(seg.field);
      const width = fixedWidth(f);
      let end: number;
      if (typeof width === 'number') end = at + width;
      else if (width === 'self') end = at + (decodeOrderedInt64(key, at)?.length ?? 0);
      else {
        const stop = last ? suffix : suffixDelim;
        end = last ? key.length - suffix.length : indexOfBytes(key, stop, at);
      }
      if (end < 0 && !last) {
        throw new KeyCodecError(
          `the key ends inside field ${seg.field}: expected the delimiter "${layout.delimiter ?? ''}" and ${layout.segments.length - i - 1} more segment(s)`,
        );
      }
      if (end < at || end > key.length || (width === 'self' && end === at)) {
        throw new KeyCodecError(`field ${seg.field} does not fit at byte ${at}`);
      }
      record[seg.field] = decodeValue(seg.field, f, key.subarray(at, end));
      at = end;
      if (!startsWithAt(key, suffix, at)) throw new KeyCodecError(`segment ${i + 1} should end with "${seg.suffix}"`);
      at += suffix.length;
    });
    if (at !== key.length) {
      throw new KeyCodecError(`${key.length - at} unexpected trailing bytes: "${fromUtf8(key.subarray(at)) ?? '(binary)'}"`);
    }
    // A salt that disagrees with its fields means the key was not written by this design.
    if (hashOrder.length === 0) return record;
    const expected = encodedValues(record);
    for (const name of hashOrder) {
      if (record[name] !== undefined && encodeValue(name, fieldOf(name), record[name]!).join() !== expected.get(name)!.join()) {
        throw new KeyCodecError(`salt ${name} is ${String(record[name])}, but the hash of its fields gives another bucket`);
      }
    }
    return record;
  }

  return { layout, fields, encode, encodeParts, decode };
}
