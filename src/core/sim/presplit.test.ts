// Pre-split points from the key distribution: sorted in byte order, distinct, text without NUL,
// within the format's and the scripts' limits, the same for the same seed; salt buckets and a
// leading field's values give exact boundaries; and the launch-day story of the simulator
// (launch.ts, the verdict's sentence, the checked proposal of presplit-check.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, utf8 } from '../keys/bytes';
import type { Field, Table } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { table, leadingTimestamp } from '../../test-support/sim-tables';
import { checkPreSplits, defaultPreSplitCount, launchDay, optionsFor, preSplitPoints, PRE_SPLIT_LIMITS, simulate, withSplits } from './index';
import { durationText, judge } from './verdict';

/** The invariants every proposal keeps. */
function expectValid(splits: string[], count: number) {
  expect(splits.length).toBeLessThanOrEqual(Math.min(count, PRE_SPLIT_LIMITS.maxPoints));
  const bytes = splits.map(utf8);
  for (let i = 1; i < bytes.length; i++) expect(compareBytes(bytes[i - 1]!, bytes[i]!), `${splits[i - 1]} < ${splits[i]}`).toBeLessThan(0);
  for (const s of splits) {
    expect(s.length).toBeGreaterThan(0);
    expect(s).not.toContain('\u0000');
    // A lone surrogate (u: a valid pair is one code point and does not match).
    expect(s).not.toMatch(/[\ud800-\udfff]/u);
    expect(utf8(s).length).toBeLessThanOrEqual(PRE_SPLIT_LIMITS.maxKeyBytes);
  }
  expect(bytes.reduce((a, b) => a + b.length + 1, 0)).toBeLessThanOrEqual(PRE_SPLIT_LIMITS.maxListBytes);
}

const salted = table('{salt}#{device}#{ts}', {
  salt: { type: 'hash', buckets: 16, of: ['device'] },
  device: { type: 'string', cardinality: 100000, length: 10 },
  ts: { type: 'timestamp' },
});

describe('pre-split points', () => {
  it('the default is 4 tablets per node, more when the write rate needs them, at most 1,000 keys', () => {
    expect(defaultPreSplitCount(3)).toBe(11);
    expect(defaultPreSplitCount(51, 8000, 265)).toBe(203);
    // 100,000 writes/s on nodes taking 1,000 each: 400 tablets below a quarter of a node.
    expect(defaultPreSplitCount(10, 100_000, 1000)).toBe(399);
    expect(defaultPreSplitCount(1000, 1e9, 1000)).toBe(1000);
  });

  it('a salt leading the key gives exactly its bucket boundaries, each as short as it can be', () => {
    // "1" sorts after every "09#..." key and before "10": the shortest key that starts bucket 10.
    expect(preSplitPoints(salted, { count: 15 })).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '1', '11', '12', '13', '14', '15']);
  });

  it('a leading field of few values splits where its value changes', () => {
    const regions: Field = { type: 'string', values: ['asia', 'europe', 'north-america', 'south-america'] };
    const t = table('{region}#{user}', { region: regions, user: { type: 'string', cardinality: 1_000_000, length: 12 } });
    expect(preSplitPoints(t, { count: 3 })).toEqual(['e', 'n', 's']);
  });

  it('the same seed gives the same keys; another seed other keys of the same shape', () => {
    const t = exampleDesigns().find((e) => e.file === 'web-pages.yaml')!.design.tables[0]!;
    const a = preSplitPoints(t, { count: 203, seed: 7 });
    expect(preSplitPoints(t, { count: 203, seed: 7 })).toEqual(a);
    const b = preSplitPoints(t, { count: 203, seed: 8 });
    expect(b).not.toEqual(a);
    expectValid(a, 203);
    expectValid(b, 203);
    expect(a.length).toBe(203);
  });

  it('never more than 1,000 keys, whatever is asked', () => {
    const t = table('{id}', { id: { type: 'uuid' } });
    const s = preSplitPoints(t, { count: 5000 });
    expect(s.length).toBe(PRE_SPLIT_LIMITS.maxPoints);
    expectValid(s, 5000);
  });

  it('binary keys give only cuts that are text (or none)', () => {
    const t = table('{n}#{id}', { n: { type: 'int', encoding: 'bigEndian' }, id: { type: 'uuid' } } as Record<string, Field>);
    expectValid(preSplitPoints(t, { count: 50 }), 50);
  });

  it('one distinct key offers nothing to cut', () => {
    const t = table('{k}', { k: { type: 'string', values: ['only'] } });
    expect(preSplitPoints(t, { count: 10 })).toEqual([]);
  });

  it('holds its invariants for any count and seed over several key shapes', () => {
    const tables: Table[] = [
      salted,
      leadingTimestamp,
      table('{domain}#{path}', {
        domain: { type: 'domain', reversed: true, cardinality: 5000, distribution: 'zipf' },
        path: { type: 'string', alphabet: 'lower', length: 6 },
      } as Record<string, Field>),
      table('{name}', { name: { type: 'string', values: ['é', 'ü', '日本', '😀', 'a'] } }),
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: tables.length - 1 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 1000 }), (ti, count, seed) => {
        const s = preSplitPoints(tables[ti]!, { count, seed, samples: 20_000 });
        expectValid(s, count);
        expect(preSplitPoints(tables[ti]!, { count, seed, samples: 20_000 })).toEqual(s);
      }),
      { numRuns: 25 },
    );
  });
});

