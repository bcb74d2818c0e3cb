// How keys are put together: ordered-code structs (0x00 0x01 between fields), one delimiter
// between fields, or one field. Found on a sample of keys and returned as columns: per key its
// field slices, or null when the key does not split like the others.
import { startsWithAt } from '../keys/bytes';
import { splitOrderedCodeStruct } from '../keys/orderedcode';

export interface ColumnShape {
  /** Fixed byte width of a binary column (bigEndian numbers, raw bytes); null for text. */
  width: number | null;
}

export interface Structure {
  encoding: 'delimited' | 'orderedCode';
  /** The delimiter text (ASCII), null for one field or ordered code. */
  delimiter: string | null;
  columns: ColumnShape[];
  /** Per sampled key, its column values, or null when it does not split into these columns. */
  rows: (Uint8Array[] | null)[];
}

/** Candidate delimiters, most likely first: characters that also occur inside common values (- . :) come last. */
const CANDIDATES = '#|/;,~$!@=+^&*%_:.- ';
const MAX_COLUMNS = 32;
/** Share of keys that must agree for a structure to be taken. */
const AGREE = 0.9;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d+)?Z)?)?)?)?$/;
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

export function findStructure(keys: Uint8Array[]): Structure {
  const n = keys.length;
  const withStructSep = keys.filter(hasOrderedCodeSeparator).length;
  if (n > 0 && withStructSep >= n * 0.5) {
    const oc = orderedCodeStructure(keys);
    if (oc.rows.filter((r) => r !== null).length >= n * AGREE) return oc;
  }
  // A key that is one UUID, ISO time or host name as a whole is one field, though it holds - . or :.
  const whole = keys.filter((k) => {
    const t = latin1(k.subarray(0, 256));
    return UUID.test(t) || ISO.test(t) || HOST.test(t);
  }).length;
  const delimiter = whole >= n * AGREE ? null : chooseDelimiter(keys);
  return splitColumns(keys, delimiter);
}

function hasOrderedCodeSeparator(k: Uint8Array): boolean {
  for (let i = 0; i + 1 < k.length; i++) if (k[i] === 0 && k[i + 1] === 1) return true;
  return false;
}

function orderedCodeStructure(keys: Uint8Array[]): Structure {
  const split = keys.map((k) => {
    const parts = splitOrderedCodeStruct(k, MAX_COLUMNS);
    if (!parts) return null;
    let last = parts.length;
    while (last > 0 && parts[last - 1]!.length === 0) last--;
    return parts.slice(0, last);
  });
  const count = mode(split.filter((p) => p !== null).map((p) => p!.length));
  return {
    encoding: 'orderedCode',
    delimiter: null,
    columns: Array.from({ length: count }, () => ({ width: null })),
    rows: split.map((p) => (p && p.length === count && p.every((x) => x.length > 0) ? p : null)),
  };
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = -1;
  for (const v of values) {
    const c = (counts.get(v) ?? 0) + 1;
    counts.set(v, c);
    if (c > bestCount || (c === bestCount && v < best)) [best, bestCount] = [v, c];
  }
  return best;
}

/** The first candidate that every key (but a few) holds the same number of times, as a run if it repeats (`::`). */
function chooseDelimiter(keys: Uint8Array[]): string | null {
  for (const ch of CANDIDATES) {
    const b = ch.charCodeAt(0);
    const counts = keys.map((k) => {
      let c = 0;
      for (let i = 0; i < k.length; i++) if (k[i] === b) c++;
      return c;
    });
    const m = mode(counts);
    if (m === 0 || counts.filter((c) => c === m).length < keys.length * AGREE) continue;
    // A run of the same character at every occurrence (`::`, `||`) is the delimiter as a whole.
    const runs: number[] = [];
    for (const k of keys) {
      for (let i = 0; i < k.length; i++) {
        if (k[i] !== b) continue;
        let j = i;
        while (j < k.length && k[j] === b) j++;
        runs.push(j - i);
        i = j;
      }
    }
    const r = mode(runs);
    return ch.repeat(r > 1 && runs.filter((x) => x === r).length >= runs.length * AGREE ? r : 1);
  }
  return null;
}

function isTextual(slice: Uint8Array): boolean {
  for (let i = 0; i < slice.length; i++) {
    const c = slice[i]!;
    if (c < 0x20 || c === 0x7f) return false;
  }
  return new TextDecoderLite().ok(slice);
}

class TextDecoderLite {
  private static readonly d = new TextDecoder('utf-8', { fatal: true });
  ok(b: Uint8Array): boolean {
    if (b.every((c) => c < 0x80)) return true;
    try {
      TextDecoderLite.d.decode(b);
      return true;
    } catch {
      return false;
    }
  }
}

/** Splits each key into columns left to right; binary columns are taken by width, so a delimiter byte inside them does not split. */
function splitColumns(keys: Uint8Array[], delimiter: string | null): Structure {
  const d = delimiter === null ? null : Uint8Array.from(delimiter, (c) => c.charCodeAt(0));
  const at = new Int32Array(keys.length);
  const rows: (Uint8Array[] | null)[] = keys.map(() => []);
  const columns: ColumnShape[] = [];
  const nextDelim = (k: Uint8Array, from: number) => {
    if (!d) return -1;
    for (let i = from; i + d.length <= k.length; i++) if (startsWithAt(k, d, i)) return i;
    return -1;
  };
  for (let col = 0; col < MAX_COLUMNS; col++) {
    const live = keys.map((_, i) => i).filter((i) => rows[i] !== null);
    if (live.length === 0) break;
    const ends = live.map((i) => nextDelim(keys[i]!, at[i]!));
    const slices = live.map((i, j) => keys[i]!.subarray(at[i]!, ends[j]! < 0 ? keys[i]!.length : ends[j]!));
    let width: number | null = null;
    if (slices.filter((s) => !isTextual(s)).length >= live.length * 0.2) width = binaryWidth(keys, live, at, d);
    let last = true;
    if (width === null) last = ends.filter((e) => e < 0).length >= live.length * 0.5;
    else last = live.filter((i) => at[i]! + width! >= keys[i]!.length).length >= live.length * 0.5;
    columns.push({ width });
    live.forEach((i, j) => {
      const k = keys[i]!;
      const row = rows[i]!;
      const end = width !== null ? at[i]! + width : last ? k.length : ends[j]!;
      if (end < 0 || end > k.length || (width === null && end === at[i])) {
        rows[i] = null;
        return;
      }
      row.push(k.subarray(at[i]!, end));
      if (last) {
        if (end !== k.length) rows[i] = null;
      } else if (d && startsWithAt(k, d, end)) at[i] = end + d.length;
      else rows[i] = null;
    });
    if (last) break;
  }
  return { encoding: 'delimited', delimiter, columns, rows };
}

/** The width at which (nearly) every key has the delimiter or its end: 8 (bigEndian) first. */
function binaryWidth(keys: Uint8Array[], live: number[], at: Int32Array, d: Uint8Array | null): number | null {
  const fits = (w: number) =>
    live.filter((i) => {
      const k = keys[i]!;
      const e = at[i]! + w;
      return e === k.length || (d !== null && e < k.length && startsWithAt(k, d, e));
    }).length;
  const order = [8, ...Array.from({ length: 64 }, (_, i) => i + 1).filter((w) => w !== 8)];
  let best: number | null = null;
  let bestFit = 0;
  for (const w of order) {
    const f = fits(w);
    if (f > bestFit) [best, bestFit] = [w, f];
  }
  return best !== null && bestFit >= live.length * AGREE ? best : null;
}
