// Bytes the design stores (what its GC rules keep, summed across tables: every cluster holds a
// full copy) against what a cluster's nodes hold: SSD 5 TiB, HDD 16 TiB per node ("Quotas and
// limits"), planned at 70%. Tables whose GC never deletes are sized at a year of growth. The
// count it names is the plan's one recommended count (capacity/capacity-plan.ts, capacity/wording.ts).
import { SIZING_MONTHS } from '../capacity/capacity-plan';
import { STORAGE_TARGET } from '../analysis/cluster';
import { becauseText, clusterName, declaredText, nodesText } from '../capacity/wording';
import { formatBytes, formatCount, formatPercent } from '../units';
import { coverageText, MAX_CLUSTER_NODES, STORED_BYTES_BOUND, storedBytesText } from '../capacity/bounds';
import { defineCapacityPlanRule } from './support/frames';
import { adviceFor, clusterCountFix, clusterPath } from './cluster-capacity';

export default defineCapacityPlanRule({
  meta: {
    id: 'storage-capacity',
    severity: 'warning',
    description: "The data the design stores exceeds what a cluster's nodes hold, or the recommended share of it.",
    messages: {
      over: '{tables} store {bytes}{growth}, more than the {limit} {cluster} holds; the design needs {recommended} ("Quotas and limits").',
      target: '{tables} store {bytes}{growth}, over {target} of the {limit} {cluster} holds; the design needs {recommended} ("Quotas and limits").',
      beyond: '{tables} store more than the {bound} that 1,000 HDD nodes hold{growth}; the design needs {recommended} ("Quotas and limits").',
    },
    details: {
      over: '{tablesDetail} store {bytes}{growth}; {cluster} has {declared}, which hold {limit}; the design needs {recommended} ({because}): {advice} ("Quotas and limits").',
      beyond:
        '{tablesDetail} store more than the {bound} that 1,000 HDD nodes hold{growth}; the design needs {recommended}: {advice} ("Quotas and limits", "Storage utilization").',
      target:
        '{tablesDetail} store {bytes}{growth}, over {target} of the {limit} that {cluster} ({declared}) holds; the design needs {recommended} ({because}): {advice} ("Quotas and limits").',
    },
    fixable: true,
  },
  plan(plan, { design, analysis, report }) {
    const { sizedBytes } = plan;
    const growing = plan.workload.tables.some((t) => t.storage === 'unbounded');
    // A total says what it covers: tables with no declared load add nothing to it (bounds.ts).
    const covers = plan.storageCovers;
    const tables = covers.unknown.length === 0 ? 'the tables' : `the ${formatCount(covers.known)} of ${formatCount(covers.of)} tables of known size`;
    const tablesDetail = covers.unknown.length === 0 ? 'the tables' : `the tables with a known size (${coverageText(covers)})`;
    const past = sizedBytes > STORED_BYTES_BOUND;
    plan.clusterPlans.forEach((c, ci) => {
      // Past what 1,000 nodes of the design's own figures hold, no count of nodes is a fix. Node
      // figures of the design's own (cluster.nodeCapacity.storageBytes) may hold more than
      // Google's: then the bytes are past the 16 PiB bound of what we print, and still a count.
      const beyond = past && c.need.storage > MAX_CLUSTER_NODES;
      if (c.storageState === 'ok' || c.declared === 'none') return;
      const limit = c.nodes * plan.model.capacity.storageBytes;
      const data = {
        tables,
        tablesDetail,
        bound: formatBytes(STORED_BYTES_BOUND),
        // Past the 16 PiB of Google's figures, what nodes of the design's own figures hold is
        // said as it is, up to what 1,000 of them hold (formatBytes stops at 1 EiB).
        bytes: past && sizedBytes <= MAX_CLUSTER_NODES * plan.model.capacity.storageBytes ? formatBytes(sizedBytes) : storedBytesText(sizedBytes),
        growth: growing ? ` after ${SIZING_MONTHS} months of growth` : '',
        cluster: clusterName(c),
        declared: declaredText(c),
        limit: formatBytes(limit),
        target: formatPercent(STORAGE_TARGET, 'whole'),
        recommended: nodesText(c.need.recommended),
        because: becauseText(c),
        advice: adviceFor(plan, c),
      };
      const path = clusterPath(design, ci, c);
      const fix = beyond ? {} : clusterCountFix(design, analysis, path, c);
      report({
        path,
        messageId: beyond ? 'beyond' : c.storageState === 'over' ? 'over' : 'target',
        ...(c.storageState === 'over' ? { severity: 'error' as const } : {}),
        data,
        ...fix,
      });
    });
  },
});
