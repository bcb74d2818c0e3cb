import { readFileSync } from 'node:fs';
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

/** The schema guide's chat and user-profile tables (view-query.guide.yaml), for its two materialized view examples. */
const GUIDE = readFileSync(new URL('./view-query.guide.yaml', import.meta.url), 'utf8');
const guide = (views: string) => `${GUIDE}${views}\n`;

/** The guide's hourly count of messages per chat room, exactly as it is written there. */
const HOURLY = `SELECT SPLIT(_key, '#')[0] AS chatroom, TIMESTAMP_TRUNC(_timestamp, HOUR) AS time_bucket,
COUNT(_key) AS total_messages FROM UNPACK((SELECT * FROM messages(WITH_HISTORY=>TRUE)))
GROUP BY 1, 2`;

/** The guide's inverted index, exactly as written there. */
const INVERTED = `SELECT
u.value AS indexed_value,
u.key AS indexed_qualifier,
ARRAY_AGG(_key) AS user_keys
FROM users, UNNEST(MAP_ENTRIES(user_profile)) u
GROUP BY 1,2`;

const block = (sql: string) =>
  sql
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');

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
    {
      name: "the schema guide's hourly messages per chat room: UNPACK and a temporal filter read table messages",
      yaml: guide(`materializedViews:
  - name: hourly_messages
    table: messages
    query: |
${block(HOURLY)}`),
    },
    {
      name: 'a logical view that joins a row with UNNEST of its map, and a temporal filter with latest_n',
      yaml: guide(`logicalViews:
  - name: profile_entries
    query: "SELECT _key, e.key AS q FROM users(latest_n => 1) CROSS JOIN UNNEST(MAP_ENTRIES(user_profile)) AS e"`),
    },
  ],
  invalid: [
    {
      name: "the schema guide's inverted index: refused for ARRAY_AGG only, with forms that work",
      yaml: guide(`materializedViews:
  - name: inverted
    table: users
    query: |
${block(INVERTED)}`),
      findings: [
        {
          messageId: 'materialized',
          path: 'materializedViews[0].query',
          severity: 'error',
          message: /uses ARRAY_AGG[\s\S]*ORDER BY index view[\s\S]*logical view[\s\S]*ORDER BY value, source_key/,
        },
      ],
    },
    {
      name: 'a comma in FROM before a second table (not UNNEST) still reads two tables',
      yaml: guide(`logicalViews:
  - name: two
    query: "SELECT _key FROM users, messages"`),
      findings: [{ messageId: 'logical', path: 'logicalViews[0].query', message: /reads more than one table/ }],
    },
    {
      name: 'UNPACK of a table the design does not have',
      yaml: guide(`materializedViews:
  - name: hourly_missing
    table: messages
    query: "SELECT SPLIT(_key, '#')[0] AS room, COUNT(_key) AS n FROM UNPACK((SELECT * FROM chats(WITH_HISTORY=>TRUE))) GROUP BY 1"`),
      findings: [
        { messageId: 'materialized', path: 'materializedViews[0].query', message: /reads table "chats", which the design does not have/ },
        { messageId: 'source', path: 'materializedViews[0].table', message: /reads table chats, but its source table is messages/ },
      ],
    },
    {
      name: 'ARRAY_AGG (the old suggestion), which continuous materialized views do not support',
      yaml: design(`materializedViews:
  - name: idx
    table: orders
    query: "SELECT customer AS indexed_value, ARRAY_AGG(_key) AS row_keys FROM orders GROUP BY 1"`),
      findings: [{ messageId: 'materialized', path: 'materializedViews[0].query', severity: 'error', message: /uses ARRAY_AGG \(unsupported\)/ }],
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
