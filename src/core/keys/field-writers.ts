// One field's bytes for the key writer (writer.ts): an encoder per field that appends the
// field's bytes for row i to a reused buffer, exactly as encodeValue would write the value
// recordStream draws. Values a double cannot hold exactly take encodeValue itself.
import type { DomainField, Field, IntField, StringField, TimestampField } from '../model/schema';
import { uuidText } from './uuid';
import { ByteBuffer, utf8 } from './bytes';
import { fnv1a32 } from './hash';
import { ALPHABETS, DEFAULT_START_MS, DOMAIN_PARTS, intValue, MAX_TIME_MS, mixBase, mixRound, modulo, rankDrawer } from './generators';
import { Rng } from './random';
import { assertNever, encodeValue } from './values';

/** Appends the bytes of one field for row `i`. */
export type Encoder = (out: ByteBuffer, i: number) => void;

/** Simulated time: row i is written at min(startMs + i * 1000 / writesPerSecond, MAX_TIME_MS). */
export interface Clock {
  startMs: number;
  writesPerSecond: number;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** Signed decimal text of a safe integer, as padDecimal writes it. */
function signedDigits(out: ByteBuffer, v: number, pad: number): void {
  if (v < 0) {
    out.push(45);
    out.digits(-v, pad);
  } else out.digits(v, pad);
}

/** Two's complement big-endian int64 of a safe integer. */
function bigEndian(out: ByteBuffer, v: number): void {
  out.room(8);
  const hi = Math.floor(v / 4294967296);
  const lo = v - hi * 4294967296;
  const b = out.buf;
  const at = out.len;
  b[at] = (hi >>> 24) & 0xff;
  b[at + 1] = (hi >>> 16) & 0xff;
  b[at + 2] = (hi >>> 8) & 0xff;
  b[at + 3] = hi & 0xff;
  b[at + 4] = (lo >>> 24) & 0xff;
  b[at + 5] = (lo >>> 16) & 0xff;
  b[at + 6] = (lo >>> 8) & 0xff;
  b[at + 7] = lo & 0xff;
  out.len += 8;
}

/** The general path for one value: what encodeValue writes. */
function general(out: ByteBuffer, name: string, field: Field, value: bigint): void {
  out.append(encodeValue(name, field, value));
}

function stringEncoder(name: string, f: StringField, rng: Rng): Encoder {
  if (f.values) {
    const values = f.values.map(utf8);
    if (f.weights && f.weights.length === values.length) {
      const total = f.weights.reduce((a, b) => a + b, 0);
      const cum = new Float64Array(values.length);
      let acc = 0;
      f.weights.forEach((w, k) => (cum[k] = acc += w / total));
      const last = values.length - 1;
      return (out) => {
        // The first k with u < cum[k] (cum never decreases), else the last value.
        const u = rng.next();
        let lo = 0;
        let hi = values.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (u < cum[mid]!) hi = mid;
          else lo = mid + 1;
        }
        out.append(values[lo < values.length ? lo : last]!);
      };
    }
    const rank = rankDrawer(f, values.length, rng);
    return (out, i) => out.append(values[rank(i)]!);
  }
  const alphabet = utf8(ALPHABETS[f.alphabet ?? 'lower']);
  const length = f.length ?? 8;
  const rank = rankDrawer(f, f.cardinality ?? 10000, rng);
  const salt = fnv1a32(utf8(name));
  const prefix = utf8(f.prefix ?? '');
  const base = alphabet.length;
  if (f.distribution === 'sequential') {
    return (out, i) => {
      out.append(prefix);
      out.room(length);
      let k = rank(i);
      for (let p = length - 1; p >= 0; p--) {
        out.buf[out.len + p] = alphabet[k % base]!;
        k = Math.floor(k / base);
      }
      out.len += length;
    };
  }
  // The value of rank k, one hash a letter, into `dst` at `at`.
  const spell = (dst: Uint8Array, at: number, k: number) => {
    const m = mixBase(k, salt);
    for (let p = 0; p < length; p++) dst[at + p] = alphabet[modulo(mixRound(m, p), base)]!;
  };
  const cardinality = f.cardinality ?? 10000;
  // A small value set (a path of 1,000 values, 12 letters each) is spelled once a value, the
  // first time its rank is drawn, then copied: the same bytes, without a hash a letter. Larger
  // sets spell every draw (a table past the CPU caches costs more than it saves).
  if (Number.isInteger(cardinality) && cardinality * length <= TEXT_TABLE_BYTES) {
    const table = new Uint8Array(cardinality * length);
    const spelled = new Uint8Array(cardinality);
    return (out, i) => {
      out.append(prefix);
      out.room(length);
      const k = rank(i);
      const buf = out.buf;
      const at = out.len;
      if (k < cardinality) {
        const from = k * length;
        if (spelled[k] === 0) {
          spell(table, from, k);
          spelled[k] = 1;
        }
        for (let p = 0; p < length; p++) buf[at + p] = table[from + p]!;
      } else spell(buf, at, k);
      out.len += length;
    };
  }
  return (out, i) => {
    out.append(prefix);
    out.room(length);
    spell(out.buf, out.len, rank(i));
    out.len += length;
  };
}

