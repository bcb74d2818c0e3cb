// The Capacity panel's two plans (the design's storage type and the other one, SSD first) at the
// user's prices, kept apart from the panel so the bench measures what the panel computes.
import { capacityPlan, type PlanDetail, type Prices } from '../../core/capacity/plan';
import type { Design } from '../../core/model/schema';
import type { DesignAnalysis } from '../../core/rules/analysis';

export function capacityPlans(design: Design, analysis: DesignAnalysis, prices?: Prices): [PlanDetail, PlanDetail] {
  const own = capacityPlan(design, analysis, { prices });
  const other = capacityPlan(design, analysis, { prices, storage: own.cluster.storage === 'ssd' ? 'hdd' : 'ssd' });
  return own.cluster.storage === 'ssd' ? [own, other] : [other, own];
}
