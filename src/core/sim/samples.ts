// The generated keys of a run, packed into one byte buffer (no object per key), with the tick
// and node each was written in. Its size is bounded by the sample budget, not by the number of
// simulated writes or the simulated duration. Sorting them once gives rows (distinct keys) in
// Bigtable order: the heatmap's key buckets and the pattern analysis read that.
import { sortLineIndex } from '../sort/byteSort';

export class SampleStore {
  private data: Uint8Array;
  private used = 0;
  private starts: Uint32Array;
  private ends: Uint32Array;
  ticks: Uint16Array;
  nodes: Uint16Array;
  count = 0;

  constructor(expected: number) {
    const n = Math.max(16, expected);
    this.data = new Uint8Array(n * 32);
    this.starts = new Uint32Array(n);
    this.ends = new Uint32Array(n);
    this.ticks = new Uint16Array(n);
    this.nodes = new Uint16Array(n);
  }

  add(key: Uint8Array, tick: number, node: number): void {
    if (this.count === this.starts.length) this.growIndex();
    if (this.used + key.length > this.data.length) this.growData(key.length);
    const i = this.count++;
    this.data.set(key, this.used);
    this.starts[i] = this.used;
    this.used += key.length;
    this.ends[i] = this.used;
    this.ticks[i] = tick;
    this.nodes[i] = node;
  }

  /** A view of key i (valid until the next add). */
  key(i: number): Uint8Array {
    return this.data.subarray(this.starts[i]!, this.ends[i]!);
  }

  /** Mean key length, or 0 without samples. */
  meanKeyBytes(): number {
    return this.count ? this.used / this.count : 0;
  }

  /** Sample indexes in byte order of their keys (ties keep no particular order). */
  sortedOrder(): Uint32Array {
    return sortLineIndex(this.data, this.starts, this.ends, this.count);
  }

  /** Rows: for each sample its row number (rank among the distinct keys), and the first sample of each row. */
  rows(): Rows {
    const order = this.sortedOrder();
    const rowOf = new Uint32Array(this.count);
    const firstOfRow: number[] = [];
    let prev = -1;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (prev < 0 || !this.equal(prev, i)) firstOfRow.push(i);
      rowOf[i] = firstOfRow.length - 1;
      prev = i;
    }
    return { rowOf, firstOfRow: Uint32Array.from(firstOfRow), count: firstOfRow.length };
  }

  private equal(a: number, b: number): boolean {
    const as = this.starts[a]!;
    const bs = this.starts[b]!;
    const n = this.ends[a]! - as;
    if (this.ends[b]! - bs !== n) return false;
    const d = this.data;
    for (let k = 0; k < n; k++) if (d[as + k] !== d[bs + k]) return false;
    return true;
  }

  private growIndex(): void {
    const n = this.starts.length * 2;
    const grow = <T extends Uint32Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.starts = grow(this.starts, (m) => new Uint32Array(m));
    this.ends = grow(this.ends, (m) => new Uint32Array(m));
    this.ticks = grow(this.ticks, (m) => new Uint16Array(m));
    this.nodes = grow(this.nodes, (m) => new Uint16Array(m));
  }

  private growData(need: number): void {
    const bigger = new Uint8Array(Math.max(this.data.length * 2, this.used + need));
    bigger.set(this.data.subarray(0, this.used));
    this.data = bigger;
  }
}

export interface Rows {
  /** Row number (0-based, in key order) of each sample. */
  rowOf: Uint32Array;
  /** For each row, a sample index holding its key. */
  firstOfRow: Uint32Array;
  count: number;
}
