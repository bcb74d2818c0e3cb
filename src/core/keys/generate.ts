// Seeded synthetic values for every field type. Row i is written at simulated time
// start + i / writesPerSecond; timestamps follow that clock, other fields draw a rank from
// their distribution and turn it into a value.
import type { DomainField, Field, IntField, RowKey, StringField } from '../model/schema';
import { uuidText } from './uuid';
import { createCodec, type KeyCodec } from './codec';
import { ALPHABETS, DEFAULT_START_MS, DOMAIN_PARTS, intValue, MAX_TIME_MS, mix, rankDrawer, type GenerateOptions } from './generators';
import { Rng } from './random';
import { fnv1a32 } from './hash';
import { utf8 } from './bytes';
import { assertNever, KeyCodecError, type FieldValue, type KeyRecord } from './values';
import { packedKeys } from './writer';

export { DEFAULT_START_MS, type GenerateOptions } from './generators';

type ValueFn = (i: number, timeMs: number) => FieldValue;

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
  const value = intValue(f, rng);
  return (i) => BigInt(value(i));
}

function domainValues(f: DomainField, rng: Rng): ValueFn {
  const rank = rankDrawer(f, f.cardinality ?? 10000, rng);
  return (i) => {
    const k = rank(i);
    const { subdomains, tlds, salt } = DOMAIN_PARTS;
    const h = mix(k, salt, 0);
    const len = 4 + (h % 7);
    let name = '';
    for (let p = 0; p < len; p++) name += ALPHABETS.lower[mix(k, salt, p + 1) % 26]!;
    return `${subdomains[(h >>> 8) % subdomains.length]}.${name}.${tlds[(h >>> 16) % tlds.length]}`;
  };
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
    case 'uuid': {
      const version = field.version ?? 4;
      return (_i, t) => uuidText(rng, version, t);
    }
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

export { MAX_TIME_MS } from './generators';

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

/** The first n keys of the table (recordStream's keys, written by the fast key writer). */
export function sampleKeys(rowKey: RowKey, n: number, opts: GenerateOptions = {}): Uint8Array[] {
  const keys = packedKeys(rowKey, n, opts);
  const out: Uint8Array[] = new Array(keys.count);
  for (let k = 0; k < keys.count; k++) out[k] = keys.data.subarray(keys.starts[k]!, keys.ends[k]!);
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
