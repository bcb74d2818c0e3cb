// The TypeScript engine of the key builders (code export), first part: the types, bytes and
// field values (it mirrors src/core/keys values.ts and orderedcode.ts). Every generated
// TypeScript file (code-ts.ts) holds, after its header comments, the lines between the two
// markers of this file and then the engine part of keys.ts (engine-source.ts joins them), so
// the two read as one module there. Each file is also a module tsc checks with the project
// (strict, noUncheckedIndexedAccess), which is why this one ends with an export list for
// keys.ts that the generated file does not hold. Loaded as text (?raw), never imported as code.
// The numbers it compares (field kinds, units, buckets) are the tables of code.ts (KIND, UNIT,
// BUCKET, ENCODING).
// ---- engine: copied from here ----
export type KeyValue = string | bigint | Uint8Array;
export interface KeyRange {
  start: Uint8Array;
  /** Exclusive; null: to the end of the table. */
  end: Uint8Array | null;
}
export class KeyError extends Error {}

interface FieldSpec { name: string; kind: number; rev: boolean; len: number; enc: number; pad: number; unit: number; bucket: number; iso: boolean; buckets: number; of: number[] }
interface KeySpec { encoding: number; delimiter: Uint8Array; segments: { prefix: Uint8Array; suffix: Uint8Array; field: number }[]; fields: FieldSpec[] }
interface QuerySpec { steps: number[][]; end: number[]; params: number[][] }

