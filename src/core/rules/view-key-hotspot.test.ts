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

ruleTester(rule, {
  valid: [
    {
      name: 'an index keyed by a well-spread field',
      yaml: design(`materializedViews:
  - name: by_user
    table: events
    index: {fields: [user, ts]}`),
    },
  ],
  invalid: [
    {
      name: 'an index keyed by the timestamp first is a hotspot, as a table key would be',
      yaml: design(`materializedViews:
  - name: by_time
    table: events
    index: {fields: [ts, user]}`),
      findings: [{ messageId: 'key', path: 'materializedViews[0].index', severity: 'error', message: /keyed by its ORDER BY \(ts, user, source_key\) is a hotspot as a table key would be \(timestamp-leading/ }],
    },
    {
      name: 'an index by position (ORDER BY 1, 2): the first item is the timestamp',
      yaml: design(`materializedViews:
  - name: by_time_pos
    table: events
    query: "SELECT ts AS t, _key AS k FROM events ORDER BY 1, 2"`),
      findings: [{ messageId: 'key', path: 'materializedViews[0].query', message: /keyed by its ORDER BY \(t, k\) is a hotspot as a table key would be \(timestamp-leading/ }],
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
