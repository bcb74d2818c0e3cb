// One column's values -> a field type and its options, with a confidence: the share of values
// the type explains, times how sure the type is given they fit (a UUID is a UUID; ten digits in
// the epoch range may be a timestamp or just a number).
import { formatPercent } from '../units';
import type { Field } from '../model/schema';
import { fromUtf8 } from '../keys/bytes';
import { decodeBigEndianInt64, decodeOrderedInt64 } from '../keys/orderedcode';
import { LONG_MAX } from '../keys/values';
import { ascending, countValues, spreadOf, type Spread } from './distribution';

export type Guess =
  | { kind: 'literal'; text: string; confidence: number; note: string }
  | {
      kind: 'field';
      field: Field;
      /** Literal text in front of the field in its segment (`week{week}`). */
      prefix: string;
      confidence: number;
      note: string;
      /** A name suggested by the values (`tenant_` -> tenant). */
      name?: string;
      /**
       * A salt candidate: fixed width digits in the first column. `probe`: the sample saw only
       * some of the values 0..buckets-1 (contiguous runs of a sorted table), so it is a salt
       * only if FNV-1a of the other fields reproduces it, with `buckets` the least count tried.
       */
      salt?: { buckets: number; width: number; probe?: boolean };
    };

export interface ColumnContext {
  /** Keys in the whole input. */
  total: number;
  first: boolean;
  columns: number;
  /** The sample is in byte order (a pulled table): an ascending field says nothing. */
  sorted: boolean;
  orderedCode: boolean;
}

const AGREE = 0.9;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^-?[0-9]+$/;
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
const TLDS = new Set([
  'com',
  'org',
  'net',
  'io',
  'de',
  'uk',
  'fr',
  'jp',
  'edu',
  'gov',
  'co',
  'us',
  'nl',
  'it',
  'es',
  'ca',
  'au',
  'ru',
  'cn',
  'br',
  'in',
  'info',
  'biz',
  'dev',
  'app',
]);
const ISO_FORMS: { re: RegExp; bucket?: 'month' | 'day' | 'hour' | 'minute'; unit?: 's' | 'us' }[] = [
  { re: /^\d{4}-\d{2}$/, bucket: 'month' },
  { re: /^\d{4}-\d{2}-\d{2}$/, bucket: 'day' },
  { re: /^\d{4}-\d{2}-\d{2}T\d{2}$/, bucket: 'hour' },
  { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, bucket: 'minute' },
  { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, unit: 's' },
  { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/ },
  { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, unit: 'us' },
];
/** Epoch ranges 2000-01-01 .. 2100-01-01 per unit. */
const EPOCH: Record<'s' | 'ms' | 'us', [bigint, bigint]> = {
  s: [946684800n, 4102444800n],
  ms: [946684800000n, 4102444800000n],
  us: [946684800000000n, 4102444800000000n],
};
const UNIT_MS: Record<'s' | 'ms' | 'us', number> = { s: 1000, ms: 1, us: 0.001 };
const round2 = (x: number) => Math.round(x * 100) / 100;
const share = <T>(xs: readonly T[], p: (x: T) => boolean) => (xs.length ? xs.filter(p).length / xs.length : 0);

function epochUnit(vs: readonly bigint[]): 's' | 'ms' | 'us' | null {
  for (const u of ['s', 'ms', 'us'] as const) {
    const [lo, hi] = EPOCH[u];
    if (share(vs, (v) => v >= lo && v < hi) >= AGREE) return u;
  }
  return null;
}

/** The coarsest bucket every value starts (needs two distinct values to say anything). */
function epochBucket(vs: readonly bigint[], unit: 's' | 'ms' | 'us'): 'minute' | 'hour' | 'day' | 'week' | 'month' | undefined {
  if (new Set(vs).size < 2) return undefined;
  const ms = vs.map((v) => Number(v) * UNIT_MS[unit]);
  const all = (p: (d: Date, m: number) => boolean) => share(ms, (m) => p(new Date(m), m)) >= AGREE;
  const day = (m: number) => m % 86_400_000 === 0;
  if (all((d, m) => day(m) && d.getUTCDate() === 1)) return 'month';
  if (all((d, m) => day(m) && d.getUTCDay() === 1)) return 'week';
  if (all((_d, m) => day(m))) return 'day';
  if (all((_d, m) => m % 3_600_000 === 0)) return 'hour';
  if (all((_d, m) => m % 60_000 === 0)) return 'minute';
  return undefined;
}

