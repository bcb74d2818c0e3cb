import rule from './row-size';
import { ruleTester, tableYaml } from './tester';

const MiB = 1024 * 1024;

const table = (key: string, fields: string, families: string, load: string) => tableYaml({ table: 't', template: key, fields, families, after: load });

ruleTester(rule, {
  valid: [
    {
      name: 'tall and narrow: station#metric#reversed time, one reading per row (Schema design for time series data)',
      yaml: table(
        '{station}#{metric}#{ts}',
        '        station: {type: string, cardinality: 50000}\n        metric: {type: string, values: [temp, wind, rain]}\n        ts: {type: timestamp, reversed: true}',
        '      - name: reading\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: value, valueBytes: 8}\n          - {qualifier: unit, valueBytes: 4}',
        '    load: {writesPerSecond: 100000, retention: 365d}',
      ),
    },
    {
      name: 'the webtable: the last 3 crawls and 40 anchors per page (the Bigtable paper)',
      yaml: table(
        '{domain}#{path}',
        '        domain: {type: domain, reversed: true, cardinality: 1000000, distribution: zipf, skew: 1.0}\n        path: {type: string, prefix: /, cardinality: 1000000, distribution: zipf, skew: 0.9}',
        '      - name: contents\n        gc: {maxVersions: 3}\n        columns:\n          - {qualifier: html, valueBytes: 40000, versions: 3}\n      - name: anchor\n        gc: {union: [{maxVersions: 1}, {maxAge: 180d}]}\n        columns:\n          - {qualifier: "{referring_site}", dynamic: true, perRow: 40, valueBytes: 24}',
        '    load: {writesPerSecond: 8000, retention: 365d}',
      ),
    },
  ],
  invalid: [
    {
      name: 'short and wide: one row per station, a column per minute, kept for ever (Schema design for time series data)',
      yaml: table(
        '{station}',
        '        station: {type: string, cardinality: 1000}',
        '      - name: metrics\n        columns:\n          - {qualifier: "{minute}", dynamic: true, valueBytes: 8}',
        '    load: {writesPerSecond: 10000, retention: 365d}',
      ),
      findings: [
        {
          messageId: 'every',
          path: 'tables[0].families[0]',
          severity: 'error',
          message: /rows of this table reach about [\d.]+ GiB over 365d, over the 256 MB hard limit.*Nothing bounds it/,
        },
      ],
    },
    {
      name: 'one hot tenant takes half the writes: only its row is too big',
      yaml: table(
        '{tenant}',
        '        tenant: {type: string, cardinality: 1000, distribution: hot, share: 0.5}',
        '      - name: log\n        gc: {maxAge: 1d}\n        columns:\n          - {qualifier: "{event}", dynamic: true, perRow: 1000, valueBytes: 300}',
        '    load: {writesPerSecond: 10, retention: 30d}',
      ),
      findings: [
        {
          messageId: 'hottest',
          path: 'tables[0].families[0]',
          severity: 'warning',
          message: /busiest row takes 50% of the writes, about [\d,]+ over 30d, and reaches about 13\d MiB/,
        },
      ],
    },
    {
      name: 'stated versions of a large value exceed the hard limit, with no load declared',
      yaml: table(
        '{doc}',
        '        doc: {type: uuid}',
        `      - name: small\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: title, valueBytes: 80}\n      - name: rev\n        gc: {maxVersions: 300}\n        columns:\n          - {qualifier: body, valueBytes: ${MiB}, versions: 300}`,
        '',
      ),
      findings: [
        { messageId: 'every', path: 'tables[0].families[1]', severity: 'error', message: /reach about 300 MiB .*256 MB hard limit.*Family rev holds 300 MiB/ },
      ],
    },
  ],
});
