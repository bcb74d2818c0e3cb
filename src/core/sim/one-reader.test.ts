// The simulator reads the design's facts through the analysis and the capacity plan, as every
// other surface does: a table written with another runs at that table's rate, and the run's CPU
// target is the one the plan gives the cluster it simulates (an autoscaled cluster's own target
// when it is below the recommended one).
import { describe, expect, it } from 'vitest';
import { analyze } from '../analysis/design';
import { planCapacity } from '../capacity/capacity-plan';
import { loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { adClicksYaml } from '../../test-support/ad-clicks';
import { optionsFor } from './simulate';

function load(text: string): Design {
  const r = loadDesign(text, 'test.yaml');
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.design;
}

describe('the simulator reads the one model', () => {
  it("runs an index table written with its base table at the base table's declared peak", () => {
    const d = load(adClicksYaml());
    const index = d.tables.find((t) => t.name === 'clicks_by_id')!;
    expect(index.writtenWith).toBe('clicks');
    expect(index.load?.writesPerSecond).toBeUndefined();
    expect(optionsFor(d, {}, index).writesPerSecond).toBe(120000);
    // An explicit rate still wins.
    expect(optionsFor(d, { writesPerSecond: 5 }, index).writesPerSecond).toBe(5);
  });

  it('takes the CPU target the plan gives the simulated cluster, not one target for the design', () => {
    const d = load(adClicksYaml());
    const plan = planCapacity(d, analyze(d));
    const opts = optionsFor(d, {}, d.tables[0]);
    const simulated = plan.clusterPlans.filter((c) => c.nodes === opts.nodes);
    expect(simulated.length).toBeGreaterThan(0);
    expect(opts.cpuTarget).toBe(Math.min(...simulated.map((c) => c.cpuTarget)));

    // An autoscaled cluster whose own target (30%) is below the recommended one (35% with multi-cluster routing).
    const low = load(adClicksYaml().replaceAll('cpuTarget: 60', 'cpuTarget: 30'));
    expect(optionsFor(low, {}, low.tables[0]).cpuTarget).toBeCloseTo(0.3, 10);
    expect(planCapacity(low, analyze(low)).clusterPlans.every((c) => Math.abs(c.cpuTarget - 0.3) < 1e-9)).toBe(true);
  });
});
