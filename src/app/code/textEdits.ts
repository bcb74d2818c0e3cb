// Pure helpers of the code view, kept free of Monaco so they test in Node.
import { exportDesign } from '../../core/export/design';
import type { Design } from '../../core/model/schema';

/** One replacement that turns `before` into `after`: offsets [start, end) of `before`, and the new text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The smallest single edit between two texts (common prefix and suffix kept). Applying a
 * store change this way instead of replacing the whole text keeps the cursor, the selection
 * and the scroll position wherever the change is not, and leaves undo history intact.
 * Never splits a UTF-16 surrogate pair.
 */
export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let tail = 0;
  while (tail < max - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

export function applyEdit(text: string, edit: TextEdit | null): string {
  return edit ? text.slice(0, edit.start) + edit.text + text.slice(edit.end) : text;
}

/** Applies non-overlapping edits given in offsets of `text` (any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = applyEdit(out, e);
  return out;
}

/** Above this many line pairs the line diff gives up and returns the one minimal edit. */
const MAX_DIFF_CELLS = 2_000_000;

/**
 * Edits that turn `before` into `after` line by line (a longest-common-subsequence diff), so a
 * store text that rewrites a document in its own layout still leaves every unchanged line, and
 * a cursor on it, where it was. Edits are in offsets of `before`, ascending, non-overlapping.
 */
export function lineEdits(before: string, after: string): TextEdit[] {
  const one = minimalEdit(before, after);
  if (!one) return [];
  const a = splitKeepingEnds(before);
  const b = splitKeepingEnds(after);
  // Trim the lines both share at the ends; diff what is left.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n * m > MAX_DIFF_CELLS) return [one];
  // lcs[i][j]: common lines of a[head+i..] and b[head+j..], one flat array.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[head + i] === b[head + j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const offsets = [0];
  for (const line of a) offsets.push(offsets[offsets.length - 1]! + line.length);
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  let pending: { from: number; to: number; text: string } | null = null;
  const flush = () => {
    if (pending && (pending.from !== pending.to || pending.text !== ''))
      edits.push({ start: offsets[head + pending.from]!, end: offsets[head + pending.to]!, text: pending.text });
    pending = null;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      flush();
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) {
      pending ??= { from: i, to: i, text: '' };
      pending.text += b[head + j]!;
      j++;
    } else {
      pending ??= { from: i, to: i, text: '' };
      pending.to = ++i;
    }
  }
  flush();
  return edits;
}

/** Lines with their line breaks, so they join back to the exact text. */
function splitKeepingEnds(text: string): string[] {
  const out = text.match(/[^\n]*\n|[^\n]+$/g);
  return out ?? [];
}

export type TextFormat = 'yaml' | 'json';

/** JSON is YAML too, and the store keeps whatever the user typed: JSON starts with `{` after blanks. */
export function textFormat(text: string): TextFormat {
  return /^\s*\{/.test(text) ? 'json' : 'yaml';
}

/** The design written in a format, as the exporters write it (YAML with the schema modeline). */
export function designAs(design: Design, format: TextFormat): string {
  return exportDesign(design, null, { as: format }).text;
}

/** 1-based line and column of an offset (Monaco's positions). */
export function positionAt(text: string, offset: number): { lineNumber: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { lineNumber: line, column: end - lineStart + 1 };
}
