// The smaller parts: the sequential rewriter, the capacity model, the quantiser, the naming.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RowKey } from '../model/schema';
import { recordStream } from '../keys/generate';
import { quantiseHeatmap } from './heatmap';
import { BUDGETS, nodeWriteCapacity, resolveParams } from './params';
import type { Table } from '../model/schema';
import { NODE_FIGURES } from '../analysis/cluster';
import { name, THRESHOLDS, type PatternEvidence } from './pattern';
import { sequentialRewriter } from './sequential';
import { simulate } from './index';

describe('sequential fields when one key stands for many writes', () => {
  const rowKey: RowKey = {
    template: '{a}#{b}#{c}#{d}#{e}',
    fields: {
      a: { type: 'int', distribution: 'sequential', min: 5, cardinality: 1000, pad: 4 },
      b: { type: 'string', distribution: 'sequential', length: 3, alphabet: 'hex', prefix: 'p', cardinality: 300 },
      c: { type: 'string', distribution: 'sequential', values: ['x', 'y', 'z'] },
      d: { type: 'int', max: 9, distribution: 'sequential' },
      e: { type: 'string', cardinality: 50 },
    },
  };

  it('gives write j the value the generator gives row j', () => {
    const rewrite = sequentialRewriter(rowKey)!;
    const stream = recordStream(rowKey, { seed: 3 });
    for (let j = 0; j < 2500; j++) {
      const { record, key } = stream.next();
      const copy = { ...record };
      rewrite(copy, j);
      expect(stream.codec.encode(copy)).toEqual(key);
    }
  });

  it('is null when no field counts up', () => {
    expect(sequentialRewriter({ template: '{a}', fields: { a: { type: 'string' } } })).toBeNull();
  });
});

describe('node capacity', () => {
  it('is 14,000 (SSD) and 10,000 (HDD) writes/s for 1 KB rows, never more for small rows, less for bigger ones', () => {
    expect(nodeWriteCapacity(NODE_FIGURES.ssd, 1024)).toBe(14_000);
    expect(nodeWriteCapacity(NODE_FIGURES.hdd, 1024)).toBe(10_000);
    expect(nodeWriteCapacity(NODE_FIGURES.ssd, 100)).toBe(14_000);
    expect(nodeWriteCapacity(NODE_FIGURES.ssd, 10 * 1024)).toBe(1400);
    expect(nodeWriteCapacity({ ...NODE_FIGURES.ssd, writesPerSecond: 20_000 }, 2048)).toBe(10_000);
  });
});

describe('quantiseHeatmap', () => {
  it('maps 0 to 0, the max to the top index and a value `decades` below it to 1, log scale between', () => {
    const q = quantiseHeatmap(new Float32Array([0, 1, 10, 100, 1000, 10000, 0.001]), { levels: 256, decades: 4 });
    expect([q[0], q[1], q[5], q[6]]).toEqual([0, 1, 255, 1]);
    // Between, within one step of the exact log scale (64.5, 128, 191.5).
    for (const [i, exact] of [
      [2, 64.5],
      [3, 128],
      [4, 191.5],
    ] as const) {
      expect(Math.abs(q[i]! - exact)).toBeLessThanOrEqual(1);
    }
    expect(Array.from(quantiseHeatmap([0, 1, 10, 100, 1000, 10000], { levels: 256, decades: 4 }))).toEqual(Array.from(q.subarray(0, 6)));
  });

  it('brightens with brightness and reuses its output buffer', () => {
    const out = new Uint8Array(3);
    const q = quantiseHeatmap([1, 10, 100], { levels: 11, decades: 2, brightness: 10, out });
    expect(q).toBe(out);
    expect(Array.from(q)).toEqual([6, 10, 10]);
    expect(Array.from(quantiseHeatmap([1, 10, 100], { levels: 11, decades: 2 }))).toEqual([1, 6, 10]);
  });

  it('stays within the palette for any values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1e12, noNaN: true }), { maxLength: 50 }), fc.integer({ min: 2, max: 256 }), (values, levels) => {
        const q = quantiseHeatmap(values, { levels });
        return values.every((v, i) => (v > 0 ? q[i]! >= 1 && q[i]! <= levels - 1 : q[i] === 0));
      }),
    );
  });
});

