// clusterOf reads the instance: every cluster takes every write, the smallest
// cluster (an autoscaled one at its maxNodes) is the one that must hold the load, and traffic
// through a multi-cluster profile is planned at Google's lower CPU target.
import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { analyze } from '../analysis/design';
import { clusterOf, CPU_TARGET } from '../analysis/cluster';
import { planCapacity } from './capacity-plan';

const load = (head: string, tableExtra = ''): Design => {
  const r = loadDesign(`format: bigtable-studio/v1
name: d
${head}tables:
  - name: t
    rowKey: {template: "{id}", fields: {id: {type: uuid}}}
    families: [{name: f, gc: {maxVersions: 1}, columns: [{qualifier: v, valueBytes: 100}]}]
    queries: [{name: one, match: {id: eq}, perSecond: 1000${tableExtra}}]
    load: {writesPerSecond: 14000}
`);
  if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.design;
};
const two = (profiles: string) => `instance:
  clusters:
    - {id: east-one, zone: us-east1-b, nodes: 6}
    - {id: west-one, zone: us-west1-a, autoscaling: {minNodes: 2, maxNodes: 4, cpuTarget: 35}}
${profiles}`;

describe('clusterOf with an instance', () => {
  it('keeps the meaning of cluster: for a file without instance:', () => {
    expect(clusterOf(load('cluster: {nodes: 5}\n'))).toMatchObject({ nodes: 5, clusters: 1, routing: 'single-cluster', cpuTarget: CPU_TARGET.singleCluster });
  });

  it('sizes the smallest cluster and plans multi-cluster routing at the lower target', () => {
    const m = clusterOf(load(two('  appProfiles: [{id: serving, routing: multi}]\n')));
    expect(m).toMatchObject({ nodes: 4, clusters: 2, routing: 'multi-cluster', cpuTarget: CPU_TARGET.multiCluster });
  });

  it('plans single-cluster routing of every load and query at the one-cluster target', () => {
    const d = load(two('  appProfiles: [{id: east, routing: single, cluster: east-one}]\n'));
    expect(clusterOf(d)).toMatchObject({ clusters: 2, routing: 'single-cluster', cpuTarget: CPU_TARGET.singleCluster });
  });

  it('bills nodes and storage in every cluster: two clusters cost twice one', () => {
    const one = load('cluster: {nodes: 4}\n');
    const twin = load(two('  appProfiles: [{id: east, routing: single, cluster: east-one}]\n'));
    const a = planCapacity(one, analyze(one));
    const b = planCapacity(twin, analyze(twin));
    // east-one takes the writes and the reads the profile routes to it; west-one only the writes.
    expect(b.clusterPlans[0]!.load.total).toBeCloseTo(a.cpuNodes, 9);
    expect(b.clusterPlans[1]!.load.total).toBeCloseTo(a.load.writes, 9);
    expect(b.monthlyCost.nodes).toBeCloseTo(2 * a.monthlyCost.nodes!, 2);
  });
});
