// What a fix can change, so its check lints again only that: the tables it edits (by object:
// designs are immutable, an edit keeps every other table the same object) and the tables that
// name one of them, while every rule that reads the whole design runs again in full. A fix that
// changes only the instance (`instance`, `cluster`) runs again the rules that read it
// (`meta.readsInstance`). A fix that changes anything else outside `tables` (the views, the lint
// settings) or removes a table is checked by linting the whole design, as before.
import type { Design } from '../../model/schema';
import { namingClosure, referrers } from '../../analysis/design';

export interface Edit {
  /** Indices of the tables to lint again, ascending (edited, added, and those naming them). */
  tables: number[];
  /** The indices whose table objects differ (edited or added), ascending. */
  changed: number[];
  /** Whether an edited table has another name now. */
  namesChanged: boolean;
}

export { referrers } from '../../analysis/design';

/**
 * The edit from `before` to `after`, or null when only a whole lint can tell what changed.
 * `refs`: referrers(before), when the caller keeps it.
 */
export function editOf(before: Design, after: Design, refs: Map<string, number[]> = referrers(before)): Edit | null {
  if (!sameOutsideTables(before, after) || after.tables.length < before.tables.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < after.tables.length; i++) if (before.tables[i] !== after.tables[i]) changed.push(i);
  return editAt(before, after, changed, refs);
}

/**
 * editOf when the caller knows which tables may differ (`maybe`, ascending: every other index
 * holds the same table object on both sides, and `after` has no fewer tables): the same answer,
 * at the cost of those tables (a lint of an edit asks this of every kept fix).
 */
export function editOfAt(before: Design, after: Design, maybe: readonly number[], refs: Map<string, number[]>): Edit | null {
  if (!sameOutsideTables(before, after) || after.tables.length < before.tables.length) return null;
  return editAt(
    before,
    after,
    maybe.filter((i) => before.tables[i] !== after.tables[i]),
    refs,
  );
}

/** Every key of either design but `tables` is the same object on both sides. */
function sameOutsideTables(before: Design, after: Design): boolean {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const keys of [Object.keys(before), Object.keys(after)]) for (const k of keys) if (k !== 'tables' && b[k] !== a[k]) return false;
  return true;
}

function editAt(before: Design, after: Design, changed: number[], refs: Map<string, number[]>): Edit {
  let namesChanged = false;
  for (const i of changed) {
    const was = before.tables[i];
    if (!was || was.name !== after.tables[i]!.name) namesChanged = true;
  }
  // A changed table is visited anyway; an unchanged one refers to the same names as before, and
  // one that names a table visited again (its analysis reads that table) is visited again too.
  const tables = namingClosure(changed, refs, (i) => {
    const was = before.tables[i];
    const now = after.tables[i]!.name;
    return was && was.name !== now ? [was.name, now] : [now];
  });
  return { tables, changed, namesChanged };
}

/** The keys of a design that hold its instance: clusters, nodes, storage, app profiles. */
export const INSTANCE_KEYS: ReadonlySet<string> = new Set(['instance', 'cluster']);

/** Whether `after` differs from `before` only in its instance (the same list of tables, the same views and settings). */
export function instanceEdit(before: Design, after: Design): boolean {
  if (after.tables !== before.tables) return false;
  let changed = false;
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if ((before as Record<string, unknown>)[k] === (after as Record<string, unknown>)[k]) continue;
    if (!INSTANCE_KEYS.has(k)) return false;
    changed = true;
  }
  return changed;
}

/**
 * Whether an instance edit keeps what the tables refer to in the instance: whether there is an
 * instance block, and the ids of its app profiles (so every table's references are as valid as before).
 */
export function sameProfiles(before: Design, after: Design): boolean {
  const ids = (d: Design) => (d.instance ? JSON.stringify((d.instance.appProfiles ?? []).map((p) => p.id)) : null);
  return ids(before) === ids(after);
}