/** The largest table of spelled values a text field keeps (bytes): well inside a core's L2. */
const TEXT_TABLE_BYTES = 256 * 1024;

function intEncoder(name: string, f: IntField, rng: Rng): Encoder {
  const value = intValue(f, rng);
  const pad = f.pad ?? 0;
  switch (f.encoding ?? 'decimal') {
    case 'decimal': {
      if (f.distribution === 'sequential') {
        // Row after row the value grows by one: its text is the last one's plus one, done on
        // the digits (zero padding takes the carry; one more digit than before writes it again).
        const last = new ByteBuffer();
        // The last value in a typed array: in a closure variable each new double is a heap number.
        const state = new Float64Array([NaN]);
        return (out, i) => {
          const v = value(i);
          if (!(v === state[0]! + 1 && v <= SAFE && addDigits(last, 1))) {
            last.len = 0;
            if (v >= 0 && v <= SAFE) last.digits(v, pad);
            else {
              // Negative and huge values are written as they come (rare: a sequence from below zero).
              state[0] = NaN;
              if (v >= -SAFE && v <= SAFE) signedDigits(out, v, pad);
              else general(out, name, f, BigInt(v));
              return;
            }
          }
          state[0] = v;
          out.copy(last.buf, last.len);
        };
      }
      return (out, i) => {
        const v = value(i);
        if (v >= -SAFE && v <= SAFE) signedDigits(out, v, pad);
        else general(out, name, f, BigInt(v));
      };
    }
    case 'bigEndian':
      return (out, i) => {
        const v = value(i);
        if (v >= -SAFE && v <= SAFE) bigEndian(out, v);
        else general(out, name, f, BigInt(v));
      };
    case 'orderedCode':
      return (out, i) => general(out, name, f, BigInt(value(i)));
    default:
      return assertNever(f.encoding as never);
  }
}

/** LONG_MAX - v as 19 decimal digits, for 0 <= v <= 2^53 (two limbs of 10^10). */
function reversedDigits(out: ByteBuffer, v: number): void {
  const vh = Math.floor(v / 1e10);
  let lo = 6854775807 - (v - vh * 1e10);
  let hi = 922337203 - vh;
  if (lo < 0) {
    lo += 1e10;
    hi -= 1;
  }
  out.digits(hi, 9);
  out.digits(lo, 10);
}

const DAY = 86_400_000;
const BUCKET_MS = { minute: 60_000, hour: 3_600_000, day: DAY } as const;

/**
 * floor(a / b) for integers held exactly in doubles (|a| < 2^53, b > 0). Exact: a / b is
 * rounded by at most |a / b| * 2^-53 < 1 / b, less than its distance to the next integer.
 */
function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/**
 * bucketStart in doubles: exact while every value stays an integer below 2^53 (the bounds per
 * unit below keep them there), else NaN and the general path does it. The value goes in and
 * out through io[1] and io[2], not as an argument and a result: a double passed to or returned
 * from a call that is not inlined is a new heap number each time.
 */
