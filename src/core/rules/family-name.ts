// Column family ids (data.proto, Family.name: "Must match [-_.a-zA-Z0-9]+ ... no greater than 64
// characters"; schema.ts FAMILY_ID also wants a letter, digit or _ first, as for tables). The
// design format accepts any name so that a bad one is a finding with a fix.
import { invalidChars, renameFamily, validId } from './support/keynames';
import { showChar } from './support/keybytes';
import { FAMILY_ID, type Table } from '../model/schema';
import { defineVisitorRule } from './types';

const MAX = 64;
const RULE = 'column family ids are 1-64 characters: letters, digits, _ - and ., starting with a letter, digit or _';

/** A valid name that is not another family's nor a key field's (which would collide in SQL). */
function suggestion(t: Table, index: number): string | null {
  const taken = new Set([...(t.families ?? []).filter((_, i) => i !== index).map((f) => f.name), ...Object.keys(t.rowKey.fields)]);
  return validId(t.families![index]!.name, MAX, taken);
}

export default defineVisitorRule({
  meta: {
    id: 'family-name',
    severity: 'error',
    description: 'The family id has characters Bigtable does not allow or is longer than 64.',
    messages: {
      chars: 'column family "{name}" holds {chars}, which Bigtable rejects in a family id (letters, digits, _ - . only).',
      start: 'column family "{name}" starts with {first}: Bigtable wants a letter, digit or _ first in a family id.',
      long: 'a column family id of {length} characters: Bigtable accepts at most 64.',
    },
    details: {
      chars: 'column family "{name}" holds {chars}: {rule}, so Bigtable rejects it. {advice}',
      start: 'column family "{name}" starts with {first}: {rule}, so Bigtable rejects it. {advice}',
      long: 'column family "{name}" is {length} characters: {rule}, so Bigtable rejects it; short names are better anyway, since the name is stored with every cell. {advice}',
    },
    fixable: true,
  },
  create({ design, report }) {
    return {
      family(f, fi, ta) {
        if (FAMILY_ID.test(f.name) && [...f.name].length <= MAX) return;
        const bad = invalidChars(f.name);
        const messageId = bad.length ? 'chars' : !/^[_a-zA-Z0-9]/.test(f.name) ? 'start' : 'long';
        const next = suggestion(ta.table, fi);
        report({
          path: ['families', fi, 'name'],
          messageId,
          data: {
            name: f.name,
            chars: bad.map(showChar).join(', '),
            first: showChar([...f.name][0] ?? ''),
            length: [...f.name].length,
            rule: RULE,
            advice: next ? `Rename it, for example to "${next}" (query filters follow).` : 'Rename it with letters, digits, _ - and . only.',
          },
          ...(next ? { fix: { label: `Rename to "${next}"`, apply: () => renameFamily(design, ta.index, fi, next) } } : {}),
        });
      },
    };
  },
});