const LONG_MAX = (1n << 63n) - 1n;
const LONG_MIN = -(1n << 63n);
const DAY = 86400000n;
const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}
function text(b: Uint8Array, name: string): string {
  try {
    return decoder.decode(b);
  } catch {
    throw new KeyError('field ' + name + ' is not valid UTF-8');
  }
}
function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
function startsAt(hay: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at + needle.length > hay.length) return false;
  for (let i = 0; i < needle.length; i++) if (hay[at + i] !== needle[i]) return false;
  return true;
}
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = from; i + needle.length <= hay.length; i++) if (startsAt(hay, needle, i)) return i;
  return -1;
}
function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
/** The smallest key after every key that starts with p (null: none, read to the end). */
export function successor(p: Uint8Array): Uint8Array | null {
  let end = p.length;
  while (end > 0 && p[end - 1] === 0xff) end--;
  if (end === 0) return null;
  const out = p.slice(0, end);
  out[end - 1] = out[end - 1]! + 1;
  return out;
}
function asText(v: KeyValue, name: string): string {
  if (typeof v !== 'string') throw new KeyError('field ' + name + ' needs text');
  return v;
}
function asInt(v: KeyValue, name: string): bigint {
  if (typeof v !== 'bigint') throw new KeyError('field ' + name + ' needs a bigint');
  return v;
}
function padDecimal(v: bigint, pad: number): string {
  const digits = (v < 0n ? -v : v).toString().padStart(pad, '0');
  return v < 0n ? '-' + digits : digits;
}
function parseDecimal(s: string, name: string): bigint {
  if (!/^-?[0-9]+$/.test(s)) throw new KeyError('field ' + name + ': "' + s + '" is not a decimal integer');
  return BigInt(s);
}
function checkInt64(v: bigint): void {
  if (v < LONG_MIN || v > LONG_MAX) throw new KeyError(v + ' does not fit in a signed 64-bit integer');
}
function bigEndian(v: bigint): Uint8Array {
  checkInt64(v);
  const out = new Uint8Array(8);
  let u = BigInt.asUintN(64, v);
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(u & 0xffn);
    u >>= 8n;
  }
  return out;
}
function fromBigEndian(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = 0; i < 8; i++) v = (v << 8n) | BigInt(b[i]!);
  return BigInt.asIntN(64, v);
}
/** Bigtable's Int64 OrderedCodeBytes: 1-10 bytes, order-preserving. */
function orderedInt(v: bigint): Uint8Array {
  checkInt64(v);
  const m = v < 0n ? -v - 1n : v;
  const len = Math.ceil(((m === 0n ? 0 : m.toString(2).length) + 1) / 7);
  const out = new Uint8Array(len);
  let u = BigInt.asUintN(len * 8, v);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(u & 0xffn);
    u >>= 8n;
  }
  out[0] = out[0]! ^ (len >= 8 ? 0xff : (0xff00 >> len) & 0xff);
  if (len > 8) out[1] = out[1]! ^ ((0xff00 >> (len - 8)) & 0xff);
  return out;
}
function fromOrderedInt(b: Uint8Array, at: number): [bigint, number] | null {
  if (at >= b.length) return null;
  const b0 = b[at]!;
  const neg = (b0 & 0x80) === 0;
  const word = ((b0 << 8) | (b[at + 1] ?? (neg ? 0xff : 0))) ^ (neg ? 0xffff : 0);
  let len = 0;
  while (len < 16 && (word & (0x8000 >> len)) !== 0) len++;
  if (len < 1 || len > 10 || at + len > b.length) return null;
  const buf = b.slice(at, at + len);
  buf[0] = buf[0]! ^ (len >= 8 ? 0xff : (0xff00 >> len) & 0xff);
  if (len > 8) buf[1] = buf[1]! ^ ((0xff00 >> (len - 8)) & 0xff);
  let v = 0n;
  for (const x of buf) v = (v << 8n) | BigInt(x);
  const value = BigInt.asIntN(len * 8, v);
  if (value < LONG_MIN || value > LONG_MAX || orderedInt(value).length !== len) return null;
  return [value, len];
}
/** 32-bit FNV-1a: the salt hash. */
function fnv1a32(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) {
    h ^= b[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
const MUL = [1n, 1n, 1000n];
const DIV = [1000n, 1n, 1n];
function toMs(unit: number, v: bigint): bigint {
  return floorDiv(v * DIV[unit]!, MUL[unit]!);
}
function fromMs(unit: number, ms: bigint): bigint {
  return floorDiv(ms * MUL[unit]!, DIV[unit]!);
}
function daysFromCivil(y0: bigint, m: bigint, d: bigint): bigint {
  const y = m <= 2n ? y0 - 1n : y0;
  const era = floorDiv(y, 400n);
  const yoe = y - era * 400n;
  const doy = (153n * ((m + 9n) % 12n) + 2n) / 5n + d - 1n;
  return era * 146097n + yoe * 365n + yoe / 4n - yoe / 100n + doy - 719468n;
}
function civilFromDays(z0: bigint): [bigint, bigint, bigint] {
  const z = z0 + 719468n;
  const era = floorDiv(z, 146097n);
  const doe = z - era * 146097n;
  const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const d = doy - (153n * mp + 2n) / 5n + 1n;
  const m = mp < 10n ? mp + 3n : mp - 9n;
  return [m <= 2n ? yoe + era * 400n + 1n : yoe + era * 400n, m, d];
}
/** Rounds down to the start of the bucket (UTC; weeks start on Monday). */
function bucketStart(f: FieldSpec, v: bigint): bigint {
  if (f.bucket === 0) return v;
  const ms = toMs(f.unit, v);
  let start: bigint;
  if (f.bucket === 1) start = floorDiv(ms, 60000n) * 60000n;
  else if (f.bucket === 2) start = floorDiv(ms, 3600000n) * 3600000n;
  else if (f.bucket === 3) start = floorDiv(ms, DAY) * DAY;
  else if (f.bucket === 4) {
    const days = floorDiv(ms, DAY);
    start = (days - ((((days + 3n) % 7n) + 7n) % 7n)) * DAY;
  } else {
    const [y, m] = civilFromDays(floorDiv(ms, DAY));
    start = daysFromCivil(y, m, 1n) * DAY;
  }
  return fromMs(f.unit, start);
}
function pad(n: bigint, w: number): string {
  return n.toString().padStart(w, '0');
}
function isoText(f: FieldSpec, v: bigint): string {
  const ms = toMs(f.unit, v);
  const days = floorDiv(ms, DAY);
  const rem = ms - days * DAY;
  const [y, mo, d] = civilFromDays(days);
  if (y < 0n || y > 9999n) throw new KeyError('ISO years have four digits, not ' + y);
  const date = pad(y, 4) + '-' + pad(mo, 2) + '-' + pad(d, 2);
  const hh = pad(rem / 3600000n, 2);
  const mi = pad((rem / 60000n) % 60n, 2);
  if (f.bucket === 5) return date.slice(0, 7);
  if (f.bucket === 4 || f.bucket === 3) return date;
  if (f.bucket === 2) return date + 'T' + hh;
  if (f.bucket === 1) return date + 'T' + hh + ':' + mi;
  const base = date + 'T' + hh + ':' + mi + ':' + pad((rem / 1000n) % 60n, 2);
  if (f.unit === 0) return base + 'Z';
  if (f.unit === 1) return base + '.' + pad(rem % 1000n, 3) + 'Z';
  return base + '.' + pad(((v % 1000000n) + 1000000n) % 1000000n, 6) + 'Z';
}
function parseIso(f: FieldSpec, s: string, name: string): bigint {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?Z)?)?)?)?$/.exec(s);
  const bad = new KeyError('field ' + name + ': "' + s + '" is not an ISO time of this field\'s form');
  if (!m) throw bad;
  const n = (x: string | undefined, d: bigint) => (x === undefined ? d : BigInt(x));
  const ms = daysFromCivil(BigInt(m[1]!), BigInt(m[2]!), n(m[3], 1n)) * DAY + n(m[4], 0n) * 3600000n + n(m[5], 0n) * 60000n + n(m[6], 0n) * 1000n;
  let v = fromMs(f.unit, ms);
  const frac = m[7];
  if (frac && f.unit === 2) v += BigInt(frac.padEnd(6, '0'));
  else if (frac && f.unit === 1) v += BigInt(frac.slice(0, 3));
  let again = '';
  try {
    again = isoText(f, v);
  } catch {
    throw bad;
  }
  if (again !== s) throw bad;
  return v;
}
function encodeTimestamp(f: FieldSpec, v0: bigint): Uint8Array {
  const v = bucketStart(f, v0);
  if (f.iso) return utf8(isoText(f, v));
  const stored = f.rev ? LONG_MAX - v : v;
  if (f.enc === 1) return bigEndian(stored);
  if (f.rev && (v < 0n || v > LONG_MAX)) throw new KeyError('timestamp ' + v + ' cannot be reversed: it must be between 0 and Long.MAX_VALUE');
  return utf8(f.rev ? stored.toString().padStart(19, '0') : padDecimal(stored, f.pad));
}
function decodeTimestamp(f: FieldSpec, b: Uint8Array): bigint {
  if (f.iso) return parseIso(f, text(b, f.name), f.name);
  let stored: bigint;
  if (f.enc === 1) {
    if (b.length !== 8) throw new KeyError('field ' + f.name + ' needs 8 bytes, found ' + b.length);
    stored = fromBigEndian(b);
  } else {
    let s = '';
    try {
      s = decoder.decode(b);
    } catch {
      s = '';
    }
    stored = parseDecimal(s, f.name);
  }
  return f.rev ? LONG_MAX - stored : stored;
}
function reverseDomain(host: string): string {
  return host.split('.').reverse().join('.');
}
function encodeField(f: FieldSpec, v: KeyValue): Uint8Array {
  switch (f.kind) {
    case 0:
    case 1:
      return utf8(asText(v, f.name));
    case 2:
      return utf8(f.rev ? reverseDomain(asText(v, f.name)) : asText(v, f.name));
    case 3:
      if (!(v instanceof Uint8Array) || v.length !== f.len) throw new KeyError('field ' + f.name + ' needs ' + f.len + ' bytes');
      return v;
    case 4: {
      const n = asInt(v, f.name);
      return f.enc === 1 ? bigEndian(n) : f.enc === 2 ? orderedInt(n) : utf8(padDecimal(n, f.pad));
    }
    case 5:
      return encodeTimestamp(f, asInt(v, f.name));
    default:
      return utf8(padDecimal(asInt(v, f.name), f.pad));
  }
}
function decodeField(f: FieldSpec, b: Uint8Array): KeyValue {
  switch (f.kind) {
    case 0:
      return text(b, f.name);
    case 1: {
      const t = text(b, f.name);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t)) throw new KeyError('field ' + f.name + ': "' + t + '" is not a UUID');
      return t;
    }
    case 2:
      return f.rev ? reverseDomain(text(b, f.name)) : text(b, f.name);
    case 3:
      return b.slice();
    case 4:
      if (f.enc === 1) {
        if (b.length !== 8) throw new KeyError('field ' + f.name + ' needs 8 bytes, found ' + b.length);
        return fromBigEndian(b);
      }
      if (f.enc === 2) {
        const d = fromOrderedInt(b, 0);
        if (!d || d[1] !== b.length) throw new KeyError('field ' + f.name + ' is not a valid ordered-code integer');
        return d[0];
      }
      return parseDecimal(text(b, f.name), f.name);
    case 5:
      return decodeTimestamp(f, b);
    default:
      return parseDecimal(text(b, f.name), f.name);
  }
}
// ---- engine: copied up to here ----
// For keys.ts, the second part (not copied: in the generated file both parts are one module).
export type { FieldSpec, KeySpec, QuerySpec };
export { EMPTY, utf8, concat, startsAt, indexOf, compare, asText, fromOrderedInt, fnv1a32, encodeField, decodeField };
