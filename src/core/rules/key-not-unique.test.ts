import { describe, expect, it } from 'vitest';
import { lint } from './lint';
import rule from './key-not-unique';
import { parseCase, ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, rest: string) => tableYaml({ table: 'data', template, fields, after: rest });

/** Daily FX rates: one row per currency pair and day, the day first. */
const fx = (load: string) =>
  tableYaml({
    table: 'fx_rates',
    template: '{day}#{pair}',
    fields: '        day: {type: timestamp, bucket: day, format: iso}\n        pair: {type: string, cardinality: 30, length: 7}',
    after: `    families: [{name: r, gc: {maxVersions: 1}, columns: [{qualifier: rate, valueBytes: 8}]}]\n${load}`,
  });

const single = '    families: [{name: m, gc: {maxVersions: 1}, columns: [{qualifier: v}]}]\n';

ruleTester(rule, {
  valid: [
    {
      name: 'a message id after room and time (tenantID#reversedTimestamp#objectID)',
      yaml: design(
        '{room}#{ts}#{message}',
        '        room: {type: string, cardinality: 1000}\n        ts: {type: timestamp, reversed: true}\n        message: {type: uuid}',
        `${single}    load: {writesPerSecond: 100000}\n`,
      ),
    },
    {
      name: 'balloons that report once a minute, one row per report (Schema design for time series data, single-timestamp serialized)',
      yaml: design(
        '{location}#{balloon}#{ts}',
        '        location: {type: string, values: [us-west2, us-central1, us-east4, europe-west1], weights: [20, 20, 15, 12]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        ts: {type: timestamp, unit: s, bucket: minute, pad: 10}',
        `${single}    load: {writesPerSecond: 167, retention: 365d}\n`,
      ),
    },
    {
      name: 'a week bucket that keeps a cell per minute (Schema design for time series data, new cells for new events)',
      yaml: design(
        '{balloon}#{week}',
        '        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        week: {type: timestamp, bucket: week, format: iso}',
        '    families: [{name: measurements, gc: {union: [{maxVersions: 10080}, {maxAge: 90d}]}, columns: [{qualifier: pressure}]}]\n    load: {writesPerSecond: 167}\n',
      ),
    },
    {
      name: 'hourly counters in an aggregate family (Schema design best practices, counters)',
      yaml: design(
        '{ad}#{hour}',
        '        ad: {type: int, cardinality: 1000, pad: 4}\n        hour: {type: timestamp, bucket: hour, format: iso}',
        '    families: [{name: c, aggregate: sum, columns: [{qualifier: views, counter: true}]}]\n    load: {writesPerSecond: 50000}\n',
      ),
    },
    {
      name: 'daily FX rates: 30 rows loaded once a day into a day-first key (a bulk load, not a day at the peak)',
      yaml: fx('    load: {writesPerSecond: 30, writePattern: bulk, bulkRows: 30, bulkEvery: 1d}\n'),
    },
    {
      name: 'daily FX rates written in a one-second burst',
      yaml: fx('    load: {writesPerSecond: 30, writePattern: burst, burstDuration: 1s}\n'),
    },
    {
      name: 'daily FX rates at a one-second peak with a mean of 30 rows a day',
      yaml: fx('    load: {writesPerSecond: 30, averageWritesPerSecond: 0.000347}\n'),
    },
    {
      name: 'the latest state of a sensor per day, declared as updates of existing rows',
      yaml: design(
        '{sensor}#{day}',
        '        sensor: {type: int, cardinality: 1000, pad: 4}\n        day: {type: timestamp, bucket: day, format: iso}',
        `${single}    load: {writesPerSecond: 100, writeKind: update}\n`,
      ),
    },
    {
      name: 'a profile row per user is updated in place, not duplicated',
      yaml: design('{user}', '        user: {type: int, cardinality: 1000, pad: 4}', `${single}    load: {writesPerSecond: 5000}\n`),
    },
  ],
  invalid: [
    {
      name: '100 sensors at 5000 writes/s keyed to the second',
      yaml: design(
        '{sensor}#{ts}',
        '        sensor: {type: int, cardinality: 100, pad: 3}\n        ts: {type: timestamp, unit: s}',
        `${single}    load: {writesPerSecond: 5000}\n`,
      ),
      findings: [
        {
          messageId: 'collide',
          path: 'tables[0].rowKey.template',
          severity: 'error',
          message: /busiest sensor writes about 50 times per second.*at least 98% of writes \(4900\/s\).*unit: us/,
        },
      ],
    },
    {
      name: 'a day row per sensor that keeps one version',
      yaml: design(
        '{sensor}#{day}',
        '        sensor: {type: int, cardinality: 1000, pad: 4}\n        day: {type: timestamp, bucket: day, format: iso}',
        `${single}    load: {writesPerSecond: 100}\n`,
      ),
      // 8640 writes per row: thousands of versions of one cell are never the advice.
      findings: [
        {
          messageId: 'bucketOverwrite',
          path: 'tables[0].rowKey.template',
          message: /^(?![\s\S]*maxVersions of at least)[\s\S]*each day row of the busiest sensor takes about 8640 writes[\s\S]*Drop the bucket/,
        },
      ],
    },
    {
      name: 'the FX-rates key with no write pattern: a peak of 30 writes/s kept up all day',
      yaml: fx('    load: {writesPerSecond: 30}\n'),
      findings: [{ messageId: 'bucketOverwrite', path: 'tables[0].rowKey.template', message: /writePattern: burst or bulk/ }],
    },
    {
      name: 'a burst that still overwrites: 600 rows of 30 pairs within one second of a second-bucket key',
      yaml: design(
        '{pair}#{ts}',
        '        pair: {type: string, cardinality: 30, length: 7}\n        ts: {type: timestamp, unit: s}',
        `${single}    load: {writesPerSecond: 600, writePattern: burst, burstDuration: 10s}\n`,
      ),
      findings: [{ messageId: 'collide', path: 'tables[0].rowKey.template', message: /20 times per second/ }],
    },
    {
      name: 'a key of only a timestamp in seconds',
      yaml: design('{ts}', '        ts: {type: timestamp, unit: s}', `${single}    load: {writesPerSecond: 20}\n`),
      findings: [{ messageId: 'collide', path: 'tables[0].rowKey.template', message: /busiest key writes about 20 times per second.*at least 95%/ }],
    },
    {
      name: 'a few busy tenants collide within a millisecond',
      yaml: design(
        '{tenant}#{ts}',
        '        tenant: {type: string, cardinality: 1000, distribution: zipf, skew: 1.1}\n        ts: {type: timestamp}',
        `${single}    load: {writesPerSecond: 100000}\n`,
      ),
      findings: [{ messageId: 'collide', path: 'tables[0].rowKey.template', message: /per millisecond/ }],
    },
  ],
});

describe('a daily bulk load into a day-first key', () => {
  it('raises no error of any rule (the FX-rates case)', () => {
    const d = parseCase(fx('    load: {writesPerSecond: 30, writePattern: bulk, bulkRows: 30, bulkEvery: 1d}\n'));
    const errors = lint(d).findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
  });
});
