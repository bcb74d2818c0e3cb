// Schema design best practices: "the row key is the only indexed field [...] searching for data based on column
// values or unindexed attributes requires a full table scan, forcing every node in the cluster
// to inspect every tablet". Schema design best practices: queries "should be designed to filter by row key in its
// entirety or prefix". Field promotion fixes a key whose order is wrong;
// when another query needs the current order, Schema design for time series data "multiple tables, each with a row key
// designed for one of the queries" is the way (queries-conflict suggests it).
import { promote, secondTable, shapesOf } from './support/query-shape';
import { showTemplate } from '../keys/template';
import { updateTable } from './edit';
import { addTableFix } from './support/table-for-query';
import { defineVisitorRule } from './types';
import { analyze, type DesignAnalysis } from '../analysis/design';
import { serverFor } from '../analysis/servers';
import { KIND } from '../analysis/query-plan-rank';

/** Per analysis: the tables with a query whose remedy looks for another table to serve it, with its match fields. */
const seekers = new WeakMap<DesignAnalysis, [number, string[]][]>();

function seekersOf(analysis: DesignAnalysis): [number, string[]][] {
  let list = seekers.get(analysis);
  if (list) return list;
  list = [];
  for (const ta of analysis.tables) {
    if (!ta.layout) continue;
    const shapes = shapesOf(ta);
    (ta.table.queries ?? []).forEach((q, qi) => {
      const match = Object.keys(q.match ?? {});
      if (q.kind === 'batch' || match.length === 0 || ta.plans[qi]?.servedBy) return;
      const s = shapes[qi]!;
      if ((!s.full && s.prefixOk) || s.matched.length === 0) return;
      list!.push([ta.index, match]);
    });
  }
  seekers.set(analysis, list);
  return list;
}

