import rule from './query-salted-fanout';
import { ruleTester, tableYaml } from './tester';

const salted = (of: string, queries: string, buckets = 16) =>
  tableYaml({
    table: 'readings',
    template: '{salt}#{device}#{ts}',
    fields: `        salt: {type: hash, ${of}buckets: ${buckets}}\n        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}`,
    queries,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'the salt hashes the device, which the query binds: one scan (salting, Schema design best practices)',
      yaml: salted(
        'of: [device], ',
        '      - {name: a device in a window, match: {device: eq, ts: range}}\n      - {name: latest of a device, match: {device: eq}, order: newest, limit: 10}',
      ),
    },
    {
      name: 'unsalted keys never fan out',
      yaml: tableYaml({
        table: 'readings',
        template: '{device}#{ts}',
        fields: '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
        queries: '      - {name: a device in a window, match: {device: eq, ts: range}}',
      }),
    },
  ],
  invalid: [
    {
      name: 'a salt of the whole key cannot be computed from the device alone',
      yaml: salted('', '      - {name: a device in a window, match: {device: eq, ts: range}, perSecond: 20}'),
      findings: [
        {
          messageId: 'fanout',
          path: 'tables[0].queries[0]',
          severity: 'info',
          message:
            /needs 16 scans, one per bucket of the salt salt \(16 buckets\), because the salt hashes device, ts and the query does not bind ts with eq.*A salt of device only \(of: \[device\]\) would be computable.*320 scans a second/,
        },
      ],
    },
    {
      name: 'a range over the salted field: one scan per bucket, merged (salting, Schema design best practices)',
      yaml: salted('of: [device], ', '      - {name: one device, match: {device: eq}}\n      - {name: a device range, match: {device: range}}', 10),
      findings: [
        {
          messageId: 'fanout',
          path: 'tables[0].queries[1]',
          message: /needs 10 scans.*hashes device and the query does not bind device with eq.*A range over device, which the salt hashes, needs every bucket/,
        },
      ],
    },
    {
      name: 'each query that leaves the salted field open fans out',
      yaml: salted(
        'of: [device], ',
        '      - {name: device prefix, match: {device: prefix}}\n      - {name: a device in a window, match: {device: eq, ts: range}}\n      - {name: all devices d, match: {device: range, ts: range}}',
        4,
      ),
      findings: [
        { messageId: 'fanout', path: 'tables[0].queries[0]', message: /needs 4 scans/ },
        { messageId: 'fanout', path: 'tables[0].queries[2]', message: /needs 4 scans/ },
      ],
    },
  ],
});
