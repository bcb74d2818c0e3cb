// Bigtable's table id rule (bigtable_table_admin.proto, CreateTableRequest.table_id: "Maximum 50
// characters"; table.proto: `tables/[_a-zA-Z0-9][-_.a-zA-Z0-9]*`). The design format accepts any
// name so that a bad one is a finding with a fix rather than a file that will not load.
import { invalidChars, renameTable, validId } from './support/keynames';
import { showChar } from './support/keybytes';
import { TABLE_ID } from '../model/schema';
import { defineVisitorRule } from './types';

const MAX = 50;
const RULE = 'Bigtable table ids are 1-50 characters: letters, digits, _ - and ., starting with a letter, digit or _ ([_a-zA-Z0-9][-_.a-zA-Z0-9]*)';

function suggestion(names: string[], index: number): string | null {
  return validId(names[index]!, MAX, new Set(names.filter((_, i) => i !== index)));
}

export default defineVisitorRule({
  meta: {
    id: 'table-name',
    severity: 'error',
    description: 'The table id has characters Bigtable does not allow or is longer than 50.',
    messages: {
      chars: 'table id "{name}" holds {chars}, which Bigtable rejects in a table id: the table cannot be created.',
      start: 'table id "{name}" starts with {first}, which Bigtable rejects: the table cannot be created.',
      long: 'a table id of {length} characters: Bigtable allows at most 50, so the table cannot be created.',
    },
    details: {
      chars: 'table id "{name}" holds {chars}: {rule}, so the table cannot be created. {advice}',
      start: 'table id "{name}" starts with {first}: {rule}, so the table cannot be created. {advice}',
      long: 'table id "{name}" is {length} characters: {rule}, so the table cannot be created. {advice}',
    },
    fixable: true,
    crossTable: 'names',
  },
  create({ design, report }) {
    // Read only for a name to fix (most designs have none).
    let names: string[] | null = null;
    return {
      table(ta) {
        const name = ta.table.name;
        const i = ta.index;
        if (TABLE_ID.test(name) && name.length <= MAX) return;
        const bad = invalidChars(name);
        const messageId = bad.length ? 'chars' : !/^[_a-zA-Z0-9]/.test(name) ? 'start' : 'long';
        names ??= design.tables.map((t) => t.name);
        const next = suggestion(names, i);
        report({
          path: ['name'],
          messageId,
          data: {
            name,
            chars: bad.map(showChar).join(', '),
            first: showChar([...name][0] ?? ''),
            length: [...name].length,
            rule: RULE,
            advice: next ? `Rename it, for example to "${next}".` : 'Rename it with letters, digits, _ - and . only.',
          },
          ...(next ? { fix: { label: `Rename to "${next}"`, apply: () => renameTable(design, i, next) } } : {}),
        });
      },
    };
  },
});
