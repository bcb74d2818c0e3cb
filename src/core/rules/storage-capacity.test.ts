import { expect } from 'vitest';
import rule from './storage-capacity';
import { eventsDesign } from '../../test-support/capacity-designs';
import { type InvalidCase, ruleTester } from './tester';

// 20,000 writes/s of ~240-byte events: about 2.7 TiB a week.
const kept = (age: string, nodes: number, storage = 'ssd') =>
  eventsDesign(20_000, nodes, storage).replace('gc: {maxAge: 7d}', `gc: {maxAge: ${age}}`).replace('retention: 7d', `retention: ${age}`);

/** A design that stores `tib` TiB on 3 SSD nodes (15 TiB): an error, fixed by sizing the cluster at `needs` nodes. */
const overCase = (name: string, yaml: string, tib: number, needs: number): InvalidCase => ({
  name,
  yaml,
  findings: [
    {
      messageId: 'over',
      path: 'cluster.nodes',
      severity: 'error',
      message: new RegExp(`store ${tib} TiB, more than the 15 TiB the cluster holds; the design needs ${needs} nodes`),
    },
  ],
  fixed: (d) => expect(d.cluster?.nodes).toBe(needs),
});

ruleTester(rule, {
  valid: [
    { name: '7 days of events on 3 SSD nodes (15 TiB)', yaml: kept('7d', 3) },
    { name: '30 days of events on 3 HDD nodes (48 TiB)', yaml: kept('30d', 3, 'hdd') },
    // The 20,000 writes/s are the peak: at an average of 5,000, 90 days is ~8.8 TiB, under 70% of 15 TiB.
    {
      name: '90 days at a 20,000 writes/s peak, 5,000 on average, on 3 SSD nodes',
      yaml: kept('90d', 3).replace('retention: 90d', 'averageWritesPerSecond: 5000, retention: 90d'),
    },
  ],
  invalid: [
    overCase('90 days of events on 3 SSD nodes: over the 15 TiB they hold', kept('90d', 3), 35, 11),
    {
      name: '30 days on 3 SSD nodes: 12 TiB, over 70% of 15 TiB',
      yaml: kept('30d', 3),
      findings: [
        {
          messageId: 'target',
          path: 'cluster.nodes',
          severity: 'warning',
          message: /store 12 TiB, over 70% of the 15 TiB the cluster holds; the design needs 4 nodes/,
        },
      ],
    },
    overCase(
      '90 days at a 20,000 writes/s peak, 10,000 on average: 18 TiB, over the 15 TiB of 3 SSD nodes',
      kept('90d', 3).replace('retention: 90d', 'averageWritesPerSecond: 10000, retention: 90d'),
      18,
      6,
    ),
    {
      // A fuzz round (seed 1227708028) found "more than the 16 PiB that 1,000 nodes hold; the
      // design needs 762 nodes" with no fix: nodes of the design's own figures that hold more
      // than Google's store more than 16 PiB in fewer than 1,000 nodes, and that count is a fix.
      name: "past 16 PiB on nodes that hold 100 TB each: the count of the design's figures, and its fix",
      yaml: eventsDesign(3_000_000, 100)
        .replace('cluster: {nodes: 100, storage: ssd}', 'cluster: {nodes: 100, storage: ssd, nodeCapacity: {storageBytes: 100000000000000}}')
        .replace('        gc: {maxAge: 7d}\n', ''),
      findings: [
        {
          messageId: 'over',
          path: 'cluster.nodes',
          severity: 'error',
          message: /^the tables store 21 PiB after 12 months of growth, more than the 8\.9 PiB the cluster holds; the design needs 336 nodes/,
        },
      ],
      fixed: (d) => expect(d.cluster?.nodes).toBeGreaterThan(100),
    },
    {
      name: 'no GC that deletes: sized at a year of growth',
      yaml: kept('7d', 3).replace('        gc: {maxAge: 7d}\n', ''),
      findings: [{ messageId: 'over', path: 'cluster.nodes', message: /after 12 months of growth/ }],
    },
  ],
});
