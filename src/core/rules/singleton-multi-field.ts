// Bigtable's structured row keys: struct encoding `singleton: {}` is "only with exactly one
// field" (shared/BIGTABLE-FACTS.md): the key is that field's bytes, with no room for a second
// field or literal text. layoutOf rejects such a key with a TemplateError of this rule, so the
// design loads and this rule reports it (analysis has layout null for the table).
import type { RowKey } from '../model/schema';
import { layoutOf, TemplateError, tokenize } from '../keys/template';
import { updateTable } from './edit';
import { showTemplate } from '../keys/template';
import { defineTableRule } from './types';

/**
 * The row key as a delimited key. layoutOf checks singleton keys only after it has found the
 * delimiter and the segments, so a design that loads always parses once delimited.
 */
function delimited(rowKey: RowKey): RowKey | null {
  const { encoding: _singleton, ...rest } = rowKey;
  try {
    layoutOf(rest);
    return rest;
  } catch (e) {
    if (e instanceof TemplateError) return null;
    throw e;
  }
}

export default defineTableRule({
  meta: {
    id: 'singleton-multi-field',
    severity: 'error',
    description: 'Singleton encoding with more than one field or with literal text.',
    messages: {
      fields: 'encoding singleton takes exactly one field, but the template has {count} ({names}): use delimited or orderedCode (Structured row keys).',
      literal: 'encoding singleton takes one field and no literal text, but the template has "{text}" around {names} (Structured row keys).',
    },
    details: {
      fields:
        'encoding singleton takes exactly one field, but the template "{template}" has {count} fields ({names}): a singleton key is one field\'s bytes, so Bigtable\'s row key schema cannot describe it. Use encoding delimited (fields joined by the delimiter) or orderedCode.',
      literal:
        'encoding singleton takes one field and no literal text, but the template "{template}" has literal text ("{text}") around {names}: a singleton key is exactly the field\'s bytes. Write the template as just the placeholder of {names}, or use encoding delimited.',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    const t = ta.table;
    if (t.rowKey.encoding !== 'singleton') return;
    let tokens;
    try {
      tokens = tokenize(t.rowKey.template);
    } catch {
      return; // an unreadable template is the loader's error, not this rule's
    }
    const fields = tokens.flatMap((k) => (k.kind === 'field' ? [k.name] : []));
    const literal = tokens.flatMap((k) => (k.kind === 'literal' ? [k.text] : []));
    if (fields.length === 0 || (fields.length === 1 && literal.length === 0)) return;
    const rowKey = delimited(t.rowKey);
    const fix = rowKey ? { fix: { label: 'Use a delimited key', apply: () => updateTable(design, ta.index, (tab) => ({ ...tab, rowKey })) } } : {};
    const names = fields.join(', ');
    if (fields.length > 1) {
      report({ path: ['rowKey', 'encoding'], messageId: 'fields', data: { template: showTemplate(t.rowKey.template), count: fields.length, names }, ...fix });
    } else {
      report({
        path: ['rowKey', 'encoding'],
        messageId: 'literal',
        data: { template: showTemplate(t.rowKey.template), text: literal.join(''), names },
        ...fix,
      });
    }
  },
});
