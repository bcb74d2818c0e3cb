// The simulator on the hotspot cases (test-support/hotspot-designs.ts): the verdict, the pattern and the hottest range, pinned, and the
// lint findings on the same designs agreeing with them (both read capacity/hotspot.ts).
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { lint } from '../rules/lint';
import { exampleDesigns } from '../../test-support/examples';
import { citiesDesign, dayAccountsDesign, quotesDesign } from '../../test-support/hotspot-designs';
import { optionsFor, simulate, type SimOptions, type SimResult } from './index';
import { analyze } from '../analysis/design';
import { NODE_FIGURES } from '../analysis/cluster';
import { planCapacity, tableLoad } from '../capacity/capacity-plan';
import { tableWorkload } from '../capacity/workload';
import { formatPercent } from '../units';
import { adClicksYaml } from '../../test-support/ad-clicks';

function parse(yaml: string): Design {
  const r = loadDesign(yaml, 'case.yaml');
  if (!r.ok) throw new Error('invalid test design');
  return r.design;
}

const run = (design: Design, overrides: SimOptions = {}): SimResult => simulate(design.tables[0]!, optionsFor(design, overrides, design.tables[0]!));
const example = (file: string) => exampleDesigns().find((e) => e.file === file)!.design;
const throttledShare = (r: SimResult) => r.throttled / r.writes;

