// Fast path for sorting a whole file of lines (a sample sort). Splitters picked from a
// sample cut the key space into ranges (buckets) of about 128 KB of text. The input is
// read once, in blocks of about 1 MB; each block's lines are copied into the block's own
// place in one buffer the size of the input, grouped there by bucket. A bucket's lines
// are then a few runs, one a block, that together hold ~128 KB: sorting and writing touch
// one bucket's memory at a time instead of the whole input (random reads into a large
// buffer miss the TLB and the caches; on a 44 MB input they were most of the cost of a
// pointer sort), and a block's lines are grouped within ~1 MB that stays in the cache.
// Every line of a bucket starts with the bytes its two splitters share (user#12, or
// tenant0123#sensor#4): a line is kept without them, and they are written back on output.
// On 1M keys that is a fifth to a quarter of the text not copied, sorted past or held
// (the buffer's pages that stay unwritten take no memory). Each line's length is kept (a
// byte; 255 and more: "long"), so that a bucket finds its lines in the runs without looking
// for their \n (but a long line's).
//
// Blocks are independent, so different threads may group them into one shared buffer;
// SortedWriter then sorts and writes any range of buckets (restart() moves it to the
// next), so two threads can take groups of buckets in turn. Pure TypeScript.

import { LineSorter } from './lineSorter';
import type { Splitters } from './splitters';

const NEWLINE = 10;
/**
 * A line length this large or larger is kept as LONG: its \n is looked for again. One byte a
 * line: keys are short (Bigtable's limit is 4 KB, most are under 100 bytes), and a byte less
 * a line is 1 MB less held for 1M keys.
 */
const LONG = 0xff;

/**
 * One block's lines grouped by bucket, each without its bucket's prefix: where each
 * bucket's run starts, and its lines.
 */
export interface Grouped {
  /** Offsets in the shared buffer: bucket b's lines are [runs[b], runs[b + 1]). */
  runs: Uint32Array;
  /**
   * Where each bucket's lines start among the block's lines (their lengths), and the
   * block's line count last: bucket b has firstLine[b + 1] - firstLine[b] lines.
   */
  firstLine: Uint32Array;
  /**
   * Each line's length as kept (without its bucket's prefix and its \n), in the order of
   * the runs; LONG: this long or longer.
   */
  lengths: Uint8Array;
}

/**
 * The sorted-to-be text: every block's lines, each without its bucket's prefix and
 * followed by \n, grouped by bucket within the block, in one buffer; block k's lines of
 * bucket b are data[runs[r], runs[r + 1]) with r = k * (buckets + 1) + b, and their
 * lengths start at lengths[k][firstLine[r]].
 */
export interface Layout {
  data: Uint8Array;
  runs: Uint32Array;
  firstLine: Uint32Array;
  lengths: Uint8Array[];
  blocks: number;
  buckets: number;
  /** Index (in sorted order) of each bucket's first line; one more entry than buckets. */
  lineBase: Uint32Array;
  /** Offset of each bucket's first byte in the sorted output; one more entry than buckets. */
  byteBase: Float64Array;
  /**
   * The bytes every line of each bucket starts with, left out of data: bucket b's are
   * prefixText[prefixStart[b], prefixStart[b] + depths[b]).
   */
  depths: Uint32Array;
  prefixText: Uint8Array;
  prefixStart: Uint32Array;
}

/** What one BlockGrouper has grouped, per bucket: lines, and bytes of output (prefixes included). */
export interface Totals {
  lines: Uint32Array;
  bytes: Float64Array;
}

/** Groups blocks of input by bucket, each into its place in a shared buffer; one per thread. */
export class BlockGrouper {
  /**
   * The sums over every block this grouper has grouped, kept as it goes, so that the layout
   * of all blocks is a sum per bucket over the groupers, not over the blocks.
   */
  readonly totals: Totals;
  private bucketOfLine = new Uint16Array(1 << 14);
  private lengthOfLine = new Uint32Array(1 << 14);
  private readonly bytes: Uint32Array;
  private readonly cursor: Uint32Array;
  private readonly lineCursor: Uint32Array;
  /** Each bucket's prefix length: the bytes its lines are kept without. */
  private readonly depths: Uint32Array;

