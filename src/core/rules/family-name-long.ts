// Schema design best practices, Performance Checklist: "Column Family Count: Limit to < 100 families. Keep names
// short."; Schema design best practices: "Choosing short but meaningful names for your column families". Each cell is
// stored and sent with its family name, so a long name costs bytes on every cell.
import type { Family } from '../model/schema';
import { utf8Length } from '../keys/bytes';
import { defineVisitorRule } from './types';

export const LONG_NAME = 10;
/** Bytes of a cell besides qualifier, family and value: the 8-byte timestamp and framing (analysis.ts uses 12). */
const CELL_OVERHEAD = 12;

/** The family name's share of this family's typical cell, from its declared columns. */
function nameShare(f: Family): number {
  const name = utf8Length(f.name);
  const cols = f.columns?.length ? f.columns : [{ qualifier: '', valueBytes: 64, counter: false }];
  const cell = cols.reduce((a, c) => a + utf8Length(c.qualifier) + name + CELL_OVERHEAD + (c.valueBytes ?? (c.counter ? 8 : 64)), 0) / cols.length;
  return name / cell;
}

export default defineVisitorRule({
  meta: {
    id: 'family-name-long',
    severity: 'info',
    description: 'A family name longer than 10 characters: it is stored with every cell.',
    messages: {
      long: 'column family "{name}" is {length} characters, stored with every cell (~{share}% of one): use a short name (Schema design best practices).',
    },
    details: {
      long: 'column family "{name}" is {length} characters long: the family name is stored and sent with every cell, about {share}% of a typical cell of this family before compression. A name of a few letters saves that on every cell.',
    },
    fixable: false,
  },
  create({ report }) {
    return {
      family(f, fi) {
        const length = [...f.name].length;
        if (length <= LONG_NAME) return;
        report({ path: ['families', fi, 'name'], messageId: 'long', data: { name: f.name, length, share: Math.round(nameShare(f) * 100) } });
      },
    };
  },
});
