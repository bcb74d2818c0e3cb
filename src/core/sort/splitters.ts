// Splitters for the sample sort in buckets.ts: lines taken from a sample of the input at
// even quantiles, so that each bucket between two of them holds about the same amount of
// text. Splitters are whole lines, so keys that share long prefixes (tenant#device...)
// still spread over many buckets. Pure TypeScript.

import { latin1 as latin1Text } from './escape';

/** Text per bucket: small enough that a bucket's lines and sort scratch stay in a core's L2 cache. */
const BUCKET_BYTES = 128 * 1024;
const MAX_BUCKETS = 4096;
const SAMPLE_WINDOWS = 512;
const SAMPLE_WINDOW_BYTES = 1024;
const PREFIXES = 257 * 257;
/** Bytes of each splitter kept as words for the search. */
const HEAD = 16;

export class Splitters {
  /** Splitter index ranges per two-byte prefix, so most lines need no search at all. */
  private readonly firstOf = new Uint32Array(PREFIXES + 1);
  private readonly view: DataView;
  /**
   * How many first bytes all splitters share (tenant_ of tenant_0123#...): the table and the
   * heads start after them, so that they hold the bytes where splitters differ.
   */
  private readonly shared: number;
  /** Each splitter's 16 bytes after `shared` (zero-filled) as four words: most comparisons end there. */
  private readonly heads: Uint32Array;

  /** `text` holds the splitter lines back to back; splitter i is text[starts[i], starts[i+1]). */
  private constructor(
    private readonly text: Uint8Array,
    private readonly starts: Uint32Array,
  ) {
    this.view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const n = starts.length - 1;
    // Sorted: what the first and the last share, all of them share.
    let g = 0;
    if (n > 1) {
      const limit = Math.min(starts[1]! - starts[0]!, starts[n]! - starts[n - 1]!);
      while (g < limit && text[starts[0]! + g] === text[starts[n - 1]! + g]) g++;
    }
    this.shared = g;
    this.heads = new Uint32Array(4 * n);
    for (let i = 0; i < n; i++) {
      for (let w = 0; w < 4; w++) this.heads[4 * i + w] = word(text, starts[i]! + g + 4 * w, starts[i + 1]!);
    }
    // firstOf[id]: how many splitters have a prefix below id. The splitters are sorted, so their
    // prefixes never decrease: each one's range of ids is filled in one call, not id by id (a
    // loop over all 66,049 ids ran cold, in the interpreter, on each thread before it started).
    let filled = 0;
    for (let i = 0; i < n; i++) {
      const id = prefixOf(text, starts[i]! + g, starts[i + 1]!);
      if (id >= filled) {
        this.firstOf.fill(i, filled, id + 1);
        filled = id + 1;
      }
    }
    this.firstOf.fill(n, filled);
  }

  get buckets(): number {
    return this.starts.length;
  }

  /**
   * For each bucket, how many first bytes all its lines share: those its two splitters share
   * (a line at or after one and before the other starts with what they have in common).
   * The first and last buckets are open-ended: 0.
   */
  depths(): Uint32Array {
    const { text, starts } = this;
    const n = starts.length - 1;
    const depths = new Uint32Array(n + 1);
    for (let b = 1; b < n; b++) {
      const a = starts[b - 1]!;
      const c = starts[b]!;
      const limit = Math.min(c - a, starts[b + 1]! - c);
      let d = 0;
      while (d < limit && text[a + d] === text[c + d]) d++;
      depths[b] = d;
    }
    return depths;
  }

  /**
   * The bytes every line of each bucket starts with (see depths): bucket b's are
   * text[start[b], start[b] + depths[b]) of `text`, the splitters' own text.
   */
  prefixes(): { text: Uint8Array; start: Uint32Array } {
    const start = new Uint32Array(this.starts.length);
    for (let b = 1; b < start.length; b++) start[b] = this.starts[b - 1]!;
    return { text: this.text, start };
  }

  /** The splitters as plain arrays, to hand to another thread. */
  parts(): [Uint8Array, Uint32Array] {
    return [this.text, this.starts];
  }

  static fromParts([text, starts]: [Uint8Array, Uint32Array]): Splitters {
    return new Splitters(text, starts);
  }

  /**
   * Splitters at quantiles of the sample's lines, aiming at ~128 KB of input per bucket.
   * The sample's lines are sorted as Latin-1 strings by the engine's own sort: one UTF-16
   * unit per byte of the same value, so string order is byte order, a strict prefix first.
   * That is 3-5 times less CPU than the line sorter on the sample (~11,000 lines, 40-45 ms
   * on Node 20), which runs cold there, before anything else can start. `latin1` turns
   * bytes into such a string (Node's Buffer 'latin1' decoding is faster than the default).
   */
  static fromSample(sample: Uint8Array, inputBytes: number, latin1: (bytes: Uint8Array) => string = latin1Text): Splitters {
    const lines = latin1(sample).split('\n');
    // A trailing \n ends the last line; it starts no empty one.
    if (lines[lines.length - 1] === '') lines.pop();
    const count = lines.length;
    const want = Math.max(1, Math.min(MAX_BUCKETS, Math.ceil(inputBytes / BUCKET_BYTES), count));
    lines.sort();
    const picked: string[] = [];
    for (let q = 1; q < want; q++) {
      const line = lines[Math.floor((q * count) / want)]!;
      // Quantiles of a sample with duplicates repeat; a bucket between equal splitters is empty.
      if (line !== picked[picked.length - 1]) picked.push(line);
    }
    const text = new Uint8Array(picked.reduce((n, l) => n + l.length, 0));
    const bounds = new Uint32Array(picked.length + 1);
    picked.forEach((line, i) => {
      const at = bounds[i]!;
      for (let k = 0; k < line.length; k++) text[at + k] = line.charCodeAt(k);
      bounds[i + 1] = at + line.length;
    });
    return new Splitters(text, bounds);
  }