function numericBucketStart(f: TimestampField): (io: Float64Array) => void {
  const unit = f.unit ?? 'ms';
  // Seconds are multiplied by 1000 on the way to milliseconds, and a bucket start may lie a
  // month below the value: half the range leaves room for both.
  const limit = unit === 's' ? SAFE / 2000 : SAFE / 2;
  const bucket = f.bucket;
  if (bucket === undefined) {
    return (io) => {
      const raw = io[1]!;
      io[2] = raw >= -limit && raw <= limit ? raw : NaN;
    };
  }
  const size = bucket === 'minute' || bucket === 'hour' || bucket === 'day' ? BUCKET_MS[bucket] : DAY;
  return (io) => {
    const raw = io[1]!;
    if (!(raw >= -limit && raw <= limit)) {
      io[2] = NaN;
      return;
    }
    const ms = unit === 's' ? raw * 1000 : unit === 'us' ? floorDiv(raw, 1000) : raw;
    let start: number;
    switch (bucket) {
      case 'minute':
      case 'hour':
      case 'day':
        start = floorDiv(ms, size) * size;
        break;
      case 'week': {
        const days = floorDiv(ms, DAY);
        start = (days - (days + 3 - floorDiv(days + 3, 7) * 7)) * DAY; // 1970-01-01 was a Thursday
        break;
      }
      case 'month': {
        const d = new Date(ms);
        start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
        break;
      }
      default:
        start = assertNever(bucket);
    }
    io[2] = unit === 's' ? floorDiv(start, 1000) : unit === 'us' ? start * 1000 : start;
  };
}

function timestampEncoder(name: string, f: TimestampField, clock: Clock): Encoder {
  const perMs = f.unit === 's' ? 0.001 : f.unit === 'us' ? 1000 : 1;
  const pad = f.pad ?? 0;
  const bucketOf = numericBucketStart(f);
  const { startMs, writesPerSecond } = clock;
  // Neighbouring rows share a value (a bucket, the same millisecond): encode it once. The
  // last value is kept in a typed array: a double in a closure variable is a new heap number
  // each time it changes.
  // [the last value, a raw time in, its bucket start out (see numericBucketStart), the raw
  // times [lo, hi) whose value is the last one (NaN: none known)].
  const state = new Float64Array([NaN, 0, 0, NaN, NaN]);
  // A bucket's length in raw units (1 without a bucket: the value is the raw time); 0 for months.
  // Exact: whole seconds of milliseconds divided by 1000, not multiplied by 0.001.
  const spanMs = f.bucket === undefined || f.bucket === 'month' ? 0 : f.bucket === 'week' ? 7 * DAY : BUCKET_MS[f.bucket];
  const span = f.bucket === undefined ? 1 : f.unit === 's' ? spanMs / 1000 : f.unit === 'us' ? spanMs * 1000 : spanMs;
  const last = new ByteBuffer();
  // Decimal text (digits, or the 19 digits of LONG_MAX - v) of a later value is the last one's
  // plus (or minus) the step, done on the digits: a carry rarely goes past one or two of them.
  const decimal = f.format !== 'iso' && f.encoding !== 'bigEndian';
  let lastIsText = false;
  const encode = (out: ByteBuffer, v: number): void => {
    // ISO text, big-endian reversal and values out of range are rare: the exact general path.
    if (f.format === 'iso' || v < 0 || v > SAFE || (f.encoding === 'bigEndian' && f.reversed)) general(out, name, f, BigInt(v));
    else if (f.encoding === 'bigEndian') bigEndian(out, v);
    else if (f.reversed) reversedDigits(out, v);
    else out.digits(v, pad);
  };
  return (out, i) => {
    const t = Math.min(startMs + (i * 1000) / writesPerSecond, MAX_TIME_MS);
    const raw = Math.floor(t * perMs);
    // Inside the last value's bucket: the same value, without working the bucket out again.
    if (raw >= state[3]! && raw < state[4]!) {
      out.copy(last.buf, last.len);
      return;
    }
    state[1] = raw;
    bucketOf(state);
    const v = state[2]!;
    if (Number.isNaN(v)) {
      state[0] = NaN;
      state[3] = state[4] = NaN;
      general(out, name, f, BigInt(raw));
      return;
    }
    // The raw times of v's bucket: [v, v + span) (a fixed span; months differ, so none),
    // kept only well inside the range where the doubles are exact.
    if (span > 0 && v >= -SAFE / 4 && v <= SAFE / 4) {
      state[3] = v;
      state[4] = v + span;
    } else state[3] = state[4] = NaN;
    const lastValue = state[0]!;
    if (v !== lastValue) {
      const step = v - lastValue;
      // The step as an int32 (| 0, exact below STEP_LIMIT): passed as a double it would be boxed.
      const stepped = lastIsText && step > 0 && step < STEP_LIMIT && v <= SAFE && (f.reversed ? subtractDigits(last, step | 0) : addDigits(last, step | 0));
      state[0] = v;
      if (!stepped) {
        last.len = 0;
        encode(last, v);
        lastIsText = decimal && v >= 0 && v <= SAFE;
      }
    }
    out.copy(last.buf, last.len);
  };
}

