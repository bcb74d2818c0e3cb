import { expect } from 'vitest';
import rule from './gc-missing';
import { ruleTester, tableYaml } from './tester';

const balloonWeeks = (gc: string, load: string) =>
  tableYaml({
    table: 'balloon_weeks',
    template: '{location}#{balloon}#week{week}',
    rowKey: '      delimiter: "#"\n',
    fields:
      '        location: {type: string, values: [us-west2, us-central1, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        week: {type: timestamp, unit: us, bucket: week, format: iso}',
    families: `      - name: measurements\n${gc}        columns:\n          - {qualifier: pressure, valueBytes: 8, versions: 10080}\n          - {qualifier: temperature, valueBytes: 8, versions: 10080}`,
    after: load,
  });

const users = (families: string, load: string) =>
  tableYaml({ table: 'users', template: '{user}', fields: '        user: {type: int, min: 0, max: 999, pad: 3}', families, after: load });

ruleTester(rule, {
  valid: [
    {
      name: 'time buckets with new cells and a GC rule (Schema design for time series data)',
      yaml: balloonWeeks(
        '        gc:\n          union:\n            - maxVersions: 10080\n            - maxAge: 90d\n',
        '    load: {writesPerSecond: 167, retention: 90d}',
      ),
    },
    {
      name: 'one row per event: cells never pile up in a row, and counters merge on write',
      yaml: tableYaml({
        table: 'events',
        template: '{device}#{ts}#{id}',
        fields: '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
        families:
          '      - name: e\n        columns:\n          - {qualifier: payload, valueBytes: 200}\n      - name: c\n        aggregate: sum\n        columns:\n          - {qualifier: n, counter: true}',
        after: '    load: {writesPerSecond: 5000, retention: 30d}\n',
      }),
    },
  ],
  invalid: [
    {
      name: 'time buckets collecting new cells with no GC rule',
      yaml: balloonWeeks('', '    load: {writesPerSecond: 167, retention: 90d}'),
      findings: [
        {
          messageId: 'bucket',
          path: 'tables[0].families[0]',
          severity: 'warning',
          message:
            /each week row collects its events as new cells \(about [\d,]+ writes to the busiest row\).*gc: \{union: \[\{maxVersions: 10080\}, \{maxAge: 90d\}\]\}/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ union: [{ maxVersions: 10080 }, { maxAge: '90d' }] }),
    },
    {
      name: 'a key that repeats: a thousand users rewritten all day',
      yaml: users('      - name: p\n        columns:\n          - {qualifier: name, valueBytes: 24}', '    load: {writesPerSecond: 100, retention: 30d}'),
      findings: [
        { messageId: 'repeat', path: 'tables[0].families[0]', message: /about 259,200 writes reach the busiest row over 30d, .* Add gc: \{maxAge: 30d\}/ },
      ],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ maxAge: '30d' }),
    },
    {
      name: 'stated versions are not kept without a rule',
      yaml: users('      - name: p\n        columns:\n          - {qualifier: name, valueBytes: 24, versions: 3}', ''),
      findings: [{ messageId: 'versions', path: 'tables[0].families[0]', message: /state 3 versions/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ maxVersions: 3 }),
    },
    {
      name: 'no fix when neither a retention nor versions say what to keep',
      yaml: users(
        '      - name: p\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: name, valueBytes: 24}\n      - name: h\n        columns:\n          - {qualifier: login, valueBytes: 8}',
        '    load: {writesPerSecond: 100}',
      ),
      findings: [{ messageId: 'repeat', path: 'tables[0].families[1]', message: /over 365d \(assumed: no retention given\)/ }],
      fixed: null,
    },
  ],
});
