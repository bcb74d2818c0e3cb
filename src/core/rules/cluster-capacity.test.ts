import { expect } from 'vitest';
import rule from './cluster-capacity';
import { eventsDesign } from '../../test-support/capacity-designs';
import { ruleTester } from './tester';

// 140,000 writes/s of small rows on replicated, autoscaled clusters: 10 nodes of writes at 100% CPU.
const autoscaled = (a: string) => `format: bigtable-studio/v1
name: t
instance:
  clusters:
    - {id: events-east, zone: us-east1-b, autoscaling: {${a}}}
    - {id: events-west, zone: us-west1-a, nodes: 40}
  appProfiles:
    - {id: serving, routing: single, cluster: events-east}
tables:
  - name: events
    rowKey: {template: "{user}#{ts}", fields: {user: {type: string, cardinality: 10000000}, ts: {type: timestamp}}}
    families: [{name: e, gc: {maxAge: 7d}, columns: [{qualifier: v, valueBytes: 100}]}]
    load: {writesPerSecond: 140000, retention: 7d, appProfile: serving}
`;

ruleTester(rule, {
  valid: [
    { name: '20,000 writes/s on 3 SSD nodes: 1.4 of 3 nodes, under the 70% target', yaml: eventsDesign(20_000, 3) },
    { name: 'no load declared: nothing to check', yaml: eventsDesign(0, 3).replace('    load: {writesPerSecond: 0, retention: 7d}\n', '') },
  ],
  invalid: [
    {
      name: 'an autoscaled cluster is judged at maxNodes and named; the other cluster fits',
      yaml: autoscaled('minNodes: 4, maxNodes: 12, cpuTarget: 50'),
      findings: [
        {
          messageId: 'target',
          path: 'instance.clusters[0].autoscaling',
          severity: 'warning',
          message: /^cluster events-east has 4 to 12 nodes \(autoscaled\) at \d+% CPU, over the 50% target; the design needs 2\d nodes/,
        },
      ],
      fixed: (d) => {
        expect(d.instance!.clusters![0]!.autoscaling!.maxNodes).toBe(20);
        expect(d.instance!.clusters![1]!.nodes).toBe(40);
      },
    },
    {
      name: 'no cluster declared: the nodes the design needs, as information',
      yaml: eventsDesign(300_000, 3).replace(/cluster: \{[^}]*\}\n/, ''),
      findings: [
        {
          messageId: 'none',
          path: 'cluster.nodes',
          severity: 'info',
          message: /^no cluster is declared; the design needs 31 nodes, mostly for the writes to events/,
        },
      ],
      fixed: (d) => expect(d.cluster?.nodes).toBe(31),
    },
    {
      name: 'a load beyond the format: "over 1,000 nodes" and what costs most, never a count',
      yaml: eventsDesign(100_000_000, 3),
      findings: [
        {
          messageId: 'over',
          path: 'cluster.nodes',
          severity: 'error',
          message: /the design needs over 1,000 nodes, mostly for the writes to events \(100,000,000\/s\)/,
        },
      ],
    },
    {
      name: '300,000 writes/s on 3 SSD nodes: error, 22 nodes at 100%',
      yaml: eventsDesign(300_000, 3),
      findings: [
        {
          messageId: 'over',
          path: 'cluster.nodes',
          severity: 'error',
          message: /the cluster has 3 nodes; the design needs 31 nodes, mostly for the writes to events \(300,000\/s\)/,
        },
      ],
      fixed: (d) => expect(d.cluster?.nodes).toBe(31),
    },
    {
      name: 'two tables at 50,000 writes/s each on 3 nodes: the load is summed',
      yaml: eventsDesign(50_000, 3, 'ssd', '', 2),
      findings: [{ messageId: 'over', path: 'cluster.nodes', severity: 'error', message: /the design needs 11 nodes/ }],
      fixed: (d) => expect(d.cluster?.nodes).toBe(11),
    },
    {
      name: '35,000 writes/s on 3 SSD nodes: 2.5 nodes, above the 70% target',
      yaml: eventsDesign(35_000, 3),
      findings: [
        {
          messageId: 'target',
          path: 'cluster.nodes',
          severity: 'warning',
          message: /the cluster has 3 nodes at 83% CPU, over the 70% target; the design needs 4 nodes/,
        },
      ],
      fixed: (d) => expect(d.cluster?.nodes).toBe(4),
    },
    {
      name: 'reads share the budget: 7,000 writes/s and 12,000 point reads/s on 1 SSD node',
      yaml: eventsDesign(7_000, 1, 'ssd', '    queries:\n      - {name: one, match: {device: eq, ts: eq}, perSecond: 12000}\n'),
      findings: [{ messageId: 'over', path: 'cluster.nodes', message: /the design needs 2 nodes, mostly for query "one" on events \(point reads\)/ }],
    },
    {
      name: 'a node capacity override in the design is what counts',
      yaml: eventsDesign(20_000, 3).replace('storage: ssd}', 'storage: ssd, nodeCapacity: {writesPerSecond: 5000}}'),
      findings: [{ messageId: 'over', path: 'cluster.nodes', message: /the design needs 6 nodes/ }],
    },
  ],
});