/** Steps below 2^30 are added digit by digit in 32-bit integer arithmetic. */
const STEP_LIMIT = 0x40000000;

/**
 * Adds `step` to the decimal digits in `text`, in place; false when the sum needs one more digit
 * (the text is then to be written again, its digits having been changed).
 */
function addDigits(text: ByteBuffer, step: number): boolean {
  const b = text.buf;
  for (let p = text.len - 1; p >= 0; p--) {
    const sum = b[p]! - 48 + step;
    step = (sum / 10) | 0;
    b[p] = 48 + sum - step * 10;
    if (step === 0) return true;
  }
  return false;
}

/** Subtracts `step` from the decimal digits in `text`, in place; false when it would go below zero. */
function subtractDigits(text: ByteBuffer, step: number): boolean {
  const b = text.buf;
  for (let p = text.len - 1; p >= 0; p--) {
    const diff = b[p]! - 48 - step;
    if (diff >= 0) {
      b[p] = 48 + diff;
      return true;
    }
    step = ((9 - diff) / 10) | 0; // the borrow: the fewest tens that make diff a digit
    b[p] = 48 + diff + step * 10;
  }
  return false;
}

function uuidEncoder(rng: Rng): Encoder {
  // Byte v as two hex digits at HEX2[2v], HEX2[2v + 1].
  const digits = utf8('0123456789abcdef');
  const HEX2 = new Uint8Array(512);
  for (let v = 0; v < 256; v++) {
    HEX2[2 * v] = digits[v >> 4]!;
    HEX2[2 * v + 1] = digits[v & 15]!;
  }
  // The 16 bytes are those of rng.fill: four words, each little-endian (byte k is bits 8k..).
  const word = (b: Uint8Array, at: number, w: number): void => {
    const v0 = 2 * (w & 0xff);
    const v1 = 2 * ((w >>> 8) & 0xff);
    const v2 = 2 * ((w >>> 16) & 0xff);
    const v3 = 2 * (w >>> 24);
    b[at] = HEX2[v0]!;
    b[at + 1] = HEX2[v0 + 1]!;
    b[at + 2] = HEX2[v1]!;
    b[at + 3] = HEX2[v1 + 1]!;
    b[at + 4] = HEX2[v2]!;
    b[at + 5] = HEX2[v2 + 1]!;
    b[at + 6] = HEX2[v3]!;
    b[at + 7] = HEX2[v3 + 1]!;
  };
  // A word whose eight digits a dash splits after the fourth (nine bytes): written whole, then its
  // last four digits moved one place on.
  const dashedWord = (b: Uint8Array, at: number, w: number): void => {
    word(b, at, w);
    b[at + 8] = b[at + 7]!;
    b[at + 7] = b[at + 6]!;
    b[at + 6] = b[at + 5]!;
    b[at + 5] = b[at + 4]!;
    b[at + 4] = 45;
  };
  // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: bytes 0-3, 4-5, 6-7, 8-9, 10-15.
  const drawn = new Int32Array(4);
  return (out) => {
    rng.words(drawn, 4); // one call for the four words (each its own call was not inlined)
    // Kept as int32 (word() reads bytes with >>> and &): as uint32, a word above 2^31 would be a
    // double, and a heap number when passed to a call that is not inlined.
    const w0 = drawn[0]!;
    // The version nibble: byte 6 (bits 16-23 of the second word) becomes 0100xxxx.
    const w1 = (drawn[1]! & 0xff0fffff) | 0x00400000;
    // The variant: byte 8 (bits 0-7 of the third word) becomes 10xxxxxx.
    const w2 = (drawn[2]! & 0xffffff3f) | 0x80;
    const w3 = drawn[3]!;
    out.room(36);
    const b = out.buf;
    const at = out.len;
    word(b, at, w0);
    b[at + 8] = 45;
    // w1's bytes 4, 5 | 6, 7 and w2's 8, 9 | 10, 11 are split by dashes.
    dashedWord(b, at + 9, w1);
    b[at + 18] = 45;
    dashedWord(b, at + 19, w2);
    word(b, at + 28, w3);
    out.len = at + 36;
  };
}