  /** `allocate` chooses the memory of the per-block line lengths (shared, for threads). */
  constructor(
    private readonly splitters: Splitters,
    private readonly allocate: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n),
  ) {
    this.bytes = new Uint32Array(splitters.buckets);
    this.cursor = new Uint32Array(splitters.buckets);
    this.lineCursor = new Uint32Array(splitters.buckets);
    this.depths = splitters.depths();
    this.totals = { lines: new Uint32Array(splitters.buckets), bytes: new Float64Array(splitters.buckets) };
  }

  /**
   * Copies the lines of text[from,to) into data from `at` on, grouped by bucket, each
   * without its bucket's prefix and followed by \n. That takes at most to - from bytes, or
   * one more when the block is the input's last and its last line lacks its \n (a block
   * must end after a \n otherwise).
   */
  group(text: Uint8Array, from: number, to: number, data: Uint8Array, at: number): Grouped {
    // Offsets are 32-bit.
    if (at + (to - from) + 1 > 0xffffffff) throw new RangeError('input larger than 4 GiB is not supported');
    const lines = new Uint32Array(this.splitters.buckets);
    this.bytes.fill(0);
    // text finds the newlines (a Node Buffer's indexOf is the fastest there is); its bytes are read
    // through a plain Uint8Array, so that the code reading them sees one kind of array (see
    // plainBytes), whatever kind the caller's block is.
    const bytes = plainBytes(text);
    const count = this.tally(text, bytes, from, to, lines);
    const { runs, firstLine } = this.startRuns(lines, count, at);
    const lengths = new Uint8Array(this.allocate(count));
    this.place(bytes, from, count, data, lengths);
    return { runs, firstLine, lengths };
  }

  // Each loop lives in its own method (as in lineSorter.ts): V8 optimizes a long first call
  // of a function on-stack at its first loop, and code after that loop that had never run
  // then deoptimizes it again at each later call.

  /** Finds each line of text[from,to) and its bucket; tallies lines and bytes per bucket; returns the line count. */
  private tally(text: Uint8Array, bytes: Uint8Array, from: number, to: number, lines: Uint32Array): number {
    const { splitters, depths } = this;
    const tallied = this.bytes;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let count = 0;
    for (let pos = from; pos < to; ) {
      let nl = text.indexOf(NEWLINE, pos);
      if (nl < 0 || nl > to) nl = to;
      const b = splitters.bucketOf(view, bytes, pos, nl);
      lines[b]!++;
      // A line in bucket b has its prefix (see Splitters.depths): it is never shorter.
      tallied[b]! += nl - pos - depths[b]! + 1;
      if (count === this.bucketOfLine.length) this.grow();
      this.bucketOfLine[count] = b;
      this.lengthOfLine[count++] = nl - pos;
      pos = nl + 1;
    }
    return count;
  }

  /** Where each bucket's run of this block starts in data (from `at`), and its first line; adds them to the totals. */
  private startRuns(lines: Uint32Array, count: number, at: number): { runs: Uint32Array; firstLine: Uint32Array } {
    const { bytes, cursor, lineCursor, depths, totals } = this;
    const buckets = this.splitters.buckets;
    const runs = new Uint32Array(buckets + 1);
    const firstLine = new Uint32Array(buckets + 1);
    runs[0] = at;
    for (let b = 0, line = 0; b < buckets; b++) {
      cursor[b] = runs[b]!;
      runs[b + 1] = runs[b]! + bytes[b]!;
      lineCursor[b] = line;
      firstLine[b] = line;
      line += lines[b]!;
      totals.lines[b]! += lines[b]!;
      totals.bytes[b]! += bytes[b]! + depths[b]! * lines[b]!;
    }
    firstLine[buckets] = count;
    return { runs, firstLine };
  }

  private grow(): void {
    const buckets = new Uint16Array(this.bucketOfLine.length * 2);
    buckets.set(this.bucketOfLine);
    this.bucketOfLine = buckets;
    const lengths = new Uint32Array(this.lengthOfLine.length * 2);
    lengths.set(this.lengthOfLine);
    this.lengthOfLine = lengths;
  }

  /** Copies the `count` lines tallied from text[from..] to their buckets' runs, and their lengths. */
  private place(text: Uint8Array, from: number, count: number, data: Uint8Array, lengths: Uint8Array): void {
    const { bucketOfLine, lengthOfLine, cursor, lineCursor, depths } = this;
    const src = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const dst = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let j = 0, line = from; j < count; j++) {
      const b = bucketOfLine[j]!;
      const nl = line + lengthOfLine[j]!;
      const pos = line + depths[b]!;
      line = nl + 1;
      let q = cursor[b]!;
      cursor[b] = q + (nl - pos) + 1;
      lengths[lineCursor[b]!++] = nl - pos < LONG ? nl - pos : LONG;
      q = copyBytes(text, src, pos, nl, data, dst, q);
      data[q] = NEWLINE;
    }
  }
}