function spreadOptions(s: Spread): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  if (s.distribution) o.distribution = s.distribution;
  if (s.skew !== undefined) o.skew = s.skew;
  if (s.share !== undefined) o.share = s.share;
  return o;
}

function spreadNote(s: Spread): string {
  const card = `${s.lowerBound ? 'at least ' : '~'}${s.cardinality} distinct`;
  if (s.distribution === 'zipf') return `${card}, zipf (skew ${s.skew})`;
  if (s.distribution === 'hot') return `${card}, one hot value (${formatPercent(s.share!, 'whole')} of keys)`;
  if (s.distribution === 'sequential') return `${card}, ascending`;
  return `${card}, uniform`;
}

/**
 * The longest len (below the first non-empty value's length) such that AGREE of the values start
 * with its first len characters and go on past them. Each value reaches len up to its common
 * prefix with that value and its own length less one; the answer is the reach enough values
 * attain. Linear in the characters: a prefix tried one length at a time, each over every value,
 * took minutes on a key of 100 KB.
 */
export function sharedPrefixLength(vs: readonly string[]): number {
  const first = vs.find((v) => v.length > 0) ?? '';
  const reach = vs.map((v) => {
    const end = Math.min(first.length - 1, v.length - 1);
    let n = 0;
    while (n < end && v.charCodeAt(n) === first.charCodeAt(n)) n++;
    return n;
  });
  reach.sort((a, b) => b - a);
  let enough = 1;
  while (enough < vs.length && enough / vs.length < AGREE) enough++;
  return vs.length && enough / vs.length >= AGREE ? reach[enough - 1]! : 0;
}

/** The prefix most values share, cut back to where a word or number ends (`tenant_0` -> `tenant_`). */
export function commonPrefix(vs: readonly string[]): string {
  const first = vs.find((v) => v.length > 0) ?? '';
  let p = sharedPrefixLength(vs);
  // Up to the first digit: `tenant_0412` -> `tenant_`, `week2026-01-05` -> `week`.
  const digit = first.slice(0, p).search(/[0-9]/);
  if (digit >= 0) p = digit;
  // Never half a character: a prefix that ends on a high surrogate keeps its pair together.
  if (p > 0 && p < first.length && /[\uD800-\uDBFF]/.test(first[p - 1]!)) p--;
  const cls = (c: string) => (/[A-Za-z]/.test(c) ? 'a' : 'p');
  while (p > 0 && p < first.length && cls(first[p - 1]!) === 'a' && cls(first[p]!) === 'a') p--;
  return first.slice(0, p);
}

export function classifyColumn(raw: readonly Uint8Array[], ctx: ColumnContext): Guess {
  const texts = raw.map((b) => fromUtf8(b));
  const textShare = share(texts, (t) => t !== null && !/[\u0000-\u001f\u007f]/.test(t));
  if (ctx.orderedCode && textShare < 1) {
    const ints = raw.map((b) => decodeOrderedInt64(b));
    const ok = raw.filter((b, i) => ints[i] && ints[i]!.length === b.length).length / raw.length;
    if (ok >= AGREE) {
      const vs = ints.filter((x) => x).map((x) => x!.value);
      return intGuess(
        vs,
        raw.map((_, i) => String(ints[i]?.value ?? '')),
        ok,
        ctx,
        { encoding: 'orderedCode' },
      );
    }
  }
  if (textShare < AGREE) return binaryGuess(raw, ctx);
  return textGuess(
    texts.map((t) => t ?? ''),
    ctx,
    true,
  );
}

