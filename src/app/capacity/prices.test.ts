import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../core/capacity/capacity-plan';
import { loadPrices, parsePrice, PRICES_KEY, savePrices } from './prices';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe('prices saved in the browser', () => {
  it('parses prices as typed and refuses the rest', () => {
    expect(parsePrice('0.65')).toBe(0.65);
    expect(parsePrice(' 2 ')).toBe(2);
    for (const bad of ['', 'abc', '-1', '1e3', 'Infinity', '2000000', '0x10']) expect(parsePrice(bad), bad).toBeNull();
  });

  it('round-trips, falls back to the list prices, and ignores bad saved data', () => {
    const s = memory();
    expect(loadPrices(s)).toEqual(DEFAULT_PRICES);
    expect(savePrices(s, { nodeHour: 1, ssdGbMonth: 0.2, hddGbMonth: 0.03 }, '2026-12-01')).toBe(true);
    expect(loadPrices(s)).toMatchObject({ nodeHour: 1, ssdGbMonth: 0.2, hddGbMonth: 0.03, asOf: '2026-12-01', source: 'your prices (saved in this browser)' });
    s.setItem(PRICES_KEY, '{"nodeHour": -5, "ssdGbMonth": "x"}');
    expect(loadPrices(s)).toEqual(DEFAULT_PRICES);
    s.setItem(PRICES_KEY, 'not json');
    expect(loadPrices(s)).toEqual(DEFAULT_PRICES);
    expect(savePrices(s, null, '')).toBe(true);
    expect(s.m.has(PRICES_KEY)).toBe(false);
    expect(savePrices(null, null, '')).toBe(false);
  });
});