/**
 * The Layout of blocks grouped (in block order) into `data` by BlockGroupers of these
 * splitters; `totals`: each of those groupers' totals.
 */
export function layoutOf(data: Uint8Array, grouped: readonly Grouped[], splitters: Splitters, totals: readonly Totals[]): Layout {
  const depths = splitters.depths();
  const { text: prefixText, start: prefixStart } = splitters.prefixes();
  const blocks = grouped.length;
  const buckets = splitters.buckets;
  const runs = new Uint32Array(blocks * (buckets + 1));
  const firstLine = new Uint32Array(blocks * (buckets + 1));
  grouped.forEach((g, k) => {
    runs.set(g.runs, k * (buckets + 1));
    firstLine.set(g.firstLine, k * (buckets + 1));
  });
  const lineBase = new Uint32Array(buckets + 1);
  const byteBase = new Float64Array(buckets + 1);
  for (const t of totals) {
    for (let b = 0; b < buckets; b++) {
      lineBase[b + 1]! += t.lines[b]!;
      byteBase[b + 1]! += t.bytes[b]!;
    }
  }
  for (let b = 0; b < buckets; b++) {
    lineBase[b + 1]! += lineBase[b]!;
    byteBase[b + 1]! += byteBase[b]!;
  }
  return { data, runs, firstLine, lengths: grouped.map((g) => g.lengths), blocks, buckets, lineBase, byteBase, depths, prefixText, prefixStart };
}

/**
 * Sorts buckets [from, to) of a Layout one at a time and hands out their lines, each with
 * its bucket's prefix again and followed by \n, in chunks; an empty chunk means the end. A
 * chunk is valid until the next call (its memory, `chunk`, is reused). `order` receives
 * each bucket's sorted lines, as indexes within the bucket, from slot 0 for the first line
 * of bucket `from` on; with `presorted`, another thread has already filled it. Null keeps them only a bucket at a time, in a
 * scratch array the size of the largest bucket (less memory: nothing reads them afterwards).
 */
export class SortedWriter {
  private readonly sorter: LineSorter;
  private readonly chunk: Uint8Array;
  private readonly out: DataView;
  private readonly src: DataView;
  /** The next bucket to sort. */
  private bucket: number;
  /** Next position in `lines` to write; the current bucket ends at `sortedTo`. */
  private k = 0;
  private sortedTo = 0;
  /** The sorted line indexes being written: `order`, or the scratch array of one bucket. */
  private readonly lines: Uint32Array;
  /** Where each line of the current bucket starts, and where its \n is. */
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  /** The line index of order[0]. */
  private readonly orderBase: number;
  /** The current bucket's prefix: prefixText[prefixAt, prefixAt + prefixLength). */
  private prefixAt = 0;
  private prefixLength = 0;
  private readonly prefixView: DataView;
  /** A line longer than a chunk goes out in two: its prefix, then the rest. */
  private prefixHandedOut = false;

