import rule from './view-query';
import { ruleTester, tableYaml } from './tester';

const design = (views: string) =>
  tableYaml({
    table: 'orders',
    template: '{store}#{customer}#{order}',
    fields: '        store: {type: string, cardinality: 100}\n        customer: {type: string}\n        order: {type: int, pad: 10}',
    families: '      - name: o\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: total, type: int64}',
    after: `${views}\n`,
  });

ruleTester(rule, {
  valid: [
    {
      name: "Google's two forms: a GROUP BY rollup and an ORDER BY index with the source key, and a logical view",
      yaml: design(`materializedViews:
  - name: sales_by_store
    table: orders
    query: "SELECT store AS store, SUM(CAST(o['total'] AS INT64)) AS total, COUNT(*) AS n FROM orders GROUP BY store"
  - name: orders_by_customer
    table: orders
    index: {fields: [customer], families: [o]}
  - name: totals
    table: orders
    groupBy: {fields: [store], aggregations: [{fn: sum, column: "o:total", as: total}]}
logicalViews:
  - name: big_orders
    query: "SELECT _key, o FROM orders WHERE CAST(o['total'] AS INT64) > 1000"`),
    },
  ],
  invalid: [
    {
      name: 'ARRAY_AGG (the old suggestion), which continuous materialized views do not support',
      yaml: design(`materializedViews:
  - name: idx
    table: orders
    query: "SELECT customer AS indexed_value, ARRAY_AGG(_key) AS row_keys FROM orders GROUP BY 1"`),
      findings: [{ messageId: 'materialized', path: 'materializedViews[0].query', severity: 'error', message: /uses ARRAY_AGG, which continuous materialized views do not support/ }],
    },
    {
      name: 'both GROUP BY and ORDER BY, DESC, LIMIT, and an index without the source key',
      yaml: design(`materializedViews:
  - name: both
    table: orders
    query: "SELECT store AS store, COUNT(*) AS n FROM orders GROUP BY store ORDER BY store DESC LIMIT 5"
  - name: nokey
    table: orders
    query: "SELECT customer AS customer FROM orders ORDER BY customer"`),
      findings: [
        { messageId: 'materialized', path: 'materializedViews[0].query', message: /uses DESC/ },
        { messageId: 'materialized', path: 'materializedViews[0].query', message: /uses LIMIT/ },
        { messageId: 'materialized', path: 'materializedViews[0].query', message: /both GROUP BY and ORDER BY/ },
        { messageId: 'materialized', path: 'materializedViews[1].query', message: /without the source row key/ },
      ],
    },
    {
      name: 'a source table that is not the FROM table, a bad id, and a logical view over a missing table',
      yaml: `format: bigtable-studio/v1
name: t
tables:
  - name: a
    rowKey: {template: "{k}", fields: {k: {type: string}}}
  - name: b
    rowKey: {template: "{k}", fields: {k: {type: string}}}
materializedViews:
  - name: "bad id!"
    table: a
    query: "SELECT k AS k, COUNT(*) AS n FROM b GROUP BY k"
logicalViews:
  - name: lv
    query: "SELECT * FROM nope"`,
      findings: [
        { messageId: 'logical', path: 'logicalViews[0].query', message: /reads table "nope", which the design does not have/ },
        { messageId: 'name', path: 'materializedViews[0].name' },
        { messageId: 'source', path: 'materializedViews[0].table', message: /reads table b, but its source table is a/ },
      ],
    },
  ],
});
