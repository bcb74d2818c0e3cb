// Splitters for the sample sort in buckets.ts: lines taken from a sample of the input at
// even quantiles, so that each bucket between two of them holds about the same amount of
// text. Splitters are whole lines, so keys that share long prefixes (tenant#device...)
// still spread over many buckets. Pure TypeScript.

import { sortLineIndex, splitLines } from './byteSort';

/** Text per bucket: small enough that a bucket's lines stay in the CPU caches. */
const BUCKET_BYTES = 64 * 1024;
const MAX_BUCKETS = 4096;
const SAMPLE_WINDOWS = 512;
const SAMPLE_WINDOW_BYTES = 1024;
const PREFIXES = 257 * 257;
/** Bytes of each splitter kept as words for the search. */
const HEAD = 16;
/** Slices of at least this many splitters get a second table, on the byte after their shared prefix. */
const SUB_MIN = 8;
/** Entries of a second table: the byte's codes (0 for "no byte", else byte + 1), and one more. */
const SUB = 258;

export class Splitters {
  /** Splitter index ranges per two-byte prefix, so most lines need no search at all. */
  private readonly firstOf = new Uint32Array(PREFIXES + 1);
  private readonly view: DataView;
  /**
   * Per slice of many splitters (its first splitter's entry; -1 for the others): where its
   * second table starts in `subFirst`. Its splitters share `shared` bytes; the table gives
   * the range of those whose next byte has each code, and they share one byte more.
   */
  private readonly subAt: Int32Array;
  private readonly shared: Uint32Array;
  private readonly subFirst: Uint32Array;
  /** Bytes a splitter shares with the others of its search range: where its heads start. */
  private readonly headAt: Uint32Array;
  /** Each splitter's 16 bytes from headAt (zero-filled) as four words: most comparisons end there. */
  private readonly heads: Uint32Array;

  /** `text` holds the splitter lines back to back; splitter i is text[starts[i], starts[i+1]). */
  private constructor(
    private readonly text: Uint8Array,
    private readonly starts: Uint32Array,
  ) {
    this.view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const n = starts.length - 1;
    for (let i = 0; i < n; i++) this.firstOf[prefixOf(text, starts[i]!, starts[i + 1]!) + 1]!++;
    for (let id = 0; id < PREFIXES; id++) this.firstOf[id + 1]! += this.firstOf[id]!;
    this.subAt = new Int32Array(Math.max(1, n)).fill(-1);
    this.shared = new Uint32Array(Math.max(1, n));
    this.headAt = new Uint32Array(Math.max(1, n));
    const tables: number[] = [];
    for (let id = 0; id < PREFIXES; id++) {
      const lo = this.firstOf[id]!;
      const hi = this.firstOf[id + 1]!;
      if (hi - lo < SUB_MIN) continue;
      // Splitters are sorted and distinct, so the slice's shared prefix is that of its first
      // and last, and only the first can end there (code 0).
      const a = starts[lo]!;
      const b = starts[hi - 1]!;
      const m = Math.min(starts[lo + 1]! - a, starts[hi]! - b);
      let cp = 0;
      while (cp < m && text[a + cp] === text[b + cp]) cp++;
      this.subAt[lo] = tables.length;
      this.shared[lo] = cp;
      // Codes rise with the splitters (sorted, sharing cp bytes): entry c is the first
      // splitter whose code is c or more.
      const codeOf = (i: number): number => (starts[i + 1]! - starts[i]! === cp ? 0 : text[starts[i]! + cp]! + 1);
      let i = lo;
      for (let c = 0; c < SUB; c++) {
        while (i < hi && codeOf(i) < c) i++;
        tables.push(i);
      }
      this.headAt.fill(cp + 1, lo, hi);
    }
    this.subFirst = Uint32Array.from(tables);
    this.heads = new Uint32Array(4 * n);
    for (let i = 0; i < n; i++) {
      const from = starts[i]! + this.headAt[i]!;
      for (let w = 0; w < 4; w++) this.heads[4 * i + w] = word(text, from + 4 * w, starts[i + 1]!);
    }
  }

  get buckets(): number {
    return this.starts.length;
  }

  /** The splitters as plain arrays, to hand to another thread. */
  parts(): [Uint8Array, Uint32Array] {
    return [this.text, this.starts];
  }

  static fromParts([text, starts]: [Uint8Array, Uint32Array]): Splitters {
    return new Splitters(text, starts);
  }

