// Fast path for sorting a whole file of lines (a sample sort). Splitters picked from a
// sample cut the key space into ranges of about 128 KB of text; every line is then copied
// once into a new buffer, grouped by range. Sorting and writing touch one range's memory
// at a time instead of the whole file: random reads into a large buffer miss the TLB and
// the caches, and on a 44 MB input they were most of the cost of a pointer sort.
//
// The input may be cut into parts (one LineTally each) that are tallied and placed by
// different threads into one shared Layout; SortedWriter then sorts and writes any range
// of buckets (restart() moves it to the next), so two threads can take groups of buckets
// in turn. Pure TypeScript.

import { LineSorter } from './lineSorter';
import type { Splitters } from './splitters';

const NEWLINE = 10;
const LONG = 0xffff;

/**
 * The sorted-to-be text: lines in bucket order, each followed by \n, back to back; so line
 * i ends (its \n) at starts[i + 1] - 1, and starts has one more entry than there are lines.
 */
export interface Layout {
  data: Uint8Array;
  starts: Uint32Array;
  /** Index of each bucket's first line; one more entry than buckets. */
  lineBase: Uint32Array;
  /** Offset of each bucket's first byte, which is also its offset in the sorted output. */
  byteBase: Float64Array;
  /**
   * How many first bytes every line of each bucket has in common (from its two splitters):
   * the sort starts there. Missing: none known.
   */
  depths?: Uint32Array;
}

/** Where one part of the input places its next line of each bucket. */
export interface Cursor {
  nextLine: Uint32Array;
  nextByte: Uint32Array;
}

/** Counts one part of the input by bucket, then copies it into the Layout. */
export class LineTally {
  readonly lines: Uint32Array;
  readonly bytes: Float64Array;
  count = 0;
  private placed = 0;
  private lineBucket: Uint16Array;
  /** Line lengths, 0xffff meaning "this long or longer: look for the \n again". */
  private lineLength: Uint16Array;

