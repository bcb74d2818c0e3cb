import { expect } from 'vitest';
import rule from './query-full-scan';
import { ruleTester, tableYaml } from './tester';

const table = (key: string, fields: string, queries: string) =>
  tableYaml({
    table: 't',
    template: key,
    fields,
    families: '      - name: d\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: v, valueBytes: 8}',
    queries,
  });

const userItem = '        user: {type: string, cardinality: 100000}\n        item: {type: string, cardinality: 50000}';

ruleTester(rule, {
  valid: [
    {
      name: 'a nightly batch export filtered on a column value: no index advice for a batch job',
      yaml: table(
        '{user}#{item}',
        userItem,
        '      - {name: nightly export of flagged rows, kind: batch, filter: ["d:flagged"]}\n      - {name: items of a seller, kind: batch, match: {item: eq}}',
      ),
    },
    {
      name: 'field promotion serves every query (Schema design best practices: tenant_0412#sensor#*)',
      yaml: table(
        '{tenant}#{device_type}#{device}#{ts}',
        '        tenant: {type: string, cardinality: 2000}\n        device_type: {type: string, values: [sensor, meter]}\n        device: {type: int, min: 1, max: 99999999, pad: 8}\n        ts: {type: timestamp, reversed: true}',
        '      - {name: latest readings, match: {tenant: eq, device_type: eq, device: eq}, order: newest, limit: 10}\n      - {name: time window, match: {tenant: eq, device_type: eq, device: eq, ts: range}}\n      - {name: fleet, match: {tenant: eq, device_type: eq}}',
      ),
    },
    {
      name: 'a salt is enumerable, and an export reads everything on purpose (salting, Schema design best practices)',
      yaml: table(
        '{salt}#{user_id}',
        '        salt: {type: hash, of: [user_id], buckets: 16}\n        user_id: {type: int, min: 1, max: 9999999999, pad: 10}',
        '      - {name: profile, match: {salt: eq, user_id: eq}}\n      - {name: id range, match: {user_id: range}}\n      - {name: nightly export}',
      ),
    },
  ],
  invalid: [
    {
      name: 'a query on the second field only: promoted to the front',
      yaml: table('{user}#{item}', userItem, '      - {name: buyers of an item, match: {item: eq}}'),
      findings: [
        {
          messageId: 'fullScan',
          path: 'tables[0].queries[0]',
          severity: 'error',
          message: /matches item, but the key starts with user.*Promote .*<item>#<user>/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{item}#{user}'),
    },
    {
      name: 'promotion would break another query: a second table instead',
      yaml: table('{user}#{item}', userItem, '      - {name: items of a user, match: {user: eq}}\n      - {name: buyers of an item, match: {item: eq}}'),
      findings: [{ messageId: 'fullScan', path: 'tables[0].queries[1]', message: /serve "items of a user" worse: add a second table keyed <item>#<user>/ }],
      // One click: the query moves to a table keyed by item, the other stays a prefix scan.
      fixed: (d) => {
        expect(d.tables.map((t) => [t.name, t.rowKey.template, (t.queries ?? []).map((q) => q.name)])).toEqual([
          ['t', '{user}#{item}', ['items of a user']],
          ['t_by_item', '{item}#{user}', ['buyers of an item']],
        ]);
        expect(d.tables[1]!.families).toEqual(d.tables[0]!.families);
      },
    },
    {
      name: 'a gap in the key: the read narrows by tenant only',
      yaml: table(
        '{tenant}#{device}#{ts}',
        '        tenant: {type: string, cardinality: 2000}\n        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp}',
        '      - {name: tenant events in a window, match: {tenant: eq, ts: range}}',
      ),
      findings: [{ messageId: 'gap', path: 'tables[0].queries[0]', severity: 'warning', message: /puts device before ts: the read can narrow only by tenant/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{tenant}#{ts}#{device}'),
    },
    {
      name: 'promotion would lead with a timestamp: declined',
      yaml: table(
        '{device}#{ts}',
        '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
        '      - {name: everything in a window, match: {ts: range}}',
      ),
      findings: [
        {
          messageId: 'fullScan',
          path: 'tables[0].queries[0]',
          message:
            /would start the key with ts: the writes of each moment would go to one key range, the hotspot .*second table keyed <ts>#<device> with a hash salt of at least 3 buckets/,
        },
      ],
      fixed: null,
    },
    {
      name: 'promotion would put a low-cardinality field then the week in front: declined',
      yaml: table(
        '{location}#{balloon}#{metric}#week{week}',
        '        location: {type: string, values: [us-west2, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        metric: {type: string, values: [pressure, temperature]}\n        week: {type: timestamp, bucket: week, format: iso}',
        '      - {name: one metric everywhere, match: {metric: eq, week: eq}}',
      ),
      findings: [
        {
          messageId: 'fullScan',
          path: 'tables[0].queries[0]',
          message: /start the key with metric, then week: the writes of each moment would go to 2 key ranges/,
        },
      ],
      // Promotion is declined; a second table keyed for the query is offered instead (the week
      // bucket is followed by fields that spread each week's writes: the hotspot model's even case).
      fixed: (d) => expect(d.tables.map((t) => t.name)).toEqual(['t', expect.stringMatching(/^t_by_metric/)]),
    },
    {
      name: 'a computable salt narrows the read to one bucket only',
      yaml: table(
        '{salt}#{region}#{user}',
        '        salt: {type: hash, of: [user], buckets: 8}\n        region: {type: string, values: [eu, us, asia]}\n        user: {type: string, cardinality: 100000}',
        '      - {name: a user, match: {user: eq}}\n      - {name: a region, match: {region: eq}}',
      ),
      findings: [{ messageId: 'fullScan', path: 'tables[0].queries[0]', message: /the salt salt is computable, but that only narrows it to one of 8 buckets/ }],
    },
    {
      name: 'a filter on column values only',
      yaml: table('{user}#{item}', userItem, '      - {name: expensive orders, filter: ["d:v > 1000"]}'),
      findings: [{ messageId: 'filterOnly', path: 'tables[0].queries[0]', message: /d:v > 1000/ }],
      fixed: null,
    },
  ],
});
