// The capacity plan on the capacity cases (test-support/capacity-designs.ts): the JSON shape, the figures, and agreement with the
// capacity rules (one model: lint's verdict and the plan's cannot disagree).
import { describe, expect, it } from 'vitest';
import { analyze } from '../analysis/design';
import { lint } from '../rules/lint';
import { parseCase } from '../rules/tester';
import { eventsDesign } from '../../test-support/capacity-designs';
import { planCapacity, DEFAULT_PRICES, capacityPlanJson } from './capacity-plan';

const planOf = (yaml: string, opts = {}) => {
  const d = parseCase(yaml);
  return planCapacity(d, analyze(d), opts);
};

const numbersAreSane = (v: unknown, at = 'plan'): void => {
  if (typeof v === 'number') expect(Number.isFinite(v) && v >= 0, `${at} = ${v}`).toBe(true);
  else if (Array.isArray(v)) v.forEach((x, i) => numbersAreSane(x, `${at}[${i}]`));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) numbersAreSane(x, `${at}.${k}`);
  else expect(v, at).not.toBeUndefined();
};

describe('capacity plan', () => {
  it('has exactly the documented JSON shape', () => {
    const json = capacityPlanJson(planOf(eventsDesign(20_000, 3)));
    expect(Object.keys(json)).toEqual([
      'cluster',
      'tables',
      'nodesNeeded',
      'utilization',
      'monthlyCost',
      'overLimit',
      'storageCovers',
      'clusters',
      'assumptions',
    ]);
    expect(json.overLimit).toBeNull();
    expect(Object.keys(json.clusters[0]!)).toEqual([
      'id',
      'declared',
      'nodes',
      'autoscaling',
      'routing',
      'cpuTarget',
      'cpuNodes',
      'nodesNeeded',
      'settlesAt',
      'utilization',
    ]);
    expect(json.cluster).toEqual({ nodes: 3, storage: 'ssd' });
    expect(Object.keys(json.tables[0]!)).toEqual([
      'table',
      'writeRowsPerSecond',
      'averageWriteRowsPerSecond',
      'readRowsPerSecond',
      'scanBytesPerSecond',
      'storedBytes',
      'storedBytesGrowthPerMonth',
      'storage',
      'cpuNodes',
    ]);
    expect(Object.keys(json.nodesNeeded)).toEqual(['cpu', 'storage', 'recommended']);
    expect(Object.keys(json.monthlyCost.prices)).toEqual(['currency', 'nodeHour', 'ssdGbMonth', 'hddGbMonth', 'source', 'asOf']);
    expect(json.monthlyCost.prices.source).toMatch(/Bigtable pricing \(https:\/\/cloud\.google\.com\/bigtable\/pricing\)/);
    numbersAreSane(JSON.parse(JSON.stringify(json)));
  });

  it('300,000 writes/s on 3 SSD nodes: 21.4 nodes of load, 31 recommended, 714% CPU', () => {
    const p = planOf(eventsDesign(300_000, 3));
    expect(p.cpuNodes).toBeCloseTo(300_000 / 14_000, 5);
    expect(p.nodesNeeded.cpu).toBe(31);
    expect(p.utilization.cpu).toBeCloseTo(7.1429, 3);
    // 31 nodes x 730 hours x 0.65
    expect(p.monthlyCost.nodes).toBeCloseTo(31 * 730 * DEFAULT_PRICES.nodeHour, 2);
  });

  it("storage is priced while a count of the design's own node figures holds it, past 16 PiB too", () => {
    // 12 months of 3,000,000 writes/s that nothing deletes: about 20 PiB.
    const forever = eventsDesign(3_000_000, 100).replace('        gc: {maxAge: 7d}\n', '');
    const own = planOf(
      forever.replace('cluster: {nodes: 100, storage: ssd}', 'cluster: {nodes: 100, storage: ssd, nodeCapacity: {storageBytes: 100000000000000}}'),
    );
    expect(own.nodesNeeded.storage).toBe(336);
    expect(own.monthlyCost.storage).toBeGreaterThan(0);
    expect(own.monthlyCost.total).toBe(Math.round((own.monthlyCost.nodes! + own.monthlyCost.storage!) * 100) / 100);
    // On Google's SSD figures the same bytes need over 1,000 nodes: no cluster holds them, no price.
    const google = planOf(forever);
    expect(google.nodesNeeded.storage).toBeNull();
    expect(google.monthlyCost.storage).toBeNull();
  });

  it('two tables at 50,000 writes/s each share the cluster: summed', () => {
    const one = planOf(eventsDesign(50_000, 3));
    const two = planOf(eventsDesign(50_000, 3, 'ssd', '', 2));
    expect(two.cpuNodes).toBeCloseTo(2 * one.cpuNodes, 9);
    expect(two.nodesNeeded.cpu).toBe(11);
  });

  it('40,000 point reads/s on 4 HDD nodes: 80 nodes of reads; on SSD 2.4', () => {
    const q = '    queries:\n      - {name: one, match: {device: eq, ts: eq}, perSecond: 40000}\n';
    const hdd = planOf(eventsDesign(0, 4, 'hdd', q));
    expect(hdd.load.reads).toBeCloseTo(80, 5);
    const ssd = planOf(eventsDesign(0, 4, 'hdd', q), { storage: 'ssd' });
    expect(ssd.load.reads).toBeCloseTo(40_000 / 17_000, 5);
  });

  it('one budget per node: 7,000 writes/s on SSD leaves half the reads; 8,500 point reads more fill the node', () => {
    const q = (n: number) => `    queries:\n      - {name: one, match: {device: eq, ts: eq}, perSecond: ${n}}\n`;
    const writes = planOf(eventsDesign(7_000, 1));
    expect(writes.load.writes).toBeCloseTo(0.5, 9);
    const both = planOf(eventsDesign(7_000, 1, 'ssd', q(8_500)));
    expect(both.load.reads).toBeCloseTo(0.5, 9);
    expect(both.cpuNodes).toBeCloseTo(1, 9);
    expect(both.cpuState).toBe('target');
    const over = planOf(eventsDesign(7_000, 1, 'ssd', q(9_000)));
    expect(over.cpuState).toBe('over');
    expect(lint(parseCase(eventsDesign(7_000, 1, 'ssd', q(9_000)))).findings.find((f) => f.rule === 'cluster-capacity')?.messageId).toBe('over');
  });

  it('rows above 1 KB cost proportionally more; prices can be replaced', () => {
    const big = planOf(eventsDesign(14_000, 3).replace('valueBytes: 200', 'valueBytes: 4000'));
    expect(big.load.writes).toBeGreaterThan(3.9);
    const p = planOf(eventsDesign(14_000, 3), { prices: { nodeHour: 1 } });
    expect(p.monthlyCost.prices.nodeHour).toBe(1);
    expect(p.monthlyCost.nodes).toBe(p.nodesNeeded.recommended! * 730);
  });

  it('says what it does not know instead of inventing it', () => {
    const p = planOf(eventsDesign(0, 3).replace('    load: {writesPerSecond: 0, retention: 7d}\n', ''));
    expect(p.tables[0]).toMatchObject({ writeRowsPerSecond: null, storedBytes: null, storage: 'unknown' });
    expect(p.assumptions.join('\n')).toMatch(/events: no write load declared/);
    numbersAreSane(JSON.parse(JSON.stringify(capacityPlanJson(p))));
  });

  it('agrees with lint: cluster-capacity reports exactly when the plan needs more nodes', () => {
    for (const wps of [5_000, 20_000, 29_400, 29_500, 42_000, 42_100, 300_000]) {
      const d = parseCase(eventsDesign(wps, 3));
      const p = planCapacity(d, analyze(d));
      const f = lint(d).findings.find((x) => x.rule === 'cluster-capacity');
      expect(f?.messageId ?? 'ok', `${wps} writes/s`).toBe(p.cpuState);
      // 29,400 writes/s is exactly 70% of 3 nodes: at the target, not above it.
      const expected = wps <= 29_400 ? 'ok' : wps <= 42_000 ? 'target' : 'over';
      expect(p.cpuState, `${wps} writes/s`).toBe(expected);
      if (f) expect(f.message).toContain(`the design needs ${p.nodesNeeded.recommended} nodes`);
      if (f) expect(f.fix).toBe(`Set cluster.nodes to ${p.nodesNeeded.recommended}`);
    }
  });
});