function binaryGuess(raw: readonly Uint8Array[], ctx: ColumnContext): Guess {
  const width = raw[0]?.length ?? 8;
  const fit = share(raw, (b) => b.length === width);
  if (width === 8) {
    const vs = raw.filter((b) => b.length === 8).map((b) => decodeBigEndianInt64(b)!);
    const unit = epochUnit(vs);
    if (unit) return tsGuess(vs, unit, fit * 0.9, { encoding: 'bigEndian' }, 'epoch, 8 bytes big-endian');
    const reversed = reversedTsGuess(vs, fit * 0.9, { encoding: 'bigEndian' }, 'reversed epoch (Long.MAX_VALUE - t), 8 bytes big-endian');
    if (reversed) return reversed;
    return intGuess(vs, vs.map(String), fit, ctx, { encoding: 'bigEndian' });
  }
  // A bytes field holds at most 4,096 bytes (the format's bound): wider runs are said, not written.
  const length = Math.min(width, MAX_BYTES_LENGTH);
  const note = length < width ? `${width} raw bytes (a bytes field holds at most ${MAX_BYTES_LENGTH})` : `${width} raw bytes`;
  return { kind: 'field', field: { type: 'bytes', length }, prefix: '', confidence: round2(fit * (length < width ? 0.35 : 0.7)), note };
}

function tsGuess(vs: readonly bigint[], unit: 's' | 'ms' | 'us', confidence: number, extra: Record<string, unknown>, what: string): Guess {
  const bucket = extra.reversed ? undefined : epochBucket(vs, unit);
  const field = { type: 'timestamp', unit, ...(bucket ? { bucket } : {}), ...extra } as Field;
  return {
    kind: 'field',
    field,
    prefix: '',
    confidence: round2(confidence),
    note: `${what} in ${unit}${bucket ? `, ${bucket} buckets` : ''}`,
    name: bucket ?? 'ts',
  };
}

/** The values read as reversed times (Long.MAX_VALUE - t): a reversed timestamp, or null when they are no epoch times. */
function reversedTsGuess(vs: readonly bigint[], confidence: number, extra: Record<string, unknown>, what: string): Guess | null {
  const times = vs.map((v) => LONG_MAX - v);
  const unit = epochUnit(times);
  return unit ? tsGuess(times, unit, confidence, { ...extra, reversed: true }, what) : null;
}

