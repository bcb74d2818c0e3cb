// The hotspotting behaviour Schema design best practices describes (row keys that start with a
// timestamp or a sequential id, and salting), pinned on clusters of three or more nodes.
import { describe, expect, it } from 'vitest';
import type { Table } from '../model/schema';
import { simulate, type RunOptions, type SimResult } from './index';
import { device, leadingTimestamp, table, ts } from '../../test-support/sim-tables';

const sequentialId = table('{id}#{device}', { id: { type: 'int', distribution: 'sequential', cardinality: 1e12, pad: 12 }, device });
const salted = (buckets: number) => table('{salt}#{ts}#{device}', { salt: { type: 'hash', buckets }, ts, device });
const uniformPrefix = table('{user}#{ts}', { user: { type: 'string', cardinality: 1_000_000, length: 10 }, ts });
const hotDevice = table('{device}#{ts}', { device: { ...device, distribution: 'hot', share: 0.5 }, ts });

const run = (t: Table, opts: RunOptions = {}): SimResult => simulate(t, { seconds: 300, ...opts });

describe('simulate: hotspots and salting as Schema design best practices describes them, on 3 or more nodes', () => {
  for (const nodes of [3, 5]) {
    it(`a leading timestamp puts every write on one node and is named sequential (${nodes} nodes)`, () => {
      const r = run(leadingTimestamp, { nodes });
      expect(r.hotspotScore).toBeGreaterThanOrEqual(0.8 * nodes);
      expect(r.pattern).toBe('sequential');
      expect(r.maxSustainableWritesPerSecond).toBeLessThanOrEqual(r.params.nodeCapacity * 1.01);
    });
  }

  it('a sequential id first is sequential too, and a reversed timestamp first as well', () => {
    const a = run(sequentialId, { nodes: 4 });
    expect(a.hotspotScore).toBeGreaterThanOrEqual(0.8 * 4);
    expect(a.pattern).toBe('sequential');
    const b = run(table('{ts}#{device}', { ts: { type: 'timestamp', reversed: true }, device }), { nodes: 3 });
    expect(b.hotspotScore).toBeGreaterThanOrEqual(0.8 * 3);
    expect(b.pattern).toBe('sequential');
  });

  for (const [nodes, buckets] of [
    [3, 3],
    [3, 4],
    [3, 8],
    [5, 8],
  ] as const) {
    it(`a salt with ${buckets} buckets in front of the timestamp spreads it over ${nodes} nodes: even`, () => {
      const r = run(salted(buckets), { nodes });
      expect(r.hotspotScore).toBeLessThanOrEqual(1.5);
      expect(r.pattern).toBe('even');
      // Each bucket's newest range is one hot tablet: the best packing puts ceil(buckets / nodes) on a node.
      const best = buckets / Math.ceil(buckets / nodes);
      expect(r.maxSustainableWritesPerSecond).toBeGreaterThan(r.params.nodeCapacity * best * 0.9);
    });
  }

  it('a salt with fewer buckets than nodes leaves the newest ranges hot', () => {
    const r = run(salted(2), { nodes: 4 });
    expect(r.hotspotScore).toBeGreaterThan(1.8);
    expect(r.pattern).toBe('sequential');
  });

  it('a high-cardinality uniform prefix spreads writes evenly', () => {
    const r = run(uniformPrefix, { nodes: 4 });
    expect(r.hotspotScore).toBeLessThanOrEqual(1.5);
    expect(r.pattern).toBe('even');
    expect(r.throttled).toBe(0);
  });

  it('one device taking half the writes behind a device prefix is a hot key or a hot range', () => {
    const r = run(hotDevice, { nodes: 3 });
    expect(['hot-key', 'hot-range']).toContain(r.pattern);
    expect(r.hotspotScore).toBeGreaterThanOrEqual(1.3);
    expect(Math.max(...r.nodeShare)).toBeGreaterThanOrEqual(0.45);
  });

  it('one hot row among many is a hot key', () => {
    const r = run(table('{device}', { device: { ...device, distribution: 'hot', share: 0.6 } }), { nodes: 4 });
    expect(r.pattern).toBe('hot-key');
    expect(r.evidence.topRowShare).toBeGreaterThan(0.55);
  });
});
