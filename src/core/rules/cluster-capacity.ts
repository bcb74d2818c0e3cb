// The design's load, summed across its tables (they share the cluster), against what the
// cluster's nodes serve: Google's per-node figures ("Understand performance"), one budget
// shared by reads, writes and scans, and the recommended CPU target ("Plan your capacity").
// The arithmetic is src/core/capacity/plan.ts, the same the plan, the Capacity panel and the
// estimates read.
import { capacityPlan } from '../capacity/plan';
import { formatCount } from './support/rows';
import { defineRule } from './types';
import { clusterOf } from '../capacity/figures';
import { nodesPath, withNodes } from '../model/instance';

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

/** The part of the load that takes most of the nodes. */
function topPart(load: { writes: number; reads: number; scans: number }): string {
  const named = [['writes', load.writes], ['reads', load.reads], ['scans', load.scans]] as const;
  return [...named].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * What to do: the node count, or, beyond what a design can declare, to change the load (or,
 * when the CPU fits and only storage needs more, what storage-capacity says).
 */
export function adviceText(recommended: number, cpuNodes = recommended): string {
  if (recommended <= MAX_NODES) return `set ${recommended} nodes`;
  return cpuNodes <= MAX_NODES ? `${Math.ceil(cpuNodes)} for CPU, but storage needs over 1,000 (storage-capacity)` : 'over 1,000 nodes: rework the key, queries or load';
}

export default defineRule({
  meta: {
    id: 'cluster-capacity',
    severity: 'warning',
    description: "The design's load needs more nodes than the cluster has, at 100% CPU or at the recommended target.",
    messages: {
      over: 'the load needs {needed} {storage} nodes, mostly for {top}; the cluster has {nodes}: {advice} (Understand performance).',
      target: 'the load puts {nodes} {storage} nodes at {utilization} CPU, above the recommended {target}: {advice} ("Plan your capacity").',
    },
    details: {
      over: 'the load needs {needed} {storage} nodes at 100% CPU ({parts}, in nodes) but the cluster has {nodes}: {advice}. One node serves reads, writes and scans from one budget ("Understand performance").',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    const plan = capacityPlan(design, analysis);
    if (plan.cpuNodes <= 0) return;
    const { model } = plan;
    const recommended = plan.nodesNeeded.recommended;
    const base = {
      path: nodesPath(design),
      data: { nodes: model.nodes, storage: model.storage.toUpperCase(), recommended, advice: adviceText(recommended, plan.nodesNeeded.cpu), top: topPart(plan.load), needed: formatCount(Math.ceil(plan.cpuNodes - 1e-9)), parts: parts(plan.load), utilization: `${Math.round(plan.utilization.cpu * 100)}%`, target: `${Math.round(model.cpuTarget * 100)}%`, load: formatCount(plan.cpuNodes) },
      ...(recommended <= MAX_NODES ? { fix: `Set ${design.instance ? 'each cluster to reach' : 'cluster.nodes to'} ${recommended}` } : {}),
    };
    if (plan.cpuState === 'over') report({ ...base, messageId: 'over', severity: 'error' });
    else if (plan.cpuState === 'target') report({ ...base, messageId: 'target' });
  },
  fix(design, _finding, analysis) {
    const recommended = capacityPlan(design, analysis).nodesNeeded.recommended;
    if (recommended > MAX_NODES || recommended <= clusterOf(design).nodes) return null;
    return withNodes(design, recommended);
  },
});
