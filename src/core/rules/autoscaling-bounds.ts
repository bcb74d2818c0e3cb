// An autoscaled cluster runs between minNodes and maxNodes, adding nodes to keep CPU at its
// cpuTarget ("Autoscaling"). A target above Google's recommended CPU for multi-cluster routing
// (35%, "Monitor an instance") leaves no room to absorb the other cluster's traffic on failover.
// Whether maxNodes can carry the load is cluster-capacity's finding: the plan sizes an
// autoscaled cluster at maxNodes (src/core/capacity/capacity-plan.ts), one count for every cluster.
import { CPU_TARGET } from '../analysis/cluster';
import { planCapacity } from '../capacity/capacity-plan';
import type { Design } from '../model/schema';
import { defineVisitorRule } from './types';
import { capacityPlanReads } from './support/capacity-plan-reads';

function setAutoscaling(design: Design, ci: number, change: { maxNodes?: number; cpuTarget?: number }): Design | null {
  const c = design.instance?.clusters?.[ci];
  if (!c?.autoscaling) return null;
  const a = { ...c.autoscaling, ...change };
  a.minNodes = Math.max(a.minNodes, Math.ceil(a.maxNodes / 10));
  const clusters = design.instance!.clusters!.map((x, i) => (i === ci ? { ...x, autoscaling: a } : x));
  return { ...design, instance: { ...design.instance!, clusters } };
}

export default defineVisitorRule({
  meta: {
    id: 'autoscaling-bounds',
    severity: 'warning',
    description: 'An autoscaling CPU target too high for multi-cluster routing (maxNodes against the load is cluster-capacity).',
    messages: {
      targetHigh:
        '{cluster} aims at {target}% CPU, above the {recommended}% Google recommends with multi-cluster routing for failover ("Monitor an instance").',
    },
    fixable: true,
    readsInstance: true,
    reads: capacityPlanReads,
  },
  create: ({ design, analysis, report }) => ({
    design() {
      const specs = design.instance?.clusters ?? [];
      if (!specs.some((c) => c.autoscaling)) return;
      const plan = planCapacity(design, analysis);
      specs.forEach((c, ci) => {
        const multi = plan.clusterPlans[ci]?.routing === 'multi-cluster';
        const a = c.autoscaling;
        if (!a) return;
        const at = ['instance', 'clusters', ci, 'autoscaling'];
        const recommended = Math.round(CPU_TARGET.multiCluster * 100);
        if (multi && a.cpuTarget > recommended) {
          report({
            path: [...at, 'cpuTarget'],
            messageId: 'targetHigh',
            data: { cluster: c.id, target: a.cpuTarget, recommended },
            fix: { label: `Set cpuTarget to ${recommended}`, apply: () => setAutoscaling(design, ci, { cpuTarget: recommended }) },
          });
        }
      });
    },
  }),
});
