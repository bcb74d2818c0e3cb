import rule from './short-wide-unbounded';
import { ruleTester, tableYaml } from './tester';

const table = (key: string, fields: string, families: string, load: string) => tableYaml({ table: 't', template: key, fields, families, after: load });

ruleTester(rule, {
  valid: [
    {
      name: 'affinity scores as qualifiers, one version each (Schema design best practices, qualifiers as data)',
      yaml: table(
        '{salt}#{user_id}',
        '        salt: {type: hash, of: [user_id], buckets: 16}\n        user_id: {type: int, min: 1, max: 9999999999, cardinality: 50000000, pad: 10}',
        '      - name: aff\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: "{product_id}", dynamic: true, perRow: 300, valueBytes: 4}',
        '    load: {writesPerSecond: 30000, retention: 730d}',
      ),
    },
    {
      name: 'a new column per event inside a week bucket (Schema design for time series data, time buckets)',
      yaml: table(
        '{balloon}#{metric}#{week}',
        '        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        metric: {type: string, values: [pressure, temperature]}\n        week: {type: timestamp, bucket: week, format: iso}',
        '      - name: measurements\n        gc: {maxAge: 365d}\n        columns:\n          - {qualifier: "{value}", dynamic: true, perRow: 10080, valueBytes: 0}',
        '    load: {writesPerSecond: 333, retention: 365d}',
      ),
    },
    {
      name: 'one row per event: its dynamic attributes cannot grow',
      yaml: table(
        '{device}#{event}',
        '        device: {type: string, cardinality: 100000}\n        event: {type: uuid}',
        '      - name: attrs\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: "{name}", dynamic: true, valueBytes: 16}',
        '    load: {writesPerSecond: 2000, retention: 30d}',
      ),
    },
  ],
  invalid: [
    {
      name: 'short and wide: a column per minute in one row per station (Schema design for time series data)',
      yaml: table(
        '{station}',
        '        station: {type: string, cardinality: 1000}',
        '      - name: metrics\n        columns:\n          - {qualifier: "{minute}", dynamic: true, valueBytes: 8}',
        '    load: {writesPerSecond: 1000, retention: 365d}',
      ),
      findings: [
        {
          messageId: 'noPerRow',
          path: 'tables[0].families[0].columns[0]',
          severity: 'warning',
          message: /metrics:<minute> .*gathers about 31,536,000 of them .* over 365d/,
        },
      ],
    },
    {
      name: 'no perRow and no load: the width is unknown',
      yaml: table(
        '{user}',
        '        user: {type: string, cardinality: 100000}',
        '      - name: seen\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: "{item}", dynamic: true, valueBytes: 8}',
        '',
      ),
      findings: [
        { messageId: 'noPerRow', path: 'tables[0].families[0].columns[0]', message: /states no perRow, so nothing says how many columns a row gets\. / },
      ],
    },
    {
      name: 'a stated perRow that the load outgrows, with no GC and no time field',
      yaml: table(
        '{user}',
        '        user: {type: string, cardinality: 10000}',
        '      - name: p\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: name, valueBytes: 20}\n      - name: clicks\n        columns:\n          - {qualifier: "{ts}", dynamic: true, perRow: 1000, valueBytes: 16}',
        '    load: {writesPerSecond: 1000}',
      ),
      findings: [
        {
          messageId: 'growing',
          path: 'tables[0].families[1].columns[0]',
          message:
            /states 1,000 columns per row, but with no time field in the key its rows live for 365d \(assumed: no retention given\).*about 3,153,600 cells/,
        },
      ],
    },
    {
      name: 'dynamic counters per page in an aggregate family still need a bound',
      yaml: table(
        '{site}',
        '        site: {type: domain, reversed: true, cardinality: 5000}',
        '      - name: views\n        aggregate: sum\n        columns:\n          - {qualifier: "{page}", dynamic: true, counter: true}',
        '    load: {writesPerSecond: 500, retention: 90d}',
      ),
      findings: [{ messageId: 'noPerRow', path: 'tables[0].families[0].columns[0]', message: /views:<page>.*gathers about/ }],
    },
  ],
});