function domainEncoder(f: DomainField, rng: Rng): Encoder {
  const rank = rankDrawer(f, f.cardinality ?? 10000, rng);
  const { subdomains, tlds, salt } = DOMAIN_PARTS;
  const subs = subdomains.map(utf8);
  const tldLabels = tlds.map((t) => t.split('.').map(utf8));
  const lower = utf8(ALPHABETS.lower);
  const name = new Uint8Array(16);
  // The busiest ranks' names (zipf draws land there most), spelled once and then copied: the
  // same bytes. A slot holds a name of up to DOMAIN_SLOT - 1 bytes; a longer one is spelled
  // every time.
  const cached = Math.min(f.cardinality ?? 10000, DOMAIN_CACHE);
  const slots = new Uint8Array(cached * DOMAIN_SLOT);
  const lengths = new Uint8Array(cached);
  return (out, i) => {
    const k = rank(i);
    const hit = k < cached ? lengths[k]! : 0;
    if (hit > 0) {
      out.room(hit);
      const buf = out.buf;
      const at = out.len;
      const from = k * DOMAIN_SLOT;
      for (let p = 0; p < hit; p++) buf[at + p] = slots[from + p]!;
      out.len = at + hit;
      return;
    }
    const start = out.len;
    spell(out, k);
    const n = out.len - start;
    if (k < cached && n < DOMAIN_SLOT) {
      slots.set(out.buf.subarray(start, out.len), k * DOMAIN_SLOT);
      lengths[k] = n;
    }
  };
  function spell(out: ByteBuffer, k: number): void {
    const m = mixBase(k, salt);
    const h = mixRound(m, 0);
    const len = 4 + modulo(h, 7);
    for (let p = 0; p < len; p++) name[p] = lower[modulo(mixRound(m, p + 1), 26)]!;
    const sub = subs[(h >>> 8) % subs.length]!;
    const tld = tldLabels[(h >>> 16) % tldLabels.length]!;
    if (f.reversed) {
      for (let t = tld.length - 1; t >= 0; t--) {
        out.append(tld[t]!);
        out.push(46);
      }
      out.copy(name, len);
      out.push(46);
      out.append(sub);
    } else {
      out.append(sub);
      out.push(46);
      out.copy(name, len);
      for (const label of tld) {
        out.push(46);
        out.append(label);
      }
    }
  }
}

/** Ranks of a domain field whose names are kept, and the bytes a kept name may take. */
const DOMAIN_CACHE = 16384;
const DOMAIN_SLOT = 48;

/** The field's encoder; a timestamp reads the time of row i from `clock`. */
export function fieldEncoder(name: string, field: Field, seed: number, clock: Clock = { startMs: DEFAULT_START_MS, writesPerSecond: 1000 }): Encoder | null {
  const rng = new Rng(seed, name);
  switch (field.type) {
    case 'string':
      return stringEncoder(name, field, rng);
    case 'int':
      return intEncoder(name, field, rng);
    case 'timestamp':
      return timestampEncoder(name, field, clock);
    case 'uuid': {
      if ((field.version ?? 4) === 4) return uuidEncoder(rng);
      // A v7 carries the row's time: the general text, as recordStream writes it.
      const { startMs, writesPerSecond } = clock;
      return (out, i) => out.append(utf8(uuidText(rng, 7, Math.min(startMs + (i * 1000) / writesPerSecond, MAX_TIME_MS))));
    }
    case 'domain':
      return domainEncoder(field, rng);
    case 'bytes': {
      const bytes = new Uint8Array(field.length ?? 8);
      return (out) => out.append(rng.fill(bytes));
    }
    case 'hash':
      return null; // from the other fields, once they are written
    default:
      return assertNever(field);
  }
}
