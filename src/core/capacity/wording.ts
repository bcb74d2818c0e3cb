// The capacity plan in words, written once: every place that states a node count (the summary,
// the Capacity panel, `btstudio plan`, the capacity findings and their fixes, the simulator's
// header, the MCP answers) prints these phrases, so one design never shows two counts for one
// cluster. Counts beyond the format's 1,000 nodes are never printed as numbers.
import { formatCount, formatPercent } from '../units';
import { MAX_CLUSTER_NODES, type ClusterCapacityPlan, type CapacityPlanDetail } from './capacity-plan';

/** "1 node", "13 nodes", "over 1,000 nodes". */
export function nodesText(n: number): string {
  if (!Number.isFinite(n) || n > MAX_CLUSTER_NODES) return `over ${formatCount(MAX_CLUSTER_NODES)} nodes`;
  return `${formatCount(n)} node${n === 1 ? '' : 's'}`;
}

/** A share as a percentage, bounded: "23%", "over 1,000%". */
export function percentText(x: number): string {
  if (!Number.isFinite(x) || x > 10) return 'over 1,000%';
  return formatPercent(x, 'whole');
}

/** How a cluster is named in a sentence: "cluster clicks-us-a", or "the cluster" when it has no id. */
export function clusterName(c: Pick<ClusterCapacityPlan, 'id'>): string {
  return c.id === null ? 'the cluster' : `cluster ${c.id}`;
}

/** What the design declares for a cluster: "3 nodes", "10 to 80 nodes (autoscaled)", "no cluster (Bigtable's default 3 nodes assumed)". */
export function declaredText(c: ClusterCapacityPlan): string {
  if (c.declared === 'none') return `no cluster declared (${nodesText(c.nodes)} assumed)`;
  if (c.autoscaling) return `${formatCount(c.autoscaling.minNodes)} to ${nodesText(c.autoscaling.maxNodes)} (autoscaled)`;
  return nodesText(c.nodes);
}

/**
 * The recommended node count per cluster, in one wording: "13 nodes" (one cluster), "13 nodes
 * in each of 2 clusters", "13 nodes in clicks-a, 5 in clicks-b", "over 1,000 nodes".
 */
export function recommendedText(plan: Pick<CapacityPlanDetail, 'clusterPlans'>): string {
  const cs = plan.clusterPlans;
  const counts = cs.map((c) => c.need.recommended);
  if (cs.length === 1) return nodesText(counts[0]!);
  if (counts.every((n) => n === counts[0])) return `${nodesText(counts[0]!)} in each of ${cs.length} clusters`;
  return cs
    .map((c, i) =>
      i === 0
        ? `${nodesText(c.need.recommended)} in ${c.id ?? 'the first cluster'}`
        : `${c.need.recommended > MAX_CLUSTER_NODES ? nodesText(c.need.recommended) : formatCount(c.need.recommended)} in ${c.id ?? `cluster ${i + 1}`}`,
    )
    .join(', ');
}

/** Why the count is what it is: "CPU 13 at 70%, storage 42". */
export function becauseText(c: ClusterCapacityPlan): string {
  const cpu = c.need.cpu > MAX_CLUSTER_NODES ? `CPU over ${formatCount(MAX_CLUSTER_NODES)}` : `CPU ${c.need.cpu} at ${percentText(c.cpuTarget)}`;
  const storage = c.need.storage > MAX_CLUSTER_NODES ? `storage over ${formatCount(MAX_CLUSTER_NODES)}` : `storage ${c.need.storage}`;
  return `${cpu}, ${storage}`;
}

/** The sentence every surface shows: "The design needs 13 nodes ...", with the cause beyond the limit. */
export function needsSentence(plan: CapacityPlanDetail): string {
  const why = plan.overLimit !== null && plan.topCost ? `, mostly for ${plan.topCost.text}` : '';
  return `The design needs ${recommendedText(plan)}${why}.`;
}
