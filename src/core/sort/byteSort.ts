// Sorts lines in Bigtable row-key order: unsigned lexicographic bytes, a strict prefix
// first (the same as `LC_ALL=C sort`). Pure TypeScript so a browser Web Worker can run it.
// The engine is lineSorter.ts; whole files go through the sample sort in buckets.ts.

import { LineSorter } from './lineSorter';

export interface LineIndex {
  starts: Uint32Array;
  ends: Uint32Array;
  count: number;
}

/** Unsigned lexicographic order; a strict prefix sorts first (Bigtable row order). */
export { compareBytes } from '../keys/bytes';

/** Lines end at \n; a final line without \n counts, a trailing \n adds no empty line. */
export function splitLines(data: Uint8Array): LineIndex {
  const n = data.length;
  // Guess ~40 bytes a line and grow by doubling: one scan, little copying.
  let cap = Math.max(16, Math.ceil(n / 40));
  let starts = new Uint32Array(cap);
  let ends = new Uint32Array(cap);
  let count = 0;
  let pos = 0;
  while (pos < n) {
    let nl = data.indexOf(10, pos);
    if (nl < 0) nl = n;
    if (count === cap) {
      cap *= 2;
      const s = new Uint32Array(cap);
      s.set(starts);
      starts = s;
      const e = new Uint32Array(cap);
      e.set(ends);
      ends = e;
    }
    starts[count] = pos;
    ends[count] = nl;
    count++;
    pos = nl + 1;
  }
  return { starts: starts.subarray(0, count), ends: ends.subarray(0, count), count };
}

/** Returns line numbers in byte order of the lines they name. */
export function sortLineIndex(data: Uint8Array, starts: Uint32Array, ends: Uint32Array, count: number): Uint32Array {
  const idx = new Uint32Array(count);
  for (let i = 0; i < count; i++) idx[i] = i;
  new LineSorter(data, starts, ends, count).sort(idx, 0, count, 0);
  return idx;
}

/** Sorted lines joined by \n, with a trailing \n when there is at least one line. */
export function sortLines(data: Uint8Array): Uint8Array {
  const { starts, ends, count } = splitLines(data);
  const order = sortLineIndex(data, starts, ends, count);
  let total = 0;
  for (let i = 0; i < count; i++) total += ends[i]! - starts[i]! + 1;
  const out = new Uint8Array(total);
  let at = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k]!;
    const end = ends[i]!;
    for (let p = starts[i]!; p < end; p++) out[at++] = data[p]!;
    out[at++] = 10;
  }
  return out;
}
