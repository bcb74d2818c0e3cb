// Schema design best practices ("Hotspotting Anti-Patterns", 1): monotonically increasing ids direct "every new write
// mutation to the very last row of the table"; Schema design best practices and 002 say the same. A salt in front
// is the remedy, so a salted key passes.
import { prependSalt, saltBuckets, tableOfFinding } from './support/keyshape';
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'sequential-leading',
    severity: 'error',
    description: 'The first key field is auto-incrementing: every write goes to the last tablet.',
    messages: {
      leading: 'the key starts with the auto-incrementing {field}: every write goes to the last tablet and one node (Schema design best practices).',
    },
    details: {
      leading:
        'the key starts with {field}, which is auto-incrementing (distribution: sequential): every new row sorts after all others, so every write goes to the last tablet and one node (a hotspot that adding nodes does not fix). Put a salt in front ({buckets} buckets hashed from {field}, Schema design best practices pattern 3) or lead with a well-distributed field{next}.',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    for (const t of analysis.tables) {
      const first = t.fields[0];
      if (!first || !first.isSequential) continue;
      const next = t.fields.find((f) => f !== first && !f.isTime && !f.isSequential && !f.isSalt);
      const buckets = saltBuckets(analysis.nodes);
      const fixable = prependSalt(design, t, [first.name], buckets) !== null;
      report({
        table: t.index,
        path: ['rowKey', 'fields', first.name],
        messageId: 'leading',
        data: { field: first.name, buckets, next: next ? ` such as ${next.name}` : '' },
        ...(fixable ? { fix: `Add a salt of ${buckets} buckets hashed from {${first.name}}` } : {}),
      });
    }
  },
  fix(design, finding, analysis) {
    const t = tableOfFinding(analysis, finding);
    const first = t?.fields[0];
    if (!t || !first?.isSequential) return null;
    // Hashing the id alone keeps a row's salt computable from the id: a lookup stays one read.
    return prependSalt(design, t, [first.name], saltBuckets(analysis.nodes));
  },
});
