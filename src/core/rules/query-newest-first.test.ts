import { expect } from 'vitest';
import rule from './query-newest-first';
import { ruleTester, tableYaml } from './tester';

const table = (key: string, fields: string, queries: string) => tableYaml({ table: 't', template: key, fields, queries });

const device = '        device: {type: string, cardinality: 100000}';

ruleTester(rule, {
  valid: [
    {
      name: 'the 10 newest readings after device_uuid# (Schema design best practices, reverse timestamps)',
      yaml: table(
        '{device}#{ts}',
        `${device}\n        ts: {type: timestamp, reversed: true}`,
        '      - {name: latest of a device, match: {device: eq}, order: newest, limit: 10}\n      - {name: one reading, match: {device: eq, ts: eq}, order: newest, limit: 1}',
      ),
    },
    {
      name: 'oldest first with a limit on a plain timestamp (Schema design for time series data, balloon reports)',
      yaml: table(
        '{location}#{balloon}#{ts}',
        '        location: {type: string, values: [us-west2, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        ts: {type: timestamp, unit: us, pad: 16}',
        '      - {name: reports in a range, match: {location: eq, balloon: eq, ts: range}, order: oldest, limit: 1440}\n      - {name: whole flight, match: {location: eq, balloon: eq}, order: newest}',
      ),
    },
  ],
  invalid: [
    {
      name: 'the newest reviews of a product, on a key sorted by reviewer first',
      yaml: table(
        '{product}#{reviewer}#{ts}',
        '        product: {type: string, cardinality: 100000}\n        reviewer: {type: string, cardinality: 1000000}\n        ts: {type: timestamp}',
        '      - {name: newest reviews, match: {product: eq}, order: newest, limit: 10}',
      ),
      findings: [{ messageId: 'notOrdered', path: 'tables[0].queries[0]', message: /sorts by reviewer, not by ts/ }],
    },
    {
      name: 'the newest 10 of a device behind a plain timestamp',
      yaml: table(
        '{device}#{ts}',
        `${device}\n        ts: {type: timestamp, pad: 13}`,
        '      - {name: latest of a device, match: {device: eq}, order: newest, limit: 10}',
      ),
      findings: [{ messageId: 'notReversed', path: 'tables[0].queries[0]', severity: 'warning', message: /newest 10 rows first, but ts is not reversed/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.ts).toEqual({ type: 'timestamp', reversed: true }),
    },
    {
      name: 'a salted key fans out, and each bucket still reads oldest first',
      yaml: table(
        '{salt}#{device}#{ts}',
        `        salt: {type: hash, buckets: 8}\n${device}\n        ts: {type: timestamp}`,
        '      - {name: recent in a window, match: {device: eq, ts: range}, order: newest, limit: 100}',
      ),
      findings: [{ messageId: 'notReversed', path: 'tables[0].queries[0]', message: /newest 100 rows/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.ts).toEqual({ type: 'timestamp', reversed: true }),
    },
    {
      name: 'ISO text cannot be reversed: it becomes a reversed epoch',
      yaml: table(
        '{device}#{day}',
        `${device}\n        day: {type: timestamp, bucket: day, format: iso}`,
        '      - {name: last week, match: {device: eq}, order: newest, limit: 7}',
      ),
      findings: [{ messageId: 'iso', path: 'tables[0].queries[0]', message: /day is ISO text/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.day).toEqual({ type: 'timestamp', bucket: 'day', reversed: true }),
    },
    {
      name: 'another query wants the oldest first: a table for the newest-first query',
      yaml: table(
        '{device}#{ts}',
        `${device}\n        ts: {type: timestamp}`,
        '      - {name: latest, match: {device: eq}, order: newest, limit: 10}\n      - {name: first ever, match: {device: eq}, order: oldest, limit: 1}',
      ),
      findings: [{ messageId: 'oldestToo', path: 'tables[0].queries[0]', message: /do the same to "first ever"/ }],
      fixed: (d) => {
        // The query moves to a table keyed by the device, then the reversed time; the other stays.
        expect(d.tables.map((t) => [t.name, t.rowKey.template, (t.queries ?? []).map((q) => q.name)])).toEqual([
          ['t', '{device}#{ts}', ['first ever']],
          ['t_by_device', '{device}#{ts}', ['latest']],
        ]);
        expect(d.tables[1]!.rowKey.fields.ts).toEqual({ type: 'timestamp', reversed: true });
      },
    },
  ],
});
