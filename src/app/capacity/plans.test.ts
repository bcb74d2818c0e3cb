import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planCapacity, DEFAULT_PRICES } from '../../core/capacity/capacity-plan';
import { loadDesign } from '../../core/load/load-design';
import { lint } from '../../core/rules/lint';
import { capacityPlans } from './plans';

const loaded = loadDesign(readFileSync(new URL('../../../examples/iot-multitenant.yaml', import.meta.url), 'utf8'));
if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
const design = loaded.design;

describe("the Capacity panel's plans", () => {
  it('at the list prices, shows the very plan the capacity rules read, SSD first', () => {
    const { analysis } = lint(design);
    const [ssd, hdd] = capacityPlans(design, analysis, { ...DEFAULT_PRICES });
    expect(ssd).toBe(planCapacity(design, analysis));
    expect([ssd.model.storage, hdd.model.storage]).toEqual(['ssd', 'hdd']);
    expect(capacityPlans(design, analysis, undefined)[0]).toBe(ssd);
  });

  it('at other prices, costs the same nodes at those prices, computed once per lint', () => {
    const { analysis } = lint(design);
    const prices = { ...DEFAULT_PRICES, nodeHour: 1 };
    const plans = capacityPlans(design, analysis, prices);
    expect(capacityPlans(design, analysis, prices)).toBe(plans);
    const list = planCapacity(design, analysis);
    expect(plans[0].nodesNeeded).toEqual(list.nodesNeeded);
    expect(plans[0].monthlyCost.nodes).toBeCloseTo((list.monthlyCost.nodes! / DEFAULT_PRICES.nodeHour) * 1, 1);
  });
});
