// The sorter's key sets: generated (the core's key writer) or pasted keys, packed (core/keys/packed.ts),
// with progress for long jobs. Imports core only: this module runs in the sort worker.
import type { RowKey } from '../../core/model/schema';
import { keyAt, KeyPacker, type KeySet } from '../../core/keys/packed';
import { keyWriter } from '../../core/keys/writer';
import { splitLines } from '../../core/sort/byteSort';
import { unescapeBytes } from '../../core/sort/escape';

export { keyAt, KeyPacker, type KeySet };

/** A key set and its byte order: `order[k]` is the key at sorted position k. */
export interface SortedKeys extends KeySet {
  order: Uint32Array;
}

/** Reported by long jobs between steps; `total` 0 means "no measure of how far". */
export interface Progress {
  stage: 'generate' | 'parse' | 'sort' | 'check' | 'match' | 'jsorder';
  done: number;
  total: number;
}

export const MIN_GENERATED = 10;
export const MAX_KEYS = 1_000_000;
/** How often a loop reports progress (and the main-thread fallback yields). */
export const STEP = 8192;

export function sortedKeyAt(keys: SortedKeys, k: number): Uint8Array {
  return keyAt(keys, keys.order[k]!);
}

export interface GenerateRequest {
  rowKey: RowKey;
  count: number;
  seed: number;
  writesPerSecond?: number | undefined;
}

export function clampCount(n: number): number {
  if (!Number.isFinite(n)) return MIN_GENERATED;
  return Math.min(MAX_KEYS, Math.max(MIN_GENERATED, Math.round(n)));
}

/**
 * The keys `sampleKeys(rowKey, count, {seed, writesPerSecond})` returns, in the same order,
 * packed. It runs the same key writer sampleKeys does, so it can report progress.
 */
export function* generateKeys(req: GenerateRequest): Generator<Progress, KeySet> {
  const count = clampCount(req.count);
  const writer = keyWriter(req.rowKey, { seed: req.seed, writesPerSecond: req.writesPerSecond });
  // Room for keys a little longer than the first, so a million keys rarely regrow the buffer.
  const first = writer.next();
  const packer = new KeyPacker(count, first + (first >> 3) + 4);
  packer.pushFrom(writer.bytes(), first);
  for (let i = 1; i < count; i++) {
    const len = writer.next(); // first: it may move the buffer bytes() returns
    packer.pushFrom(writer.bytes(), len);
    if ((i + 1) % STEP === 0) yield { stage: 'generate', done: i + 1, total: count };
  }
  return packer.finish();
}

export class KeyParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'KeyParseError';
  }
}

/**
 * Pasted keys, one per line, with `\xNN` for any byte and `\\` for a backslash. A trailing
 * \r is dropped (text from Windows); blank lines are skipped (Bigtable has no empty key).
 */
export function* parseKeys(text: string): Generator<Progress, KeySet> {
  const bytes = new TextEncoder().encode(text);
  const lines = splitLines(bytes);
  if (lines.count > MAX_KEYS)
    throw new KeyParseError(`at most ${MAX_KEYS.toLocaleString('en-US')} keys, found ${lines.count.toLocaleString('en-US')} lines`, MAX_KEYS + 1);
  const packer = new KeyPacker(lines.count, Math.ceil(bytes.length / Math.max(1, lines.count)));
  for (let i = 0; i < lines.count; i++) {
    let end = lines.ends[i]!;
    const start = lines.starts[i]!;
    if (end > start && bytes[end - 1] === 13) end--;
    if (end === start) continue;
    try {
      packer.push(unescapeBytes(bytes.subarray(start, end)));
    } catch (e) {
      throw new KeyParseError(e instanceof Error ? e.message : String(e), i + 1);
    }
    if ((i + 1) % STEP === 0) yield { stage: 'parse', done: i + 1, total: lines.count };
  }
  return packer.finish();
}

/**
 * FNV-1a (32-bit) over the keys in sorted order, each as a 4-byte big-endian length and its
 * bytes: a fingerprint of the whole order that a test can recompute from its own sort.
 */
export function orderChecksum(keys: SortedKeys): number {
  const { data, starts, ends, order } = keys;
  let h = 0x811c9dc5 | 0; // an int from the start, so the loop never sees a heap number
  for (let k = 0; k < keys.count; k++) {
    const i = order[k]!;
    const s = starts[i]!;
    const e = ends[i]!;
    const n = e - s;
    h = Math.imul(h ^ (n >>> 24), 0x01000193);
    h = Math.imul(h ^ ((n >>> 16) & 255), 0x01000193);
    h = Math.imul(h ^ ((n >>> 8) & 255), 0x01000193);
    h = Math.imul(h ^ (n & 255), 0x01000193);
    for (let p = s; p < e; p++) h = Math.imul(h ^ data[p]!, 0x01000193);
  }
  return h >>> 0;
}
