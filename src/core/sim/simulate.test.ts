// The simulator's model and API: determinism, slices, pre-splits, throttling, the heatmap.
import { describe, expect, it } from 'vitest';
import type { Table } from '../model/schema';
import { createSimulation, simulate, SimulationCancelled, type RunOptions, type SimResult } from './index';
import { device, leadingTimestamp, table, ts } from '../../test-support/sim-tables';

const uniformPrefix = table('{user}#{ts}', { user: { type: 'string', cardinality: 1_000_000, length: 10 }, ts });
const hotDevice = table('{device}#{ts}', { device: { ...device, distribution: 'hot', share: 0.5 }, ts });

const run = (t: Table, opts: RunOptions = {}): SimResult => simulate(t, { seconds: 300, ...opts });

describe('simulate: the model', () => {
  it('gives identical results for the same seed, and other keys for another seed', () => {
    const a = run(hotDevice, { nodes: 3, seed: 7 });
    const b = run(hotDevice, { nodes: 3, seed: 7 });
    expect(b.heatmap.values).toEqual(a.heatmap.values);
    expect(b.heatmap.bucketLabels).toEqual(a.heatmap.bucketLabels);
    expect([b.writes, b.throttled, b.splits, b.moves, b.tablets, b.hotspotScore, b.pattern]).toEqual([
      a.writes,
      a.throttled,
      a.splits,
      a.moves,
      a.tablets,
      a.hotspotScore,
      a.pattern,
    ]);
    expect(b.nodeShare).toEqual(a.nodeShare);
    expect(b.series.nodeWrites).toEqual(a.series.nodeWrites);
    const c = run(hotDevice, { nodes: 3, seed: 8 });
    expect(c.heatmap.bucketLabels).not.toEqual(a.heatmap.bucketLabels);
  });

  it('gives the same result whatever the slice size', () => {
    const whole = run(leadingTimestamp, { nodes: 3, seconds: 120 });
    const sim = createSimulation(leadingTimestamp, { nodes: 3, seconds: 120 });
    while (!sim.step(7));
    const sliced = sim.result();
    expect(sliced.heatmap.values).toEqual(whole.heatmap.values);
    expect(sliced.series.tablets).toEqual(whole.series.tablets);
    expect(sliced.events).toEqual(whole.events);
  });

  it('keeps pre-split boundaries: the table starts as one tablet per split range, spread over the nodes', () => {
    const t = table('{user}#{ts}', { user: { type: 'string', cardinality: 1_000_000, length: 10 }, ts }, { splits: ['n', 'g', 't', 'g'] });
    const sim = createSimulation(t, { nodes: 3, seconds: 60 });
    sim.step(1);
    const first = sim.result();
    expect(first.tablets).toBe(4); // '', g, n, t: the duplicate counts once
    expect(first.tabletRanges.map((x) => [x.label, x.node])).toEqual([
      ['', 0],
      ['g', 1],
      ['n', 2],
      ['t', 0],
    ]);
    while (!sim.step(50));
    const r = sim.result();
    expect(r.tablets).toBe(4 + r.splits);
    const starts = r.tabletRanges.map((x) => x.label);
    for (const k of ['g', 'n', 't']) expect(starts).toContain(k);
    expect(r.pattern).toBe('even');
  });

  it('never splits a single hot row', () => {
    const oneRow = table('row#{x}', { x: { type: 'string', values: ['only'] } }, { load: { writesPerSecond: 50_000 } });
    const r = run(oneRow, { nodes: 3 });
    expect(r.splits).toBe(0);
    expect(r.tablets).toBe(1);
    expect(r.pattern).toBe('hot-key');
    expect(r.hotspotScore).toBeCloseTo(3, 5);
    // 50,000 writes/s on a node that takes about 23,000: the rest is throttled.
    expect(r.throttled / r.writes).toBeGreaterThan(0.4);
    expect(r.maxSustainableWritesPerSecond).toBeCloseTo(r.params.nodeCapacity, 0);
  });

  it('counts every write: writes = rate x seconds, split between nodes', () => {
    const r = run(uniformPrefix, { nodes: 3, seconds: 100, writesPerSecond: 12_345 });
    expect(r.writes).toBeCloseTo(12_345 * 100, -1);
    const perNode = r.series.nodeWrites.reduce((a, b) => a + b, 0);
    expect(perNode).toBeCloseTo(r.writes, -1);
    expect(r.heatmap.values.reduce((a, b) => a + b, 0)).toBeCloseTo(r.writes, -3);
    expect(r.nodeShare.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('generates every write when the budget allows, and samples otherwise', () => {
    const exact = run(uniformPrefix, { nodes: 3, seconds: 60, writesPerSecond: 100 });
    expect(exact.writesPerSample).toBe(1);
    expect(exact.sampledKeys).toBe(6000);
    const sampled = run(uniformPrefix, { nodes: 3, seconds: 60, writesPerSecond: 100_000, samples: 5000 });
    expect(sampled.sampledKeys).toBe(5000);
    expect(sampled.writesPerSample).toBeCloseTo(1200, 6);
  });

  it('throttles writes beyond a node capacity, scaled by row size', () => {
    const big = table('{ts}#{device}', { ts, device }, { families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 10_000 }] }] });
    const r = run(big, { nodes: 3, writesPerSecond: 5000 });
    expect(r.params.nodeCapacity).toBeLessThan(3000);
    expect(r.throttled / r.writes).toBeGreaterThan(0.4);
    const hdd = run(big, { nodes: 3, storage: 'hdd', seconds: 30 });
    expect(hdd.params.nodeCapacity).toBeCloseTo((r.params.nodeCapacity * 10) / 14, 3);
  });

  it('builds heatmap buckets of about equal rows, in key order, labelled by their first key', () => {
    const r = run(uniformPrefix, { nodes: 3, seconds: 60, maxBuckets: 50, maxSlots: 20 });
    const h = r.heatmap;
    expect([h.slots, h.buckets, h.values.length]).toEqual([20, 50, 1000]);
    for (let b = 1; b < h.buckets; b++) expect(Buffer.compare(h.bucketStarts[b - 1]!, h.bucketStarts[b]!)).toBeLessThan(0);
    expect(Math.max(...h.bucketRows) - Math.min(...h.bucketRows)).toBeLessThanOrEqual(1);
    expect(h.bucketLabels[3]).toBe(Buffer.from(h.bucketStarts[3]!).toString());
  });

  it('has fewer buckets than rows when few rows exist', () => {
    const r = run(table('{d}', { d: { type: 'string', values: ['a', 'b', 'c', 'd'] } }), { nodes: 3, seconds: 30 });
    expect(r.heatmap.buckets).toBe(4);
    expect(r.heatmap.bucketLabels).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports progress and stops when cancelled', () => {
    const seen: number[] = [];
    run(uniformPrefix, { nodes: 3, seconds: 60, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    const flag = { aborted: false };
    expect(() =>
      simulate(uniformPrefix, {
        nodes: 3,
        seconds: 60,
        signal: flag,
        onProgress: (p) => {
          if (p > 0.3) flag.aborted = true;
        },
      }),
    ).toThrow(SimulationCancelled);
  });

  it('gives a partial result mid-run and a quiet one without writes', () => {
    const sim = createSimulation(leadingTimestamp, { nodes: 3, seconds: 100 });
    sim.step(10);
    const partial = sim.result();
    expect(partial.complete).toBe(false);
    expect(sim.progress).toBeGreaterThan(0);
    expect(partial.writes).toBeGreaterThan(0);
    const none = run(uniformPrefix, { nodes: 3, writesPerSecond: 0, seconds: 30 });
    expect([none.writes, none.throttled, none.hotspotScore, none.pattern]).toEqual([0, 0, 1, 'even']);
    expect(none.maxSustainableWritesPerSecond).toBeCloseTo(3 * none.params.nodeCapacity, 6);
  });
});
