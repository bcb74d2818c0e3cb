import { expect } from 'vitest';
import rule from './query-sparse-read';
import { keyDesign, ruleTester } from './tester';

const trips = '        ts: {type: timestamp, unit: s}\n        city: {type: string, cardinality: 200}\n        driver: {type: string, cardinality: 100000}';
const withQueries = (yaml: string, queries: string) => `${yaml}    queries:\n${queries}\n`;

ruleTester(rule, {
  valid: [
    {
      name: 'a time window per city on a key that leads with the city',
      yaml: withQueries(
        keyDesign(
          '{city}#{ts}#{driver}',
          '        city: {type: string, cardinality: 200}\n        ts: {type: timestamp, unit: s}\n        driver: {type: string, cardinality: 100000}',
        ),
        '      - {name: a city in a window, match: {city: eq, ts: range}}',
      ),
    },
    {
      // Two kinds: the read returns half of what it goes through, above the 1-in-10 threshold.
      name: 'a filter on a field of two values after the range is not sparse',
      yaml: withQueries(
        keyDesign(
          '{user}#{ts}#{kind}',
          '        user: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}\n        kind: {type: string, values: [a, b]}',
        ),
        '      - {name: a kind in a window, match: {user: eq, ts: range, kind: eq}}',
      ),
    },
  ],
  invalid: [
    {
      // The missed over-read: shown as "RANGE, 1 scan" with no finding before.
      name: 'a city and a time window on {ts}#{city}#{driver} reads every city in the window',
      yaml: withQueries(keyDesign('{ts}#{city}#{driver}', trips), '      - {name: a city in a window, match: {ts: range, city: eq}}'),
      findings: [
        { messageId: 'sparse', path: 'tables[0].queries[0]', severity: 'warning', message: /reads ~200 rows per row it returns: city comes after ts/ },
      ],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{city}#{ts}#{driver}'),
    },
    {
      name: 'a window of a user that filters on one of 50 devices after the time',
      yaml: withQueries(
        keyDesign(
          '{user}#{ts}#{device}',
          '        user: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}\n        device: {type: string, cardinality: 50}',
        ),
        '      - {name: a device of a user, match: {user: eq, ts: range, device: eq}}',
      ),
      findings: [{ messageId: 'sparse', path: 'tables[0].queries[0]', message: /~50 rows per row/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{user}#{device}#{ts}'),
    },
  ],
});
