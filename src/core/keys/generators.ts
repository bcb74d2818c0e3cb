// What the two generators share (generate.ts, one record at a time, and writer.ts, bytes into
// reused buffers): the alphabets, the stateless mix behind generated values, how a field draws
// a rank from its distribution, int values and the parts of host names. They are part of the
// format: the same design and seed give the same keys in the studio, the CLI, load and the
// code exports, so none of this may change what it returns.
import type { IntField, StringField } from '../model/schema';
import { type Rng, zipfSampler } from './random';
import { assertNever } from './values';

/** 2026-01-01T00:00:00Z: the default start of simulated time, fixed so output is reproducible. */
export const DEFAULT_START_MS = 1767225600000;

/** 9999-12-31T23:59:59.999Z: generated time never goes past it. */
export const MAX_TIME_MS = 253_402_300_799_999;

export interface GenerateOptions {
  seed?: number;
  startMs?: number;
  writesPerSecond?: number;
}

export const ALPHABETS: Record<NonNullable<StringField['alphabet']>, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  alnum: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  hex: '0123456789abcdef',
  digits: '0123456789',
};

/** A stateless 32-bit mix of (rank, salt): distinct ranks give unrelated-looking values. */
export function mix(k: number, salt: number, round: number): number {
  let z = (Math.imul(k >>> 0, 0x9e3779b1) ^ Math.imul(Math.floor(k / 4294967296), 0x85ebca6b) ^ salt ^ Math.imul(round, 0xc2b2ae35)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** mix(k, salt, round) in two steps, for the fast writer: mixRound(mixBase(k, salt), round). */
export function mixBase(k: number, salt: number): number {
  return Math.imul(k >>> 0, 0x9e3779b1) ^ Math.imul(Math.floor(k / 4294967296), 0x85ebca6b) ^ salt;
}

export function mixRound(base: number, round: number): number {
  let z = (base ^ Math.imul(round, 0xc2b2ae35)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * u % n for an integer 0 <= u < 2^52 and n >= 1, without the floating-point remainder that
 * `%` becomes on values above 2^31: the quotient is rounded by less than 1/n, so floor is exact.
 */
export function modulo(u: number, n: number): number {
  return u - Math.floor(u / n) * n;
}

export function rankDrawer(
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
      // The remainder only once the rows wrap: % of a cardinality past 2^31 (a double) is a
      // call into the runtime.
      return (i) => (i < cardinality ? i : i % cardinality);
    case 'hot': {
      const share = field.share ?? 0.5;
      return () => (cardinality <= 1 || rng.next() < share ? 0 : 1 + rng.below(cardinality - 1));
    }
    default:
      return assertNever(field.distribution as never);
  }
}

/** An int field's value of row i, as a double (exact up to 2^53; the key takes it as BigInt). */
export function intValue(f: IntField, rng: Rng): (i: number) => number {
  const min = f.min ?? 0;
  // An unbounded auto-increment keeps counting; a bounded one wraps around its range.
  const span =
    f.cardinality ?? (f.max !== undefined ? f.max - min + 1 : f.distribution === 'sequential' ? Number.MAX_SAFE_INTEGER - Math.max(0, min) : 1_000_000);
  const rank = rankDrawer(f, Math.max(1, span), rng);
  return (i) => min + rank(i);
}

/** Host names are `sub.name.tld`, picked by mix(rank, salt, ...). */
export const DOMAIN_PARTS = {
  subdomains: ['www', 'api', 'blog', 'shop', 'm', 'docs', 'cdn', 'news'],
  tlds: ['com', 'com', 'com', 'org', 'net', 'io', 'de', 'co.uk', 'fr', 'jp'],
  salt: 0x2545f491,
} as const;
