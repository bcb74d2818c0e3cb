import { expect } from 'vitest';
import rule from './autoscaling-bounds';
import { ruleTester } from './tester';

// 140,000 writes/s of small rows: 10 SSD nodes' worth of writes at 100% CPU ("Understand
// performance": 14,000 writes/s per node), taken by every cluster.
const design = (clusters: string, profiles = '') => `format: bigtable-studio/v1
name: t
instance:
  clusters:
${clusters}${profiles}tables:
  - name: events
    rowKey: {template: "{user}#{ts}", fields: {user: {type: string, cardinality: 10000000}, ts: {type: timestamp}}}
    families: [{name: e, gc: {maxAge: 7d}, columns: [{qualifier: v, valueBytes: 100}]}]
    load: {writesPerSecond: 140000, retention: 7d}
`;
const one = (a: string) => `    - {id: events-east, zone: us-east1-b, autoscaling: {${a}}}\n`;
const two = (a: string) => one(a) + `    - {id: events-west, zone: us-west1-a, autoscaling: {${a}}}\n`;

ruleTester(rule, {
  valid: [
    { name: 'room for the load at a 50% target', yaml: design(one('minNodes: 5, maxNodes: 30, cpuTarget: 50')) },
    { name: "maxNodes short of the load is cluster-capacity's finding, not this rule's", yaml: design(one('minNodes: 4, maxNodes: 12, cpuTarget: 50')) },
    { name: 'fixed nodes are not autoscaling', yaml: design('    - {id: events-east, zone: us-east1-b, nodes: 30}\n') },
    { name: 'two clusters at the multi-cluster target with room', yaml: design(two('minNodes: 10, maxNodes: 40, cpuTarget: 35')) },
  ],
  invalid: [
    {
      name: 'multi-cluster routing with an 80% target',
      yaml: design(two('minNodes: 10, maxNodes: 100, cpuTarget: 80'), '  appProfiles:\n    - {id: serving, routing: multi}\n'),
      findings: [
        {
          messageId: 'targetHigh',
          path: 'instance.clusters[0].autoscaling.cpuTarget',
          message: /events-east aims at 80% CPU, above the 35% Google recommends/,
        },
        { messageId: 'targetHigh', path: 'instance.clusters[1].autoscaling.cpuTarget' },
      ],
      fixed: (d) => expect(d.instance!.clusters![0]!.autoscaling!.cpuTarget).toBe(35),
    },
    {
      name: 'no profile declared on two clusters: the implicit profile routes to any cluster',
      yaml: design(two('minNodes: 10, maxNodes: 100, cpuTarget: 60')),
      findings: [
        { messageId: 'targetHigh', path: 'instance.clusters[0].autoscaling.cpuTarget', message: /events-east aims at 60% CPU/ },
        { messageId: 'targetHigh', path: 'instance.clusters[1].autoscaling.cpuTarget' },
      ],
    },
  ],
});
