// Schema design best practices: "Storing data with similar schemas in the same table, rather than in separate
// tables." Schema design for time series data one-table-per-query advice gives each table its own key, so two tables
// with the same key template, the same fields (a rollup's coarser bucket is another key) and the
// same families hold the same kind of rows.
import type { Design, Field, Table } from '../model/schema';
import { showTemplate } from '../keys/template';
import { defineVisitorRule } from './types';

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

/** Whether two fields write the same key bytes; how often each value occurs (the load) does not count. */
function sameField(a: Field, b: Field): boolean {
  switch (a.type) {
    case 'string':
      return b.type === 'string' && sameList(a.values, b.values) && a.prefix === b.prefix && a.alphabet === b.alphabet && a.length === b.length;
    case 'int':
      return b.type === 'int' && a.encoding === b.encoding && a.pad === b.pad;
    case 'timestamp':
      return (
        b.type === 'timestamp' &&
        a.unit === b.unit &&
        a.bucket === b.bucket &&
        a.format === b.format &&
        a.encoding === b.encoding &&
        !a.reversed === !b.reversed &&
        a.pad === b.pad
      );
    case 'domain':
      return b.type === 'domain' && !a.reversed === !b.reversed;
    case 'bytes':
      return b.type === 'bytes' && a.length === b.length;
    case 'hash':
      return b.type === 'hash' && sameList(a.of, b.of) && a.buckets === b.buckets && a.pad === b.pad;
    case 'uuid':
      return b.type === 'uuid';
  }
}

/** What of a field decides its key bytes (sameField's terms), as text: equal text, same field. */
function fieldShape(f: Field): unknown[] {
  switch (f.type) {
    case 'string':
      return [f.type, f.values, f.prefix, f.alphabet, f.length];
    case 'int':
      return [f.type, f.encoding, f.pad];
    case 'timestamp':
      return [f.type, f.unit, f.bucket, f.format, f.encoding, !f.reversed, f.pad];
    case 'domain':
      return [f.type, !f.reversed];
    case 'bytes':
      return [f.type, f.length];
    case 'hash':
      return [f.type, f.of, f.buckets, f.pad];
    case 'uuid':
      return [f.type];
  }
}

const shapes = new WeakMap<Table, string>();

/**
 * A table's shape as text (template, delimiter, encoding, key fields by name, families by name
 * and aggregate, in any order): two tables have the same text exactly when sameShape holds
 * (family names are unique in a table). Kept per table object, so a design linted again after
 * an edit of one table computes only that table's.
 */
export function shapeOf(t: Table): string {
  let s = shapes.get(t);
  if (s === undefined) {
    const fams = (t.families ?? []).map((f) => JSON.stringify([f.name, f.aggregate ?? null])).sort();
    const fields = Object.keys(t.rowKey.fields)
      .sort()
      .map((n) => JSON.stringify([n, fieldShape(t.rowKey.fields[n]!)]));
    s = JSON.stringify([t.rowKey.template, t.rowKey.delimiter ?? null, t.rowKey.encoding ?? 'delimited', fams, fields]);
    shapes.set(t, s);
  }
  return s;
}

/** Same template (already known), delimiter, encoding, key fields and families (by name and aggregate, in any order). */
export function sameShape(a: Table, b: Table): boolean {
  if (a.rowKey.delimiter !== b.rowKey.delimiter || (a.rowKey.encoding ?? 'delimited') !== (b.rowKey.encoding ?? 'delimited')) return false;
  const fa = a.families ?? [];
  const fb = b.families ?? [];
  if (fa.length !== fb.length || !fa.every((f) => fb.some((g) => g.name === f.name && g.aggregate === f.aggregate))) return false;
  const names = Object.keys(a.rowKey.fields);
  if (names.length !== Object.keys(b.rowKey.fields).length) return false;
  return names.every((n) => {
    const g = b.rowKey.fields[n];
    return g !== undefined && sameField(a.rowKey.fields[n]!, g);
  });
}

