import { describe, expect, it } from 'vitest';
import type { SimResult } from '../../core/sim';
import { cellInfo, cellLines, formatTime } from './cells';
import { concentration, heatmapSummary, hottestRange, PATTERNS } from './describe';
import { HOTSPOT_RULES, isHotspotRule, simulationHref, simulationLinkFor } from './link';

/** A 4-slot x 5-bucket result with writes only where `hot` says. */
function fakeResult(hot: (slot: number, bucket: number) => number): SimResult {
  const slots = 4;
  const buckets = 5;
  const values = new Float32Array(slots * buckets);
  const nodes = new Uint16Array(slots * buckets).fill(0xffff);
  for (let s = 0; s < slots; s++)
    for (let b = 0; b < buckets; b++) {
      values[s * buckets + b] = hot(s, b);
      if (hot(s, b) > 0) nodes[s * buckets + b] = b % 3;
    }
  return {
    params: { nodes: 3 },
    hotspotScore: 2.9,
    pattern: 'hot-key',
    heatmap: {
      slots,
      buckets,
      slotSeconds: 10,
      values,
      nodes,
      bucketLabels: ['a', 'b', 'c', 'd', 'e'],
      bucketRows: new Uint32Array(buckets).fill(2),
      bucketStarts: [],
      max: 100,
    },
  } as unknown as SimResult;
}

describe('a cell of a decoded key', () => {
  it('reads its keys as fields, with the raw bytes beside only when they differ', () => {
    const r = fakeResult(() => 1);
    const raw = ['0#9223370269629175807', '1#9223370269629175000', 'c', 'd', 'e'];
    const readable = ['bucket 0#2026-01-01T00:00:00Z', 'bucket 1#2026-01-01T00:00:00.807Z', 'c', 'd', 'e'];
    const decoded = { ...r, heatmap: { ...r.heatmap, bucketLabels: raw, bucketReadable: readable } } as SimResult;
    const lines = cellLines(cellInfo(decoded, 0, 0));
    expect(lines.find((l) => l.label === 'Keys')?.value).toBe('bucket 0#2026-01-01T00:00:00Z to bucket 1#2026-01-01T00:00:00.807Z');
    expect(lines.find((l) => l.label === 'Bytes')?.value).toBe('0#9223370269629175807 to 1#9223370269629175000');
    expect(hottestRange(decoded)?.start).toBe('bucket 0#2026-01-01T00:00:00Z');
    const plain = cellLines(cellInfo({ ...r, heatmap: { ...r.heatmap, bucketReadable: r.heatmap.bucketLabels } } as SimResult, 2, 2));
    expect(plain.map((l) => l.label)).toEqual(['Keys', 'Time', 'Writes', 'Node']);
  });
});

describe('describing a result', () => {
  it('names the hottest key range of the second half, widened to neighbours at least half as hot', () => {
    const r = fakeResult((s, b) => (s >= 2 ? [1, 1, 100, 60, 1][b]! : 0));
    expect(hottestRange(r)).toEqual({ from: 2, to: 4, start: 'c', end: 'e', share: 160 / 163 });
  });

  it('runs the hottest range to the end of the key space at the last bucket', () => {
    const r = fakeResult((_s, b) => (b === 4 ? 10 : 0));
    expect(hottestRange(r)).toMatchObject({ start: 'e', end: null, share: 1 });
  });

  it('says in words what the canvas shows', () => {
    const r = fakeResult((_s, b) => (b === 2 ? 100 : 1));
    const text = heatmapSummary(r, 'events');
    expect(text).toContain('5 key ranges');
    expect(text).toContain('Pattern: hot key');
    expect(text).toContain('Hotspot score 2.90');
    expect(text).toContain('from c to d');
    expect(concentration(r)).toBeCloseTo(100 / 104);
  });

  it('explains every pattern', () => {
    for (const p of ['even', 'sequential', 'hot-key', 'hot-range', 'periodic'] as const) {
      expect(PATTERNS[p].meaning.length).toBeGreaterThan(40);
      expect(PATTERNS[p].advice.length).toBeGreaterThan(20);
    }
  });

  it('describes a cell: its key range, time, writes and node', () => {
    const r = fakeResult((s, b) => (s === 1 && b === 3 ? 50 : 0));
    const c = cellInfo(r, 1, 3);
    expect(c).toMatchObject({ keysFrom: 'd', keysTo: 'e', from: 10, to: 20, writes: 50, node: 1 });
    expect(cellInfo(r, 0, 4)).toMatchObject({ keysTo: null, node: null, writes: 0 });
    expect(cellLines(c).map((l) => l.value)).toEqual(['d to e', '10 s to 20 s', '50 (5/s)', 'node 1']);
    expect(formatTime(3725)).toBe('1:02:05');
  });
});

describe('links from findings to the simulation', () => {
  it('points at the design, the table and the simulate tab', () => {
    expect(simulationHref('iot-multitenant', 'readings')).toBe('#/design/iot-multitenant/readings?view=simulate');
    expect(simulationHref('my design', 'a/b')).toBe('#/design/my%20design/a%2Fb?view=simulate');
  });

  it('offers a link for hotspot findings of a table only', () => {
    expect(HOTSPOT_RULES).toEqual(['timestamp-leading', 'sequential-leading', 'low-cardinality-prefix', 'hash-only-key']);
    expect(isHotspotRule('gc-missing')).toBe(false);
    expect(simulationLinkFor('d', { rule: 'timestamp-leading', table: 'events' })).toEqual({
      href: '#/design/d/events?view=simulate',
      label: 'See it in the simulation',
    });
    expect(simulationLinkFor('d', { rule: 'timestamp-leading', table: null })).toBeNull();
    expect(simulationLinkFor('d', { rule: 'gc-missing', table: 'events' })).toBeNull();
  });
});
