// Bytes the design stores (what its GC rules keep, summed across tables: every cluster holds a
// full copy) against what a cluster's nodes hold: SSD 5 TiB, HDD 16 TiB per node ("Quotas and
// limits"), planned at 70%. Tables whose GC never deletes are sized at a year of growth. The
// count it names is the plan's one recommended count (capacity/plan.ts, capacity/wording.ts).
import { capacityPlan, MAX_CLUSTER_NODES, SIZING_MONTHS } from '../capacity/plan';
import { STORAGE_TARGET } from '../analysis/cluster';
import { becauseText, clusterName, declaredText, nodesText } from '../capacity/wording';
import { formatBytes, formatPercent } from '../units';
import { defineRule } from './types';
import { adviceFor, clusterPath, fixClusterCount, fixLabel } from './cluster-capacity';

export default defineRule({
  meta: {
    id: 'storage-capacity',
    severity: 'warning',
    description: "The data the design stores exceeds what a cluster's nodes hold, or the recommended share of it.",
    messages: {
      over: 'the tables store {bytes}{growth}, more than the {limit} {cluster} holds; the design needs {recommended} ("Quotas and limits").',
      target: 'the tables store {bytes}{growth}, over {target} of the {limit} {cluster} holds; the design needs {recommended} ("Quotas and limits").',
    },
    details: {
      over: 'the tables store {bytes}{growth}; {cluster} has {declared}, which hold {limit}; the design needs {recommended} ({because}): {advice} ("Quotas and limits").',
      target:
        'the tables store {bytes}{growth}, over {target} of the {limit} that {cluster} ({declared}) holds; the design needs {recommended} ({because}): {advice} ("Quotas and limits").',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    const plan = capacityPlan(design, analysis);
    const { sizedBytes } = plan;
    const growing = plan.workload.tables.some((t) => t.storage === 'unbounded');
    plan.clusterPlans.forEach((c, ci) => {
      if (c.storageState === 'ok' || c.declared === 'none') return;
      const limit = c.nodes * plan.model.capacity.storageBytes;
      const data = {
        bytes: formatBytes(sizedBytes),
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
      const fix = c.need.recommended <= MAX_CLUSTER_NODES ? { fix: fixLabel(design, c) } : {};
      report({
        path,
        messageId: c.storageState === 'over' ? 'over' : 'target',
        ...(c.storageState === 'over' ? { severity: 'error' as const } : {}),
        data,
        ...fix,
      });
    });
  },
  fix: fixClusterCount,
});
