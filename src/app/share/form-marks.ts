// The changes of a comparison (src/core/diff) as marks on the Form tab of the link's version:
// diff paths name list items by name (["tables", "events", "families", "cf", "gc"]); the form's
// controls carry design paths with indexes (`tables[0].families[1].gc`). Added and changed
// values are marked where the link's design holds them; removed ones, which the form cannot
// show, are listed by name.
import type { Change } from '../../core/diff';
import { formatPath, type PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';

export type Mark = 'added' | 'changed';

export interface FormMarks {
  /** Form path (`tables[0].load.writesPerSecond`) -> what happened there. */
  marks: Map<string, Mark>;
  /** What the link's version removed, as "table events", "family cf of table events", ... */
  removed: string[];
  added: number;
  changed: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A diff path in `design` as a design path with indexes, or null when it is not there. */
export function designPath(design: unknown, path: readonly string[]): PathPart[] | null {
  const out: PathPart[] = [];
  let v: unknown = design;
  for (const p of path) {
    if (Array.isArray(v)) {
      const i = v.findIndex((x) => isObj(x) && x.name === p);
      if (i < 0) return null;
      out.push(i);
      v = v[i];
    } else if (isObj(v)) {
      out.push(p);
      v = v[p];
    } else return null;
  }
  return out;
}

const KIND: Record<string, string> = { tables: 'table', families: 'family', queries: 'query', views: 'view' };

/** "family cf of table events" for ["tables", "events", "families", "cf"]; the path itself otherwise. */
function describe(path: readonly string[]): string {
  const named: string[] = [];
  for (let i = path.length - 2; i >= 0; i -= 2) {
    const kind = KIND[path[i]!];
    if (!kind) return path.join('.');
    named.push(`${kind} ${path[i + 1]}`);
  }
  return named.length ? named.join(' of ') : path.join('.');
}

export function formMarks(theirs: Design, changes: readonly Change[]): FormMarks {
  const marks = new Map<string, Mark>();
  const removed: string[] = [];
  let added = 0;
  let changed = 0;
  for (const c of changes) {
    if (c.kind === 'removed') {
      removed.push(describe(c.path));
      continue;
    }
    const at = designPath(theirs, c.path);
    if (!at) continue;
    marks.set(formatPath(at), c.kind);
    if (c.kind === 'added') added++;
    else changed++;
  }
  return { marks, removed, added, changed };
}

const within = (path: string, outer: string) => path === outer || path.startsWith(`${outer}.`) || path.startsWith(`${outer}[`);

/** The mark of a control at `path`: its own change, or that of an added or changed value it is part of. */
export function markAt(m: FormMarks | null, path: string | undefined): Mark | undefined {
  if (!m || !path) return undefined;
  let best: Mark | undefined;
  for (const [at, mark] of m.marks) {
    if (!within(path, at)) continue;
    if (mark === 'added') return 'added';
    best = mark;
  }
  return best;
}

/** The mark of a container (a table's tab, a family, a query): added, or changed when anything inside changed. */
export function markIn(m: FormMarks | null, path: string): Mark | undefined {
  if (!m) return undefined;
  let best: Mark | undefined;
  for (const [at, mark] of m.marks) {
    if (within(path, at) && mark === 'added') return 'added';
    if (within(at, path) || within(path, at)) best = 'changed';
  }
  return best;
}
