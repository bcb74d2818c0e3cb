import { describe, expect, it } from 'vitest';
import { formatPercent, plural } from './units';

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
