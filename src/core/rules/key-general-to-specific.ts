// Schema design best practices: "Design row keys that start with a more common/general value and end with a more
// granular value", next to "Design your row key based on the queries you will use". A
// lower-cardinality field is only out of place where it ends the hierarchy: a category followed
// by a narrower field or by time is a level of it. And the queries win: a field promoted for a
// query or kept behind the field a query scans by stays where it is.
import type { FieldInfo, TableAnalysis } from '../analysis/design';
import { formatFigure } from '../units';
import { moveField } from './edit';
import { defineTableRule } from './types';

/** Fields after which a timestamp still counts as trailing: they only make the key unique. */
const tiebreaker = (f: FieldInfo) => f.isSalt || f.isTime || f.isSequential || f.field.type === 'uuid' || f.field.type === 'bytes';

/** A query reads by `prev` without `field` (so `prev` must come first), or narrows by `field` and scans below it (field promotion). */
function queryOrdered(t: TableAnalysis, prev: FieldInfo, field: FieldInfo): boolean {
  return t.plans.some((p) => {
    if (p.servedBy) return false;
    const match = t.table.queries?.[p.index]?.match ?? {};
    if (p.leading.includes(prev.name) && !p.leading.includes(field.name)) return true;
    return p.leading.includes(field.name) && match[field.name] === 'eq' && p.kind !== 'point';
  });
}

export default defineTableRule({
  meta: {
    id: 'key-general-to-specific',
    severity: 'info',
    description: 'A key field has fewer distinct values than the field before it: keys should go from general to specific.',
    messages: {
      inverted: '{field} has fewer values ({values}) than {prev} before it: keys read best from general to specific (Schema design best practices).',
    },
    details: {
      inverted:
        '{field} has fewer distinct values ({values}) than {prev} before it ({prevValues}), nothing narrower follows it, and no query reads by {prev} alone or scans within one {field}: rows that share a {field} are scattered under every {prev}. Keys read best from general to specific (Schema design best practices).',
    },
    fixable: true,
  },
  table(t, { design, report }) {
    const data = t.fields.filter((f) => !f.isSalt);
    data.forEach((field, i) => {
      const prev = data[i - 1];
      if (!prev || !(field.cardinality < prev.cardinality)) return;
      const later = data.slice(i + 1);
      if (field.isTime && later.every(tiebreaker)) return; // a trailing timestamp
      // A category inside prev, narrowed again after it: station_id#metric_type#ts,
      // tenant_id#entity_type#reversed_ts#uuid.
      if (later.some((f) => f.isTime || f.cardinality >= prev.cardinality)) return;
      if (queryOrdered(t, prev, field)) return;
      report({
        path: ['rowKey', 'fields', field.name],
        messageId: 'inverted',
        data: { field: field.name, values: formatFigure(field.cardinality), prev: prev.name, prevValues: formatFigure(prev.cardinality) },
        // The advice is this reorder: the engine offers it only if no declared query gets
        // worse (a leaderboard's score, a feed's time); otherwise the finding goes too.
        fix: { label: `Put {${field.name}} before {${prev.name}}`, onlyAdvice: true, apply: () => moveField(design, t.index, field.name, prev.position) },
      });
    });
  },
});