  /**
   * `expectedLines` sizes the per-line tallies; a good guess saves copying them as they grow.
   * `allocate` chooses their memory (a SharedArrayBuffer lets another thread place the lines).
   */
  constructor(
    private readonly splitters: Splitters | null,
    expectedLines = 1 << 14,
    private readonly allocate: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n),
    tallied?: TallyParts,
  ) {
    const buckets = splitters?.buckets ?? 0;
    this.lines = tallied?.lines ?? new Uint32Array(buckets);
    this.bytes = tallied?.bytes ?? new Float64Array(buckets);
    this.count = tallied?.count ?? 0;
    this.lineBucket = tallied?.lineBucket ?? new Uint16Array(allocate(2 * Math.max(16, expectedLines)));
    this.lineLength = tallied?.lineLength ?? new Uint16Array(allocate(2 * Math.max(16, expectedLines)));
  }

  /** What it tallied, to place from another thread (with fromParts) when its memory is shared. */
  parts(): TallyParts {
    return { lines: this.lines, bytes: this.bytes, count: this.count, lineBucket: this.lineBucket, lineLength: this.lineLength };
  }

  /** A tally made elsewhere, ready to place its lines. */
  static fromParts(parts: TallyParts): LineTally {
    return new LineTally(null, 0, undefined, parts);
  }

  /** Counts the lines in text[from,to); the block must end after a \n or at the end of input. */
  tally(text: Uint8Array, from: number, to: number): void {
    const { lines, bytes } = this;
    const splitters = this.splitters!;
    const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    let pos = from;
    while (pos < to) {
      let nl = text.indexOf(NEWLINE, pos);
      if (nl < 0 || nl > to) nl = to;
      const b = splitters.bucketOf(view, text, pos, nl);
      lines[b]!++;
      bytes[b]! += nl - pos + 1;
      if (this.count === this.lineBucket.length) this.grow();
      this.lineBucket[this.count] = b;
      this.lineLength[this.count] = Math.min(nl - pos, LONG);
      this.count++;
      pos = nl + 1;
    }
  }

  private grow(): void {
    const buckets = new Uint16Array(this.allocate(this.lineBucket.byteLength * 2));
    buckets.set(this.lineBucket);
    this.lineBucket = buckets;
    const lengths = new Uint16Array(this.allocate(this.lineLength.byteLength * 2));
    lengths.set(this.lineLength);
    this.lineLength = lengths;
  }

  /** Copies the lines of a block that was tallied before, in the same order. */
  place(layout: Layout, cursor: Cursor, text: Uint8Array, from: number, to: number): void {
    const { data, starts } = layout;
    const { nextLine, nextByte } = cursor;
    const { lineBucket, lineLength } = this;
    const src = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const dst = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let pos = from;
    let line = this.placed;
    while (pos < to) {
      let len = lineLength[line]!;
      if (len === LONG) {
        const found = text.indexOf(NEWLINE, pos + LONG);
        len = (found < 0 || found > to ? to : found) - pos;
      }
      const nl = pos + len;
      // An input that changes between the two reads must not write past its bucket.
      if (line >= this.count || nl > to || (nl < to && text[nl] !== NEWLINE)) throw changed();
      const b = lineBucket[line++]!;
      const k = nextLine[b]!;
      nextLine[b] = k + 1;
      let q = nextByte[b]!;
      nextByte[b] = q + len + 1;
      starts[k] = q;
      let p = pos;
      // Eight bytes a step, as two words (in either byte order: a copy need not decode them):
      // byte-by-byte copies in JavaScript are several times slower.
      for (; nl - p >= 8; p += 8, q += 8) {
        dst.setInt32(q, src.getInt32(p, true), true);
        dst.setInt32(q + 4, src.getInt32(p + 4, true), true);
      }
      if (nl - p >= 4) {
        dst.setInt32(q, src.getInt32(p, true), true);
        p += 4;
        q += 4;
      }
      for (; p < nl; p++, q++) data[q] = text[p]!;
      data[q] = NEWLINE;
      pos = nl + 1;
    }
    this.placed = line;
  }

  /** Throws unless every tallied line was placed; frees the per-line tallies. */
  finish(): void {
    if (this.placed !== this.count) throw changed();
    this.lineBucket = new Uint16Array(0);
    this.lineLength = new Uint16Array(0);
  }
}

/** Per-bucket counts of a part of the input: what a LineTally tells the Layout. */
export interface Counts {
  lines: Uint32Array;
  bytes: Float64Array;
  count: number;
}

/** A LineTally's counts and per-line tallies: enough to place its lines. */
export interface TallyParts extends Counts {
  lineBucket: Uint16Array;
  lineLength: Uint16Array;
}

/**
 * Lays out the parts' lines bucket by bucket, each part's lines of a bucket after the
 * previous part's. `allocate` chooses the memory (a SharedArrayBuffer to share threads).
 */
export function layoutOf(parts: readonly Counts[], allocate: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n)): { layout: Layout; cursors: Cursor[] } {
  const buckets = parts[0]!.lines.length;
  const lineBase = new Uint32Array(buckets + 1);
  const byteBase = new Float64Array(buckets + 1);
  const cursors = parts.map(() => ({ nextLine: new Uint32Array(buckets), nextByte: new Uint32Array(buckets) }));
  let lines = 0;
  let bytes = 0;
  for (let b = 0; b < buckets; b++) {
    lineBase[b] = lines;
    byteBase[b] = bytes;
    parts.forEach((part, i) => {
      cursors[i]!.nextLine[b] = lines;
      cursors[i]!.nextByte[b] = bytes;
      lines += part.lines[b]!;
      bytes += part.bytes[b]!;
    });
    if (bytes > 0xffffffff) throw new RangeError('input larger than 4 GiB is not supported');
  }
  lineBase[buckets] = lines;
  byteBase[buckets] = bytes;
  const layout: Layout = { data: new Uint8Array(allocate(bytes)), starts: new Uint32Array(allocate(4 * (lines + 1))), lineBase, byteBase };
  layout.starts[lines] = bytes;
  return { layout, cursors };
}

function changed(): Error {
  return new Error('the input changed while it was being read');
}

