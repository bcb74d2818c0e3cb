// Schema design best practices ("Hotspotting Anti-Patterns", 1): monotonically increasing ids direct "every new write
// mutation to the very last row of the table"; Schema design best practices and 002 say the same. A salt in front
// is the remedy, so a salted key passes.
import { prependSalt, saltBuckets } from './support/keyshape';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'sequential-leading',
    severity: 'error',
    description: 'The first key field is auto-incrementing: every write goes to the last tablet.',
    messages: {
      leading: 'the key starts with the auto-incrementing {field}: every write goes to the last tablet and one node (Schema design best practices).',
      timeOrdered:
        'the key starts with {field}, a time-ordered uuid v7: every write goes to the last tablet and one node, as with a timestamp (Schema design best practices).',
    },
    details: {
      leading:
        'the key starts with {field}, which is auto-incrementing (distribution: sequential): every new row sorts after all others, so every write goes to the last tablet and one node (a hotspot that adding nodes does not fix). Put a salt in front ({buckets} buckets hashed from {field}): a lookup by {field} stays one read, since the salt is computed from it.',
      timeOrdered:
        'the key starts with {field}, a uuid v7: its first 48 bits are the time in milliseconds, so every new row sorts after all others and every write goes to the last tablet and one node, as a leading timestamp does. Use a random v4 uuid (version: 4) if rows are read only by id, or put a salt in front ({buckets} buckets hashed from {field}): a lookup by {field} stays one read.',
    },
    fixable: true,
    readsInstance: true,
  },
  table(t, { design, analysis, report }) {
    const first = t.fields[0];
    if (!first || !first.isSequential) return;
    const buckets = saltBuckets(analysis.nodes);
    report({
      path: ['rowKey', 'fields', first.name],
      messageId: first.field.type === 'uuid' ? 'timeOrdered' : 'leading',
      data: { field: first.name, buckets },
      // Hashing the id alone keeps a row's salt computable from the id: a lookup stays one read.
      fix: { label: `Add a salt of ${buckets} buckets hashed from {${first.name}}`, apply: () => prependSalt(design, t, [first.name], buckets) },
    });
  },
});
