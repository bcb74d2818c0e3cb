import { expect } from 'vitest';
import rule from './timestamp-leading';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string) => tableYaml({ table: 'events', template, fields });

ruleTester(rule, {
  valid: [
    {
      name: 'timestamp after the entity (tenantID#reversedTimestamp#objectID)',
      yaml: design(
        '{tenant}#{ts}#{id}',
        '        tenant: {type: string, cardinality: 5000}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
      ),
    },
    {
      name: 'timestamp last, after the device (Schema design best practices, reverse timestamps)',
      yaml: design('{device}#{ts}', '        device: {type: uuid}\n        ts: {type: timestamp}'),
    },
  ],
  invalid: [
    {
      name: 'a day bucket before 5 million accounts at 20,000 writes/s: spread within the day, each new day starts on one tablet',
      yaml:
        design(
          '{day}#{account}',
          '        day: {type: timestamp, bucket: day, format: iso}\n        account: {type: string, alphabet: digits, length: 8, cardinality: 5000000}',
        ) + '    load: {writesPerSecond: 20000, retention: 90d}\n',
      findings: [
        {
          messageId: 'bucket',
          path: 'tables[0].rowKey.fields.day',
          severity: 'warning',
          message: /^the key starts with the day bucket day: each new day starts on one tablet \(1\.43 of a node\)/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{account}#{day}'),
    },
    {
      name: 'the same key at 3,000 writes/s: the new day fits one tablet, an info',
      yaml:
        design(
          '{day}#{account}',
          '        day: {type: timestamp, bucket: day, format: iso}\n        account: {type: string, alphabet: digits, length: 8, cardinality: 5000000}',
        ) + '    load: {writesPerSecond: 3000, retention: 90d}\n',
      findings: [{ messageId: 'bucket', path: 'tables[0].rowKey.fields.day', severity: 'info', message: /0\.21 of a node/ }],
    },
    {
      name: 'key prefixed by a timestamp',
      yaml: design('{ts}#{device}', '        ts: {type: timestamp}\n        device: {type: int, cardinality: 1000, pad: 4}'),
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.ts', severity: 'error', message: /^(?![\s\S]*device)[\s\S]*the timestamp ts/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{device}#{ts}'),
    },
    {
      name: 'reversed timestamps lead as badly',
      yaml: design('{ts}#{user}#{id}', '        ts: {type: timestamp, reversed: true}\n        user: {type: string}\n        id: {type: uuid}'),
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.ts', message: /reversed timestamps are sequential too/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{user}#{ts}#{id}'),
    },
    {
      name: 'a salt in front only spreads the newest writes over its buckets',
      yaml: design(
        '{salt}#{ts}#{device}',
        '        salt: {type: hash, buckets: 2}\n        ts: {type: timestamp}\n        device: {type: int, cardinality: 50, pad: 2}',
      ),
      findings: [{ messageId: 'salted', path: 'tables[0].rowKey.fields.ts', severity: 'error', message: /2 salt ranges \(3 nodes\)/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{salt}#{device}#{ts}'),
    },
    {
      name: 'a key of nothing but a timestamp, with no fix',
      yaml: design('{ts}', '        ts: {type: timestamp, unit: us}'),
      findings: [{ messageId: 'only', path: 'tables[0].rowKey.fields.ts' }],
      fixed: null,
    },
  ],
});
