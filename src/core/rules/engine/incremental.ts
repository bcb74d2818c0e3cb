// What a fix can change, so its check lints again only that: the tables it edits (by object:
// designs are immutable, an edit keeps every other table the same object) and the tables that
// name one of them, while every rule that reads the whole design runs again in full. A fix that
// changes anything outside `tables` (the cluster, the views, the lint settings) or removes a table
// is checked by linting the whole design, as before.
import type { Design, Table } from '../../model/schema';

export interface Edit {
  /** Indices of the tables to lint again, ascending (edited, added, and those naming them). */
  tables: number[];
  /** The indices whose table objects differ (edited or added), ascending. */
  changed: number[];
  /** Whether an edited table has another name now. */
  namesChanged: boolean;
}

/** The names of other tables a table refers to (a companion written with it, a query served by another). */
export function refersTo(t: Table): string[] {
  const out: string[] = [];
  const written = (t as { writtenWith?: unknown }).writtenWith;
  if (typeof written === 'string') out.push(written);
  for (const q of t.queries ?? []) {
    const by = (q as { servedBy?: unknown }).servedBy;
    if (typeof by === 'string') out.push(by);
  }
  return out;
}

/** The tables of a design that refer to each name, by index. */
export function referrers(design: Design): Map<string, number[]> {
  const m = new Map<string, number[]>();
  design.tables.forEach((t, i) => {
    for (const n of refersTo(t)) m.set(n, [...(m.get(n) ?? []), i]);
  });
  return m;
}

/**
 * The edit from `before` to `after`, or null when only a whole lint can tell what changed.
 * `refs`: referrers(before), when the caller keeps it.
 */
export function editOf(before: Design, after: Design, refs: Map<string, number[]> = referrers(before)): Edit | null {
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (k !== 'tables' && (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k]) return null;
  }
  if (after.tables.length < before.tables.length) return null;
  const changed: number[] = [];
  let namesChanged = false;
  after.tables.forEach((t, i) => {
    const was = before.tables[i];
    if (was === t) return;
    changed.push(i);
    if (!was || was.name !== t.name) namesChanged = true;
  });
  const names = new Set<string>();
  for (const i of changed) {
    names.add(after.tables[i]!.name);
    const was = before.tables[i];
    if (was) names.add(was.name);
  }
  // A changed table is visited anyway; an unchanged one refers to the same names as before.
  const tables = new Set(changed);
  for (const n of names) for (const i of refs.get(n) ?? []) tables.add(i);
  return { tables: [...tables].sort((a, b) => a - b), changed, namesChanged };
}
