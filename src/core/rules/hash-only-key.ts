// Schema design best practices ("Hotspotting Anti-Patterns", 4, "Pure Cryptographic Hashes Without Structure"): a
// pure hash "distributes writes perfectly" but "completely randomizes data order", which
// "destroys the ability to perform contiguous range scans". Random UUIDs and random bytes
// behave the same way.
import type { FieldInfo } from '../analysis/design';
import type { QueryPlanKind } from '../analysis/query-plan';
import { defineTableRule } from './types';

const RANDOM = new Set(['hash', 'uuid', 'bytes']);
/** A v7 UUID is time-ordered, not random: sequential-leading judges a key of it. */
const random = (f: FieldInfo) => RANDOM.has(f.field.type) && !(f.field.type === 'uuid' && f.field.version === 7);
const KIND: Record<QueryPlanKind, string> = {
  point: 'point read',
  prefix: 'prefix scan',
  range: 'range scan',
  'multi-scan': 'scan per salt bucket',
  'full-scan': 'full table scan',
};

const WHY =
  'the key is only {fields}: writes spread over every node, but rows sort in random order, so related rows are never next to each other and no prefix or range scan can read them.';

export default defineTableRule({
  meta: {
    id: 'hash-only-key',
    severity: 'warning',
    description: 'The key is only a hash or a UUID: writes spread, but range scans are impossible.',
    messages: {
      only: 'the key is only {fields}: writes spread, but rows sort randomly, so no prefix or range scan works (Schema design best practices).',
      scan: 'query "{query}" needs a {kind}, but the key is only {fields}: rows sort randomly, so it reads them all (Schema design best practices).',
    },
    details: {
      only: `${WHY} Only point reads by the whole key are efficient. If rows will be read by an entity or a time range, lead with that field (field promotion, Schema design best practices pattern 1) and keep the random part last.`,
      scan: `${WHY} The query "{query}" needs a {kind}, which on this key reads rows in random order across the whole table. Lead the key with the fields that query binds (field promotion, Schema design best practices pattern 1) and keep the random part last.`,
    },
    fixable: false,
  },
  table(t, { analysis, report }) {
    if (t.fields.length === 0 || !t.fields.every(random)) return;
    const fields = t.fields.map((f) => `${f.name} (${f.field.type})`).join(', ');
    // One random value is a pure hash key. Several (follower uuid # followee uuid) still group
    // an entity's rows under its id: only a query that cannot use that prefix suffers.
    const single = t.fields.filter((f) => !f.isSalt).length <= 1;
    const own = t.plans.filter((p) => !p.servedBy);
    const scan = single ? own.find((p) => p.kind !== 'point') : own.find((p) => p.kind === 'full-scan');
    if (!single && !scan) return;
    // Every declared query a point read by the whole key: the random order costs nothing.
    const queries = t.table.queries ?? [];
    if (!scan && queries.length > 0 && t.plans.length === queries.length && t.plans.every((p) => p.kind === 'point')) return;
    // An index table that only serves point reads of other tables' queries (their servedBy).
    const served = analysis.tables.flatMap((o) => o.plans.filter((p) => p.servedBy?.name === t.table.name));
    if (!scan && queries.length === 0 && served.length > 0 && served.every((p) => p.kind === 'point')) return;
    if (scan) {
      report({
        path: ['rowKey', 'template'],
        messageId: 'scan',
        data: { fields, query: scan.query, kind: KIND[scan.kind] },
        severity: 'error',
      });
    } else {
      report({ path: ['rowKey', 'template'], messageId: 'only', data: { fields } });
    }
  },
});
