// table.proto, Table.row_key_schema: "(2) Every field in the schema must specify a non-empty name
// ... (4) The field names must not collide with existing column family names and reserved
// keywords "_key" and "_timestamp"." In GoogleSQL for Bigtable key fields and families are both
// columns; identifiers there ignore case, so a match in another case is a warning.
import { FIELD_NAME, type Table } from '../model/schema';
import { RESERVED_COLUMNS, renameField } from './support/keynames';
import { defineTableRule, type Severity } from './types';

interface Clash {
  messageId: 'empty' | 'reserved' | 'family' | 'caseOnly';
  other: string;
  severity?: Severity;
}

function clash(name: string, families: string[]): Clash | null {
  if (name === '') return { messageId: 'empty', other: '' };
  const reserved = RESERVED_COLUMNS.find((r) => r === name);
  if (reserved) return { messageId: 'reserved', other: reserved };
  if (families.includes(name)) return { messageId: 'family', other: name };
  const lower = name.toLowerCase();
  const loose = [...RESERVED_COLUMNS, ...families].find((n) => n.toLowerCase() === lower);
  return loose ? { messageId: 'caseOnly', other: loose, severity: 'warning' } : null;
}

/** A new name: `_key` -> `key`, a family's name -> `<name>_key`, unique among fields, families and reserved names in any case. */
function newName(t: Table, name: string, c: Clash): string | null {
  if (c.messageId === 'empty') return null;
  const stripped = name.replace(/^_+/, '');
  const base = RESERVED_COLUMNS.some((r) => r === name.toLowerCase()) && FIELD_NAME.test(stripped) ? stripped : `${name}_key`;
  const taken = new Set([...Object.keys(t.rowKey.fields), ...(t.families ?? []).map((f) => f.name), ...RESERVED_COLUMNS].map((n) => n.toLowerCase()));
  let next = base;
  for (let n = 2; taken.has(next.toLowerCase()) && n < 1000; n++) next = `${base}${n}`;
  return FIELD_NAME.test(next) && !taken.has(next.toLowerCase()) ? next : null;
}

export default defineTableRule({
  meta: {
    id: 'key-field-name',
    severity: 'error',
    description: 'A key field name collides with a family name, _key or _timestamp.',
    messages: {
      empty: 'a key field has an empty name: every field of a structured row key needs one (Structured row keys).',
      reserved: 'key field {field} takes the reserved name {other}: Bigtable rejects such a row key schema (Structured row keys).',
      family: 'key field {field} has the name of column family {other}: Bigtable rejects such a row key schema (Structured row keys).',
      caseOnly: 'key field {field} differs from {other} only in letter case: SQL cannot tell the two columns apart (GoogleSQL for Bigtable).',
    },
    details: {
      empty: 'a key field has an empty name: every field of a structured row key needs a name, by which SQL reads it (table.proto, row_key_schema).',
      reserved:
        'key field {field} takes the reserved name {other}: in GoogleSQL for Bigtable _key is the raw row key and _timestamp the cell timestamp, and Bigtable rejects a row key schema with a field of that name (table.proto, row_key_schema). {advice}',
      family:
        'key field {field} has the name of column family {other}: key fields and families are both columns in GoogleSQL for Bigtable, and Bigtable rejects a row key schema whose field names collide with family names (table.proto, row_key_schema). {advice}',
      caseOnly:
        'key field {field} differs from {other} only in letter case: GoogleSQL identifiers ignore case, so SQL over the row key schema cannot tell the two columns apart. {advice}',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    const t = ta.table;
    const families = (t.families ?? []).map((f) => f.name);
    for (const name of Object.keys(t.rowKey.fields)) {
      const c = clash(name, families);
      if (!c) continue;
      const next = newName(t, name, c);
      report({
        path: ['rowKey', 'fields', name],
        messageId: c.messageId,
        data: { field: name, other: c.other, advice: next ? `Rename the field, for example to ${next}.` : 'Rename the field.' },
        ...(c.severity ? { severity: c.severity } : {}),
        ...(next ? { fix: { label: `Rename {${name}} to {${next}}`, apply: () => renameField(design, ta.index, name, next) } } : {}),
      });
    }
  },
});
