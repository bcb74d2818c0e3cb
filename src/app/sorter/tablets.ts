// Tablet boundaries among the sorted keys: where the simulator's tablets start (sim/
// tablets-slice.ts) falls between two adjacent keys of the list, and the list draws a separator
// there. Pure: byte comparisons only (core's compareBytes, never JavaScript's string order).
import { compareBytes } from '../../core/sort/byteSort';
import { sortedKeyAt, type SortedKeys } from './keyset';

/**
 * Where boundaries fall in a sorted key list. A boundary b falls above the first key at or
 * after it: between keys k - 1 and k when key[k - 1] < b <= key[k] (a key equal to a boundary
 * is the first row of that tablet, so it goes below the separator). Several boundaries between
 * the same two keys make one separator (the tablets between them hold none of these keys).
 */
export interface Placement {
  /** Key positions with a separator above them, ascending, each in 1..count-1. */
  at: Uint32Array;
  /** For separator s: the boundaries `first[s]..last[s]` (indexes into the boundary list) that fall there. */
  first: Uint32Array;
  last: Uint32Array;
  /** Boundaries at or before the first key, and after the last: outside these keys. */
  before: number;
  after: number;
  /** Boundaries between two of these keys (the sum of last - first + 1 over the separators). */
  within: number;
}

export const NO_PLACEMENT: Placement = { at: new Uint32Array(0), first: new Uint32Array(0), last: new Uint32Array(0), before: 0, after: 0, within: 0 };

/** The first sorted position whose key is >= b (count when none): a binary search in byte order. */
export function lowerBound(keys: SortedKeys, b: Uint8Array): number {
  let lo = 0;
  let hi = keys.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(sortedKeyAt(keys, mid), b) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Places `boundaries` (ascending in byte order, distinct, as the store keeps them) among the
 * sorted keys: one binary search per boundary, O(B log N) comparisons.
 */
export function placeBoundaries(keys: SortedKeys, boundaries: readonly Uint8Array[]): Placement {
  if (keys.count === 0) return { ...NO_PLACEMENT, before: 0, after: boundaries.length };
  const at: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  let before = 0;
  let after = 0;
  for (let j = 0; j < boundaries.length; j++) {
    const p = lowerBound(keys, boundaries[j]!);
    if (p === 0) before++;
    else if (p === keys.count) after++;
    else if (at.length > 0 && at[at.length - 1] === p) last[last.length - 1] = j;
    else {
      at.push(p);
      first.push(j);
      last.push(j);
    }
  }
  return {
    at: Uint32Array.from(at),
    first: Uint32Array.from(first),
    last: Uint32Array.from(last),
    before,
    after,
    within: boundaries.length - before - after,
  };
}

/** The tablet (counting from 1; tablet 1 starts at the empty key) that boundary j starts. */
export const tabletNumber = (j: number) => j + 2;

/** The separator above key k (an index into `placement.at`), or -1 when no tablet starts there. */
export function separatorAbove(placement: Placement, k: number): number {
  const at = placement.at;
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo < at.length && at[lo] === k ? lo : -1;
}

/**
 * The write rate to generate `count` keys at so that they span a simulated run of `seconds`
 * at the declared rate a thousand keys span a fraction of a second, and a
 * key led by a timestamp then has every tablet boundary of a ten-minute run after its last key.
 * Keys are written at start + i / rate (core/keys/generate.ts), as in the simulation, so this
 * rate samples the run's writes evenly across its time. The declared rate when it already spans
 * the run (or more); undefined (the generator's default) when neither is known.
 */
export function rateAcrossRun(count: number, seconds: number | null, declared: number | undefined): number | undefined {
  const wanted = seconds !== null && seconds > 0 && count > 0 ? count / seconds : undefined;
  if (wanted === undefined) return declared;
  return declared !== undefined && declared > 0 && declared <= wanted ? declared : wanted;
}
