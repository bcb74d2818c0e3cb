// Schema design best practices: "the row key is the only indexed field", so a key serves the queries whose matched
// fields are nested sets (each a prefix of the next: tenant; tenant, type; tenant, type, device).
// Two queries whose sets are not nested need two different fronts of the key. Schema design for time series data: "If you
// need to send multiple different queries for the same dataset, consider storing your data in
// multiple tables, each with a row key designed for one of the queries." Schema design best practices: materialized
// views can serve "as asynchronous global secondary indexes".
import { secondTable, shapesOf, writeSpread } from './support/query-shape';
import { showTemplate } from '../keys/template';
import { addTableFix } from './support/table-for-query';
import { defineTableRule } from './types';

const nested = (a: string[], b: string[]) => a.every((n) => b.includes(n)) || b.every((n) => a.includes(n));

export default defineTableRule({
  meta: {
    id: 'queries-conflict',
    severity: 'info',
    description: 'Queries need different leading key fields.',
    messages: {
      conflict: 'query "{query}" needs {fields} at the front of the key, but "{other}" needs {otherFields} (Schema design best practices).',
      conflictHot: 'query "{query}" needs {fields} first, "{other}" needs {otherFields}; a table keyed for the first would hotspot.',
    },
    details: {
      conflict:
        'query "{query}" needs {fields} at the front of the key, but query "{other}" needs {otherFields}: one key cannot lead with both. Keep a second table {second} keyed {template}, written with this one, or let Bigtable maintain it as a continuous materialized view used as an asynchronous secondary index: {sql}',
      conflictHot:
        'query "{query}" needs {fields} at the front of the key, but query "{other}" needs {otherFields}: one key cannot lead with both. A table or index keyed {template} would send the writes of each moment to a few key ranges, the hotspot Schema design best practices warns of: keep a second table {second} with a hash salt of at least {nodes} buckets in front, read with one scan per bucket.',
    },
    fixable: true,
    readsInstance: true,
  },
  table(ta, { design, analysis, report }) {
    const queries = ta.table.queries ?? [];
    if (!ta.layout || queries.length < 2) return;
    const shapes = shapesOf(ta);
    if (shapes.every((s) => s.matched.length === 0 || (!s.full && s.prefixOk))) return;
    shapes.forEach((s, qi) => {
      if (s.matched.length === 0 || (!s.full && s.prefixOk)) return;
      const oi = shapes.findIndex((o, i) => i !== qi && o.matched.length > 0 && !nested(s.matched, o.matched));
      if (oi < 0) return;
      const second = secondTable(ta, qi);
      if (!second) return;
      // Keyed for this query, would the newest writes crowd into a few key ranges?
      const hot = writeSpread(ta, second.order) < Math.min(writeSpread(ta, ta.layout!.fields), 10 * analysis.nodes);
      // query-full-scan reports the same query when nothing narrows it; one fix, offered there.
      const fix = s.full ? undefined : addTableFix(design, ta, qi);
      report({
        path: ['queries', qi],
        messageId: hot ? 'conflictHot' : 'conflict',
        data: {
          nodes: analysis.nodes,
          query: queries[qi]!.name,
          fields: s.matched.join(', '),
          other: queries[oi]!.name,
          otherFields: shapes[oi]!.matched.join(', '),
          second: second.name,
          template: showTemplate(second.template),
          sql: second.sql,
        },
        ...(fix ? { fix } : {}),
      });
    });
  },
});
