// The Capacity panel's two plans (the design's storage type and the other one, SSD first) at the
// user's prices, computed once per lint result: at the list prices the design's own plan is the
// very plan the capacity rules read (planCapacity's cache), so panel and findings share it.
import { planCapacity, DEFAULT_PRICES, type CapacityPlanDetail, type Prices } from '../../core/capacity/capacity-plan';
import type { Design } from '../../core/model/schema';
import type { DesignAnalysis } from '../../core/analysis/design';

type Plans = [CapacityPlanDetail, CapacityPlanDetail];
const cache = new WeakMap<DesignAnalysis, { design: Design; prices: Prices | undefined; plans: Plans }>();

const listPrices = (p: Prices | undefined) => !p || (Object.keys(DEFAULT_PRICES) as (keyof Prices)[]).every((k) => p[k] === DEFAULT_PRICES[k]);

export function capacityPlans(design: Design, analysis: DesignAnalysis, prices?: Prices): Plans {
  const hit = cache.get(analysis);
  if (hit && hit.design === design && hit.prices === prices) return hit.plans;
  const own = listPrices(prices) ? planCapacity(design, analysis) : planCapacity(design, analysis, { prices });
  const other = planCapacity(design, analysis, { ...(prices ? { prices } : {}), storage: own.cluster.storage === 'ssd' ? 'hdd' : 'ssd' });
  const plans: Plans = own.cluster.storage === 'ssd' ? [own, other] : [other, own];
  cache.set(analysis, { design, prices, plans });
  return plans;
}