/**
 * Sorts buckets [from, to) of a Layout one at a time and hands out their lines, each
 * followed by \n, in chunks; an empty chunk means the end. A chunk is valid until the next
 * call (its memory is reused). `order` (one slot per line of the Layout) receives the
 * sorted line indexes; with `presorted`, another thread has already filled it. Null keeps
 * them only a bucket at a time, in a scratch array the size of the largest bucket (less
 * memory: nothing reads them afterwards).
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

  constructor(
    private readonly layout: Layout,
    private readonly order: Uint32Array | null,
    from: number,
    private to: number,
    private readonly presorted = false,
    chunkSize = 1 << 20,
  ) {
    const { lineBase } = layout;
    let largest = 0;
    for (let b = from; b < to; b++) largest = Math.max(largest, lineBase[b + 1]! - lineBase[b]!);
    this.sorter = new LineSorter(layout.data, layout.starts, layout.starts.subarray(1), presorted ? 0 : largest, 1);
    this.chunk = new Uint8Array(chunkSize);
    this.out = new DataView(this.chunk.buffer);
    this.src = new DataView(layout.data.buffer, layout.data.byteOffset, layout.data.byteLength);
    this.bucket = from;
    this.lines = order ?? new Uint32Array(largest);
  }

  /** Starts over on buckets [from, to), which must lie within the range it was made for. */
  restart(from: number, to: number): void {
    this.bucket = from;
    this.to = to;
    this.k = 0;
    this.sortedTo = 0;
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
        // A line longer than a chunk: hand out its own bytes, the \n included.
        const i = lines[this.k++]!;
        return layout.data.subarray(layout.starts[i]!, layout.starts[i + 1]!);
      }
    }
  }

  private sortBucket(b: number): void {
    const lo = this.layout.lineBase[b]!;
    const hi = this.layout.lineBase[b + 1]!;
    if (!this.order) {
      const { lines } = this;
      for (let j = 0; j < hi - lo; j++) lines[j] = lo + j;
      this.sorter.sort(lines, 0, hi - lo, this.layout.depths?.[b] ?? 0);
      this.k = 0;
      this.sortedTo = hi - lo;
      return;
    }
    if (!this.presorted) {
      // A bucket's lines are next to each other in memory, so reading them is cheap here.
      for (let i = lo; i < hi; i++) this.order[i] = i;
      this.sorter.sort(this.order, lo, hi, this.layout.depths?.[b] ?? 0);
    }
    this.k = lo;
    this.sortedTo = hi;
  }

  /** Copies lines of the current bucket from k while they fit; returns the new fill. */
  private copyLines(at: number): number {
    const { lines, chunk, out, src } = this;
    const { data, starts } = this.layout;
    const size = chunk.length;
    const end = this.sortedTo;
    let k = this.k;
    for (; k < end; k++) {
      const i = lines[k]!;
      const s = starts[i]!;
      const e = starts[i + 1]!;
      if (at + (e - s) > size) break;
      let p = s;
      for (; e - p >= 8; p += 8, at += 8) {
        out.setInt32(at, src.getInt32(p, true), true);
        out.setInt32(at + 4, src.getInt32(p + 4, true), true);
      }
      if (e - p >= 4) {
        out.setInt32(at, src.getInt32(p, true), true);
        p += 4;
        at += 4;
      }
      for (; p < e; p++) chunk[at++] = data[p]!;
    }
    this.k = k;
    return at;
  }
}

/**
 * Sample sort of an input held in memory, on one thread: tally, place, then read. The
 * input may come in blocks, each of whole lines (only the last may lack its \n).
 */
export function sortedChunks(blocks: readonly Uint8Array[], splitters: Splitters): SortedWriter {
  const tally = new LineTally(splitters, blocks.reduce((n, b) => n + b.length, 0) >>> 5);
  for (const block of blocks) tally.tally(block, 0, block.length);
  const { layout, cursors } = layoutOf([tally]);
  layout.depths = splitters.depths();
  for (const block of blocks) tally.place(layout, cursors[0]!, block, 0, block.length);
  tally.finish();
  return new SortedWriter(layout, null, 0, splitters.buckets);
}
