import rule from './time-bucket-size';
import { ruleTester, tableYaml } from './tester';

const bucketed = (entity: string, bucket: string, families: string, load: string) =>
  tableYaml({
    table: 'buckets',
    template: '{entity}#{period}',
    fields: `        entity: ${entity}\n        period: {type: timestamp, bucket: ${bucket}, format: iso}`,
    families,
    after: `    load: ${load}\n`,
  });

const cells = '      - name: m\n        gc: {maxAge: 30d}\n        columns:\n          - {qualifier: v, valueBytes: 8}';

ruleTester(rule, {
  valid: [
    {
      name: 'a balloon-week of minute cells (Schema design for time series data, new cells for new events)',
      yaml: bucketed(
        '{type: int, min: 1, max: 9999, pad: 4}',
        'week',
        '      - name: measurements\n        gc: {union: [{maxVersions: 10080}, {maxAge: 90d}]}\n        columns:\n          - {qualifier: pressure, valueBytes: 8, versions: 10080}\n          - {qualifier: temperature, valueBytes: 8, versions: 10080}',
        '{writesPerSecond: 167, retention: 90d}',
      ),
    },
    {
      name: 'hourly counters of an ad merge on write (Schema design best practices, aggregate family)',
      yaml: bucketed(
        '{type: int, min: 1, max: 2000000, pad: 7, distribution: zipf}',
        'hour',
        '      - name: c\n        aggregate: sum\n        columns:\n          - {qualifier: clicks, counter: true}\n          - {qualifier: views, counter: true}',
        '{writesPerSecond: 100000, retention: 400d}',
      ),
    },
    {
      name: 'the same busy sensors, but the 10,000 writes/s are a 10-second burst: a day row stays small',
      yaml: bucketed('{type: string, cardinality: 100}', 'day', cells, '{writesPerSecond: 10000, writePattern: burst, burstDuration: 10s, retention: 30d}'),
    },
    {
      name: 'a daily bulk load of 100,000 rows at 10,000 writes/s: a day row of one load',
      yaml: bucketed(
        '{type: string, cardinality: 100}',
        'day',
        cells,
        '{writesPerSecond: 10000, writePattern: bulk, bulkRows: 100000, bulkEvery: 1d, retention: 30d}',
      ),
    },
  ],
  invalid: [
    {
      name: 'a day of a busy sensor is over 100 MB; an hour fits',
      yaml: bucketed('{type: string, cardinality: 100}', 'day', cells, '{writesPerSecond: 10000, retention: 30d}'),
      findings: [
        {
          messageId: 'smaller',
          path: 'tables[0].rowKey.fields.period',
          severity: 'warning',
          message: /one day of period makes rows of about 1\d\d MiB, over the 100 MB.*With an hour bucket the busiest row stays near [\d.]+ MiB/,
        },
      ],
    },
    {
      name: 'a week is over the hard limit; the largest smaller bucket that fits is the hour',
      yaml: bucketed('{type: string, cardinality: 100}', 'week', cells, '{writesPerSecond: 10000, retention: 30d}'),
      findings: [
        {
          messageId: 'smaller',
          path: 'tables[0].rowKey.fields.period',
          severity: 'error',
          message: /one week of period .*GiB, over the 256 MB hard limit.*With an hour bucket/,
        },
      ],
    },
    {
      name: 'a minute of camera frames is already too big',
      yaml: bucketed(
        '{type: string, values: [cam1, cam2, cam3, cam4, cam5, cam6, cam7, cam8, cam9, cam10]}',
        'minute',
        '      - name: f\n        gc: {maxAge: 1d}\n        columns:\n          - {qualifier: frame, valueBytes: 200000}',
        '{writesPerSecond: 300, retention: 7d}',
      ),
      findings: [
        {
          messageId: 'none',
          path: 'tables[0].rowKey.fields.period',
          severity: 'error',
          message: /even a minute bucket stays over 100 MB .*single-timestamp rows/,
        },
      ],
    },
    {
      name: 'only the hot tenant outgrows its hour',
      yaml: bucketed(
        '{type: string, cardinality: 1000, distribution: hot, share: 0.6}',
        'hour',
        '      - name: e\n        gc: {maxAge: 7d}\n        columns:\n          - {qualifier: e}',
        '{writesPerSecond: 1000, retention: 7d}',
      ),
      findings: [
        {
          messageId: 'smaller',
          path: 'tables[0].rowKey.fields.period',
          severity: 'warning',
          message: /for the busiest entity \(60% of the writes; a typical row [\d.]+ KiB\).*With a minute bucket/,
        },
      ],
    },
  ],
});