describe('launch day', () => {
  /** A series of `slots` slots on 2 nodes: 100 writes per node each; `refused[s]` refused in slot s, all on node 0. */
  const series = (refused: number[]) => ({
    nodeWrites: Float64Array.from(refused.flatMap(() => [100, 100])),
    nodeThrottled: Float64Array.from(refused.flatMap((r) => [r, 0])),
  });

  it('measures the writes refused before the run settles and for how long', () => {
    const l = launchDay(series([150, 100, 50, 0, 0, 0, 1, 0, 0, 0]), 2, 10);
    expect(l).toEqual({ throttled: 300, share: 300 / 2000, seconds: 30, shareWhileSplitting: 300 / 600 });
  });

  it('is none when at most 1% of the run is refused, or when the run never settles', () => {
    expect(launchDay(series([10, 5, 0, 0, 0, 0, 0, 0, 0, 0]), 2, 10)).toBeNull();
    expect(launchDay(series([100, 100, 100, 100, 100, 100, 100, 100, 100, 100]), 2, 10)).toBeNull();
    expect(launchDay(series([]), 2, 10)).toBeNull();
  });

  it('reads durations as a person does', () => {
    expect([durationText(44), durationText(60), durationText(100), durationText(7500)]).toEqual(['44 s', '1 min', '1 min 40 s', '2 h 5 min']);
  });

  it('the verdict says it after the steady-state reason', () => {
    const model = {
      hottest: { kind: 'row', share: 0.001, prefix: [] },
      risk: 'none',
      nodeFraction: 0.01,
      writesPerSecond: 10,
      rollover: null,
    } as unknown as Parameters<typeof judge>[0]['model'];
    const base = {
      measured: 'even',
      hottestTabletShare: 0.01,
      writes: 1000,
      throttled: 0,
      nodes: 3,
      writesPerSecond: 1000,
      nodeCapacity: 14000,
      utilization: 0.1,
      cpuTarget: 0.7,
      otherShare: 0,
      otherLoad: 0,
      model,
    } as const;
    const r = judge({ ...base, launch: { throttled: 70, share: 0.07, seconds: 44, shareWhileSplitting: 0.84 } });
    expect(r.verdict).toBe('ok');
    expect(r.reason).toMatch(
      /^0% of writes throttled .* Launch day: 7% of the run's writes are throttled in its first 44 s \(84% of the writes in that time\)/,
    );
    expect(judge(base).reason).not.toMatch(/Launch day/);
  });
});

describe('the web-pages example on launch day', () => {
  const design = exampleDesigns().find((e) => e.file === 'web-pages.yaml')!.design;
  const t = design.tables[0]!;
  const options = optionsFor(design, {}, t);
  const before = simulate(t, options);

  it('throttles while the new table splits, and the verdict says how much and how long', () => {
    expect(before.verdict).toBe('ok');
    expect(before.launch).not.toBeNull();
    expect(before.launch!.share).toBeGreaterThan(0.03);
    expect(before.launch!.seconds).toBeLessThan(before.params.seconds / 2);
    expect(before.verdictReason).toContain(
      `Launch day: ${+(before.launch!.share * 100).toFixed(1)}% of the run's writes are throttled in its first ${durationText(before.launch!.seconds)}`,
    );
  });

  it('offers pre-split points that a second run confirms', () => {
    const check = checkPreSplits(t, options, before)!;
    expect(check.ok).toBe(true);
    expect(check.splits.length).toBe(203);
    expectValid(check.splits, 203);
    expect(check.after!.launch).toBeNull();
    expect(check.after!.throttledShare).toBeLessThan(0.01);
    expect(check.after!.verdict).toBe('ok');
    expect(check.reason).toMatch(
      /^203 pre-split points: \d+(\.\d)?% of the run's writes throttled in the first .* before, 0(\.\d+)?% over the whole run with them/,
    );
    const fixed = withSplits(design, t.name, check.splits);
    expect(fixed.tables[0]!.splits).toEqual(check.splits);
    expect(design.tables[0]!.splits).toBeUndefined();
    // The fixed table, simulated as it is, no longer says launch day.
    expect(simulate(fixed.tables[0]!, options).verdictReason).not.toMatch(/Launch day/);
  });

  it('has nothing to offer for a run without launch-day throttling', () => {
    const quiet = simulate(t, { ...options, writesPerSecond: 100 });
    expect(quiet.launch).toBeNull();
    expect(checkPreSplits(t, { ...options, writesPerSecond: 100 }, quiet)).toBeNull();
  });
});
