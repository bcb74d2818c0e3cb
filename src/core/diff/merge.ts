// A three-way merge of designs: what each side changed since a common version (the base),
// from the same generic walk as the diff (walk.ts). A change made on one side only is taken
// without asking; the same change made on both sides is no change; only a place both sides
// changed differently is a conflict, kept as mine until the user picks theirs. A change of
// mine is never shown as a change to take (it is not a revert offered to the user).
//
// Places are diff paths (object keys, and names inside named lists). Two changes touch the
// same place when one path is a prefix of the other (a removed table and an edit inside it);
// the conflict is then at the shorter path, and taking theirs takes the whole value there.
// Not merged: the order of list elements (a reorder is not a change the walk sees).
import type { Design } from '../model/schema';
import { applyChanges } from './apply';
import { sameValue, walk, type RawChange } from './walk';

export interface MergeConflict {
  /** Where both sides changed the design differently. */
  path: string[];
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** Mine with every change made only in theirs (conflicts left as mine). */
  merged: Design;
  /** Changes only theirs made (base -> theirs), taken without asking. */
  theirsOnly: RawChange[];
  /** Changes only mine made (base -> mine), kept. */
  mineOnly: RawChange[];
  /** Places both sides changed to the same value. */
  both: string[][];
  conflicts: MergeConflict[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a diff path (named list elements by name); undefined when it is not there. */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let cur = root;
  for (const k of path) {
    if (Array.isArray(cur)) cur = cur.find((x) => isObject(x) && x.name === k);
    else if (isObject(cur)) cur = cur[k];
    else return undefined;
  }
  return cur;
}

const prefixOf = (p: readonly string[], q: readonly string[]) => p.length <= q.length && p.every((k, i) => q[i] === k);
const overlaps = (p: readonly string[], q: readonly string[]) => prefixOf(p, q) || prefixOf(q, p);
const key = (p: readonly string[]) => p.join('\u0000');

export function merge3(base: Design, mine: Design, theirs: Design): MergeResult {
  const ours = walk(base, mine);
  const their = walk(base, theirs);
  const theirsOnly: RawChange[] = [];
  const roots = new Map<string, string[]>();
  for (const t of their) {
    const touching = ours.filter((m) => overlaps(m.path, t.path));
    if (!touching.length) {
      theirsOnly.push(t);
      continue;
    }
    // The widest place either side changed here: the conflict (or agreement) is about it.
    let root = t.path;
    for (const m of touching) if (m.path.length < root.length) root = m.path;
    roots.set(key(root), root);
  }
  // A place inside another place in the list is part of that one.
  const places = [...roots.values()].filter((p) => ![...roots.values()].some((q) => q.length < p.length && prefixOf(q, p)));
  const conflicts: MergeConflict[] = [];
  const both: string[][] = [];
  for (const path of places) {
    const m = valueAt(mine, path);
    const t = valueAt(theirs, path);
    if (sameValue(m, t)) both.push(path);
    else conflicts.push({ path, base: valueAt(base, path), mine: m, theirs: t });
  }
  const mineOnly = ours.filter((m) => !their.some((t) => overlaps(m.path, t.path)));
  return { merged: applyChanges(mine, theirs, theirsOnly), theirsOnly, mineOnly, both, conflicts };
}

/** The merge with the chosen conflicts resolved to theirs (the others stay mine). */
export function resolveMerge(result: MergeResult, theirs: Design, takeTheirs: readonly MergeConflict[]): Design {
  return takeTheirs.length ? applyChanges(result.merged, theirs, takeTheirs) : result.merged;
}