describe('verdicts on the hotspot cases', () => {
  it('web-pages at 8,000 writes/s of 40 KB rows on 5 nodes throttles: over-capacity, never even or ok', () => {
    const r = run(example('web-pages.yaml'), { nodes: 5, writesPerSecond: 8000 });
    expect(throttledShare(r)).toBeGreaterThan(0.3);
    expect(r.verdict).toBe('over-capacity');
    expect(r.pattern).toBe('saturated');
    expect(r.verdictReason).toMatch(/throttled with writes spread over every node: 8,000 writes\/s.* need about \d+ nodes/);
    // Nodes for 40 KB writes: 14,000 / (bytes / 1 KB), never the old optimistic figure.
    expect(r.params.nodeCapacity).toBeCloseTo(14_000 / (r.params.rowBytes / 1024), 6);
  });

  it('100 MB rows of random 4 KB keys at 1,000 writes/s on 3 nodes: the nodes they need are "over 1,000 nodes", as the plan says, never the number', () => {
    const huge = `format: bigtable-studio/v1
name: huge values
tables:
  - name: t
    rowKey: { template: "{k}", fields: { k: { type: bytes, length: 4096 } } }
    families: [{ name: f, columns: [{ qualifier: v, valueBytes: 104857600 }] }]
    load: { writesPerSecond: 1000 }
`;
    const r = run(parse(huge), { nodes: 3 });
    expect(r.verdict).toBe('over-capacity');
    expect(r.verdictReason).toMatch(/ need over 1,000 nodes at the recommended /);
    expect(r.verdictReason).not.toMatch(/\d{4,} nodes|\d,\d{3},\d{3} nodes/);
  });

  it("the rest of the load is the plan's on the simulated cluster: the views' writes and the reads routed there", () => {
    // ad-clicks: a base table, a table written with it, a counter table and a continuous
    // materialized view of the base table, on two autoscaled clusters.
    const design = parse(adClicksYaml());
    const table = design.tables[0]!;
    const opts = optionsFor(design, {}, table);
    const plan = planCapacity(design, analyze(design));
    const simulated = plan.clusterPlans.find((c) => c.nodes === opts.nodes)!;
    const own = tableLoad(tableWorkload(analyze(design).tables[0]!), NODE_FIGURES.ssd).writes;
    expect(opts.otherLoad).toBeCloseTo(simulated.load.total - own, 9);
    // The view's writes are in it (a run without them put the cluster at 32%, not the plan's 43%, and called it ok).
    const views = plan.workload.tables.filter((w) => w.view !== undefined).reduce((n, w) => n + tableLoad(w, NODE_FIGURES.ssd).writes, 0);
    expect(views).toBeGreaterThan(1);
    expect(opts.otherLoad!).toBeGreaterThan(views);
    const r = simulate(table, opts);
    expect(r.verdictReason).toContain(`the load needs ${formatPercent(simulated.utilization.cpu, 'tenths')} of the cluster`);
  });

  it('ad-counters at 100,000 writes/s on 8 nodes throttles: not even, not ok', () => {
    const r = run(example('ad-counters.yaml'), { nodes: 8, writesPerSecond: 100_000 });
    expect(throttledShare(r)).toBeGreaterThan(0.01);
    expect(r.verdict).toBe('over-capacity');
    expect(r.pattern).not.toBe('even');
  });

  it('{city}#{ts}#{driver}, 300 zipf cities at 50,000 writes/s on 3 nodes: sequential-in-prefix, hotspot', () => {
    const r = run(parse(citiesDesign));
    expect(r.pattern).toBe('sequential-in-prefix');
    expect(r.verdict).toBe('hotspot');
    // The model's busiest edge is the top city's newest rows: 1 / H(300, 1.1) of the writes.
    expect(r.unsplittable.hottest).toMatchObject({ kind: 'edge', prefix: ['city'], stop: 'ts', ranges: 300 });
    expect(r.unsplittable.hottest.share).toBeGreaterThan(0.18);
    expect(r.unsplittable.hottest.share).toBeLessThan(0.23);
    expect(r.unsplittable.nodeFraction!).toBeGreaterThan(0.5);
    // The run measures the same piece: the hottest tablet unit and the hottest range at the end.
    expect(Math.abs(r.evidence.hottestTabletShare - r.unsplittable.hottest.share)).toBeLessThan(0.05);
    expect(r.hottestRange!.share).toBeGreaterThan(0.1);
    expect(r.hottestRange!.nodeFraction).toBeCloseTo(r.hottestRange!.writesPerSecond / r.params.nodeCapacity, 6);
    expect(r.verdictReason).toMatch(/newest ts of each city takes 2\d\.\d% of writes/);
  });

  it('the stock-symbol row at 15% of 250,000 writes/s: hot-key, hotspot; lint says hot-row and never salt', () => {
    const design = parse(quotesDesign);
    const r = run(design);
    expect(r.pattern).toBe('hot-key');
    expect(r.verdict).toBe('hotspot');
    expect(r.unsplittable.hottest).toMatchObject({ kind: 'row', prefix: ['exchange', 'symbol'] });
    expect(r.unsplittable.hottest.share).toBeCloseTo(0.15, 6);
    expect(r.unsplittable.nodeFraction!).toBeCloseTo(37_500 / 14_000, 3);
    const findings = lint(design).findings;
    expect(findings.filter((f) => f.rule === 'hot-row').map((f) => f.severity)).toEqual(['error']);
    expect(findings.map((f) => f.rule)).not.toContain('low-cardinality-prefix');
    for (const f of findings) expect(f.message).not.toMatch(/salt/i);
  });

  it('a day bucket before 5 million accounts: lint and simulator agree (spread within the day, the new day at risk)', () => {
    const busy = parse(dayAccountsDesign(20_000));
    const r = run(busy);
    expect(r.verdict).toBe('at-risk');
    expect(r.verdictReason).toMatch(/each new day starts in one tablet/);
    expect(throttledShare(r)).toBeLessThan(0.01);
    const lintBusy = lint(busy).findings.filter((f) => f.rule === 'timestamp-leading');
    expect(lintBusy.map((f) => [f.messageId, f.severity])).toEqual([['bucket', 'warning']]);
    expect(lint(busy).findings.filter((f) => f.severity === 'error')).toEqual([]);

    const light = parse(dayAccountsDesign(3000));
    expect(run(light).verdict).toBe('ok');
    expect(
      lint(light)
        .findings.filter((f) => f.rule === 'timestamp-leading')
        .map((f) => f.severity),
    ).toEqual(['info']);
  });

  it('a leading millisecond timestamp is never ok, even at a light load', () => {
    const design = parse(
      dayAccountsDesign(1000).replace('{day}#{account}', '{ts}#{account}').replace('day: {type: timestamp, bucket: day, format: iso}', 'ts: {type: timestamp}'),
    );
    const r = run(design);
    expect(r.verdict).toBe('at-risk');
    expect(r.pattern).toBe('sequential');
    expect(lint(design).findings.find((f) => f.rule === 'timestamp-leading')?.severity).toBe('error');
  });
});
