// The design's load against each cluster's nodes: every write of every table, the reads its app
// profiles route there (src/core/capacity/capacity-plan.ts, the same plan the summary, the Capacity panel,
// `btstudio plan`, the simulator and the MCP answers read), at Google's per-node figures ("Understand
// performance") and the recommended CPU target ("Plan your capacity"). One finding per cluster
// short of the one recommended count, worded by capacity/wording.ts; a design that declares no
// cluster gets the count it needs as information.
import { planCapacity, MAX_CLUSTER_NODES, type ClusterCapacityPlan, type CapacityPlanDetail } from '../capacity/capacity-plan';
import { becauseText, clusterName, declaredText, nodesText, percentText } from '../capacity/wording';
import { DEFAULT_NODES, type Design } from '../model/schema';
import { nodesPath, withClusterNodes } from '../model/instance';
import type { PathPart } from '../model/positions';
import type { FixProposal } from './types';
import { defineCapacityPlanRule } from './support/frames';
import type { DesignAnalysis } from '../analysis/design';
import { formatCount } from '../units';

/** The parts of a cluster's load above a twentieth of a node, biggest first: "writes 21.4, reads 2.0". */
function parts(load: { writes: number; reads: number; scans: number }): string {
  const named = [
    ['writes', load.writes],
    ['reads', load.reads],
    ['scans', load.scans],
  ] as const;
  const shown = named.filter(([, n]) => n >= 0.05).sort((a, b) => b[1] - a[1]);
  return shown.length ? shown.map(([k, n]) => `${k} ${n <= MAX_CLUSTER_NODES ? n.toFixed(1) : `over ${formatCount(MAX_CLUSTER_NODES)}`}`).join(', ') : 'none';
}

/** What to do about one cluster: its count, or beyond the format's limit what costs most. */
export function adviceFor(plan: CapacityPlanDetail, c: ClusterCapacityPlan): string {
  if (c.need.recommended <= MAX_CLUSTER_NODES)
    return c.autoscaling ? `let it reach ${nodesText(c.need.recommended)} (maxNodes)` : `set ${nodesText(c.need.recommended)}`;
  return plan.topCost ? `no cluster can: rework ${plan.topCost.text}, which costs most` : 'no cluster can: rework the key, queries or load';
}

/** Where a finding about cluster `ci` points: its `nodes` or `autoscaling`, or `cluster.nodes`. */
export function clusterPath(design: Design, ci: number, c: ClusterCapacityPlan): (string | number)[] {
  return design.instance?.clusters?.length ? ['instance', 'clusters', ci, c.autoscaling ? 'autoscaling' : 'nodes'] : nodesPath(design);
}

/** The fix's label for one cluster. */
function fixLabel(design: Design, c: ClusterCapacityPlan): string {
  if (c.declared === 'none' || !design.instance) return `Set cluster.nodes to ${c.need.recommended}`;
  return c.autoscaling ? `Set ${c.id}'s autoscaling maxNodes to ${c.need.recommended}` : `Set ${c.id}'s nodes to ${c.need.recommended}`;
}

/**
 * The one count fix both capacity rules offer, for a finding at `path` about cluster plan `c`:
 * the cluster the path names (an instance cluster's index, else the one cluster) raised to the
 * plan's count; none when that count is past the format's limit.
 */
export function clusterCountFix(design: Design, analysis: DesignAnalysis, path: readonly PathPart[], c: ClusterCapacityPlan): { fix?: FixProposal } {
  if (c.need.recommended > MAX_CLUSTER_NODES) return {};
  const ci = path[0] === 'instance' && typeof path[2] === 'number' ? path[2] : 0;
  const apply = () => {
    const at = planCapacity(design, analysis).clusterPlans[ci];
    if (!at || at.need.recommended > MAX_CLUSTER_NODES || (at.need.recommended <= at.nodes && at.declared !== 'none')) return null;
    return withClusterNodes(design, ci, at.need.recommended);
  };
  return { fix: { label: fixLabel(design, c), apply } };
}

export default defineCapacityPlanRule({
  meta: {
    id: 'cluster-capacity',
    severity: 'warning',
    description: "The design's load needs more nodes than a cluster has, at 100% CPU or at the recommended target.",
    messages: {
      over: '{cluster} has {declared}; the design needs {recommended}, mostly for {top} ("Understand performance").',
      target: '{cluster} has {declared} at {utilization} CPU, over the {target} target; the design needs {recommended} ("Plan your capacity").',
      none: 'no cluster is declared; the design needs {recommended}, mostly for {top} ("Plan your capacity").',
    },
    details: {
      over: '{cluster} has {declared}; the design needs {recommended} ({because}), mostly for {top}: {advice}. Its load at 100% CPU, in nodes: {parts}. One node serves reads, writes and scans from one budget ("Understand performance").',
      target:
        '{cluster} has {declared} at {utilization} CPU, over the recommended {target}; the design needs {recommended} ({because}): {advice}. Its load at 100% CPU, in nodes: {parts} ("Plan your capacity").',
      none: 'no cluster is declared, so Bigtable\'s default of 3 nodes is assumed; the design needs {recommended} ({because}), mostly for {top}: {advice} ("Plan your capacity").',
    },
    fixable: true,
  },
  plan(plan, { design, analysis, report }) {
    plan.clusterPlans.forEach((c, ci) => {
      if (c.load.total <= 0) return;
      const top = plan.topCost ? plan.topCost.text : 'the load';
      const data = {
        cluster: clusterName(c),
        declared: declaredText(c),
        recommended: nodesText(c.need.recommended),
        because: becauseText(c),
        top,
        advice: adviceFor(plan, c),
        utilization: percentText(c.utilization.cpu),
        target: percentText(c.cpuTarget),
        parts: parts(c.load),
      };
      const path = clusterPath(design, ci, c);
      if (c.declared === 'none') {
        if (c.need.recommended > DEFAULT_NODES || c.cpuState !== 'ok')
          report({
            path: nodesPath(design),
            messageId: 'none',
            severity: 'info',
            data: { ...data, advice: c.need.recommended <= MAX_CLUSTER_NODES ? `declare ${nodesText(c.need.recommended)} (cluster.nodes)` : data.advice },
            ...clusterCountFix(design, analysis, nodesPath(design), c),
          });
        return;
      }
      if (c.cpuState === 'over') report({ path, messageId: 'over', severity: 'error', data, ...clusterCountFix(design, analysis, path, c) });
      else if (c.cpuState === 'target') report({ path, messageId: 'target', data, ...clusterCountFix(design, analysis, path, c) });
    });
  },
});
