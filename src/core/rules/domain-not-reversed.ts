// Schema design best practices ("Hotspotting Anti-Patterns", 3, "Natural Order Domain Names and URLs"): reversing
// domain components (com.google/search, com.google/maps) keeps one organisation's hosts and
// pages together; natural host names scatter them. The webtable of the Bigtable paper (cited
// by Schema design best practices) keys rows by reversed URLs for the same reason.
import { reverseDomain } from '../keys/values';
import { updateField } from './edit';
import { tableOfFinding } from './support/keyshape';
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'domain-not-reversed',
    severity: 'warning',
    description: 'A domain field is not reversed, so pages of one site do not sort together.',
    messages: {
      natural: 'the domain field {field} is in natural order ({example}): one organisation\'s hosts sort apart (Schema design best practices).',
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
  check({ analysis, report }) {
    for (const t of analysis.tables) {
      for (const f of t.fields) {
        if (f.field.type !== 'domain' || f.field.reversed) continue;
        const example = typeof f.field.example === 'string' && f.field.example.includes('.') ? f.field.example : 'www.example.com';
        const reversedExample = reverseDomain(example);
        const prefixQuery = t.plans.find((p) => t.table.queries?.[p.index]?.match?.[f.name] === 'prefix');
        const org = reversedExample.split('.').slice(0, 2).join('.');
        report({
          table: t.index,
          path: ['rowKey', 'fields', f.name],
          messageId: prefixQuery ? 'prefixQuery' : 'natural',
          data: { field: f.name, example, reversedExample, ...(prefixQuery ? { query: prefixQuery.query, orgPrefix: `${org}.` } : {}) },
          fix: 'Set reversed: true',
        });
      }
    }
  },
  fix(design, finding, analysis) {
    const t = tableOfFinding(analysis, finding);
    const name = finding.path[4];
    const field = typeof name === 'string' ? t?.table.rowKey.fields[name] : undefined;
    if (!t || typeof name !== 'string' || field?.type !== 'domain' || field.reversed) return null;
    return updateField(design, t.index, name, (f) => ({ ...f, reversed: true }));
  },
});