  /**
   * The bucket of line text[s,e): how many splitters sort at or before it. `view` is a
   * DataView of `text`, made once per block by the caller.
   */
  bucketOf(view: DataView, text: Uint8Array, s0: number, e: number): number {
    const g = this.shared;
    if (g > 0) {
      // A line without the shared bytes sorts before or after every splitter.
      const c = this.comparePrefix(view, text, s0, e, g);
      if (c !== 0) return c < 0 ? 0 : this.starts.length - 1;
    }
    const s = s0 + g;
    const len = e - s;
    const id = len >= 2 ? (text[s]! + 1) * 257 + text[s + 1]! + 1 : len === 1 ? (text[s]! + 1) * 257 : 0;
    let lo = this.firstOf[id]!;
    let hi = this.firstOf[id + 1]!;
    if (lo === hi) return lo;
    const long = len >= HEAD;
    const k0 = long ? view.getUint32(s) : word(text, s, e);
    const k1 = long ? view.getUint32(s + 4) : word(text, s + 4, e);
    const k2 = long ? view.getUint32(s + 8) : word(text, s + 8, e);
    const k3 = long ? view.getUint32(s + 12) : word(text, s + 12, e);
    const { starts, heads } = this;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const h = 4 * mid;
      let after: boolean;
      if (heads[h] !== k0) after = k0 > heads[h]!;
      else if (heads[h + 1] !== k1) after = k1 > heads[h + 1]!;
      else if (heads[h + 2] !== k2) after = k2 > heads[h + 2]!;
      else if (heads[h + 3] !== k3) after = k3 > heads[h + 3]!;
      else after = this.compare(view, text, s, len, starts[mid]! + g, starts[mid + 1]!) >= 0;
      if (after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Compares line[s, e) with the `g` bytes all splitters start with: a shorter line that agrees is before. */
  private comparePrefix(view: DataView, line: Uint8Array, s: number, e: number, g: number): number {
    const a = this.starts[0]!;
    const n = e - s < g ? e - s : g;
    let k = 0;
    for (; k + 4 <= n; k += 4) {
      const x = view.getUint32(s + k);
      const y = this.view.getUint32(a + k);
      if (x !== y) return x > y ? 1 : -1;
    }
    for (; k < n; k++) {
      const d = line[s + k]! - this.text[a + k]!;
      if (d !== 0) return d;
    }
    return n < g ? -1 : 0;
  }

  /** Compares a line with splitter text[a,b) whose first HEAD bytes, zero-filled, are the same. */
  private compare(view: DataView, line: Uint8Array, s: number, len: number, a: number, b: number): number {
    const sv = this.view;
    const slen = b - a;
    const n = len < slen ? len : slen;
    // Equal zero-filled heads: both have HEAD or more bytes and they agree, or one ended early.
    let k = n >= HEAD ? HEAD : 0;
    for (; k + 4 <= n; k += 4) {
      const x = view.getUint32(s + k);
      const y = sv.getUint32(a + k);
      if (x !== y) return x > y ? 1 : -1;
    }
    for (; k < n; k++) {
      const d = line[s + k]! - this.text[a + k]!;
      if (d !== 0) return d;
    }
    return len - slen;
  }
}

/**
 * Evenly spread whole lines from an input of `size` bytes, read through readAt, so the
 * splitters follow the whole input even when it is partly sorted already.
 */
export function sampleText(size: number, readAt: (offset: number, length: number) => Uint8Array): Uint8Array {
  if (size <= SAMPLE_WINDOWS * SAMPLE_WINDOW_BYTES) return readAt(0, size);
  const out = new Uint8Array(SAMPLE_WINDOWS * SAMPLE_WINDOW_BYTES);
  let at = 0;
  for (let w = 0; w < SAMPLE_WINDOWS; w++) {
    const offset = Math.floor((w * (size - SAMPLE_WINDOW_BYTES)) / (SAMPLE_WINDOWS - 1));
    const bytes = readAt(offset, SAMPLE_WINDOW_BYTES);
    // Skip the partial line at the start (unless this is the file's start) and at the end.
    const from = offset === 0 ? 0 : bytes.indexOf(10) + 1;
    const to = bytes.lastIndexOf(10) + 1;
    if (from > 0 || offset === 0) {
      if (to > from) {
        out.set(bytes.subarray(from, to), at);
        at += to - from;
      }
    }
  }
  return out.subarray(0, at);
}

/** Bytes p..p+3 of text[..e) as a big-endian word, zero-filled past e. */
function word(text: Uint8Array, p: number, e: number): number {
  let w = 0;
  for (let k = 0; k < 4; k++) w = (w << 8) | (p + k < e ? text[p + k]! : 0);
  return w >>> 0;
}

/** The two-byte prefix id (a missing byte codes as 0) of text[s,e). */
function prefixOf(text: Uint8Array, s: number, e: number): number {
  const len = e - s;
  if (len >= 2) return (text[s]! + 1) * 257 + text[s + 1]! + 1;
  return len === 1 ? (text[s]! + 1) * 257 : 0;
}
