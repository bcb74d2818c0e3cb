import { expect } from 'vitest';
import rule from './view-copies-table';
import { ruleTester, tableYaml } from './tester';

/** Page views keyed by site and a uuid per view. */
const pageViews = (views: string) =>
  tableYaml({
    table: 'page_views',
    template: '{site}#{view_id}',
    fields: '        site: {type: string, cardinality: 5000}\n        view_id: {type: uuid}',
    families: '      - name: v\n        gc: {maxAge: 30d}\n        columns:\n          - {qualifier: ms, type: int64}',
    after: `    load: {writesPerSecond: 2000}\n${views}\n`,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'a rollup per site',
      yaml: pageViews(`materializedViews:
  - name: per_site
    table: page_views
    groupBy: {fields: [site], aggregations: [{fn: count, as: views}]}`),
    },
    {
      name: 'an hourly rollup per site in SQL',
      yaml: pageViews(`materializedViews:
  - name: per_site_hour
    table: page_views
    query: "SELECT SPLIT(_key, '#')[0] AS site, TIMESTAMP_TRUNC(_timestamp, HOUR) AS hour, COUNT(*) AS n FROM page_views GROUP BY 1, 2"`),
    },
  ],
  invalid: [
    {
      name: 'a view "per site" grouped by [site, view_id]: a uuid per row, so it copies the table',
      yaml: pageViews(`materializedViews:
  - name: per_site
    table: page_views
    groupBy: {fields: [site, view_id], aggregations: [{fn: sum, column: "v:ms", as: ms}]}`),
      findings: [
        {
          messageId: 'unique',
          path: 'materializedViews[0].groupBy',
          severity: 'warning',
          message: /groups by view_id, unique per row of page_views[\s\S]*a uuid[\s\S]*Group by site only/,
        },
      ],
      fixed: (d) => expect(d.materializedViews![0]!.groupBy!.fields).toEqual(['site']),
    },
    {
      name: 'grouped by the source row key in SQL: no fix for SQL',
      yaml: pageViews(`materializedViews:
  - name: per_row
    table: page_views
    query: "SELECT _key AS k, COUNT(*) AS n FROM page_views GROUP BY 1"`),
      findings: [{ messageId: 'unique', path: 'materializedViews[0].query', message: /the source row key/ }],
      fixed: null,
    },
    {
      name: 'grouped by every field of a key without a uuid',
      yaml: tableYaml({
        table: 'stock',
        template: '{store}#{sku}',
        fields: '        store: {type: string, cardinality: 300}\n        sku: {type: string, cardinality: 50000}',
        families: '      - {name: q, gc: {maxVersions: 1}, columns: [{qualifier: n, type: int64}]}',
        after: `materializedViews:
  - name: per_store_sku
    table: stock
    groupBy: {fields: [store, sku], aggregations: [{fn: sum, column: "q:n", as: n}]}
`,
      }),
      findings: [{ messageId: 'wholeKey', path: 'materializedViews[0].groupBy', message: /every field of the key of stock/ }],
    },
  ],
});
