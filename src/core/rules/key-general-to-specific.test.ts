import rule from './key-general-to-specific';
import { expect } from 'vitest';
import { ruleTester, tableYaml } from './tester';

/** A `rows` table keyed by `fields` (each field's YAML) in their order, joined by `#`, with `queries` (entries) when given. */
const design = (fields: Record<string, string>, queries?: string) =>
  tableYaml({
    table: 'rows',
    template: Object.keys(fields)
      .map((f) => `{${f}}`)
      .join('#'),
    fields: Object.entries(fields)
      .map(([name, yaml]) => `        ${name}: ${yaml}`)
      .join('\n'),
    queries,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'tall and narrow key (Schema design for time series data) station_id#metric_type#(Long.MAX_VALUE - timestamp)',
      yaml: design({
        station: '{type: int, cardinality: 5000, pad: 4}',
        metric: '{type: string, values: [temp, wind, rain]}',
        ts: '{type: timestamp, reversed: true}',
      }),
    },
    {
      name: 'template {tenant_id}#{entity_type}#{reversed_timestamp}#{uuid}',
      yaml: design({
        tenant_id: '{type: string, cardinality: 2000}',
        entity_type: '{type: string, values: [order, invoice, refund]}',
        reversed_timestamp: '{type: timestamp, reversed: true}',
        uuid: '{type: uuid}',
      }),
    },
    {
      name: 'a trailing time bucket after a balloon (Schema design for time series data: asia-south2#3698#week1)',
      yaml: design({
        location: '{type: string, values: [us-west2, asia-south2]}',
        balloon: '{type: int, min: 1, max: 9999, pad: 4}',
        week: '{type: timestamp, bucket: week, format: iso}',
      }),
    },
    {
      // Putting player before the negated score would destroy the leaderboard's order.
      name: 'a leaderboard {board}#{neg_score}#{player} read top-first',
      yaml: design(
        {
          board: '{type: string, cardinality: 100}',
          neg_score: '{type: int, min: -1000000000, max: 0, encoding: orderedCode}',
          player: '{type: string, cardinality: 1000000}',
        },
        '      - {name: top of a board, match: {board: eq}, limit: 10}',
      ),
    },
    {
      // Putting target before ts would break the newest-first read the design declares.
      name: 'a graph {user}#{kind}#{ts}#{target} read newest first',
      yaml: design(
        {
          user: '{type: string, cardinality: 1000000}',
          kind: '{type: string, values: [follows, likes]}',
          ts: '{type: timestamp, reversed: true}',
          target: '{type: string, cardinality: 1000000}',
        },
        '      - {name: latest edges of a kind, match: {user: eq, kind: eq}, order: newest, limit: 50}',
      ),
    },
    {
      name: 'a field kept after the one a query scans by',
      yaml: design({ user: '{type: uuid}', country: '{type: string, values: [de, fr, us]}' }, '      - {name: all of a user, match: {user: eq}}'),
    },
  ],
  invalid: [
    {
      name: 'a country after a user id ends the key',
      yaml: design({ user: '{type: uuid}', country: '{type: string, values: [de, fr, us]}' }),
      findings: [
        { messageId: 'inverted', path: 'tables[0].rowKey.fields.country', severity: 'info', message: /country has fewer distinct values \(3\) than user/ },
      ],
    },
    {
      name: 'a metric after the timestamp',
      yaml: design({ device: '{type: int, cardinality: 1000, pad: 4}', ts: '{type: timestamp}', metric: '{type: string, values: [temp, hum]}' }),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.metric', message: /than ts before it/ }],
    },
    {
      name: 'a device after the time it reports',
      yaml: design(
        { region: '{type: string, values: [eu, us]}', ts: '{type: timestamp, unit: s}', device: '{type: int, cardinality: 1000, pad: 4}' },
        '      - {name: one reading, match: {region: eq, ts: eq, device: eq}}',
      ),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.device' }],
      // The reorder is offered: the declared point read stays a point read.
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{region}#{device}#{ts}'),
    },
  ],
});
