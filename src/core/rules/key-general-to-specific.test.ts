import rule from './key-general-to-specific';
import { expect } from 'vitest';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, queries = '') => tableYaml({ table: 'rows', template, fields, after: queries });

ruleTester(rule, {
  valid: [
    {
      name: 'tall and narrow key (Schema design for time series data) station_id#metric_type#(Long.MAX_VALUE - timestamp)',
      yaml: design(
        '{station}#{metric}#{ts}',
        '        station: {type: int, cardinality: 5000, pad: 4}\n        metric: {type: string, values: [temp, wind, rain]}\n        ts: {type: timestamp, reversed: true}',
      ),
    },
    {
      name: 'template {tenant_id}#{entity_type}#{reversed_timestamp}#{uuid}',
      yaml: design(
        '{tenant_id}#{entity_type}#{reversed_timestamp}#{uuid}',
        '        tenant_id: {type: string, cardinality: 2000}\n        entity_type: {type: string, values: [order, invoice, refund]}\n        reversed_timestamp: {type: timestamp, reversed: true}\n        uuid: {type: uuid}',
      ),
    },
    {
      name: 'a trailing time bucket after a balloon (Schema design for time series data: asia-south2#3698#week1)',
      yaml: design(
        '{location}#{balloon}#{week}',
        '        location: {type: string, values: [us-west2, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        week: {type: timestamp, bucket: week, format: iso}',
      ),
    },
    {
      // Putting player before the negated score would destroy the leaderboard's order.
      name: 'a leaderboard {board}#{neg_score}#{player} read top-first',
      yaml: design(
        '{board}#{neg_score}#{player}',
        '        board: {type: string, cardinality: 100}\n        neg_score: {type: int, min: -1000000000, max: 0, encoding: orderedCode}\n        player: {type: string, cardinality: 1000000}',
        '    queries:\n      - {name: top of a board, match: {board: eq}, limit: 10}\n',
      ),
    },
    {
      // Putting target before ts would break the newest-first read the design declares.
      name: 'a graph {user}#{kind}#{ts}#{target} read newest first',
      yaml: design(
        '{user}#{kind}#{ts}#{target}',
        '        user: {type: string, cardinality: 1000000}\n        kind: {type: string, values: [follows, likes]}\n        ts: {type: timestamp, reversed: true}\n        target: {type: string, cardinality: 1000000}',
        '    queries:\n      - {name: latest edges of a kind, match: {user: eq, kind: eq}, order: newest, limit: 50}\n',
      ),
    },
    {
      name: 'a field kept after the one a query scans by',
      yaml: design(
        '{user}#{country}',
        '        user: {type: uuid}\n        country: {type: string, values: [de, fr, us]}',
        '    queries:\n      - {name: all of a user, match: {user: eq}}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'a country after a user id ends the key',
      yaml: design('{user}#{country}', '        user: {type: uuid}\n        country: {type: string, values: [de, fr, us]}'),
      findings: [
        { messageId: 'inverted', path: 'tables[0].rowKey.fields.country', severity: 'info', message: /country has fewer distinct values \(3\) than user/ },
      ],
    },
    {
      name: 'a metric after the timestamp',
      yaml: design(
        '{device}#{ts}#{metric}',
        '        device: {type: int, cardinality: 1000, pad: 4}\n        ts: {type: timestamp}\n        metric: {type: string, values: [temp, hum]}',
      ),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.metric', message: /than ts before it/ }],
    },
    {
      name: 'a device after the time it reports',
      yaml: design(
        '{region}#{ts}#{device}',
        '        region: {type: string, values: [eu, us]}\n        ts: {type: timestamp, unit: s}\n        device: {type: int, cardinality: 1000, pad: 4}',
        '    queries:\n      - {name: one reading, match: {region: eq, ts: eq, device: eq}}\n',
      ),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.device' }],
      // The reorder is offered: the declared point read stays a point read.
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{region}#{device}#{ts}'),
    },
  ],
});
