// The keys to infer from: one a line, with `\xNN` and `\\` escapes as `btstudio sort --escaped`
// reads them (the same parser). The text is kept as one buffer with line offsets, so a million
// keys cost the input and four bytes a key, not an object each.
import { unescapeBytes } from '../sort/escape';

export interface KeySource {
  /** Number of keys (non-blank lines). */
  readonly count: number;
  /** The bytes of key i (0-based), escapes decoded; throws on a bad escape. */
  key(i: number): Uint8Array;
  /** The 1-based line number of key i in the input. */
  line(i: number): number;
  /** Blank lines skipped (never keys: Bigtable has no empty row key). */
  readonly blankLines: number;
}

/** Lines of `text` (LF or CRLF), blank lines skipped but counted. */
export function linesOf(text: Uint8Array): KeySource {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === 10) n++;
  const starts = new Uint32Array(n + 1);
  const ends = new Uint32Array(n + 1);
  const lines = new Uint32Array(n + 1);
  let k = 0;
  let blank = 0;
  let start = 0;
  let lineNo = 0;
  while (start < text.length) {
    let end = text.indexOf(10, start);
    if (end < 0) end = text.length;
    lineNo++;
    let e = end;
    if (e > start && text[e - 1] === 13) e--;
    if (e > start) {
      starts[k] = start;
      ends[k] = e;
      lines[k] = lineNo;
      k++;
    } else blank++;
    start = end + 1;
  }
  const count = k;
  return {
    count,
    blankLines: blank,
    key: (i) => unescapeBytes(text.subarray(starts[i]!, ends[i]!)),
    line: (i) => lines[i]!,
  };
}

/** Keys already in memory (the studio's pasted keys, pulled keys). */
export function keysOf(keys: readonly Uint8Array[]): KeySource {
  return { count: keys.length, blankLines: 0, key: (i) => keys[i]!, line: (i) => i + 1 };
}

/**
 * Up to `max` key indexes spread evenly over the input (the first, then every count/max-th),
 * so a sorted input is sampled across its whole key space, not only its start.
 */
export function spreadSample(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const out: number[] = [];
  for (let j = 0; j < max; j++) out.push(Math.floor((j * count) / max));
  return out;
}
