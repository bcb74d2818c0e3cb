// Keys as a person reads them: each field decoded by the table's own codec, so a timestamp
// shows as an ISO date (a reversed one un-reversed), a salt as its bucket number and a
// binary int as its value, between the key's literal text and delimiters. The heatmap's
// labels, the CLI's text heatmap and the sorter read keys through this; the raw bytes
// (displayKey) stay beside it for the hover.
import type { Field, RowKey, TimestampField } from '../model/schema';
import { displayKey } from './bytes';
import { createCodec } from './codec';
import { recordStream } from './generate';
import { encodeValue, type FieldValue } from './values';

/** A key's readable text; the raw form (displayKey) when the key is not one of this row key's. */
export type KeyReader = (key: Uint8Array) => string;

/** Joins the fields of an ordered-code struct key, whose own separator is the bytes 0x00 0x01. */
export const STRUCT_JOIN = ' · ';

const DAY_BUCKETS = new Set(['day', 'week', 'month']);

/** ISO 8601 text of a timestamp value in its unit; null when outside what a Date holds. */
export function isoOf(field: TimestampField, v: bigint): string | null {
  const ms = field.unit === 's' ? Number(v) * 1000 : field.unit === 'us' ? Number(v / 1000n) : Number(v);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const iso = new Date(ms).toISOString();
  if (field.bucket && DAY_BUCKETS.has(field.bucket)) return iso.slice(0, 10);
  if (field.bucket) return `${iso.slice(0, 16)}Z`;
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

/** One decoded field value as text. */
export function readableValue(name: string, field: Field, v: FieldValue): string {
  switch (field.type) {
    case 'timestamp':
      return typeof v === 'bigint' ? (isoOf(field, v) ?? String(v)) : displayKey(encodeValue(name, field, v));
    case 'hash':
      return `bucket ${String(v)}`;
    case 'int':
      // Decimal text is its own value (zero padding and all); binary encodings read as the number.
      return (field.encoding ?? 'decimal') === 'decimal' ? displayKey(encodeValue(name, field, v)) : String(v);
    default:
      // Strings, host names (as stored, reversed or not: that is the order they sort in), UUIDs, bytes.
      return displayKey(encodeValue(name, field, v));
  }
}

/** True when some field reads differently from its bytes (else the raw text is the readable one). */
export function needsDecoding(rowKey: RowKey): boolean {
  return (
    Object.values(rowKey.fields).some((f) => f.type === 'timestamp' || f.type === 'hash' || (f.type === 'int' && (f.encoding ?? 'decimal') !== 'decimal')) ||
    rowKey.encoding === 'orderedCode'
  );
}

/**
 * A reader of this row key's keys. Keys it cannot decode (a pasted key of another shape, a
 * design that does not compile) read as their raw text, never as an error.
 */
export function keyReader(rowKey: RowKey): KeyReader {
  let codec: ReturnType<typeof createCodec>;
  try {
    codec = createCodec(rowKey);
  } catch {
    return displayKey;
  }
  if (!needsDecoding(rowKey)) return displayKey;
  const { layout, fields } = codec;
  const join = layout.encoding === 'orderedCode' ? STRUCT_JOIN : (layout.delimiter ?? '');
  return (key) => {
    try {
      const record = codec.decode(key);
      return layout.segments.map((s) => `${s.prefix}${s.field ? readableValue(s.field, fields[s.field]!, record[s.field]!) : ''}${s.suffix}`).join(join);
    } catch {
      return displayKey(key);
    }
  };
}

/**
 * The first `n` distinct values the generator writes for one field, as they read (the same
 * generator as every key: recordStream, decoded from the keys, so a salt shows its bucket).
 * Empty when the row key does not generate.
 */
export function fieldSamples(rowKey: RowKey, name: string, n: number, seed = 1): string[] {
  const field = rowKey.fields[name];
  if (!field || n <= 0) return [];
  const out = new Set<string>();
  try {
    const stream = recordStream(rowKey, { seed });
    const codec = stream.codec;
    for (let i = 0; i < n * 8 && out.size < n; i++) {
      const record = codec.decode(stream.next().key);
      const v = record[name];
      if (v !== undefined) out.add(readableValue(name, field, v));
    }
  } catch {
    return [];
  }
  return [...out];
}
