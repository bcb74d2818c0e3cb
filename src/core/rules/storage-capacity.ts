// Bytes the design stores (what its GC rules keep, summed across tables) against what the
// cluster's nodes hold: SSD 5 TiB, HDD 16 TiB per node ("Quotas and limits"), planned at 70%.
// Tables whose GC never deletes are sized at a year of growth (src/core/capacity/plan.ts).
import { capacityPlan, SIZING_MONTHS } from '../capacity/plan';
import { clusterOf, STORAGE_TARGET } from '../capacity/figures';
import { formatBytes } from './support/rows';
import { defineRule } from './types';
import { nodesPath, withNodes } from '../model/instance';
import { adviceText } from './cluster-capacity';

const MAX_NODES = 1000;

/** What storage needs: its own node count (CPU may need more; cluster-capacity says so). */
function storageAdvice(storageNodes: number, recommended: number): string {
  const n = Math.ceil(storageNodes);
  if (n > MAX_NODES) return adviceText(n);
  return recommended > n ? `storage needs ${n} nodes (the load needs more: cluster-capacity)` : `set ${n} nodes`;
}

export default defineRule({
  meta: {
    id: 'storage-capacity',
    severity: 'warning',
    description: 'The data the design stores exceeds what the cluster nodes hold, or the recommended share of it.',
    messages: {
      over: 'the tables store {bytes}{growth}; {nodes} {storage} nodes hold {limit}: {advice} (Quotas and limits).',
      target: 'the tables store {bytes}{growth}, over {target} of the {limit} {nodes} {storage} nodes hold: {advice} ("Quotas and limits").',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    const plan = capacityPlan(design, analysis);
    const { model, sizedBytes } = plan;
    const limit = model.nodes * model.capacity.storageBytes;
    if (plan.storageState === 'ok') return;
    const growing = plan.workload.tables.some((t) => t.storage === 'unbounded');
    const recommended = plan.nodesNeeded.recommended;
    const base = {
      path: nodesPath(design),
      data: { bytes: formatBytes(sizedBytes), growth: growing ? ` after ${SIZING_MONTHS} months of growth` : '', nodes: model.nodes, storage: model.storage.toUpperCase(), limit: formatBytes(limit), target: `${Math.round(STORAGE_TARGET * 100)}%`, recommended, advice: storageAdvice(plan.nodesNeeded.storage, recommended) },
      ...(recommended <= MAX_NODES ? { fix: `Set ${design.instance ? 'each cluster to reach' : 'cluster.nodes to'} ${recommended}` } : {}),
    };
    if (plan.storageState === 'over') report({ ...base, messageId: 'over', severity: 'error' });
    else report({ ...base, messageId: 'target' });
  },
  fix(design, _finding, analysis) {
    const recommended = capacityPlan(design, analysis).nodesNeeded.recommended;
    if (recommended > MAX_NODES || recommended <= clusterOf(design).nodes) return null;
    return withNodes(design, recommended);
  },
});
