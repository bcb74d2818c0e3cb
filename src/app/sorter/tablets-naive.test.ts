// "See where its tablets start" shows boundaries for a key led by a timestamp
// too. A simulated run of ten minutes splits at timestamps long after the last of a thousand
// keys generated at the declared rate; generated at rateAcrossRun, the keys span the run and the
// boundaries fall among them.
import { describe, expect, it } from 'vitest';
import { keyAt } from '../../core/keys/packed';
import { loadDesign } from '../../core/load/load-design';
import { simulate } from '../../core/sim';
import { compareBytes } from '../../core/sort/byteSort';
import { normaliseBoundaries } from '../sim/tablets-slice';
import { defaultWorkload, optionsOf, parseWorkload } from '../sim/workload';
import { generateKeys, type SortedKeys } from './keyset';
import { placeBoundaries, rateAcrossRun } from './tablets';

const NAIVE = `format: bigtable-studio/v1
name: trips
tables:
  - name: trips
    rowKey: {template: "{ts}#{driver}", fields: {ts: {type: timestamp, unit: ms}, driver: {type: string, prefix: drv-, cardinality: 100000}}}
    families: [{name: f, gc: {maxAge: 7d}, columns: [{qualifier: v, valueBytes: 300}]}]
    load: {writesPerSecond: 20000}
`;

function keysAt(rowKey: Parameters<typeof generateKeys>[0]['rowKey'], writesPerSecond: number | undefined): SortedKeys {
  const gen = generateKeys({ rowKey, count: 1000, seed: 1, writesPerSecond });
  let s = gen.next();
  while (!s.done) s = gen.next();
  const set = s.value;
  const idx = Array.from({ length: set.count }, (_, i) => i).sort((a, b) => compareBytes(keyAt(set, a), keyAt(set, b)));
  return { ...set, order: Uint32Array.from(idx) };
}

describe('tablet boundaries of a key led by a timestamp', () => {
  const r = loadDesign(NAIVE, 't.yaml');
  if (!r.ok) throw new Error('test design does not load');
  const design = r.design;
  const table = design.tables[0]!;
  const w = parseWorkload(defaultWorkload(design, table));
  if (!w.ok) throw new Error('default workload does not parse');
  const result = simulate(table, optionsOf(design, w.workload, undefined, table));
  const boundaries = normaliseBoundaries(result.tabletRanges.map((x) => x.start));
  const seconds = result.params.seconds;

  it('splits into many tablets', () => expect(boundaries.length).toBeGreaterThan(10));

  it('at the declared rate the keys span a fraction of a second and every boundary falls outside them', () => {
    const p = placeBoundaries(keysAt(table.rowKey, table.load?.writesPerSecond), boundaries);
    expect(p.within).toBe(0);
    expect(p.before + p.after).toBe(boundaries.length);
  });

  it('at the rate across the run most boundaries fall among the keys', () => {
    const rate = rateAcrossRun(1000, seconds, table.load?.writesPerSecond);
    expect(rate).toBeCloseTo(1000 / seconds, 9);
    const p = placeBoundaries(keysAt(table.rowKey, rate), boundaries);
    expect(p.within).toBeGreaterThan(boundaries.length / 2);
  });

  it('keeps the declared rate when it already spans the run, and knows nothing without either', () => {
    expect(rateAcrossRun(1000, 600, 1)).toBe(1);
    expect(rateAcrossRun(1000, null, 500)).toBe(500);
    expect(rateAcrossRun(1000, null, undefined)).toBeUndefined();
    expect(rateAcrossRun(1000, 0, undefined)).toBeUndefined();
  });
});
