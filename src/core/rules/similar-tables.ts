// Schema design best practices: "Storing data with similar schemas in the same table, rather than in separate
// tables." Schema design for time series data one-table-per-query advice gives each table its own key, so two tables
// with the same key template, the same fields (a rollup's coarser bucket is another key) and the
// same families hold the same kind of rows.
import type { Field, Table } from '../model/schema';
import { showTemplate } from './support/keyshape';
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
        b.type === 'timestamp' && a.unit === b.unit && a.bucket === b.bucket && a.format === b.format && a.encoding === b.encoding && !a.reversed === !b.reversed && a.pad === b.pad
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

/** Same template (already known), delimiter, encoding, key fields and families (by name and aggregate, in any order). */
function sameShape(a: Table, b: Table): boolean {
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
      same:
        'table {table} has the same row key ({template}) and the same families ({families}) as table {other}: Bigtable works best with data of similar schemas in one table rather than in separate tables. Consider one table, with a leading key field that tells the two kinds of rows apart if they must be read separately.',
    },
    fixable: false,
  },
  create({ design, report }) {
    return {
      design() {
        // Tables grouped by template text; within a group, each table is compared with the first
        // table of every distinct shape seen so far.
        const byTemplate = new Map<string, number[]>();
        const shown = new Map<string, string>();
        design.tables.forEach((t, i) => {
          const firsts = byTemplate.get(t.rowKey.template);
          if (!firsts) {
            byTemplate.set(t.rowKey.template, [i]);
            return;
          }
          const first = firsts.find((j) => sameShape(design.tables[j]!, t));
          if (first === undefined) {
            firsts.push(i);
            return;
          }
          const families = (t.families ?? []).map((f) => f.name);
          let template = shown.get(t.rowKey.template);
          if (template === undefined) shown.set(t.rowKey.template, (template = showTemplate(t.rowKey.template)));
          report({
            table: i,
            path: ['rowKey', 'template'],
            messageId: 'same',
            data: {
              table: t.name,
              other: design.tables[first]!.name,
              template,
              families: families.length ? families.join(', ') : 'none',
            },
          });
        });
      },
    };
  },
});
