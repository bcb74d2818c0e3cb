import { expect } from 'vitest';
import rule from './cluster-capacity';
import { eventsDesign } from '../../test-support/capacity-designs';
import { ruleTester } from './tester';

ruleTester(rule, {
  valid: [
    { name: '20,000 writes/s on 3 SSD nodes: 1.4 of 3 nodes, under the 70% target', yaml: eventsDesign(20_000, 3) },
    { name: 'no load declared: nothing to check', yaml: eventsDesign(0, 3).replace('    load: {writesPerSecond: 0, retention: 7d}\n', '') },
  ],
  invalid: [
    {
      name: '300,000 writes/s on 3 SSD nodes (issue 13): error, 22 nodes at 100%',
      yaml: eventsDesign(300_000, 3),
      findings: [{ messageId: 'over', path: 'cluster.nodes', severity: 'error', message: /needs 22 SSD nodes, mostly for writes; the cluster has 3: set 31 nodes/ }],
      fixed: (d) => expect(d.cluster?.nodes).toBe(31),
    },
    {
      name: 'two tables at 50,000 writes/s each on 3 nodes (issue 13): the load is summed',
      yaml: eventsDesign(50_000, 3, 'ssd', '', 2),
      findings: [{ messageId: 'over', path: 'cluster.nodes', severity: 'error', message: /needs 8 SSD nodes .* set 11 nodes/ }],
      fixed: (d) => expect(d.cluster?.nodes).toBe(11),
    },
    {
      name: '35,000 writes/s on 3 SSD nodes: 2.5 nodes, above the 70% target',
      yaml: eventsDesign(35_000, 3),
      findings: [{ messageId: 'target', path: 'cluster.nodes', severity: 'warning', message: /3 SSD nodes at 83% CPU, above the recommended 70%: set 4 nodes/ }],
      fixed: (d) => expect(d.cluster?.nodes).toBe(4),
    },
    {
      name: 'reads share the budget: 7,000 writes/s and 12,000 point reads/s on 1 SSD node',
      yaml: eventsDesign(7_000, 1, 'ssd', '    queries:\n      - {name: one, match: {device: eq, ts: eq}, perSecond: 12000}\n'),
      findings: [{ messageId: 'over', path: 'cluster.nodes', message: /reads 0\.7, writes 0\.5/ }],
    },
    {
      name: 'a node capacity override in the design is what counts',
      yaml: eventsDesign(20_000, 3).replace('storage: ssd}', 'storage: ssd, nodeCapacity: {writesPerSecond: 5000}}'),
      findings: [{ messageId: 'over', path: 'cluster.nodes', message: /needs 4 SSD nodes/ }],
    },
  ],
});
