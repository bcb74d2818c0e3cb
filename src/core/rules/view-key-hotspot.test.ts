import rule from './view-key-hotspot';
import { ruleTester } from './tester';

const design = (views: string) => `format: bigtable-studio/v1
name: t
tables:
  - name: events
    rowKey:
      template: "{user}#{ts}"
      fields:
        user: {type: string, cardinality: 1000000}
        ts: {type: timestamp}
    families:
      - name: e
        gc: {maxAge: 30d}
    load: {writesPerSecond: 10000}
${views}
`;

/** Orders keyed by customer and order, a status column (6 values) and an update time. */
const orders = (wps: number, views: string, statusKey = false) => `format: bigtable-studio/v1
name: t
tables:
  - name: orders
    rowKey:
      template: "${statusKey ? '{status}#' : ''}{customer}#{order}"
      fields:
${statusKey ? '        status: {type: string, values: [new, paid, packed, shipped, delivered, returned]}\n' : ''}        customer: {type: string, cardinality: 1000000}
        order: {type: int, pad: 12}
    families:
      - name: s
        gc: {maxVersions: 1}
        columns:
          - {qualifier: status, type: string}
          - {qualifier: updated, type: timestamp}
          - {qualifier: flagged, type: bool}
    load: {writesPerSecond: ${wps}}
${views}
`;

/** Tickets keyed by a 6-value status, then a ticket id and a time, with an index view by status then time. */
const tickets = (wps: number) => `format: bigtable-studio/v1
name: t
tables:
  - name: tickets
    rowKey:
      template: "{status}#{ticket}#{ts}"
      fields:
        status: {type: string, values: [open, triaged, assigned, waiting, solved, closed]}
        ticket: {type: uuid}
        ts: {type: timestamp}
    families: [{name: t, gc: {maxVersions: 1}}]
    load: {writesPerSecond: ${wps}}
materializedViews:
  - name: by_status_time
    table: tickets
    index: {fields: [status, ts]}
`;

/** A rollup per status of the orders at `wps`, and the hot-key error its busiest group gets. */
const perStatus = (wps: number, message: RegExp) => ({
  yaml: orders(
    wps,
    `materializedViews:
  - name: per_status
    table: orders
    groupBy: {fields: [status], aggregations: [{fn: count, as: n}]}`,
    true,
  ),
  findings: [{ messageId: 'hotKey', path: 'materializedViews[0].groupBy', severity: 'error' as const, message }],
});

/** The schema guide's chat messages keyed by room then time, with one SQL view. */
const guideMessages = (view: string, query: string) => `format: bigtable-studio/v1
name: guide
tables:
  - name: messages
    rowKey:
      template: "{chatroom}#{ts}"
      fields:
        chatroom: {type: string, cardinality: 100000}
        ts: {type: timestamp, reversed: true}
    families: [{name: m, gc: {maxAge: 30d}}]
    load: {writesPerSecond: 20000}
materializedViews:
  - name: ${view}
    table: messages
    query: "${query}"
`;

