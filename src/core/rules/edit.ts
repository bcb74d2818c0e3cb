// Pure design edits shared by rule fixes: each returns a new design and never mutates its input.
import type { Design, Field, Table } from '../model/schema';
import { layoutOf, printSegments } from '../keys/template';

export function updateTable(design: Design, index: number, update: (t: Table) => Table): Design {
  const tables = design.tables.slice();
  tables[index] = update(tables[index]!);
  return { ...design, tables };
}

export function updateField(design: Design, index: number, name: string, update: (f: Field) => Field): Design {
  return updateTable(design, index, (t) => ({ ...t, rowKey: { ...t.rowKey, fields: { ...t.rowKey.fields, [name]: update(t.rowKey.fields[name]!) } } }));
}

/** The template text for segments in a new order, keeping each segment's literal text. */
export function reorderTemplate(table: Table, order: string[]): string | null {
  let layout;
  try {
    layout = layoutOf(table.rowKey);
  } catch {
    return null;
  }
  const byField = new Map(layout.segments.filter((s) => s.field).map((s) => [s.field!, s]));
  const fixed = layout.segments.map((s) => (s.field ? null : s));
  let k = 0;
  const segments = layout.segments.map((_s, i) => fixed[i] ?? byField.get(order[k++]!)!);
  if (segments.some((s) => !s)) return null;
  const sep = layout.delimiter ?? '';
  return printSegments(segments, sep);
}

/** Moves field `name` to key position `to` (0-based among fields). */
export function moveField(design: Design, index: number, name: string, to: number): Design | null {
  const table = design.tables[index];
  if (!table) return null;
  const fields = layoutOf(table.rowKey).fields.filter((f) => f !== name);
  fields.splice(to, 0, name);
  const template = reorderTemplate(table, fields);
  if (template === null) return null;
  return updateTable(design, index, (t) => ({
    ...t,
    rowKey: { ...t.rowKey, template, delimiter: t.rowKey.delimiter ?? layoutOf(t.rowKey).delimiter ?? undefined },
  }));
}
