// The design's load, summed across its tables (they share the cluster), against what the
// cluster's nodes serve: Google's per-node figures ("Understand performance"), one budget
// shared by reads, writes and scans, and the recommended CPU target ("Plan your capacity").
// The arithmetic is src/core/capacity/plan.ts, the same the plan, the Capacity panel and the
// estimates read.
import { capacityPlan } from '../capacity/plan';
import { formatCount } from './support/rows';
import { defineRule } from './types';

const MAX_NODES = 1000; // the design format's cluster.nodes bound

/** "writes 21.4, reads 2.0": the parts of the load above a tenth of a node, biggest first. */
function parts(load: { writes: number; reads: number; scans: number }): string {
  const named = [
    ['writes', load.writes],
    ['reads', load.reads],
    ['scans', load.scans],
  ] as const;
  const shown = named.filter(([, n]) => n >= 0.05).sort((a, b) => b[1] - a[1]);
  return shown.length ? shown.map(([k, n]) => `${k} ${n < 1000 ? n.toFixed(1) : formatCount(n)}`).join(', ') : 'none';
}

/** What to do: the node count, or, beyond what a design can declare, to change the load. */
export function adviceText(recommended: number): string {
  return recommended <= MAX_NODES ? `set ${recommended} nodes` : 'more than 1,000 nodes: change the key, the queries or the load';
}

export default defineRule({
  meta: {
    id: 'cluster-capacity',
    severity: 'warning',
    description: "The design's load needs more nodes than the cluster has, at 100% CPU or at the recommended target.",
    messages: {
      over: 'the load needs {needed} {storage} nodes at 100% CPU ({parts}) but the cluster has {nodes}: {advice} ("Understand performance").',
      target: 'the load puts {nodes} {storage} nodes at {utilization} CPU, above the recommended {target}: {advice} ("Plan your capacity").',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    const plan = capacityPlan(design, analysis);
    if (plan.cpuNodes <= 0) return;
    const { model } = plan;
    const recommended = plan.nodesNeeded.recommended;
    const base = {
      path: ['cluster', 'nodes'],
      data: { nodes: model.nodes, storage: model.storage.toUpperCase(), recommended, advice: adviceText(recommended), needed: formatCount(Math.ceil(plan.cpuNodes - 1e-9)), parts: parts(plan.load), utilization: `${Math.round(plan.utilization.cpu * 100)}%`, target: `${Math.round(model.cpuTarget * 100)}%`, load: formatCount(plan.cpuNodes) },
      ...(recommended <= MAX_NODES ? { fix: `Set cluster.nodes to ${recommended}` } : {}),
    };
    if (plan.cpuState === 'over') report({ ...base, messageId: 'over', severity: 'error' });
    else if (plan.cpuState === 'target') report({ ...base, messageId: 'target' });
  },
  fix(design, _finding, analysis) {
    const recommended = capacityPlan(design, analysis).nodesNeeded.recommended;
    if (recommended > MAX_NODES || recommended <= (design.cluster?.nodes ?? 0)) return null;
    return { ...design, cluster: { ...design.cluster, nodes: recommended } };
  },
});
