import { expect } from 'vitest';
import rule from './workload-isolation';
import { ruleTester, tableYaml } from './tester';

/** Two clusters; `profiles` are the app profile entries (4 spaces), `queries` the table's. */
const replicated = (profiles: string, queries: string) =>
  tableYaml({
    table: 'orders',
    top: `instance:
  clusters:
    - {id: orders-east1, zone: us-east1-b, nodes: 3}
    - {id: orders-west1, zone: us-west1-a, nodes: 3}
  appProfiles:
${profiles}`,
    template: '{customer}#{order}',
    fields: '        customer: {type: string, cardinality: 1000000}\n        order: {type: int, pad: 12}',
    families: '      - {name: o, gc: {maxVersions: 1}}',
    queries,
  });

const SERVING = '    - {id: serving, routing: multi}\n';
const POINT = '      - {name: one order, match: {customer: eq, order: eq}, perSecond: 2000, latencyMs: 10, appProfile: serving}\n';

ruleTester(rule, {
  valid: [
    {
      name: 'the export through its own single-cluster batch profile',
      yaml: replicated(
        `${SERVING}    - {id: export, routing: single, cluster: orders-west1}\n`,
        `${POINT}      - {name: nightly export, kind: batch, appProfile: export}\n`,
      ),
    },
    {
      name: 'the export on Data Boost',
      yaml: replicated(SERVING, `${POINT}      - {name: nightly export, kind: batch, dataBoost: true, appProfile: serving}\n`),
    },
    {
      name: 'serving queries only (kind left out means serving)',
      yaml: replicated(SERVING, `${POINT}      - {name: orders of a customer, match: {customer: eq}, appProfile: serving}\n`),
    },
  ],
  invalid: [
    {
      name: 'a nightly full-table export through the multi-cluster profile serving traffic uses',
      yaml: replicated(SERVING, `${POINT}      - {name: nightly export, kind: batch, appProfile: serving}\n`),
      findings: [
        {
          messageId: 'shared',
          path: 'tables[0].queries[1].appProfile',
          severity: 'warning',
          message: /shares app profile serving with serving queries[\s\S]*serving queries "one order"[\s\S]*Data Boost/,
        },
      ],
      fixed: (d) => {
        expect(d.instance!.appProfiles!.map((p) => p.id)).toEqual(['serving', 'batch']);
        expect(d.instance!.appProfiles![1]).toMatchObject({ routing: 'single', cluster: 'orders-west1' });
        expect(d.tables[0]!.queries![1]!.appProfile).toBe('batch');
        expect(d.tables[0]!.queries![0]!.appProfile).toBe('serving');
      },
    },
    {
      name: 'a batch job alone through a multi-cluster profile lands on every cluster',
      yaml: replicated(
        `${SERVING}    - {id: analytics, routing: multi}\n`,
        `${POINT}      - {name: daily rollup, kind: batch, match: {customer: prefix}, appProfile: analytics}\n`,
      ),
      findings: [{ messageId: 'multi', path: 'tables[0].queries[1].appProfile', message: /multi-cluster profile analytics/ }],
      fixed: (d) => expect(d.tables[0]!.queries![1]!.appProfile).toBe('batch'),
    },
    {
      name: 'an export on the default profile of an instance that declares none: the fix keeps the default as it routes today',
      yaml: tableYaml({
        table: 'events',
        top: 'instance:\n  clusters: [{id: events-east1, zone: us-east1-b, nodes: 3}]',
        template: '{device}#{ts}',
        fields: '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
        families: '      - {name: e, gc: {maxAge: 30d}}',
        queries: '      - {name: latest of a device, match: {device: eq}, limit: 1}\n      - {name: export, kind: batch}\n',
      }),
      findings: [{ messageId: 'shared', path: 'tables[0].queries[1].appProfile', message: /shares app profile \(default\) with serving queries/ }],
      fixed: (d) => {
        expect(d.instance!.appProfiles).toEqual([
          { id: 'default', routing: 'single', cluster: 'events-east1', allowTransactionalWrites: true },
          { id: 'batch', description: 'Batch reads (exports, analytics), kept off the serving path.', routing: 'single', cluster: 'events-east1' },
        ]);
        expect(d.tables[0]!.queries![1]!.appProfile).toBe('batch');
      },
    },
    {
      name: 'the cluster shorthand declares no profiles: the advice, without a fix',
      yaml: tableYaml({
        table: 'events',
        top: 'cluster: {nodes: 3}',
        template: '{device}#{ts}',
        fields: '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
        families: '      - {name: e, gc: {maxAge: 30d}}',
        queries: '      - {name: latest of a device, match: {device: eq}, limit: 1}\n      - {name: export, kind: batch}\n',
      }),
      findings: [{ messageId: 'shared', path: 'tables[0].queries[1].appProfile' }],
      fixed: null,
    },
    {
      name: 'a latency-sensitive read marked for Data Boost',
      yaml: replicated(SERVING, '      - {name: one order, match: {customer: eq, order: eq}, latencyMs: 10, dataBoost: true, appProfile: serving}\n'),
      findings: [{ messageId: 'boostServing', path: 'tables[0].queries[0].dataBoost', message: /a 10 ms target[\s\S]*35 minutes/ }],
    },
  ],
});