describe('naming the pattern', () => {
  const base: PatternEvidence = {
    hotspotScore: 1,
    hottestTabletShare: 0.05,
    busiestNodeShare: 0.34,
    noise: 0.05,
    topRowShare: 0.001,
    transientShare: 0,
    periodSeconds: null,
  };
  const named = (e: Partial<PatternEvidence>, nodes = 3) => name({ ...base, ...e }, nodes);

  it('calls spread load even, including pieces that cannot pack evenly (4 on 3 nodes)', () => {
    expect(named({})).toBe('even');
    expect(named({ hotspotScore: 1.5, busiestNodeShare: 0.5, hottestTabletShare: 0.25, transientShare: 1 })).toBe('even');
  });

  it('names a hot tablet by what it is: one row, a moving edge, a recurring sweep, else a range', () => {
    const hot = { hotspotScore: 2, busiestNodeShare: 0.66, hottestTabletShare: 0.6 };
    expect(named({ ...hot, topRowShare: 0.55 })).toBe('hot-key');
    expect(named({ ...hot, transientShare: 0.95 })).toBe('sequential');
    expect(named({ ...hot, periodSeconds: 60 })).toBe('periodic');
    expect(named({ ...hot, transientShare: 0.5 })).toBe('hot-range');
  });

  it('still names shapes on one node, judging the hottest tablet as if on three', () => {
    expect(named({ hotspotScore: 1, busiestNodeShare: 1, hottestTabletShare: 1, transientShare: 1 }, 1)).toBe('sequential');
    expect(named({ hotspotScore: 1, busiestNodeShare: 1, hottestTabletShare: 0.1 }, 1)).toBe('even');
    expect(THRESHOLDS.minNodes).toBe(3);
  });
});

describe('the byte budgets of a run', () => {
  const table: Table = { name: 't', rowKey: { template: '{k}', fields: { k: { type: 'bytes', length: 4096 } } }, load: { writesPerSecond: 1e9 } };

  it('keeps at most 16 MiB of generated keys and 4 MiB of tablet start keys, and says so', () => {
    const p = resolveParams(table, { seconds: 60 }, 4096);
    expect(p.sampleRate * p.seconds).toBe(BUDGETS.sampleKeyBytes / 4096);
    expect(p.writesPerSample).toBeCloseTo((1e9 * 60) / 4096, 3);
    expect(p.maxTablets).toBe(1024);
    expect(p.cuts).toEqual(['sampled 4,096 keys of 4,096 bytes (a byte budget of 16 MiB), each standing for 14,648,438 writes']);
    expect(p.tabletCut).toBe('at most 1,024 tablets of 4,096-byte keys (a byte budget of 4 MiB for their start keys)');
  });

  it('cuts nothing for short keys: samples and tablets as without budgets', () => {
    const p = resolveParams(table, { seconds: 60 }, 40);
    expect(p.cuts).toEqual([]);
    expect(p.tabletCut).toBeNull();
    expect(p.sampleRate * p.seconds).toBeCloseTo(30_000, 6);
    expect(p.maxTablets).toBe(20_000);
    // A run with fewer writes than the budget generates every write, however long its keys.
    const slow = resolveParams({ ...table, load: { writesPerSecond: 10 } }, { seconds: 60 }, 4096);
    expect(slow.cuts).toEqual([]);
    expect(slow.maxTablets).toBe(1024);
    expect(slow.writesPerSample).toBe(1);
  });

  it('keys of megabytes (past 64 KiB) get floors of 16 samples and 16 tablets, not 100 and 64, and say so', () => {
    // The format's longest key: 1,026 bytes fields of 4,096 bytes, 4.2 MB.
    const p = resolveParams(table, { seconds: 600 }, 4_220_956);
    expect(Math.floor(p.sampleRate * p.seconds + 1e-9)).toBe(BUDGETS.hugeKeyFloor);
    expect(p.maxTablets).toBe(BUDGETS.hugeKeyFloor);
    expect(p.cuts[0]).toMatch(/^sampled 16 keys of 4,220,956 bytes \(a byte budget of 16 MiB\)/);
    expect(p.tabletCut).toBe('at most 16 tablets of 4,220,956-byte keys (a byte budget of 4 MiB for their start keys)');
    // Just under the line, the usual floors hold.
    const under = resolveParams(table, { seconds: 600 }, BUDGETS.hugeKeyBytes);
    expect(Math.floor(under.sampleRate * under.seconds + 1e-9)).toBe(256);
    expect(under.maxTablets).toBe(BUDGETS.minTablets);
  });

  it('a run of 512 KB keys keeps 31 samples (16 MiB) and at most 16 tablets (a work bound), and prints its cuts', () => {
    const fields = Object.fromEntries(Array.from({ length: 128 }, (_, i) => [`f${i}`, { type: 'bytes' as const, length: 4096 }]));
    const wide: Table = {
      name: 'w',
      rowKey: {
        template: Object.keys(fields)
          .map((f) => `{${f}}`)
          .join(''),
        encoding: 'orderedCode',
        fields,
      },
      load: { writesPerSecond: 1e9 },
    };
    const r = simulate(wide, { seconds: 60, maxBuckets: 8, maxSlots: 8 });
    expect(r.tablets).toBeLessThanOrEqual(16);
    expect(r.cuts.join('\n')).toMatch(/sampled 31 keys of 526,603 bytes/);
  });

  it('clamps the bytes of a write so every figure derived from them stays finite', () => {
    const p = resolveParams(table, { seconds: 60, rowBytes: 1e300 }, 4096);
    expect(p.rowBytes).toBe(BUDGETS.maxRowBytes);
    expect(p.cuts[0]).toBe('writes of more than 1 TiB are simulated as 1 TiB');
    expect(Number.isFinite(p.splitBytes) && p.splitBytes > 0).toBe(true);
    expect(Number.isFinite(p.nodeCapacity) && p.nodeCapacity > 0).toBe(true);
  });
});