  constructor(
    private readonly layout: Layout,
    private readonly order: Uint32Array | null,
    from: number,
    private to: number,
    private readonly presorted = false,
    chunk: Uint8Array = new Uint8Array(1 << 20),
  ) {
    const { lineBase } = layout;
    let largest = 0;
    for (let b = from; b < to; b++) largest = Math.max(largest, lineBase[b + 1]! - lineBase[b]!);
    this.starts = new Uint32Array(largest);
    this.ends = new Uint32Array(largest);
    this.sorter = new LineSorter(layout.data, this.starts, this.ends, presorted ? 0 : largest);
    this.chunk = chunk;
    this.out = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.src = new DataView(layout.data.buffer, layout.data.byteOffset, layout.data.byteLength);
    const { prefixText } = layout;
    this.prefixView = new DataView(prefixText.buffer, prefixText.byteOffset, prefixText.byteLength);
    this.bucket = from;
    this.orderBase = lineBase[from] ?? 0;
    this.lines = order ?? new Uint32Array(largest);
  }

  /** Starts over on buckets [from, to), which must lie within the range it was made for. */
  restart(from: number, to: number): void {
    this.bucket = from;
    this.to = to;
    this.k = 0;
    this.sortedTo = 0;
    this.prefixHandedOut = false;
  }

  /** Sorts every bucket of the range into `order` without writing anything. */
  sortAll(): void {
    if (!this.order) throw new Error('SortedWriter: sortAll needs an order array to keep');
    while (this.bucket < this.to) this.sortBucket(this.bucket++);
  }

  next(): Uint8Array {
    const { lines, chunk, layout } = this;
    let at = 0;
    for (;;) {
      if (this.k === this.sortedTo) {
        if (this.bucket >= this.to) return chunk.subarray(0, at);
        this.sortBucket(this.bucket++);
        continue;
      }
      // Written right after sorting, while the bucket's lines are still in the cache.
      at = this.copyLines(at);
      if (this.k < this.sortedTo) {
        if (at > 0) return chunk.subarray(0, at);
        // A line longer than a chunk: hand out its prefix, then its own bytes, the \n included.
        if (this.prefixLength > 0 && !this.prefixHandedOut) {
          this.prefixHandedOut = true;
          return layout.prefixText.subarray(this.prefixAt, this.prefixAt + this.prefixLength);
        }
        this.prefixHandedOut = false;
        const i = lines[this.k++]!;
        return layout.data.subarray(this.starts[i]!, this.ends[i]! + 1);
      }
    }
  }

  /** Finds the lines of bucket b, block by block, from their lengths; returns how many there are. */
  private locate(b: number): number {
    const { data, runs, firstLine, lengths, blocks, buckets } = this.layout;
    const { starts, ends } = this;
    let j = 0;
    for (let k = 0, r = b; k < blocks; k++, r += buckets + 1) {
      const end = runs[r + 1]!;
      const length = lengths[k]!;
      let line = firstLine[r]!;
      for (let p = runs[r]!; p < end; j++) {
        const len = length[line++]!;
        const nl = len < LONG ? p + len : data.indexOf(NEWLINE, p + LONG);
        starts[j] = p;
        ends[j] = nl;
        p = nl + 1;
      }
    }
    return j;
  }

