// What the byte order does that people do not expect, over a sorted key set:
// - numeric flags: adjacent keys whose numbers are in the other order (`10` before `2` in an
//   unpadded decimal field, a negative big-endian int after the positives);
// - where JavaScript's string order would put each key (code units of the decoded text, or
//   localeCompare), which differs from byte order for binary bytes, astral characters and,
//   with localeCompare, for case and punctuation.
// Imports core only: this module runs in the sort worker.
import { STEP, type Progress, type SortedKeys } from './keyset';
import type { NumericKind, Spanner } from './spans';

const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/** -1, 0 or 1 comparing two decimal numbers written as digits (no sign), or NaN if either is not. */
export function compareDigits(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  if (as >= ae || bs >= be) return NaN;
  for (let p = as; p < ae; p++) if (!isDigit(a[p])) return NaN;
  for (let p = bs; p < be; p++) if (!isDigit(b[p])) return NaN;
  while (as < ae - 1 && a[as] === 0x30) as++;
  while (bs < be - 1 && b[bs] === 0x30) bs++;
  if (ae - as !== be - bs) return ae - as < be - bs ? -1 : 1;
  for (let k = 0; k < ae - as; k++) {
    const d = a[as + k]! - b[bs + k]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Compares signed decimal text ("-12", "0042"); NaN when either is not a decimal number. */
export function compareDecimal(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  const na = a[as] === 0x2d;
  const nb = b[bs] === 0x2d;
  if (na !== nb) return na ? -1 : 1;
  const c = compareDigits(a, na ? as + 1 : as, ae, b, nb ? bs + 1 : bs, be);
  return na ? -c : c;
}

/** The first byte where two keys differ, or the shorter length. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * For keys that do not fit a template: does the digit run where they first differ read as a
 * larger number in the key that sorts first? (`item10` before `item9`.)
 */
export function digitRunInverted(a: Uint8Array, b: Uint8Array): boolean {
  const p = firstDifference(a, b);
  if (!isDigit(a[p]) && !isDigit(b[p])) return false;
  let s = p;
  while (s > 0 && isDigit(a[s - 1])) s--;
  let ea = p;
  while (isDigit(a[ea])) ea++;
  let eb = p;
  while (isDigit(b[eb])) eb++;
  return compareDigits(a, s, ea, b, s, eb) > 0;
}

/** Is the field in which `a` and `b` first differ a number that reads the other way round? */
function fieldInverted(a: Uint8Array, ra: Int32Array, b: Uint8Array, rb: Int32Array, numeric: readonly NumericKind[], p: number): boolean {
  for (let f = 0; f < numeric.length; f++) {
    const as = ra[2 * f]!;
    const ae = ra[2 * f + 1]!;
    if (p < as || p >= Math.max(ae, rb[2 * f + 1]!)) continue;
    const bs = rb[2 * f]!;
    const be = rb[2 * f + 1]!;
    const kind = numeric[f];
    if (kind === 'decimal') return compareDecimal(a, as, ae, b, bs, be) > 0;
    // Two's complement: byte order puts negatives (top bit set) after every non-negative value.
    if (kind === 'bigEndian') return ae - as === 8 && be - bs === 8 && (a[as]! & 0x80) === 0 && (b[bs]! & 0x80) !== 0;
    return false;
  }
  return false;
}

export interface OrderFlags {
  /** flags[k] = 1 when the key at sorted position k reads as a smaller number than the one before it. */
  flags: Uint8Array;
  count: number;
}

/**
 * The flag of one sorted position, as numericFlags computes it for every key: the list shows
 * it for the rows on screen while numericFlags goes through the whole set.
 */
export function flagAt(keys: SortedKeys, spanner: Spanner | null, k: number): boolean {
  if (k <= 0 || k >= keys.count) return false;
  const { data, starts, ends, order } = keys;
  const i = order[k - 1]!;
  const j = order[k]!;
  const a = data.subarray(starts[i]!, ends[i]!);
  const b = data.subarray(starts[j]!, ends[j]!);
  const width = (spanner?.fields.length ?? 0) * 2;
  const ra = new Int32Array(width);
  const rb = new Int32Array(width);
  const fits = spanner !== null && spanner.fieldRanges(a, ra) && spanner.fieldRanges(b, rb);
  return fits ? fieldInverted(a, ra, b, rb, spanner!.numeric, firstDifference(a, b)) : digitRunInverted(a, b);
}

export function* numericFlags(keys: SortedKeys, spanner: Spanner | null): Generator<Progress, OrderFlags> {
  const { data, starts, ends, order, count: n } = keys;
  const flags = new Uint8Array(n);
  const width = (spanner?.fields.length ?? 0) * 2;
  let ra = new Int32Array(width);
  let rb = new Int32Array(width);
  let prevFits = false;
  let flagged = 0;
  for (let k = 0; k < n; k++) {
    const j = order[k]!;
    const b = data.subarray(starts[j]!, ends[j]!);
    const fits = spanner !== null && spanner.fieldRanges(b, rb);
    if (k > 0) {
      const i = order[k - 1]!;
      const a = data.subarray(starts[i]!, ends[i]!);
      const inverted = fits && prevFits ? fieldInverted(a, ra, b, rb, spanner!.numeric, firstDifference(a, b)) : digitRunInverted(a, b);
      if (inverted) {
        flags[k] = 1;
        flagged++;
      }
    }
    [ra, rb] = [rb, ra];
    prevFits = fits;
    if ((k + 1) % STEP === 0) yield { stage: 'check', done: k + 1, total: n };
  }
  return { flags, count: flagged };
}

export type JsOrderMode = 'codeUnits' | 'locale';

export interface JsOrder {
  /** rank[k]: the position JavaScript's sort gives the key at byte-order position k. */
  rank: Uint32Array;
  /** How many keys land somewhere else. */
  moved: number;
}

/** Sorts the keys as JavaScript would sort their text (`TextDecoder`, then `sort()` or localeCompare). */
export function* jsOrder(keys: SortedKeys, mode: JsOrderMode): Generator<Progress, JsOrder> {
  const n = keys.count;
  const decoder = new TextDecoder();
  const text: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = keys.order[k]!;
    text[k] = decoder.decode(keys.data.subarray(keys.starts[i]!, keys.ends[i]!));
    if ((k + 1) % STEP === 0) yield { stage: 'jsorder', done: k + 1, total: n * 2 };
  }
  yield { stage: 'jsorder', done: n, total: n * 2 };
  const idx = Array.from({ length: n }, (_, k) => k);
  // Array.prototype.sort is stable: keys whose text is equal keep their byte order.
  if (mode === 'locale') {
    const collator = new Intl.Collator();
    idx.sort((x, y) => collator.compare(text[x]!, text[y]!));
  } else idx.sort((x, y) => (text[x]! < text[y]! ? -1 : text[x]! > text[y]! ? 1 : 0));
  const rank = new Uint32Array(n);
  let moved = 0;
  for (let r = 0; r < n; r++) {
    rank[idx[r]!] = r;
    if (idx[r] !== r) moved++;
  }
  return { rank, moved };
}
