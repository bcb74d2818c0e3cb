// The design as one system: a query served by another table is planned there, figures never
// pass the format's 1,000 nodes, and every cluster gets one recommended count.
import { describe, expect, it } from 'vitest';
import { adClicksYaml } from '../../test-support/ad-clicks';
import { parseCase } from '../rules/tester';
import { analyze } from '../analysis/design';
import { lint } from '../rules/lint';
import { planCapacity, MAX_CLUSTER_NODES, capacityPlanJson } from './capacity-plan';
import { recommendedText } from './wording';

const planOf = (yaml: string) => {
  const d = parseCase(yaml);
  const a = analyze(d);
  return { d, a, plan: planCapacity(d, a) };
};

/** Every number in a JSON value: no count or cost from over the limit. */
function numbers(v: unknown, at = ''): [string, number][] {
  if (typeof v === 'number') return [[at, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => numbers(x, `${at}[${i}]`));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => numbers(x, `${at}.${k}`));
  return [];
}

describe('the ad-click design', () => {
  it('plans "one click by id" on clicks_by_id as a point read', () => {
    const { a } = planOf(adClicksYaml());
    const clicks = a.tables.find((t) => t.table.name === 'clicks')!;
    const plan = clicks.plans.find((p) => p.query === 'one click by id')!;
    expect(plan.kind).toBe('point');
    expect(plan.servedBy).toEqual({ name: 'clicks_by_id', kind: 'table' });
  });

  it('counts the served reads on the serving table, and no figure passes the limit', () => {
    const { plan } = planOf(adClicksYaml());
    const q = plan.workload.tables.find((t) => t.table === 'clicks')!.queries.find((x) => x.query === 'one click by id')!;
    expect(q.servedOn).toBe('clicks_by_id');
    expect(q.rowsPerRequest).toBe(1);
    expect(plan.overLimit).toBeNull();
    for (const c of plan.clusterPlans) expect(c.need.recommended).toBeLessThanOrEqual(MAX_CLUSTER_NODES);
    const json = capacityPlanJson(plan);
    expect(json.monthlyCost.total).not.toBeNull();
    expect(json.monthlyCost.total!).toBeLessThan(1e6);
  });

  it("writtenWith: the index table takes the base table's writes", () => {
    const { plan } = planOf(adClicksYaml());
    const idx = plan.workload.tables.find((t) => t.table === 'clicks_by_id')!;
    expect(idx.writeRowsPerSecond).toBe(120_000);
    expect(idx.averageWriteRowsPerSecond).toBe(40_000);
  });

  it('a materialized view is written with its source and its rows are stored', () => {
    const { plan } = planOf(adClicksYaml());
    const view = plan.workload.tables.find((t) => t.table === 'clicks_per_campaign')!;
    expect(view.view).toBe('clicks');
    expect(view.writeRowsPerSecond).toBe(120_000);
    expect(plan.tables.map((t) => t.table)).toContain('clicks_per_campaign');
  });

  it('without servedBy, the full scan is bounded: "over 1,000 nodes", the query named, no count or cost', () => {
    const { d, plan } = planOf(adClicksYaml({ served: false }));
    expect(plan.overLimit).toMatch(/^over 1,000 nodes, mostly for query "one click by id" on clicks \(a full table scan\)$/);
    const json = capacityPlanJson(plan);
    expect(json.nodesNeeded.recommended).toBeNull();
    expect(json.monthlyCost.nodes).toBeNull();
    expect(json.monthlyCost.total).toBeNull();
    for (const [at, n] of numbers(json))
      if (/nodes|cpu|recommended|storage$/i.test(at) && !/prices|Bytes|monthlyCost/.test(at)) expect(n, at).toBeLessThanOrEqual(MAX_CLUSTER_NODES);
    expect(recommendedText(plan)).toBe('over 1,000 nodes in each of 2 clusters');
    // lint proposes the index table that serves it, and says what the application must do.
    const f = lint(d).findings.find((x) => x.rule === 'query-full-scan' && x.message.includes('one click by id'))!;
    expect(f.detail ?? f.message).toMatch(/Table clicks_by_id serves it as a point read: declare servedBy: clicks_by_id/);
    expect(f.fix).toMatch(/^Serve "one click by id" from clicks_by_id \(point read\)/);
    for (const x of lint(d).findings) expect(x.message, x.rule).not.toMatch(/\d{5,}/);
  });

  it('both autoscaled clusters get the same one count, planned at maxNodes', () => {
    const { plan } = planOf(adClicksYaml());
    const [a, b] = plan.clusterPlans;
    expect(a!.nodes).toBe(80);
    expect(a!.need.recommended).toBe(b!.need.recommended);
    expect(a!.settlesAt).toBeGreaterThanOrEqual(10);
    expect(a!.settlesAt).toBeLessThanOrEqual(80);
    expect(a!.routing).toBe('multi-cluster');
    expect(a!.cpuTarget).toBe(0.35);
  });
});
