// A form edit in a live room, put into the room's text without losing what the form does not
// know about. The form changes the design; the studio writes designs as canonical YAML
// (`base` before the edit, `next` after it). The room's text (`theirs`) may hold more: comments,
// its own layout, other people's lines. The canonical lines the form changed are found in the
// room's text by matching lines (a longest common subsequence), and only those are replaced.
// The caller checks that the result says exactly `next`; when it does not, it falls back to
// `next` itself.
import { lineEdits } from '../code/textEdits';

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** For each line of `a`, the index of the line of `b` it is matched with, or -1. */
function align(a: readonly string[], b: readonly string[]): Int32Array {
  const n = a.length;
  const m = b.length;
  const out = new Int32Array(n).fill(-1);
  if (n * m > 4_000_000) return out;
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out[i] = j;
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) i++;
    else j++;
  }
  return out;
}

/** `theirs` with the change from `base` to `next` applied where `base`'s lines sit in it; null when a changed line cannot be placed. */
export function mergeFormEdit(theirs: string, base: string, next: string): string | null {
  if (base === next) return theirs;
  const a = lines(base);
  const t = lines(theirs);
  const at = align(a, t);
  // Line offsets of `base` (to turn lineEdits' character offsets into line numbers) and of `theirs`.
  const aStart = [0];
  for (const l of a) aStart.push(aStart[aStart.length - 1]! + l.length);
  const tStart = [0];
  for (const l of t) tStart.push(tStart[tStart.length - 1]! + l.length);
  const lineAt = (offset: number) => {
    const k = aStart.indexOf(offset);
    return k;
  };
  const replacements: { from: number; to: number; text: string }[] = [];
  for (const e of lineEdits(base, next)) {
    const i0 = lineAt(e.start);
    const i1 = lineAt(e.end);
    if (i0 < 0 || i1 < 0) return null;
    let from: number;
    let to: number;
    if (i1 > i0) {
      // Replaced lines: each must be in `theirs`, one after another.
      for (let i = i0; i < i1; i++) if (at[i]! < 0 || (i > i0 && at[i]! !== at[i - 1]! + 1)) return null;
      from = at[i0]!;
      to = at[i1 - 1]! + 1;
    } else {
      // Inserted lines: after the line above them (or before the line below), as `theirs` has it.
      if (i0 > 0 && at[i0 - 1]! >= 0) from = at[i0 - 1]! + 1;
      else if (i0 < a.length && at[i0]! >= 0) from = at[i0]!;
      else if (i0 === 0) from = 0;
      else return null;
      to = from;
    }
    replacements.push({ from: tStart[from]!, to: tStart[to]!, text: e.text });
  }
  let out = theirs;
  for (const r of replacements.sort((x, y) => y.from - x.from)) out = out.slice(0, r.from) + r.text + out.slice(r.to);
  return out;
}
