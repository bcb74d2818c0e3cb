// How one field's value becomes bytes in a key, and back. Values in a record are:
// string (string, uuid, domain: the natural host name), bigint (int, timestamp in its unit,
// hash bucket) or Uint8Array (bytes).
import type { Field, TimestampField } from '../model/schema';
import { fromUtf8, utf8 } from './bytes';
import { decodeBigEndianInt64, decodeOrderedInt64, encodeBigEndianInt64, encodeOrderedInt64 } from './orderedcode';

export type FieldValue = string | bigint | Uint8Array;
export type KeyRecord = Record<string, FieldValue>;

export const LONG_MAX = (1n << 63n) - 1n;

export class KeyCodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyCodecError';
  }
}

/** Fixed byte width of a field's encoding, null when variable, 'self' when self-delimiting. */
export function fixedWidth(field: Field): number | 'self' | null {
  switch (field.type) {
    case 'int':
      if (field.encoding === 'bigEndian') return 8;
      if (field.encoding === 'orderedCode') return 'self';
      return null;
    case 'timestamp':
      return field.encoding === 'bigEndian' ? 8 : null;
    case 'bytes':
      return field.length ?? 8;
    case 'uuid':
      return 36;
    case 'string':
    case 'domain':
    case 'hash':
      return null;
    default:
      return assertNever(field);
  }
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value ${JSON.stringify(x)}`);
}

export function hashPad(field: Extract<Field, { type: 'hash' }>): number {
  return field.pad ?? String(Math.max(0, field.buckets - 1)).length;
}

function padDecimal(v: bigint, pad: number | undefined): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(pad ?? 0, '0');
  return neg ? `-${digits}` : digits;
}

function parseDecimal(text: string): bigint | null {
  return /^-?[0-9]+$/.test(text) ? BigInt(text) : null;
}

function asBigint(name: string, v: FieldValue): bigint {
  if (typeof v === 'bigint') return v;
  throw new KeyCodecError(`field ${name} needs an integer value`);
}

export function encodeValue(name: string, field: Field, value: FieldValue): Uint8Array {
  switch (field.type) {
    case 'string':
    case 'uuid':
      if (typeof value !== 'string') throw new KeyCodecError(`field ${name} needs a text value`);
      return utf8(value);
    case 'domain':
      if (typeof value !== 'string') throw new KeyCodecError(`field ${name} needs a host name`);
      return utf8(field.reversed ? reverseDomain(value) : value);
    case 'bytes':
      if (!(value instanceof Uint8Array)) throw new KeyCodecError(`field ${name} needs bytes`);
      return value;
    case 'hash':
      return utf8(padDecimal(asBigint(name, value), hashPad(field)));
    case 'int': {
      const v = asBigint(name, value);
      if (field.encoding === 'bigEndian') return encodeBigEndianInt64(v);
      if (field.encoding === 'orderedCode') return encodeOrderedInt64(v);
      return utf8(padDecimal(v, field.pad));
    }
    case 'timestamp':
      return encodeTimestamp(field, bucketStart(field, asBigint(name, value)));
    default:
      return assertNever(field);
  }
}

export function decodeValue(name: string, field: Field, bytes: Uint8Array): FieldValue {
  const text = () => {
    const t = fromUtf8(bytes);
    if (t === null) throw new KeyCodecError(`field ${name} is not valid UTF-8`);
    return t;
  };
  switch (field.type) {
    case 'string':
      return text();
    case 'uuid': {
      const t = text();
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t)) throw new KeyCodecError(`field ${name}: "${t}" is not a UUID`);
      return t;
    }
    case 'domain':
      return field.reversed ? reverseDomain(text()) : text();
    case 'bytes':
      return bytes.slice();
    case 'hash': {
      const v = parseDecimal(text());
      if (v === null || padDecimal(v, hashPad(field)) !== text())
        throw new KeyCodecError(`field ${name}: "${text()}" is not a salt of ${hashPad(field)} digits`);
      return v;
    }
    case 'int': {
      if (field.encoding === 'bigEndian') {
        if (bytes.length !== 8) throw new KeyCodecError(`field ${name} needs 8 bytes, found ${bytes.length}`);
        return decodeBigEndianInt64(bytes)!;
      }
      if (field.encoding === 'orderedCode') {
        const d = decodeOrderedInt64(bytes);
        if (!d || d.length !== bytes.length) throw new KeyCodecError(`field ${name} is not a valid ordered-code integer`);
        return d.value;
      }
      const v = parseDecimal(text());
      if (v === null) throw new KeyCodecError(`field ${name}: "${text()}" is not a decimal integer`);
      // Only the exact text this field writes belongs to the design (0042 is not 42 unpadded).
      if (padDecimal(v, field.pad) !== text())
        throw new KeyCodecError(`field ${name}: "${text()}" is not written as this field writes ${v} ("${padDecimal(v, field.pad)}")`);
      return v;
    }
    case 'timestamp':
      return decodeTimestamp(name, field, bytes);
    default:
      return assertNever(field);
  }
}

export function reverseDomain(host: string): string {
  return host.split('.').reverse().join('.');
}

const UNIT_PER_MS: Record<'s' | 'ms' | 'us', [bigint, bigint]> = {
  // [multiply, divide] to turn milliseconds into the unit
  s: [1n, 1000n],
  ms: [1n, 1n],
  us: [1000n, 1n],
};

function unitOf(field: TimestampField): 's' | 'ms' | 'us' {
  return field.unit ?? 'ms';
}

/**
 * A timestamp field's bytes as a person reads them (an ISO time, UTC), for a decimal or
 * big-endian timestamp (a reversed one above all: 19 digits that say nothing); null for other
 * fields, ISO-written timestamps (already readable) and bytes that are not this field's.
 */
export function readableTimestamp(name: string, field: Field, bytes: Uint8Array): string | null {
  if (field.type !== 'timestamp' || field.format === 'iso') return null;
  try {
    const v = decodeValue(name, field, bytes);
    if (typeof v !== 'bigint') return null;
    const ms = Number(toMs(field, v));
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
    return new Date(ms).toISOString();
  } catch {
    return null;
  }
}

function toMs(field: TimestampField, v: bigint): bigint {
  const [mul, div] = UNIT_PER_MS[unitOf(field)];
  return floorDiv(v * div, mul);
}

function fromMs(field: TimestampField, ms: bigint): bigint {
  const [mul, div] = UNIT_PER_MS[unitOf(field)];
  return floorDiv(ms * mul, div);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

const DAY_MS = 86_400_000n;

/** Rounds a timestamp down to the start of its bucket (UTC; weeks start on Monday). */
export function bucketStart(field: TimestampField, v: bigint): bigint {
  if (!field.bucket) return v;
  const ms = toMs(field, v);
  let start: bigint;
  switch (field.bucket) {
    case 'minute':
      start = floorDiv(ms, 60_000n) * 60_000n;
      break;
    case 'hour':
      start = floorDiv(ms, 3_600_000n) * 3_600_000n;
      break;
    case 'day':
      start = floorDiv(ms, DAY_MS) * DAY_MS;
      break;
    case 'week': {
      const days = floorDiv(ms, DAY_MS);
      const monday = days - ((((days + 3n) % 7n) + 7n) % 7n); // 1970-01-01 was a Thursday
      start = monday * DAY_MS;
      break;
    }
    case 'month': {
      const d = new Date(Number(ms));
      start = BigInt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
      break;
    }
    default:
      return assertNever(field.bucket);
  }
  return fromMs(field, start);
}

function encodeTimestamp(field: TimestampField, v: bigint): Uint8Array {
  if (field.format === 'iso') return utf8(isoText(field, v));
  const stored = field.reversed ? LONG_MAX - v : v;
  if (field.encoding === 'bigEndian') return encodeBigEndianInt64(stored);
  if (field.reversed && (v < 0n || v > LONG_MAX)) throw new KeyCodecError(`timestamp ${v} cannot be reversed: it must be between 0 and Long.MAX_VALUE`);
  return utf8(field.reversed ? stored.toString().padStart(19, '0') : padDecimal(stored, field.pad));
}

function decodeTimestamp(name: string, field: TimestampField, bytes: Uint8Array): bigint {
  if (field.format === 'iso') {
    const t = fromUtf8(bytes) ?? '';
    const v = parseIso(field, t);
    if (v === null) throw new KeyCodecError(`field ${name}: "${t}" is not an ISO time of this field's form`);
    return v;
  }
  let stored: bigint | null;
  if (field.encoding === 'bigEndian') {
    if (bytes.length !== 8) throw new KeyCodecError(`field ${name} needs 8 bytes, found ${bytes.length}`);
    stored = decodeBigEndianInt64(bytes);
  } else {
    const text = fromUtf8(bytes) ?? '';
    stored = parseDecimal(text);
    if (stored === null) throw new KeyCodecError(`field ${name} is not a decimal timestamp`);
    const canonical = field.reversed ? stored.toString().padStart(19, '0') : padDecimal(stored, field.pad);
    if (canonical !== text) throw new KeyCodecError(`field ${name}: "${text}" is not written as this field writes it ("${canonical}")`);
  }
  return field.reversed ? LONG_MAX - stored! : stored!;
}

