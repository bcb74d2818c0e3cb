import { expect } from 'vitest';
import rule from './gc-retention';
import { logLines } from '../../test-support/log-lines';
import { ruleTester, tableYaml } from './tester';

const profiles = (gc: string) =>
  tableYaml({
    table: 'users',
    template: '{user}',
    fields: '        user: {type: int, min: 0, max: 999999, pad: 6}',
    families: `      - name: p\n        gc: ${gc}\n        columns:\n          - {qualifier: name, valueBytes: 20}`,
    after: '    load: {writesPerSecond: 10, retention: 90d}\n',
  });

ruleTester(rule, {
  valid: [
    { name: 'log lines with maxAge 14d', yaml: logLines('{maxAge: 14d}') },
    { name: 'a union of versions and the age', yaml: logLines('{union: [{maxVersions: 3}, {maxAge: 14d}]}') },
    { name: "an entity table keeping each user's newest value: bounded", yaml: profiles('{maxVersions: 1}') },
    { name: 'a time series with no declared retention but a maxAge', yaml: logLines('{maxAge: 30d}', 'load: {writesPerSecond: 2000}') },
  ],
  invalid: [
    {
      name: 'log lines, 14-day retention, no GC rule: grows for ever',
      yaml: logLines(''),
      findings: [{ messageId: 'none', path: 'tables[0].families[0]', message: /14d retention is never enforced .* \(\+1\.7 TiB\/month\)/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ maxAge: '14d' }),
    },
    {
      name: '{maxVersions: 3} AND {maxAge: 90d} where the policy is 90 days',
      yaml: logLines('{intersection: [{maxVersions: 3}, {maxAge: 90d}]}', 'load: {writesPerSecond: 2000, retention: 90d}'),
      findings: [{ messageId: 'intersection', path: 'tables[0].families[0]', message: /keeps its newest cells for ever, not 90d: use a union/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ union: [{ maxVersions: 3 }, { maxAge: '90d' }] }),
    },
    {
      name: 'a bounded set of users under a 90-day privacy retention, GC {maxVersions: 3} AND {maxAge: 90d}: still the newest 3 kept for ever',
      yaml: profiles('{intersection: [{maxVersions: 3}, {maxAge: 90d}]}'),
      findings: [{ messageId: 'intersection', path: 'tables[0].families[0]', message: /keeps its newest cells for ever, not 90d: use a union/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ union: [{ maxVersions: 3 }, { maxAge: '90d' }] }),
    },
    {
      name: 'no GC rule, a peak of 2,000 writes/s and an average of 500: the growth is the average (a quarter of 1.7 TiB)',
      yaml: logLines('', 'load: {writesPerSecond: 2000, averageWritesPerSecond: 500, retention: 14d}'),
      findings: [{ messageId: 'none', path: 'tables[0].families[0]', message: /14d retention is never enforced .* \(\+430 GiB\/month\)/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ maxAge: '14d' }),
    },
    {
      name: 'maxAge 90d on a 14-day retention',
      yaml: logLines('{maxAge: 90d}'),
      findings: [{ messageId: 'longer', path: 'tables[0].families[0]', message: /keeps cells for 90d, past the 14d retention/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.gc).toEqual({ union: [{ maxAge: '90d' }, { maxAge: '14d' }] }),
    },
    {
      name: 'a time series with no retention and only maxVersions: nothing ever deletes a row',
      yaml: logLines('{maxVersions: 1}', 'load: {writesPerSecond: 2000}'),
      findings: [{ messageId: 'series', path: 'tables[0].families', message: /no GC rule deletes them \(\+[\d.]+ TiB\/month\)/ }],
      fixed: null,
    },
  ],
});