export default defineVisitorRule({
  meta: {
    id: 'similar-tables',
    severity: 'info',
    description: 'Two tables with the same key template and families.',
    messages: {
      same: 'table {table} has the same row key and families as {other}: similar data belongs in one table (Schema design best practices).',
    },
    details: {
      same: 'table {table} has the same row key ({template}) and the same families ({families}) as table {other}: Bigtable works best with data of similar schemas in one table rather than in separate tables. Consider one table, with a leading key field that tells the two kinds of rows apart if they must be read separately.',
    },
    fixable: false,
    sameSeverity: true,
    crossTable: (before, after, changed) => affected(before, after, changed),
  },
  create({ design, report }) {
    const shown = new Map<string, string>();
    return {
      // Each table after the first of its shape is reported against that first table.
      table(ta) {
        const t = ta.table;
        const first = firstOf(design.tables, shapeOf(t))!;
        if (first === ta.index) return;
        const families = (t.families ?? []).map((f) => f.name);
        let template = shown.get(t.rowKey.template);
        if (template === undefined) shown.set(t.rowKey.template, (template = showTemplate(t.rowKey.template)));
        report({
          path: ['rowKey', 'template'],
          messageId: 'same',
          data: {
            table: t.name,
            other: design.tables[first]!.name,
            template,
            families: families.length ? families.join(', ') : 'none',
          },
        });
      },
    };
  },
});

const groups = new WeakMap<readonly Table[], Map<string, number[]>>();

/** The tables of each shape, by index (ascending), once per list of tables. */
function groupsOf(tables: readonly Table[]): Map<string, number[]> {
  let g = groups.get(tables);
  if (!g) {
    g = new Map();
    for (let i = 0; i < tables.length; i++) {
      const shape = shapeOf(tables[i]!);
      const list = g.get(shape);
      if (list) list.push(i);
      else g.set(shape, [i]);
    }
    groups.set(tables, g);
  }
  return g;
}

/** A list of tables that is an edit of another: the other's groups and the edited tables' shapes. */
const edits = new WeakMap<readonly Table[], { groups: Map<string, number[]>; shapes: Map<number, string> }>();

/** The index of the first table of `shape` in `tables`. */
function firstOf(tables: readonly Table[], shape: string): number | undefined {
  const e = edits.get(tables);
  if (!e) return groupsOf(tables).get(shape)?.[0];
  // The first table of the shape before the edit that the edit left in it, or an edited table
  // that took the shape, whichever comes first.
  let first = (e.groups.get(shape) ?? []).find((i) => !e.shapes.has(i) || e.shapes.get(i) === shape);
  for (const [i, s] of e.shapes) if (s === shape && (first === undefined || i < first)) first = i;
  return first;
}

/**
 * The tables whose finding an edit may change besides the edited ones: every table of a shape
 * whose first table the edit moves away, renames or puts another table before.
 */
function affected(before: Design, after: Design, changed: readonly number[]): Set<number> {
  const g = groupsOf(before.tables);
  const shapes = new Map<number, string>();
  const out = new Set<number>();
  for (const k of changed) {
    const was = before.tables[k];
    const now = after.tables[k]!;
    const shape = shapeOf(now);
    shapes.set(k, shape);
    const renamed = !was || was.name !== now.name;
    if (was) {
      const old = g.get(shapeOf(was))!;
      if (old[0] === k && (shapeOf(was) !== shape || renamed)) for (const i of old) out.add(i);
    }
    const joined = g.get(shape);
    if (joined && (joined[0]! > k || (joined[0] === k && renamed))) for (const i of joined) out.add(i);
  }
  // No table is removed by an edit the engine checks this way; firstOf reads the edit, not a scan.
  if (after.tables.length >= before.tables.length) edits.set(after.tables, { groups: g, shapes });
  return out;
}
