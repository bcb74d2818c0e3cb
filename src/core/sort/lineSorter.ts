// The sorting engine: MSD radix sort over line indexes with packed keys. For a group of
// lines that share their first `depth` bytes, one pass reads the next B bytes of every
// line into a 64-bit key (B bytes, how many of them the line has, the line's slot in the
// group) and the engine's own typed-array sort orders those keys, with no comparator call
// per element. Runs that tie on all B bytes become groups B bytes deeper. Reading line
// bytes is the expensive part (random access into the text), so a group reads them once a
// level, a group whose lines all agree skips their whole shared prefix without sorting,
// and small groups compare whole lines. An explicit stack keeps long shared prefixes from
// overflowing the call stack. Pure TypeScript.

// Word order of a BigUint64 seen through a Uint32Array view.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = 1 - HI;
/** Groups up to this size are insertion-sorted on the bytes themselves. */
const TINY_GROUP = 12;
/** Groups up to this size sort their packed keys with insertion sort, not the engine's sort. */
const SMALL_GROUP = 32;

/**
 * How many bytes a packed key of a group of n lines holds: 4-7, as many as fit in 64 bits
 * beside a 3-bit count of the bytes the line really has and the line's slot in the group.
 */
function keyBytes(n: number): number {
  return Math.min(7, (61 - slotBits(n)) >>> 3);
}

function slotBits(n: number): number {
  return n < 2 ? 0 : 32 - Math.clz32(n - 1);
}

/**
 * Writes the packed key of data[p,end) to words[w], words[w+1] (one BigUint64): the first
 * B bytes, zero-filled; then min(B, length) so "ab" sorts before "ab\0"; then the slot.
 */
function packKey(words: Uint32Array, w: number, data: Uint8Array, view: DataView, p: number, end: number, B: number, slot: number): void {
  const lenShift = 29 - 8 * (B - 4);
  const rem = end - p;
  let h: number;
  let l: number;
  if (rem >= 7 && p + 8 <= data.length) {
    // Two words read at once; the eighth byte (past B, or past the line) is masked off below.
    h = view.getInt32(p);
    l = view.getInt32(p + 4);
  } else if (rem >= 7) {
    h = (data[p]! << 24) | (data[p + 1]! << 16) | (data[p + 2]! << 8) | data[p + 3]!;
    l = (data[p + 4]! << 24) | (data[p + 5]! << 16) | (data[p + 6]! << 8);
  } else {
    h = 0;
    l = 0;
    for (let k = 0; k < 4; k++) h = (h << 8) | (k < rem ? data[p + k]! : 0);
    for (let k = 4; k < 7; k++) l = (l << 8) | (k < rem ? data[p + k]! : 0);
    l <<= 8;
  }
  const byteMask = B === 4 ? 0 : 0xffffff00 << (8 * (7 - B));
  words[w + HI] = h;
  words[w + LO] = (l & byteMask) | ((rem < B ? rem : B) << lenShift) | slot;
}

/**
 * Sorts ranges of a line-index array. Scratch space is sized for the largest range it
 * will be given, so callers that sort many small ranges can keep memory small.
 */
export class LineSorter {
  private readonly keys: BigUint64Array;
  private readonly words: Uint32Array;
  /** Where each slot's line continues and ends. */
  private readonly pos: Uint32Array;
  private readonly end: Uint32Array;
  private readonly tmp: Uint32Array;
  private readonly stack: number[] = [];
  private readonly view: DataView;
  private idx: Uint32Array = new Uint32Array(0);