  private sortBucket(b: number): void {
    const n = this.locate(b);
    this.prefixAt = this.layout.prefixStart[b]!;
    this.prefixLength = this.layout.depths[b]!;
    // The lines are kept without the prefix they share, so they are sorted from their start.
    if (!this.order) {
      const { lines } = this;
      for (let j = 0; j < n; j++) lines[j] = j;
      this.sorter.sort(lines, 0, n, 0);
      this.k = 0;
      this.sortedTo = n;
      return;
    }
    const lo = this.layout.lineBase[b]! - this.orderBase;
    if (!this.presorted) {
      const { order } = this;
      for (let j = 0; j < n; j++) order[lo + j] = j;
      this.sorter.sort(order, lo, lo + n, 0);
    }
    this.k = lo;
    this.sortedTo = lo + n;
  }

  /** Copies lines of the current bucket (prefix and rest) from k while they fit; returns the new fill. */
  private copyLines(at: number): number {
    const { lines, chunk, out, src, starts, ends, prefixView, prefixAt, prefixLength } = this;
    const { data, prefixText } = this.layout;
    const size = chunk.length;
    const end = this.sortedTo;
    const prefixEnd = prefixAt + prefixLength;
    let k = this.k;
    for (; k < end; k++) {
      const i = lines[k]!;
      const s = starts[i]!;
      const e = ends[i]! + 1;
      if (at + prefixLength + (e - s) > size) break;
      at = copyBytes(prefixText, prefixView, prefixAt, prefixEnd, chunk, out, at);
      at = copyBytes(data, src, s, e, chunk, out, at);
    }
    this.k = k;
    return at;
  }
}

/**
 * The bytes of `text` as a plain Uint8Array (the same memory). A Node Buffer is a subclass of
 * Uint8Array, and V8 optimizes an element read for the kinds of array it has seen there: the
 * copies and comparisons see only plain ones, and are optimized once, for one kind.
 */
export function plainBytes(text: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(text) === Uint8Array.prototype ? text : new Uint8Array(text.buffer, text.byteOffset, text.byteLength);
}

/**
 * Copies from[p, end) to `to` at q and returns where the copy ends; the views are of the two
 * arrays. Eight bytes a step, as two words (in either byte order: a copy need not decode
 * them): byte-by-byte copies in JavaScript are several times slower, and a subarray and
 * set() for each line cost more than the copy.
 */
function copyBytes(from: Uint8Array, fromView: DataView, p: number, end: number, to: Uint8Array, toView: DataView, q: number): number {
  for (; end - p >= 8; p += 8, q += 8) {
    toView.setInt32(q, fromView.getInt32(p, true), true);
    toView.setInt32(q + 4, fromView.getInt32(p + 4, true), true);
  }
  if (end - p >= 4) {
    toView.setInt32(q, fromView.getInt32(p, true), true);
    p += 4;
    q += 4;
  }
  for (; p < end; p++, q++) to[q] = from[p]!;
  return q;
}

/**
 * Sample sort of an input held in memory, on one thread: group, then read. The input
 * comes in blocks of whole lines (only the last may lack its \n); each block is let go
 * (emptied from the array) once its lines are grouped, so that the input is not held twice.
 */
export function sortedChunks(blocks: Uint8Array[], splitters: Splitters): SortedWriter {
  const size = blocks.reduce((n, b) => n + b.length, 0);
  const data = new Uint8Array(size + 1);
  const grouper = new BlockGrouper(splitters);
  const grouped: Grouped[] = [];
  if (blocks.length === 0) grouped.push(grouper.group(data, 0, 0, data, 0));
  for (let i = 0, at = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (i + 1 < blocks.length && block.length > 0 && block[block.length - 1] !== NEWLINE) {
      throw new Error('sortedChunks: every block but the last must end with a \\n');
    }
    grouped.push(grouper.group(block, 0, block.length, data, at));
    at += block.length;
    blocks[i] = new Uint8Array(0);
  }
  return new SortedWriter(layoutOf(data, grouped, splitters, [grouper.totals]), null, 0, splitters.buckets);
}
