// The writes of a window by the table's write pattern (analysis.ts writesInWindow), and the mean
// rate a bulk load implies (declaredWrites), which every rule counting writes reads.
import { describe, expect, it } from 'vitest';
import type { Table } from '../model/schema';
import { declaredWrites, writesInWindow } from '../analysis/design';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const table = (load: Table['load']): Table => ({ name: 't', rowKey: { template: '{k}', fields: { k: { type: 'string' } } }, load });

describe('writes in a window', () => {
  it('keeps a sustained peak up for the whole window', () => {
    expect(writesInWindow(table({ writesPerSecond: 100 }), DAY)).toBe(8_640_000);
    expect(writesInWindow(table({ writesPerSecond: 100, writePattern: 'sustained' }), 1000)).toBe(100);
  });

  it('bounds a window of a day or less by a day of the declared mean', () => {
    expect(writesInWindow(table({ writesPerSecond: 30, averageWritesPerSecond: 30 / 86_400 }), DAY)).toBeCloseTo(30, 6);
    // An hour at the peak is less than a day of the mean: the peak decides.
    expect(writesInWindow(table({ writesPerSecond: 10, averageWritesPerSecond: 5 }), HOUR)).toBe(36_000);
  });

  it('counts a burst at the peak for its length only', () => {
    const t = table({ writesPerSecond: 1000, writePattern: 'burst', burstDuration: '30s' });
    expect(writesInWindow(t, DAY)).toBe(30_000);
    expect(writesInWindow(t, 10_000)).toBe(10_000);
  });

  it('counts a bulk load per load, never faster than the peak', () => {
    const t = table({ writesPerSecond: 30, writePattern: 'bulk', bulkRows: 30, bulkEvery: '1d' });
    expect(writesInWindow(t, DAY)).toBe(30);
    expect(writesInWindow(t, 7 * DAY)).toBe(210);
    expect(writesInWindow(t, 500)).toBe(15); // half a second at 30 writes/s
  });

  it('gives a bulk load the mean bulkRows / bulkEvery, unless a mean is declared', () => {
    expect(declaredWrites(table({ writesPerSecond: 30, writePattern: 'bulk', bulkRows: 86_400, bulkEvery: '1d' }))).toEqual({ peak: 30, average: 1 });
    expect(declaredWrites(table({ writesPerSecond: 30, averageWritesPerSecond: 2, writePattern: 'bulk', bulkRows: 86_400, bulkEvery: '1d' }))).toEqual({
      peak: 30,
      average: 2,
    });
    expect(declaredWrites(table({ writesPerSecond: 30, writePattern: 'burst', burstDuration: '1m' }))).toEqual({ peak: 30, average: 30 });
  });

  it('is a finite, non-negative count for any load, declared or not', () => {
    for (const load of [undefined, {}, { writePattern: 'bulk' as const }, { writePattern: 'burst' as const }, { averageWritesPerSecond: 3 }]) {
      const n = writesInWindow(table(load), DAY);
      expect(Number.isFinite(n) && n >= 0).toBe(true);
    }
  });
});
