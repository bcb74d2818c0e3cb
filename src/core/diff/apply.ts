// Taking some changes of a diff: each change's path read in `theirs` and written into `mine`
// (named list elements found by name), so the user can take a link's changes one by one. The
// result is a new object; `mine` is not touched. The caller validates it (a template change
// taken without its fields does not make a valid design, and says so). A list element `mine`
// lacks goes in after the element it follows in `theirs` (so a table inserted in the middle
// stays in the middle), or first when nothing before it is in `mine`.
import type { Design } from '../model/schema';
import type { RawChange } from './walk';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNamedList = (v: unknown): v is { name: string }[] => Array.isArray(v) && v.every((x) => isObject(x) && typeof x.name === 'string');

/** Where `key` is in container `c`: an array index for a named list, else the key. */
function slot(c: unknown, key: string): string | number | null {
  if (isNamedList(c)) {
    const i = c.findIndex((x) => x.name === key);
    return i < 0 ? null : i;
  }
  return isObject(c) ? key : null;
}

function get(root: unknown, path: readonly string[]): unknown {
  let cur = root;
  for (const k of path) {
    const s = slot(cur, k);
    if (s === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

/** Inserts `value` into the named list `list` after the nearest element that precedes it in `theirsList`. */
function insertNamed(list: { name: string }[], theirsList: unknown, value: { name: string }): number {
  const order = isNamedList(theirsList) ? theirsList.map((x) => x.name) : [];
  const at = order.indexOf(value.name);
  for (let k = at - 1; k >= 0; k--) {
    const i = list.findIndex((x) => x.name === order[k]);
    if (i >= 0) {
      list.splice(i + 1, 0, value);
      return i + 1;
    }
  }
  if (at < 0) {
    list.push(value);
    return list.length - 1;
  }
  list.unshift(value);
  return 0;
}

export function applyChanges(mine: Design, theirs: Design, changes: readonly Pick<RawChange, 'path'>[]): Design {
  const out = structuredClone(mine) as unknown as Record<string, unknown>;
  for (const c of changes) {
    const value = get(theirs, c.path);
    let cur: unknown = out;
    // Build the way down, creating what `theirs` has and `mine` lacks.
    for (let i = 0; i < c.path.length - 1; i++) {
      const k = c.path[i]!;
      let s = slot(cur, k);
      if (s === null) {
        const made = structuredClone(get(theirs, c.path.slice(0, i + 1)));
        if (Array.isArray(cur)) {
          s = insertNamed(cur as { name: string }[], get(theirs, c.path.slice(0, i)), made as { name: string });
        } else if (isObject(cur)) {
          cur[k] = made;
          s = k;
        } else break;
        cur = (cur as Record<string | number, unknown>)[s];
        break; // the whole element came from theirs, with this change in it
      }
      cur = (cur as Record<string | number, unknown>)[s];
    }
    const last = c.path[c.path.length - 1]!;
    if (Array.isArray(cur) && isNamedList(cur)) {
      const i = cur.findIndex((x) => x.name === last);
      if (value === undefined) {
        if (i >= 0) cur.splice(i, 1);
      } else if (i >= 0) cur[i] = structuredClone(value) as { name: string };
      else insertNamed(cur, get(theirs, c.path.slice(0, -1)), structuredClone(value) as { name: string });
    } else if (isObject(cur)) {
      if (value === undefined) delete cur[last];
      else cur[last] = structuredClone(value);
    }
  }
  return out as unknown as Design;
}
