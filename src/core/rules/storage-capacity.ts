// Bytes the design stores (what its GC rules keep, summed across tables: every cluster holds a
// full copy) against what a cluster's nodes hold: SSD 5 TiB, HDD 16 TiB per node ("Quotas and
// limits"), planned at 70%. Tables whose GC never deletes are sized at a year of growth. The
// count it names is the plan's one recommended count (capacity/capacity-plan.ts, capacity/wording.ts).
import { SIZING_MONTHS } from '../capacity/capacity-plan';
import { STORAGE_TARGET } from '../analysis/cluster';
import { becauseText, clusterName, declaredText, nodesText } from '../capacity/wording';
import { formatBytes, formatCount, formatPercent } from '../units';
import { coverageText, STORED_BYTES_BOUND, storedBytesText } from '../capacity/bounds';
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
      beyond: '{tables} store more than the {bound} that 1,000 nodes hold{growth}; the design needs {recommended} ("Quotas and limits").',
    },
    details: {
      over: '{tablesDetail} store {bytes}{growth}; {cluster} has {declared}, which hold {limit}; the design needs {recommended} ({because}): {advice} ("Quotas and limits").',
      beyond:
        '{tablesDetail} store more than the {bound} that 1,000 nodes hold{growth}; the design needs {recommended}: {advice} ("Quotas and limits", "Storage utilization").',
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
    const beyond = sizedBytes > STORED_BYTES_BOUND;
    plan.clusterPlans.forEach((c, ci) => {
      if (c.storageState === 'ok' || c.declared === 'none') return;
      const limit = c.nodes * plan.model.capacity.storageBytes;
      const data = {
        tables,
        tablesDetail,
        bound: formatBytes(STORED_BYTES_BOUND),
        bytes: storedBytesText(sizedBytes),
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
      // Past what 1,000 nodes hold, no count of nodes is a fix.
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
