// An authorized view's row prefix that stops inside a key segment instead of at the key's
// delimiter: `acme` is also the start of `acmecorp#...` and `acme-eu#...`, so the view grants
// other tenants' rows. "Authorized views overview": a view is a row key prefix (its example:
// all rows that start with examplepetstore1#) plus families or qualifiers; the prefix matches
// bytes, not segments, so it must end at the delimiter to stop at one value.
import { keyLayoutOf } from '../export/common';
import type { Field, Table } from '../model/schema';
import { defineViewRule } from './support/viewed';

/** The shortest piece of an open-ended value taken for a name (a tenant) rather than a range. */
const MIN_NAME = 3;

/** Values of the field other than `value` that start with it, or null when the field's values are open. */
function extendedBy(f: Field, value: string): string[] | null {
  if (f.type === 'string' && f.values) return f.values.filter((v) => v !== value && v.startsWith(value));
  if (f.type === 'string' || f.type === 'domain' || (f.type === 'int' && (f.encoding ?? 'decimal') === 'decimal' && f.pad === undefined)) return null;
  // Fixed-width values (uuids, padded numbers, salts, timestamps, bytes): a value never starts another.
  return [];
}

/** The segment a prefix ends in, when it ends inside a field's value rather than at a delimiter. */
function openEnd(table: Table, prefix: string): { field: string; value: string; delimiter: string; others: string[] | null; leading: boolean } | null {
  if (prefix === '') return null;
  let layout: ReturnType<typeof keyLayoutOf>;
  try {
    layout = keyLayoutOf(table);
  } catch {
    return null;
  }
  const d = layout.delimiter;
  if (layout.encoding !== 'delimited' || d === null || prefix.endsWith(d)) return null;
  const pieces = prefix.split(d);
  const seg = layout.segments[pieces.length - 1];
  if (!seg?.field || pieces.length === layout.segments.length) return null; // the last segment ends the key
  const f = table.rowKey.fields[seg.field];
  const last = pieces[pieces.length - 1]!;
  if (!f || !last.startsWith(seg.prefix) || last.length === seg.prefix.length) return null;
  const value = last.slice(seg.prefix.length);
  const others = extendedBy(f, value);
  if (others !== null && others.length === 0) return null;
  // One or two characters of an open value are a range on purpose (customers starting with a),
  // not a name that stops short.
  if (others === null && [...value].length < MIN_NAME) return null;
  // A closed list of values: only a whole value is a tenant the prefix was meant to stop at.
  if (f.type === 'string' && f.values && !f.values.includes(value)) return null;
  return { field: seg.field, value, delimiter: d, others, leading: layout.segments.findIndex((x) => x.field) === pieces.length - 1 };
}

export default defineViewRule({
  meta: {
    id: 'authorized-view-prefix',
    severity: 'warning',
    description: "An authorized view's row prefix ends inside a key value, not at the delimiter: it also matches every value that starts with it.",
    messages: {
      others: 'authorized view {view}: prefix "{prefix}" also matches {matches}, other values of {field}: end it at the delimiter ("{fixed}").',
      open: 'authorized view {view}: prefix "{prefix}" also matches any {field} that starts with "{value}": end it at the delimiter ("{fixed}").',
    },
    details: {
      others:
        'authorized view {view} on {table} grants rows whose key starts with "{prefix}". Row prefixes match bytes, not key segments, so that is also every row of {matches} ({field} values that start with "{value}"): a view meant for one tenant grants others. End the prefix at the key\'s delimiter: "{fixed}" ("Authorized views overview": a prefix such as examplepetstore1#).',
      open: 'authorized view {view} on {table} grants rows whose key starts with "{prefix}". Row prefixes match bytes, not key segments, so a {field} such as "{value}corp" or "{value}-eu" (any value that starts with "{value}") is granted too: a cross-tenant leak. End the prefix at the key\'s delimiter: "{fixed}" ("Authorized views overview": a prefix such as examplepetstore1#).',
    },
    fixable: true,
  },
  design({ design, report }) {
    (design.authorizedViews ?? []).forEach((v, vi) => {
      const table = design.tables.find((t) => t.name === v.table);
      if (!table) return;
      (v.rowPrefixes ?? []).forEach((p, pi) => {
        const end = openEnd(table, p);
        if (!end) return;
        const fixed = `${p}${end.delimiter}`;
        const data = { view: v.name, table: table.name, prefix: p, field: end.field, value: end.value, fixed };
        const path = ['authorizedViews', vi, 'rowPrefixes', pi];
        const fix = {
          label: `Append "${end.delimiter}" to the prefix`,
          apply: () => ({
            ...design,
            authorizedViews: design.authorizedViews!.map((x, k) =>
              k === vi ? { ...x, rowPrefixes: x.rowPrefixes!.map((q, j) => (j === pi ? fixed : q)) } : x,
            ),
          }),
        };
        if (end.others) {
          const shown =
            end.others
              .slice(0, 3)
              .map((o) => `"${o}"`)
              .join(', ') + (end.others.length > 3 ? ` and ${end.others.length - 3} more` : '');
          report({ path, messageId: 'others', severity: 'error', data: { ...data, matches: shown }, fix });
        } else {
          // In the first segment (the tenant, as a rule) the rows of other owners are granted.
          report({ path, messageId: 'open', severity: end.leading ? 'error' : 'warning', data, fix });
        }
      });
    });
  },
});
