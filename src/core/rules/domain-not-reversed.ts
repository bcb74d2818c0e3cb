// Schema design best practices ("Hotspotting Anti-Patterns", 3, "Natural Order Domain Names and URLs"): reversing
// domain components (com.google/search, com.google/maps) keeps one organisation's hosts and
// pages together; natural host names scatter them. The webtable of the Bigtable paper (cited
// by Schema design best practices) keys rows by reversed URLs for the same reason.
import { reverseDomain } from '../keys/values';
import { updateField } from './edit';
import { defineFieldRule } from './support/frames';

export default defineFieldRule({
  meta: {
    id: 'domain-not-reversed',
    severity: 'warning',
    description: 'A domain field is not reversed, so pages of one site do not sort together.',
    messages: {
      natural: "the domain field {field} is in natural order ({example}): one organisation's hosts sort apart (Schema design best practices).",
      prefixQuery: 'the domain field {field} is in natural order: prefix query "{query}" matches hosts that begin alike (Schema design best practices).',
    },
    details: {
      natural:
        'the domain field {field} is written in natural order ({example}): the hosts of one organisation (mail.example.com, www.example.com) sort apart and the key starts with the most specific label, so no prefix scan reads one site or organisation. Set reversed: true to write {reversedExample}.',
      prefixQuery:
        'the domain field {field} is written in natural order ({example}), so the prefix query "{query}" matches host names that begin alike (www.ex...) instead of one organisation\'s hosts. Set reversed: true to write {reversedExample}, so a prefix such as "{orgPrefix}" reads the whole organisation.',
    },
    fixable: true,
  },
  field(f, t, { design, report }) {
    if (f.field.type !== 'domain' || f.field.reversed) return;
    const example = typeof f.field.example === 'string' && f.field.example.includes('.') ? f.field.example : 'www.example.com';
    const reversedExample = reverseDomain(example);
    const prefixQuery = t.plans.find((p) => !p.servedBy && t.table.queries?.[p.index]?.match?.[f.name] === 'prefix');
    const org = reversedExample.split('.').slice(0, 2).join('.');
    report({
      path: ['rowKey', 'fields', f.name],
      messageId: prefixQuery ? 'prefixQuery' : 'natural',
      data: { field: f.name, example, reversedExample, ...(prefixQuery ? { query: prefixQuery.query, orgPrefix: `${org}.` } : {}) },
      fix: { label: 'Set reversed: true', apply: () => updateField(design, t.index, f.name, (x) => ({ ...x, reversed: true })) },
    });
  },
});