export default defineVisitorRule({
  meta: {
    id: 'query-full-scan',
    severity: 'error',
    description: 'A query cannot be served by a key prefix or range: it scans the whole table.',
    messages: {
      fullScan: 'query "{query}" matches {fields}, but the key starts with {first}: every read scans the whole table (Schema design best practices).',
      gap: 'query "{query}" matches {fields}, but {gap} comes before {after} in the key: the read narrows by {used} only.',
      filterOnly: 'query "{query}" filters only on column values ({filters}): Bigtable indexes only the row key, so it scans the table.',
      servedScan: 'query "{query}" is served by {server}, but its key starts with {first}: every read scans all of {server} (Schema design best practices).',
    },
    details: {
      fullScan:
        'query "{query}" matches {fields}, but the key starts with {first}: no leading part of the key is bound, so every read scans the whole table{saltNote}. Bigtable indexes only the row key. {remedy}',
      gap: 'query "{query}" matches {fields}, but the key puts {gap} before {after}: the read can narrow only by {used} and then filters every row under it. {remedy}',
      filterOnly:
        'query "{query}" filters only on column values ({filters}): Bigtable has no index on values, so it scans the whole table. Add a table keyed by that value, or a continuous materialized view ordered by it (an asynchronous secondary index, Schema design best practices "Materialized views › For secondary indexing").',
    },
    fixable: true,
    readsInstance: true,
    // A full scan's remedy names another table whose key serves the query (support/servers.ts):
    // an edit of a table whose key has the query's fields may change it.
    crossTable: (before, after, changed, analysis = analyze(before)) => {
      const keys = changed.flatMap((i) => [before.tables[i]?.rowKey.fields, after.tables[i]?.rowKey.fields]).filter((f) => f !== undefined);
      const out = new Set<number>();
      for (const [ti, match] of seekersOf(analysis)) if (keys.some((fields) => match.every((n) => n in fields))) out.add(ti);
      return out;
    },
  },
  create({ design, analysis, report }) {
    return {
      table(ta) {
        if (!ta.layout) return;
        (ta.table.queries ?? []).forEach((q, qi) => {
          const path = ['queries', qi];
          // A batch job (an export, an analytics pass) reads in bulk on purpose: an index or a
          // reordered key is not its answer; workload-isolation judges where it runs.
          if (q.kind === 'batch') return;
          if (Object.keys(q.match ?? {}).length === 0) {
            if (q.filter?.length) report({ path, messageId: 'filterOnly', data: { query: q.name, filters: q.filter.join(', ') } });
            return; // a query with no condition at all reads everything on purpose (an export)
          }
          const routed = ta.plans[qi];
          if (routed?.servedBy) {
            const server = ta.servers?.get(qi);
            if (routed.kind === 'full-scan' && server)
              report({
                path: [...path, 'servedBy'],
                messageId: 'servedScan',
                data: { query: q.name, server: routed.servedBy.name, first: server.fields.find((f) => !f.isSalt)?.name ?? '' },
              });
            return;
          }
          const s = shapesOf(ta)[qi]!;
          // Matching only a salt reads one bucket on purpose (a parallel export, one worker per bucket).
          if ((!s.full && s.prefixOk) || s.matched.length === 0) return;
          const elsewhere = serverFor(analysis, ta, qi);
          const p = elsewhere ? null : promote(ta, qi, analysis.nodes);
          const ok = p !== null && p.broken.length === 0 && p.hotspot === null;
          const second = secondTable(ta, qi);
          const promoted = p ? p.table.rowKey.template : '';
          const remedy = elsewhere
            ? `${elsewhere.kind === 'view' ? 'Materialized view' : 'Table'} ${elsewhere.name} serves it as a ${KIND[elsewhere.plan.kind]}: declare servedBy: ${elsewhere.name}, and have the application read ${elsewhere.name}${elsewhere.kind === 'table' ? `, which must be written with every ${ta.table.name} write and backfilled` : ''}.`
            : ok
              ? `Promote the fields it matches to the front of the key: ${showTemplate(promoted)}; no other query of this table is served worse.`
              : p?.hotspot
                ? `Promoting them would start the key with ${p.hotspot.fields.join(', then ')}: the writes of each moment would go to ${p.hotspot.ranges === 1 ? 'one key range' : `${p.hotspot.ranges} key ranges`}, the hotspot Schema design best practices warns of. Keep a second table keyed ${showTemplate(promoted)} with a hash salt of at least ${analysis.nodes} buckets in front, read with one scan per bucket.`
                : `Reordering the key would serve ${p?.broken.map((n) => `"${n}"`).join(', ') ?? 'other queries'} worse: add a second table keyed ${second ? showTemplate(second.template) : 'for this query'}.`;
          const fields = s.matched.join(', ');
          // Promotion when it serves every query; otherwise a table for this query. The engine
          // checks either before it is offered.
          const promoted_ = p;
          const proposal = elsewhere
            ? {
                label: `Serve "${q.name}" from ${elsewhere.name} (${KIND[elsewhere.plan.kind]}): the application reads ${elsewhere.name}`,
                apply: () =>
                  updateTable(design, ta.index, (t) => ({
                    ...t,
                    queries: (t.queries ?? []).map((x, i) => (i === qi ? { ...x, servedBy: elsewhere.name } : x)),
                  })),
              }
            : ok && promoted_
              ? { label: `Promote ${s.matched.join(', ')} to the front of the key`, apply: () => updateTable(design, ta.index, () => promoted_.table) }
              : q.match && Object.keys(q.match).length
                ? addTableFix(design, ta, qi)
                : undefined;
          const fix = proposal ? { fix: proposal } : {};
          if (s.full) {
            const first = ta.fields.find((f) => !f.isSalt)?.name ?? '';
            // The query binds what the salt hashes, but not the field after it: one whole bucket.
            const plan = ta.plans[qi];
            const salt = plan?.leading.length ? ta.fields.find((f) => f.isSalt && plan.leading.includes(f.name)) : undefined;
            const saltNote = salt ? ` (the salt ${salt.name} is computable, but that only narrows it to one of ${salt.cardinality} buckets)` : '';
            report({ path, messageId: 'fullScan', data: { query: q.name, fields, first, saltNote, remedy }, ...fix });
          } else {
            const keyOrder = ta.layout!.fields;
            const after = s.matched.filter((n) => keyOrder.indexOf(n) > keyOrder.indexOf(s.gap!)).join(', ');
            const used = ta.plans[qi]?.leading.filter((n) => !ta.fields.find((f) => f.name === n)?.isSalt).join(', ') ?? '';
            report({ path, messageId: 'gap', severity: 'warning', data: { query: q.name, fields, gap: s.gap!, after, used, remedy }, ...fix });
          }
        });
      },
    };
  },
});