function textGuess(vs: readonly string[], ctx: ColumnContext, allowPrefix: boolean): Guess {
  const n = vs.length;
  const distinct = new Set(vs);
  if (distinct.size === 1 && !ctx.orderedCode && /^[A-Za-z][A-Za-z_.-]*$/.test(vs[0]!) && n >= 3) {
    return { kind: 'literal', text: vs[0]!, confidence: 1, note: 'the same text in every key' };
  }
  if (share(vs, (v) => UUID.test(v)) >= AGREE) {
    // Version 7 (the version digit after the second dash): the first 48 bits are the time.
    const v7 = share(vs, (v) => v[14] === '7') >= AGREE;
    return {
      kind: 'field',
      field: v7 ? { type: 'uuid', version: 7 } : { type: 'uuid' },
      prefix: '',
      confidence: round2(share(vs, (v) => UUID.test(v))),
      note: v7 ? 'time-ordered UUIDs (v7)' : 'UUIDs',
      name: 'id',
    };
  }
  for (const form of ISO_FORMS) {
    const fit = share(vs, (v) => form.re.test(v));
    if (fit < AGREE) continue;
    let bucket: string | undefined = form.bucket;
    if (bucket === 'day' && share(vs, (v) => new Date(`${v}T00:00:00Z`).getUTCDay() === 1) >= AGREE) bucket = 'week';
    const field = { type: 'timestamp', format: 'iso', ...(form.unit ? { unit: form.unit } : {}), ...(bucket ? { bucket } : {}) } as Field;
    return { kind: 'field', field, prefix: '', confidence: round2(fit), note: `ISO 8601 ${bucket ? `${bucket} buckets` : 'times'}`, name: bucket ?? 'ts' };
  }
  const digitShare = share(vs, (v) => DIGITS.test(v));
  if (digitShare >= AGREE) {
    const nums = vs.filter((v) => DIGITS.test(v));
    const big = nums.map((v) => BigInt(v));
    const lengths = new Set(nums.map((v) => v.length));
    if (lengths.size === 1 && lengths.has(19)) {
      const reversed = reversedTsGuess(big, digitShare * 0.95, {}, 'reversed epoch (Long.MAX_VALUE - t, 19 digits)');
      if (reversed) return reversed;
    }
    const noLeadingZero = nums.every((v) => !/^-?0\d/.test(v));
    const unit = noLeadingZero ? epochUnit(big) : null;
    if (unit) return tsGuess(big, unit, digitShare * 0.9, {}, 'epoch');
    return intGuess(big, nums, digitShare, ctx, {});
  }
  if (allowPrefix) {
    const prefix = commonPrefix(vs);
    if (prefix) {
      const rest = vs.map((v) => (v.startsWith(prefix) ? v.slice(prefix.length) : v));
      const inner = textGuess(rest, ctx, false);
      const name = /^[A-Za-z][A-Za-z0-9]*/.exec(prefix)?.[0]?.toLowerCase();
      if (inner.kind === 'field' && inner.field.type === 'timestamp' && !ctx.orderedCode) {
        return { ...inner, prefix, note: `"${prefix}" then ${inner.note}`, ...(name ? { name } : {}) };
      }
      if (inner.kind === 'field' && (inner.field.type === 'string' || inner.field.type === 'int')) {
        const s = stringGuess(rest, ctx, prefix);
        return { ...s, ...(name ? { name } : {}) };
      }
    }
  }
  if (share(vs, (v) => HOST.test(v) && /[a-z]/i.test(v)) >= AGREE) {
    const reversed = share(vs, (v) => TLDS.has(v.split('.')[0]!.toLowerCase())) >= 0.5;
    const s = spreadOf(countValues(vs), n, ctx.total);
    const field = { type: 'domain', ...(reversed ? { reversed: true } : {}), cardinality: s.cardinality, ...spreadOptions(s) } as Field;
    return {
      kind: 'field',
      field,
      prefix: '',
      confidence: round2(share(vs, (v) => HOST.test(v)) * 0.85),
      note: `host names${reversed ? ', reversed' : ''}, ${spreadNote(s)}`,
      name: 'domain',
    };
  }
  return stringGuess(vs, ctx, '');
}

/** The format's bound of a bytes field's length. */
const MAX_BYTES_LENGTH = 4096;
/** The format's bounds of a string field: a value of `values`, and `prefix` (in UTF-16 units, as zod counts). */
const MAX_VALUE_CHARS = 1024;
const MAX_PREFIX_CHARS = 256;

/** A prefix the format holds: its first 256 UTF-16 units, never half a surrogate pair. */
function fitPrefix(prefix: string): string {
  if (prefix.length <= MAX_PREFIX_CHARS) return prefix;
  let out = '';
  for (const ch of prefix) {
    if (out.length + ch.length > MAX_PREFIX_CHARS) break;
    out += ch;
  }
  return out;
}