  /** Splitters at quantiles of the sample's lines, aiming at ~64 KB of input per bucket. */
  static fromSample(sample: Uint8Array, inputBytes: number): Splitters {
    const { starts, ends, count } = splitLines(sample);
    const want = Math.max(1, Math.min(MAX_BUCKETS, Math.ceil(inputBytes / BUCKET_BYTES), count));
    const order = sortLineIndex(sample, starts, ends, count);
    const picked: Uint8Array[] = [];
    for (let q = 1; q < want; q++) {
      const i = order[Math.floor((q * count) / want)]!;
      const line = sample.subarray(starts[i]!, ends[i]!);
      // Quantiles of a sample with duplicates repeat; a bucket between equal splitters is empty.
      const last = picked[picked.length - 1];
      if (last && last.length === line.length && last.every((b, k) => b === line[k])) continue;
      picked.push(line);
    }
    const text = new Uint8Array(picked.reduce((n, l) => n + l.length, 0));
    const bounds = new Uint32Array(picked.length + 1);
    picked.forEach((line, i) => {
      text.set(line, bounds[i]!);
      bounds[i + 1] = bounds[i]! + line.length;
    });
    return new Splitters(text, bounds);
  }

  /**
   * The bucket of line text[s,e): how many splitters sort at or before it. `view` is a
   * DataView of `text`, made once per block by the caller.
   */
  bucketOf(view: DataView, text: Uint8Array, s: number, e: number): number {
    const len = e - s;
    const id = len >= 2 ? (text[s]! + 1) * 257 + text[s + 1]! + 1 : len === 1 ? (text[s]! + 1) * 257 : 0;
    let lo = this.firstOf[id]!;
    let hi = this.firstOf[id + 1]!;
    if (lo === hi) return lo;
    const { starts, heads } = this;
    let off = 0;
    const t = this.subAt[lo]!;
    if (t >= 0) {
      // A slice of many splitters: first against the bytes they all share, then its table.
      const cp = this.shared[lo]!;
      const sv = this.view;
      const a = starts[lo]!;
      const m = len < cp ? len : cp;
      // The two bytes of the slice's id are the same (when both have them).
      let k = m >= 2 ? 2 : 0;
      for (; k + 4 <= m; k += 4) {
        const x = view.getUint32(s + k);
        const y = sv.getUint32(a + k);
        if (x !== y) return x < y ? lo : hi;
      }
      for (; k < m; k++) {
        const d = text[s + k]! - this.text[a + k]!;
        if (d !== 0) return d < 0 ? lo : hi;
      }
      // A proper prefix of the shared bytes sorts before every splitter of the slice; the
      // shared bytes themselves after the one splitter that may be just those.
      if (len < cp) return lo;
      if (len === cp) return this.subFirst[t + 1]!;
      const code = text[s + cp]! + 1;
      lo = this.subFirst[t + code]!;
      hi = this.subFirst[t + code + 1]!;
      if (lo === hi) return lo;
      off = cp + 1;
    }
    const c = s + off;
    const long = len - off >= HEAD;
    const k0 = long ? view.getUint32(c) : word(text, c, e);
    const k1 = long ? view.getUint32(c + 4) : word(text, c + 4, e);
    const k2 = long ? view.getUint32(c + 8) : word(text, c + 8, e);
    const k3 = long ? view.getUint32(c + 12) : word(text, c + 12, e);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const h = 4 * mid;
      let after: boolean;
      if (heads[h] !== k0) after = k0 > heads[h]!;
      else if (heads[h + 1] !== k1) after = k1 > heads[h + 1]!;
      else if (heads[h + 2] !== k2) after = k2 > heads[h + 2]!;
      else if (heads[h + 3] !== k3) after = k3 > heads[h + 3]!;
      else after = this.compare(view, text, s, len, starts[mid]!, starts[mid + 1]!, off) >= 0;
      if (after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Compares a line with splitter text[a,b): both have the `off` bytes they are known to
   * share, and their HEAD bytes after those, zero-filled, are the same.
   */
  private compare(view: DataView, line: Uint8Array, s: number, len: number, a: number, b: number, off: number): number {
    const sv = this.view;
    const slen = b - a;
    const n = len < slen ? len : slen;
    // Equal zero-filled heads: both have off + HEAD or more bytes and they agree, or one ended early.
    let k = n >= off + HEAD ? off + HEAD : off;
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
