import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_BOUND, formatCount, formatPercent, plural } from './units';

describe('plural', () => {
  it('says 1 error, 0 errors, 2 errors, and takes an irregular plural and a number format', () => {
    expect([0, 1, 2].map((n) => plural(n, 'error'))).toEqual(['0 errors', '1 error', '2 errors']);
    expect(plural(1, 'key that does', 'keys that do')).toBe('1 key that does');
    expect(plural(10000, 'key', 'keys', (n) => n.toLocaleString('en-US'))).toBe('10,000 keys');
  });
});

describe('formatPercent: the one percent formatter', () => {
  it('writes each style as documented', () => {
    expect([0.00012, 0.034, 0.56].map((x) => formatPercent(x))).toEqual(['0.012%', '3.4%', '56%']);
    expect([0.23, 12.5].map((x) => formatPercent(x, 'whole'))).toEqual(['23%', '1,250%']);
    expect([0.05, 0.125, 0.0005, 0].map((x) => formatPercent(x, 'tenths'))).toEqual(['5%', '12.5%', '0.05%', '0%']);
    expect([0.25, 0.012, 0.0004].map((x) => formatPercent(x, 'share'))).toEqual(['25%', '1.2%', 'under 0.1%']);
  });
  it('never prints NaN or Infinity', () => {
    for (const style of ['figure', 'whole', 'tenths', 'share'] as const) {
      expect(formatPercent(Number.NaN, style)).toBe('unbounded');
      expect(formatPercent(Number.POSITIVE_INFINITY, style)).toBe('unbounded');
      expect(formatPercent(1e30, style)).toBe('over 10^15%');
    }
  });
});

describe('formatCount: grouped by hand, as Intl.NumberFormat groups', () => {
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  it('writes the edges as Intl does', () => {
    const edges = [0, -0, 0.4, -0.4, 1, 12, 999, 1000, -1000, 999_999, 1_000_000, 123_456_789.5, -987_654_321, 999_999_999_999_999, COUNT_BOUND, -COUNT_BOUND];
    expect(edges.map(formatCount)).toEqual(edges.map((n) => intl.format(Math.round(n))));
    expect([formatCount(1234567), formatCount(COUNT_BOUND * 1.5), formatCount(Number.NaN)]).toEqual(['1,234,567', 'over 10^15', 'unbounded']);
  });
  it('agrees with Intl on every count up to the bound', () => {
    fc.assert(
      fc.property(fc.double({ min: -COUNT_BOUND, max: COUNT_BOUND, noNaN: true }), (n) => {
        expect(formatCount(n)).toBe(intl.format(Math.round(n)));
      }),
      { numRuns: 2000 },
    );
  });
});