ruleTester(rule, {
  valid: [
    {
      name: 'an index keyed by a well-spread field',
      yaml: design(`materializedViews:
  - name: by_user
    table: events
    index: {fields: [user, ts]}`),
    },
    {
      name: 'an index by a status column then the source key (no time after it)',
      yaml: orders(
        5000,
        `materializedViews:
  - name: by_status
    table: orders
    index: {fields: ["s:status"]}`,
      ),
    },
    {
      name: 'a rollup per customer: a million groups, none busy',
      yaml: orders(
        100000,
        `materializedViews:
  - name: per_customer
    table: orders
    groupBy: {fields: [customer], aggregations: [{fn: count, as: n}]}`,
      ),
    },
    {
      name: "the schema guide's hourly messages per chat room: keyed by the room (SPLIT of _key), then the hour",
      yaml: guideMessages(
        'hourly_messages',
        "SELECT SPLIT(_key, '#')[0] AS chatroom, TIMESTAMP_TRUNC(_timestamp, HOUR) AS time_bucket, COUNT(_key) AS total_messages FROM UNPACK((SELECT * FROM messages(WITH_HISTORY=>TRUE))) GROUP BY 1, 2",
      ),
    },
  ],
  invalid: [
    {
      name: "the guide's hourly view keyed by the hour first instead",
      yaml: guideMessages(
        'hourly_first',
        "SELECT TIMESTAMP_TRUNC(_timestamp, HOUR) AS time_bucket, SPLIT(_key, '#')[0] AS chatroom, COUNT(_key) AS n FROM UNPACK((SELECT * FROM messages(WITH_HISTORY=>TRUE))) GROUP BY 1, 2",
      ),
      findings: [{ messageId: 'time', path: 'materializedViews[0].query', message: /keyed first by time_bucket, a time/ }],
    },
    {
      name: 'an index ordered by a status column then the update time: new rows at the ends of a few ranges',
      yaml: orders(
        5000,
        `materializedViews:
  - name: by_status_time
    table: orders
    index: {fields: ["s:status", "s:updated"]}`,
      ),
      findings: [
        {
          messageId: 'indexTime',
          path: 'materializedViews[0].index',
          severity: 'warning',
          message: /orders by status then the time updated[\s\S]*status \(assumed few values, from its name\)/,
        },
      ],
    },
    {
      name: 'an index view of tickets ordered by a 6-value status key field then the time, at 100,000 writes/s: over a node per range end',
      yaml: tickets(100000),
      // low-cardinality-prefix judges the view's key as a table key; the nodes make it an error.
      findings: [
        {
          messageId: 'key',
          path: 'materializedViews[0].index',
          severity: 'error',
          message: /low-cardinality-prefix[\s\S]*busiest range end takes ~16,667 writes\/s, 1\.2 nodes' worth on one tablet/,
        },
      ],
    },
    {
      name: 'the same tickets index at 3,000 writes/s: a warning, new rows crowd the ends of 6 ranges',
      yaml: tickets(3000),
      findings: [
        {
          messageId: 'indexTime',
          path: 'materializedViews[0].index',
          severity: 'warning',
          message: /status \(6 values\)[\s\S]*ends of 6 ranges, the busiest ~500 writes\/s/,
        },
      ],
    },
    {
      name: 'an index ordered by a bool then the update time at 60,000 writes/s: 30,000 writes/s at one range end, over two nodes',
      yaml: orders(
        60000,
        `materializedViews:
  - name: by_flag_time
    table: orders
    index: {fields: ["s:flagged", "s:updated"]}`,
      ),
      findings: [
        {
          messageId: 'indexTime',
          path: 'materializedViews[0].index',
          severity: 'error',
          message: /flagged \(2 values\)[\s\S]*ends of 2 ranges, the busiest ~30,000 writes\/s \(2\.1 nodes' worth\)/,
        },
      ],
    },
    {
      name: 'a rollup per status at 90,000 writes/s: the busiest group needs over one node on one row',
      ...perStatus(90000, /busiest key \(status\) takes ~15,000 writes\/s, 1\.1 nodes' worth on one row/),
    },
    {
      name: "a rollup per status at 10^9 writes/s: the busiest group takes over 1,000 nodes' worth, said as every count past a cluster's limit is",
      ...perStatus(1e9, /busiest key \(status\) takes ~166,666,667 writes\/s[\s\S]*so that row needs over 1,000 nodes' worth on one tablet/),
    },
    {
      name: 'an index keyed by the timestamp first is a hotspot, as a table key would be',
      yaml: design(`materializedViews:
  - name: by_time
    table: events
    index: {fields: [ts, user]}`),
      findings: [
        {
          messageId: 'key',
          path: 'materializedViews[0].index',
          severity: 'error',
          message: /keyed by its ORDER BY \(ts, user, source_key\) is a hotspot as a table key would be \(timestamp-leading/,
        },
      ],
    },
    {
      name: 'an index by position (ORDER BY 1, 2): the first item is the timestamp',
      yaml: design(`materializedViews:
  - name: by_time_pos
    table: events
    query: "SELECT ts AS t, _key AS k FROM events ORDER BY 1, 2"`),
      findings: [
        {
          messageId: 'key',
          path: 'materializedViews[0].query',
          message: /keyed by its ORDER BY \(t, k\) is a hotspot as a table key would be \(timestamp-leading/,
        },
      ],
    },
    {
      name: 'a rollup grouped by hour first',
      yaml: design(`materializedViews:
  - name: hourly
    table: events
    query: "SELECT TIMESTAMP_TRUNC(_timestamp, HOUR) AS hour, user AS user, COUNT(*) AS n FROM events GROUP BY hour, user"`),
      findings: [{ messageId: 'time', path: 'materializedViews[0].query', message: /keyed first by hour, a time/ }],
    },
  ],
});