/** ISO text: shorter for buckets (`2026-11`, `2026-11-30`, `2026-11-30T09`), full otherwise. */
function isoText(field: TimestampField, v: bigint): string {
  const ms = toMs(field, v);
  const full = new Date(Number(ms)).toISOString(); // 2026-11-30T00:42:30.123Z
  switch (field.bucket) {
    case 'month':
      return full.slice(0, 7);
    case 'week':
    case 'day':
      return full.slice(0, 10);
    case 'hour':
      return full.slice(0, 13);
    case 'minute':
      return full.slice(0, 16);
    case undefined:
      break;
    default:
      return assertNever(field.bucket);
  }
  const unit = unitOf(field);
  if (unit === 's') return `${full.slice(0, 19)}Z`;
  if (unit === 'ms') return full;
  const micros = ((v % 1_000_000n) + 1_000_000n) % 1_000_000n;
  return `${full.slice(0, 19)}.${micros.toString().padStart(6, '0')}Z`;
}

function parseIso(field: TimestampField, text: string): bigint | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?Z)?)?)?)?$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  if (Number.isNaN(ms)) return null;
  let v = fromMs(field, BigInt(ms));
  if (frac) {
    const unit = unitOf(field);
    if (unit === 'us') v += BigInt(frac.padEnd(6, '0'));
    else if (unit === 'ms') v += BigInt(frac.slice(0, 3));
  }
  // Only the exact text this field writes decodes: anything else is not of this design.
  return isoText(field, v) === text ? v : null;
}
