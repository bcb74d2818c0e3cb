// Schema design best practices, Performance Checklist: "Column Family Count: Limit to < 100 families."; Schema design best practices:
// "Tables typically contain between 1 and 5 column families (with a hard recommendation not to
// exceed 100)". Bigtable's docs: more than about 100 families degrade performance.
import { defineTableRule } from './types';

export const MAX_FAMILIES = 100;

export default defineTableRule({
  meta: {
    id: 'too-many-families',
    severity: 'warning',
    description: 'The table has 100 or more column families.',
    messages: {
      many: 'table {table} has {count} column families: more than a few degrade performance (Schema design best practices).',
    },
    details: {
      many: 'table {table} has {count} column families: Schema design best practices checklist says "Limit to < 100 families", and more degrade performance. Put columns that are read together in one family, and use qualifiers as data instead of a family per kind of value.',
    },
    fixable: false,
  },
  table(t, { report }) {
    const count = t.table.families?.length ?? 0;
    if (count >= MAX_FAMILIES) report({ path: ['families'], messageId: 'many', data: { table: t.table.name, count } });
  },
});
