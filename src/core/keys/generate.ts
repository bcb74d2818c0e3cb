// Seeded synthetic values for every field type. Row i is written at simulated time
// start + i / writesPerSecond; timestamps follow that clock, other fields draw a rank from
// their distribution and turn it into a value.
import type { DomainField, Field, IntField, RowKey, StringField } from '../model/schema';
import { createCodec, type KeyCodec } from './codec';
import { Rng, zipfSampler } from './random';
import { fnv1a32 } from './hash';
import { utf8 } from './bytes';
import { assertNever, KeyCodecError, type FieldValue, type KeyRecord } from './values';

/** 2026-01-01T00:00:00Z: the default start of simulated time, fixed so output is reproducible. */
export const DEFAULT_START_MS = 1767225600000;

export interface GenerateOptions {
  seed?: number;
  startMs?: number;
  writesPerSecond?: number;
}

type ValueFn = (i: number, timeMs: number) => FieldValue;

const ALPHABETS: Record<NonNullable<StringField['alphabet']>, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  alnum: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  hex: '0123456789abcdef',
  digits: '0123456789',
};

/** A stateless 32-bit mix of (rank, salt): distinct ranks give unrelated-looking values. */
function mix(k: number, salt: number, round: number): number {
  let z = (Math.imul(k >>> 0, 0x9e3779b1) ^ Math.imul(Math.floor(k / 4294967296), 0x85ebca6b) ^ salt ^ Math.imul(round, 0xc2b2ae35)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function rankDrawer(
  field: { distribution?: 'uniform' | 'zipf' | 'sequential' | 'hot' | undefined; skew?: number | undefined; share?: number | undefined },
  cardinality: number,
  rng: Rng,
): (i: number) => number {
  switch (field.distribution ?? 'uniform') {
    case 'uniform':
      return () => rng.below(cardinality);
    case 'zipf': {
      const z = zipfSampler(cardinality, field.skew ?? 1.1);
      return () => z(rng);
    }
    case 'sequential':
      return (i) => i % cardinality;
    case 'hot': {
      const share = field.share ?? 0.5;
      return () => (cardinality <= 1 || rng.next() < share ? 0 : 1 + rng.below(cardinality - 1));
    }
    default:
      return assertNever(field.distribution as never);
  }
}

function stringValues(name: string, f: StringField, rng: Rng): ValueFn {
  if (f.values) {
    const values = f.values;
    if (f.weights && f.weights.length === values.length) {
      const total = f.weights.reduce((a, b) => a + b, 0);
      const cum: number[] = [];
      let acc = 0;
      for (const w of f.weights) cum.push((acc += w / total));
      return () => {
        const u = rng.next();
        let k = cum.findIndex((c) => u < c);
        if (k < 0) k = values.length - 1;
        return values[k]!;
      };
    }
    const rank = rankDrawer(f, values.length, rng);
    return (i) => values[rank(i)]!;
  }
  const alphabet = ALPHABETS[f.alphabet ?? 'lower'];
  const length = f.length ?? 8;
  const card = f.cardinality ?? 10000;
  const rank = rankDrawer(f, card, rng);
  // Each field its own value space: two fields of the same shape must not share values.
  const salt = fnv1a32(utf8(name));
  const prefix = f.prefix ?? '';
  const base = alphabet.length;
  if (f.distribution === 'sequential') {
    // Auto-increment: the rank written in the alphabet, so the values ascend.
    return (i) => {
      let k = rank(i);
      let s = '';
      for (let p = 0; p < length; p++) {
        s = alphabet[k % base]! + s;
        k = Math.floor(k / base);
      }
      return prefix + s;
    };
  }
  return (i) => {
    const k = rank(i);
    let s = '';
    for (let p = 0; p < length; p++) s += alphabet[mix(k, salt, p) % base]!;
    return prefix + s;
  };
}

function intValues(f: IntField, rng: Rng): ValueFn {
  const min = f.min ?? 0;
  // An unbounded auto-increment keeps counting; a bounded one wraps around its range.
  const span = f.cardinality ?? (f.max !== undefined ? f.max - min + 1 : f.distribution === 'sequential' ? Number.MAX_SAFE_INTEGER - Math.max(0, min) : 1_000_000);
  const rank = rankDrawer(f, Math.max(1, span), rng);
  return (i) => BigInt(min + rank(i));
}

const SUBDOMAINS = ['www', 'api', 'blog', 'shop', 'm', 'docs', 'cdn', 'news'];
const TLDS = ['com', 'com', 'com', 'org', 'net', 'io', 'de', 'co.uk', 'fr', 'jp'];

function domainValues(f: DomainField, rng: Rng): ValueFn {
  const rank = rankDrawer(f, f.cardinality ?? 10000, rng);
  return (i) => {
    const k = rank(i);
    const h = mix(k, 0x2545f491, 0);
    const len = 4 + (h % 7);
    let name = '';
    for (let p = 0; p < len; p++) name += ALPHABETS.lower[mix(k, 0x2545f491, p + 1) % 26]!;
    return `${SUBDOMAINS[(h >>> 8) % SUBDOMAINS.length]}.${name}.${TLDS[(h >>> 16) % TLDS.length]}`;
  };
}

function uuidV4(rng: Rng): string {
  const b = rng.fill(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function valueFn(name: string, field: Field, seed: number): ValueFn {
  const rng = new Rng(seed, name);
  switch (field.type) {
    case 'string':
      return stringValues(name, field, rng);
    case 'int':
      return intValues(field, rng);
    case 'timestamp': {
      const perMs = field.unit === 's' ? 0.001 : field.unit === 'us' ? 1000 : 1;
      return (_i, t) => BigInt(Math.floor(t * perMs));
    }
    case 'uuid':
      return () => uuidV4(rng);
    case 'domain':
      return domainValues(field, rng);
    case 'bytes': {
      const len = field.length ?? 8;
      return () => rng.fill(new Uint8Array(len));
    }
    case 'hash':
      return () => 0n; // computed by the codec from the other fields
    default:
      return assertNever(field);
  }
}

export interface RecordStream {
  codec: KeyCodec;
  /** The record of row `index` (rows are drawn in order; call with 0, 1, 2, ...). */
  next(): { record: KeyRecord; key: Uint8Array; timeMs: number };
}

/** 9999-12-31T23:59:59.999Z: generated time never goes past it. */
export const MAX_TIME_MS = 253_402_300_799_999;

export function recordStream(rowKey: RowKey, opts: GenerateOptions = {}): RecordStream {
  const codec = createCodec(rowKey);
  const seed = opts.seed ?? 1;
  const start = opts.startMs ?? DEFAULT_START_MS;
  const wps = opts.writesPerSecond && opts.writesPerSecond > 0 ? opts.writesPerSecond : 1000;
  const fns = codec.layout.fields.map((name) => [name, valueFn(name, rowKey.fields[name]!, seed)] as const);
  let i = 0;
  return {
    codec,
    next() {
      // A tiny rate (1e-300 writes/s) would put row 2 past any date (or at Infinity): the clock
      // stops at the last millisecond of year 9999, the end of ISO dates. Below it nothing changes.
      const timeMs = Math.min(start + (i * 1000) / wps, MAX_TIME_MS);
      const record: KeyRecord = {};
      for (const [name, fn] of fns) record[name] = fn(i, timeMs);
      i++;
      return { record, key: codec.encode(record), timeMs };
    },
  };
}

export function sampleKeys(rowKey: RowKey, n: number, opts: GenerateOptions = {}): Uint8Array[] {
  const s = recordStream(rowKey, opts);
  const out: Uint8Array[] = new Array(n);
  for (let k = 0; k < n; k++) out[k] = s.next().key;
  return out;
}

/** The example record: each field's `example` where given, else the first generated value. */
export function exampleRecord(rowKey: RowKey, opts: GenerateOptions = {}): KeyRecord {
  const record = recordStream(rowKey, opts).next().record;
  for (const [name, f] of Object.entries(rowKey.fields)) {
    if (f.example === undefined || !(name in record)) continue;
    record[name] = exampleValue(name, f, f.example);
  }
  return record;
}

export function exampleValue(name: string, f: Field, ex: string | number): FieldValue {
  switch (f.type) {
    case 'string':
    case 'uuid':
    case 'domain':
      return String(ex);
    case 'bytes':
      return new TextEncoder().encode(String(ex));
    case 'int':
    case 'hash':
      if (typeof ex === 'number' || /^-?\d+$/.test(ex)) return BigInt(ex);
      throw new KeyCodecError(`example of ${name} must be an integer`);
    case 'timestamp': {
      if (typeof ex === 'number' || /^-?\d+$/.test(ex)) return BigInt(ex);
      const ms = Date.parse(ex);
      if (Number.isNaN(ms)) throw new KeyCodecError(`example of ${name} must be a number or an ISO time`);
      const per = f.unit === 's' ? 0.001 : f.unit === 'us' ? 1000 : 1;
      return BigInt(Math.floor(ms * per));
    }
    default:
      return assertNever(f);
  }
}