function stringGuess(vs: readonly string[], ctx: ColumnContext, prefix: string): Guess & { kind: 'field' } {
  const n = vs.length;
  const counts = countValues(vs);
  const full = prefix ? vs.map((v) => prefix + v) : vs;
  // A closed set only of values the format can hold (at most 1,024 characters each).
  if (counts.size <= 1000 && counts.size <= Math.max(1, n / 5) && full.every((v) => v.length <= MAX_VALUE_CHARS)) {
    const sorted = [...countValues(full).entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const uniformish = sorted[0]![1] <= sorted[sorted.length - 1]![1] * 1.5;
    const field = { type: 'string', values: sorted.map((e) => e[0]), ...(uniformish ? {} : { weights: sorted.map((e) => e[1]) }) } as Field;
    return {
      kind: 'field',
      field,
      prefix: '',
      confidence: 0.9,
      note: `a closed set of ${sorted.length} values${uniformish ? ', even' : ', weighted as sampled'}`,
      name: 'kind',
    };
  }
  const chars = new Set(vs.join(''));
  const within = (a: string) => [...chars].every((c) => a.includes(c));
  const alphabet = within('0123456789')
    ? 'digits'
    : within('0123456789abcdef')
      ? 'hex'
      : within('abcdefghijklmnopqrstuvwxyz')
        ? 'lower'
        : within('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')
          ? 'alnum'
          : undefined;
  const lengths = new Set(vs.map((v) => v.length));
  const length = lengths.size === 1 ? [...lengths][0]! : undefined;
  const s = spreadOf(counts, n, ctx.total);
  const field = {
    type: 'string',
    ...(prefix ? { prefix: fitPrefix(prefix) } : {}),
    ...(alphabet ? { alphabet } : {}),
    ...(length && length <= 1024 ? { length } : {}),
    cardinality: s.cardinality,
    ...spreadOptions(s),
  } as Field;
  const hex = alphabet === 'hex' && length !== undefined && length >= 8;
  const what = hex ? `hex hashes of ${length} digits` : `text${alphabet ? ` (${alphabet})` : ''}${length ? ` of ${length} characters` : ''}`;
  return {
    kind: 'field',
    field,
    prefix: '',
    confidence: hex ? 0.8 : 0.7,
    note: `${prefix ? `"${prefix}" then ` : ''}${what}, ${spreadNote(s)}`,
    ...(hex ? { name: 'hash' } : {}),
  };
}

function intGuess(vs: readonly bigint[], texts: readonly string[], fit: number, ctx: ColumnContext, extra: Record<string, unknown>): Guess {
  const safe = (v: bigint) => v >= -BigInt(Number.MAX_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER);
  let min = vs[0] ?? 0n;
  let max = min;
  for (const v of vs) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const decimal = extra.encoding === undefined;
  const lengths = new Set(texts.map((t) => t.length));
  const leadingZeros = texts.some((t) => /^-?0\d/.test(t));
  if (decimal && leadingZeros && lengths.size > 1) {
    return stringGuess(texts, ctx, '');
  }
  const pad = decimal && leadingZeros ? [...lengths][0]! : undefined;
  const s = spreadOf(countValues(texts), texts.length, ctx.total);
  const span = safe(min) && safe(max) ? Number(max - min) + 1 : undefined;
  const seq = !ctx.sorted && !s.distribution && ascending(vs);
  const field = {
    type: 'int',
    ...extra,
    ...(safe(min) ? { min: Number(min) } : {}),
    ...(safe(max) ? { max: Number(max) } : {}),
    cardinality: Math.min(s.cardinality, span ?? s.cardinality),
    ...(pad && pad <= 64 ? { pad } : {}),
    ...(seq ? { distribution: 'sequential' } : spreadOptions(s)),
  } as Field;
  const width = lengths.size === 1 ? [...lengths][0]! : 0;
  const buckets = Number(max) + 1;
  const uniformCover =
    ctx.first &&
    ctx.columns > 1 &&
    decimal &&
    min === 0n &&
    width > 0 &&
    width <= 4 &&
    buckets >= 2 &&
    buckets <= 1000 &&
    s.distinct === buckets &&
    (ctx.sorted || !s.distribution) &&
    texts.length >= buckets * 5;
  // Half the values of a small fixed-width range seen (a sorted sample's runs miss some): worth
  // the FNV-1a check, which alone decides (checkSalt), but no claim of uniformity.
  const partialCover =
    !uniformCover &&
    ctx.first &&
    ctx.columns > 1 &&
    decimal &&
    width > 0 &&
    width <= 4 &&
    buckets >= 2 &&
    buckets <= 1000 &&
    s.distinct * 2 >= buckets &&
    min * 4n < BigInt(buckets);
  const enc = extra.encoding ? `, ${extra.encoding as string}` : pad ? `, zero-padded to ${pad}` : '';
  return {
    kind: 'field',
    field,
    prefix: '',
    confidence: round2(fit * 0.9),
    note: `integers ${min}..${max}${enc}, ${seq ? 'ascending in input order' : spreadNote(s)}`,
    ...(uniformCover ? { salt: { buckets, width }, name: 'salt' } : partialCover ? { salt: { buckets, width, probe: true } } : {}),
  };
}
