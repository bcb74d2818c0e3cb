import { expect } from 'vitest';
import rule from './hdd-latency';
import { ruleTester, tableYaml } from './tester';

/** The profiles table on two nodes of `storage`, read by one query (its YAML flow mapping). */
const profiles = (storage: string, query: string) =>
  tableYaml({
    table: 'profiles',
    top: `cluster: {nodes: 2, storage: ${storage}}`,
    template: '{user}',
    fields: '        user: {type: string, cardinality: 1000000}',
    families: '      - {name: p, gc: {maxVersions: 1}}',
    queries: `      - ${query}`,
  });

/** A point read of one profile, with its targets (`latencyMs`, and a rate or a kind). */
const profileRead = (targets: string) => `{name: a profile, match: {user: eq}, ${targets}}`;

ruleTester(rule, {
  valid: [
    { name: 'a 10 ms target on SSD', yaml: profiles('ssd', profileRead('latencyMs: 10')) },
    { name: 'HDD for a batch job with a latency figure', yaml: profiles('hdd', '{name: export, kind: batch, latencyMs: 5}') },
    { name: 'HDD with a 50 ms target', yaml: profiles('hdd', profileRead('latencyMs: 50')) },
  ],
  invalid: [
    {
      name: 'latency-sensitive point reads (p99 8 ms) on a small HDD cluster',
      yaml: profiles('hdd', profileRead('perSecond: 200, latencyMs: 8')),
      findings: [{ messageId: 'slow', path: 'tables[0].queries[0].latencyMs', severity: 'error', message: /targets 8 ms[\s\S]*low double-digit ms/ }],
      fixed: (d) => expect(d.cluster!.storage).toBe('ssd'),
    },
    {
      name: 'a 10 ms p99 on HDD: an SSD target',
      yaml: profiles('hdd', profileRead('latencyMs: 10, kind: serving')),
      findings: [{ messageId: 'slow', path: 'tables[0].queries[0].latencyMs', severity: 'error' }],
    },
    {
      name: 'a 15 ms target on HDD is at risk',
      yaml: profiles('hdd', profileRead('latencyMs: 15')),
      findings: [{ messageId: 'slow', path: 'tables[0].queries[0].latencyMs', severity: 'warning' }],
    },
  ],
});
