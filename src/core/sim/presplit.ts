// Pre-split points from the designed key distribution. A large sample of the table's generated
// keys (the same generators the simulator and `btstudio keys` use) is sorted in byte order and
// cut at N evenly spaced quantiles; at each cut the split key is the shortest key that separates
// two neighbouring samples (their common prefix and one more byte, whole UTF-8 characters), and
// among the cuts near the quantile the shortest one wins, so a split falls where a leading
// field's value (a salt bucket, a region, a domain) changes when it can. Keys that are not UTF-8
// text, or hold a NUL, are not offered: the design stores split keys as text and no script
// argument carries a NUL. docs/simulator.md, "Pre-split points".
import type { Table } from '../model/schema';
import { compareBytes, fromUtf8 } from '../keys/bytes';
import { sampleKeys } from '../keys/generate';
import { DEFAULTS } from './params';
import { declaredWrites } from '../analysis/design';

/**
 * The bounds the proposal keeps. The design format takes up to 10,000 split keys of up to
 * 4,096 characters (model/schema.ts); a row key is at most 4 KiB ("Schema design best
 * practices"). Google publishes no limit on the number of initial splits (the CreateTable
 * reference, gcloud's `--splits`, cbt's `splits=`, Terraform's `split_keys`), but a script
 * passes the whole list as one argument, and Linux refuses a single argument above 128 KiB:
 * the proposal stays at most 1,000 keys and 100,000 bytes in all.
 */
export const PRE_SPLIT_LIMITS = { maxPoints: 1000, maxKeyBytes: 4096, maxListBytes: 100_000, minSamples: 20_000, maxSamples: 200_000 } as const;

/** Tablets per node the default proposal aims at. */
export const TABLETS_PER_NODE = 4;

export interface PreSplitOptions {
  /** Split keys wanted (tablets - 1). Default: defaultPreSplitCount. */
  count?: number;
  nodes?: number;
  /** Generator seed (default 1, as the simulator). */
  seed?: number;
  /** Keys sampled (default 50 per split point, 20,000 to 200,000). */
  samples?: number;
  /** The sampled keys' clock: their times spread over this many seconds (default the simulator's run, 600). */
  seconds?: number;
  startMs?: number;
}

/**
 * Split keys for a new table: `nodes` x 4 tablets (so each node starts with a few and the
 * balancer has room), or more when the write rate needs more tablets to stay below the
 * simulator's split threshold (a quarter of a node's capacity), at most 1,000 keys.
 */
export function defaultPreSplitCount(nodes: number, writesPerSecond?: number, nodeCapacity?: number, splitLoadShare: number = DEFAULTS.splitLoadShare): number {
  const n = Math.max(1, Math.round(nodes));
  const byLoad = writesPerSecond && nodeCapacity && nodeCapacity > 0 ? Math.ceil(writesPerSecond / (nodeCapacity * splitLoadShare)) : 0;
  const tablets = Math.max(n * TABLETS_PER_NODE, byLoad);
  return Math.max(1, Math.min(PRE_SPLIT_LIMITS.maxPoints, tablets - 1));
}

/** The shortest whole-character prefix of `b` that sorts after `a` (a < b), or null when it is not text. */
function separator(a: Uint8Array, b: Uint8Array): Uint8Array | null {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // b extends a (a is a prefix of b) or differs at byte i: one more byte of b sorts after a.
  let end = Math.min(b.length, i + 1);
  // Whole UTF-8 characters: take the continuation bytes of the last one too.
  while (end < b.length && (b[end]! & 0xc0) === 0x80) end++;
  const key = b.subarray(0, end);
  if (key.length > PRE_SPLIT_LIMITS.maxKeyBytes || key.includes(0)) return null;
  return fromUtf8(key) === null ? null : key;
}

/** The generated keys, sorted in byte order, duplicates dropped. */
function sortedSample(table: Table, n: number, o: PreSplitOptions): Uint8Array[] {
  const seconds = o.seconds && o.seconds > 0 ? o.seconds : DEFAULTS.seconds;
  const keys = sampleKeys(table.rowKey, n, { seed: o.seed ?? DEFAULTS.seed, startMs: o.startMs, writesPerSecond: n / seconds });
  // Copies: sampleKeys returns views of one buffer, and the sort must not move shared bytes.
  const sorted = keys.map((k) => k.slice()).sort(compareBytes);
  return sorted.filter((k, i) => i === 0 || compareBytes(sorted[i - 1]!, k) !== 0);
}

/**
 * Split keys for `table`, sorted in byte order, distinct, each valid UTF-8 text without NUL
 * and at most 4,096 bytes, at most `count` of them (fewer when the key space has fewer
 * distinct places to cut). The same options give the same keys. Throws what the key generator
 * throws for a key it cannot generate.
 */
export function preSplitPoints(table: Table, o: PreSplitOptions = {}): string[] {
  const count = Math.max(
    0,
    Math.min(PRE_SPLIT_LIMITS.maxPoints, Math.floor(o.count ?? defaultPreSplitCount(o.nodes ?? 3, declaredWrites(table).peak ?? undefined))),
  );
  if (count === 0) return [];
  const n = Math.min(PRE_SPLIT_LIMITS.maxSamples, Math.max(PRE_SPLIT_LIMITS.minSamples, o.samples ?? count * 50));
  const keys = sortedSample(table, n, o);
  if (keys.length < 2) return [];
  const tablets = Math.min(count + 1, keys.length);
  const step = keys.length / tablets;
  // Look this far either side of each quantile for a shorter split key (a field boundary).
  const reach = Math.max(0, Math.floor(step / 4));
  const out: string[] = [];
  let lastIndex = 0;
  let last: Uint8Array | null = null;
  let bytes = 0;
  for (let t = 1; t < tablets; t++) {
    const q = Math.round(t * step);
    let best: Uint8Array | null = null;
    let bestIndex = -1;
    for (let j = Math.max(lastIndex + 1, q - reach); j <= Math.min(keys.length - 1, q + reach); j++) {
      const sep = separator(keys[j - 1]!, keys[j]!);
      if (!sep || (last && compareBytes(sep, last) <= 0)) continue;
      if (!best || sep.length < best.length || (sep.length === best.length && Math.abs(j - q) < Math.abs(bestIndex - q))) {
        best = sep;
        bestIndex = j;
      }
    }
    if (!best) continue;
    if (bytes + best.length + 1 > PRE_SPLIT_LIMITS.maxListBytes) break;
    bytes += best.length + 1;
    out.push(fromUtf8(best)!);
    last = best;
    lastIndex = bestIndex;
  }
  return out;
}