  constructor(
    private readonly data: Uint8Array,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    capacity: number,
    /** Subtracted from every `ends` entry: 1 lets `ends` be starts shifted by one line. */
    private readonly endBias = 0,
  ) {
    this.keys = new BigUint64Array(capacity);
    this.words = new Uint32Array(this.keys.buffer);
    this.pos = new Uint32Array(capacity);
    this.end = new Uint32Array(capacity);
    this.tmp = new Uint32Array(capacity);
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  /** Sorts idx[lo,hi), whose lines are known to share their first `depth` bytes. */
  sort(idx: Uint32Array, lo: number, hi: number, depth: number): void {
    this.idx = idx;
    this.stack.push(lo, hi, depth);
    this.drain();
  }

  private drain(): void {
    const stack = this.stack;
    while (stack.length > 0) {
      const d = stack.pop()!;
      const h = stack.pop()!;
      const l = stack.pop()!;
      if (h - l < 2) continue;
      if (h - l > this.tmp.length) throw new RangeError('LineSorter: range larger than its capacity');
      if (h - l <= TINY_GROUP) this.insertionSortLines(l, h, d);
      else this.sortGroup(l, h, d);
    }
  }

  // Each loop lives in its own small method: V8 optimizes a long first call of a big
  // function on-stack at one loop, then deoptimizes again and again at the next one.

  /** Orders idx[lo,hi) by the next B bytes and pushes runs that tie as groups B deeper. */
  private sortGroup(lo: number, hi: number, depth: number): void {
    const n = hi - lo;
    const B = keyBytes(n);
    this.gatherPositions(lo, n, depth);
    for (;;) {
      const same = this.loadKeys(n, B);
      if (same < 0) break;
      if (same < B) return; // every line ended within the same bytes: all equal
      // All lines agree on these B bytes; skip whatever else they share without sorting.
      const skip = B + this.commonPrefix(n, B);
      depth += skip;
      advance(this.pos, n, skip);
    }
    if (n <= SMALL_GROUP) insertionSortWords(this.words, n);
    else this.keys.subarray(0, n).sort();
    this.collectRuns(this.words, lo, n, depth, B);
    this.idx.set(this.tmp.subarray(0, n), lo);
  }

  /**
   * Few lines: comparing them whole is cheaper than a key pass per level, above all for
   * duplicates, which would otherwise go all the way down B bytes at a time.
   */
  private insertionSortLines(lo: number, hi: number, depth: number): void {
    const { idx, starts, ends, endBias } = this;
    for (let j = lo + 1; j < hi; j++) {
      const v = idx[j]!;
      const vs = starts[v]! + depth;
      const ve = ends[v]! - endBias;
      let k = j - 1;
      while (k >= lo) {
        const u = idx[k]!;
        if (this.compareFrom(starts[u]! + depth, ends[u]! - endBias, vs, ve) <= 0) break;
        idx[k + 1] = u;
        k--;
      }
      idx[k + 1] = v;
    }
  }

  private compareFrom(a: number, ae: number, b: number, be: number): number {
    const { view, data } = this;
    const n = ae - a < be - b ? ae - a : be - b;
    let k = 0;
    for (; k + 4 <= n; k += 4) {
      const x = view.getUint32(a + k);
      const y = view.getUint32(b + k);
      if (x !== y) return x < y ? -1 : 1;
    }
    for (; k < n; k++) {
      const d = data[a + k]! - data[b + k]!;
      if (d !== 0) return d;
    }
    return ae - a - (be - b);
  }

  private gatherPositions(lo: number, n: number, depth: number): void {
    const { idx, starts, ends, pos, end, endBias } = this;
    for (let j = 0; j < n; j++) {
      const i = idx[lo + j]!;
      pos[j] = starts[i]! + depth;
      end[j] = ends[i]! - endBias;
    }
  }

  /** Packs every slot's key; returns -1 if they differ, else how many bytes the lines have (≤ B). */
  private loadKeys(n: number, B: number): number {
    packAll(this.words, this.data, this.view, this.pos, this.end, n, B);
    if (!allSame(this.words, n)) return -1;
    return Math.min(B, this.end[0]! - this.pos[0]!);
  }

  /** Length of the prefix all slots share from pos + from (lines are known to have `from` bytes). */
  private commonPrefix(n: number, from: number): number {
    const { view, data, pos, end } = this;
    const p0 = pos[0]! + from;
    let lcp = end[0]! - p0;
    for (let j = 1; j < n && lcp > 0; j++) {
      const p = pos[j]! + from;
      const m = Math.min(lcp, end[j]! - p);
      let k = 0;
      while (k + 4 <= m && view.getUint32(p0 + k) === view.getUint32(p + k)) k += 4;
      while (k < m && data[p0 + k] === data[p + k]) k++;
      lcp = k;
    }
    return lcp;
  }

  /** Puts the lines in key order into tmp and pushes runs that still tie. */
  private collectRuns(words: Uint32Array, lo: number, n: number, depth: number, B: number): void {
    const { idx, tmp, stack } = this;
    const bits = slotBits(n);
    const lenShift = 29 - 8 * (B - 4);
    const slotMask = (1 << bits) - 1;
    let runStart = 0;
    let ph = words[HI]! | 0;
    let pl = words[LO]! >>> bits;
    tmp[0] = idx[lo + (words[LO]! & slotMask)]!;
    for (let j = 1; j <= n; j++) {
      let h = 0;
      let l = -1;
      if (j < n) {
        h = words[2 * j + HI]! | 0;
        const w = words[2 * j + LO]!;
        l = w >>> bits;
        tmp[j] = idx[lo + (w & slotMask)]!;
      }
      if (h !== ph || l !== pl) {
        // [runStart, j) agree on B bytes; they tie only if none of them ended early.
        const ended = (((pl << bits) >>> lenShift) & 7) !== B;
        if (j - runStart > 1 && !ended) stack.push(lo + runStart, lo + j, depth + B);
        runStart = j;
        ph = h;
        pl = l;
      }
    }
  }
}

function packAll(words: Uint32Array, data: Uint8Array, view: DataView, pos: Uint32Array, end: Uint32Array, n: number, B: number): void {
  for (let j = 0; j < n; j++) packKey(words, 2 * j, data, view, pos[j]!, end[j]!, B, j);
}

/** Whether all n packed keys are equal but for their slot numbers. */
function allSame(words: Uint32Array, n: number): boolean {
  const bits = slotBits(n);
  const h0 = words[HI]!;
  const l0 = words[LO]!;
  for (let j = 1; j < n; j++) {
    if (words[2 * j + HI] !== h0 || (words[2 * j + LO]! ^ l0) >>> bits !== 0) return false;
  }
  return true;
}

function advance(pos: Uint32Array, n: number, by: number): void {
  for (let j = 0; j < n; j++) pos[j]! += by;
}

/** Insertion sort of packed keys as (high, low) unsigned word pairs; keys are distinct. */
function insertionSortWords(words: Uint32Array, n: number): void {
  for (let j = 1; j < n; j++) {
    const h = words[2 * j + HI]!;
    const l = words[2 * j + LO]!;
    let k = j - 1;
    while (k >= 0) {
      const kh = words[2 * k + HI]!;
      if (kh < h || (kh === h && words[2 * k + LO]! < l)) break;
      words[2 * k + 2 + HI] = kh;
      words[2 * k + 2 + LO] = words[2 * k + LO]!;
      k--;
    }
    words[2 * k + 2 + HI] = h;
    words[2 * k + 2 + LO] = l;
  }
}
