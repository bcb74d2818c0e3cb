// An autoscaled cluster runs between minNodes and maxNodes, adding nodes to keep CPU at its
// cpuTarget ("Autoscaling"). If the design's load needs more than maxNodes at that target, the
// autoscaler stops at maxNodes and the cluster runs hotter than planned; and a target above
// Google's recommended CPU for multi-cluster routing (35%, "Monitor an instance") leaves no room
// to absorb the other cluster's traffic on failover. The load is the capacity plan's
// (src/core/capacity/plan.ts): every cluster takes every write and, conservatively, all reads.
import { CPU_TARGET } from '../capacity/figures';
import { capacityPlan } from '../capacity/plan';
import type { Design } from '../model/schema';
import { defineRule, type Finding } from './types';
import { planReads } from './support/plan-reads';

const MAX_NODES = 1000;

function needAt(cpuNodes: number, targetPercent: number): number {
  return Math.max(1, Math.ceil(cpuNodes / (targetPercent / 100) - 1e-9));
}

function setAutoscaling(design: Design, ci: number, change: { maxNodes?: number; cpuTarget?: number }): Design | null {
  const c = design.instance?.clusters?.[ci];
  if (!c?.autoscaling) return null;
  const a = { ...c.autoscaling, ...change };
  a.minNodes = Math.max(a.minNodes, Math.ceil(a.maxNodes / 10));
  const clusters = design.instance!.clusters!.map((x, i) => (i === ci ? { ...x, autoscaling: a } : x));
  return { ...design, instance: { ...design.instance!, clusters } };
}

export default defineRule({
  meta: {
    id: 'autoscaling-bounds',
    severity: 'warning',
    description: 'Autoscaling bounds that cannot serve the load at the CPU target, or a target too high for multi-cluster routing.',
    messages: {
      tooFew: 'at {target}% CPU the load needs {needed} nodes but {cluster} stops at maxNodes {max}, so it runs hotter than its target ("Autoscaling").',
      targetHigh: '{cluster} aims at {target}% CPU, above the {recommended}% Google recommends with multi-cluster routing for failover ("Monitor an instance").',
    },
    fixable: true,
    reads: planReads,
  },
  check({ design, analysis, report }) {
    const specs = design.instance?.clusters ?? [];
    if (!specs.some((c) => c.autoscaling)) return;
    const plan = capacityPlan(design, analysis);
    const multi = plan.model.routing === 'multi-cluster';
    specs.forEach((c, ci) => {
      const a = c.autoscaling;
      if (!a) return;
      const at = ['instance', 'clusters', ci, 'autoscaling'];
      if (plan.cpuNodes > 0) {
        const needed = needAt(plan.cpuNodes, a.cpuTarget);
        if (needed > a.maxNodes) {
          report({
            path: [...at, 'maxNodes'],
            messageId: 'tooFew',
            severity: plan.cpuNodes > a.maxNodes ? 'error' : 'warning',
            data: { cluster: c.id, target: a.cpuTarget, needed, max: a.maxNodes },
            ...(needed <= MAX_NODES ? { fix: `Set maxNodes to ${needed}` } : {}),
          });
        }
      }
      const recommended = Math.round(CPU_TARGET.multiCluster * 100);
      if (multi && a.cpuTarget > recommended) {
        report({ path: [...at, 'cpuTarget'], messageId: 'targetHigh', data: { cluster: c.id, target: a.cpuTarget, recommended }, fix: `Set cpuTarget to ${recommended}` });
      }
    });
  },
  fix(design: Design, finding: Finding, analysis) {
    const ci = finding.path[2];
    if (typeof ci !== 'number') return null;
    const a = design.instance?.clusters?.[ci]?.autoscaling;
    if (!a) return null;
    if (finding.messageId === 'targetHigh') return setAutoscaling(design, ci, { cpuTarget: Math.round(CPU_TARGET.multiCluster * 100) });
    const needed = needAt(capacityPlan(design, analysis).cpuNodes, a.cpuTarget);
    return needed <= MAX_NODES && needed > a.maxNodes ? setAutoscaling(design, ci, { maxNodes: needed }) : null;
  },
});
