// The prices the Capacity panel uses: the list prices of the core's plan, or the user's own,
// saved in this browser (localStorage), never in the design or a share link.
import { DEFAULT_PRICES, type Prices } from '../../core/capacity/capacity-plan';
import type { StorageLike } from '../share/base';

export const PRICES_KEY = 'btstudio.prices.v1';

export type PriceKey = 'nodeHour' | 'ssdGbMonth' | 'hddGbMonth';
export const PRICE_KEYS: readonly PriceKey[] = ['nodeHour', 'ssdGbMonth', 'hddGbMonth'];

/** A price as typed: a number from 0 to 1,000,000, or null when it is not one. */
export function parsePrice(text: string): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 1e6 ? n : null;
}

/** The saved prices over the defaults; anything saved that is not a valid price is ignored. */
export function loadPrices(storage: StorageLike | null): Prices {
  let raw: unknown = null;
  try {
    const text = storage?.getItem(PRICES_KEY);
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_PRICES };
  const saved = raw as Record<string, unknown>;
  const out: Prices = { ...DEFAULT_PRICES };
  let own = false;
  for (const k of PRICE_KEYS) {
    const v = saved[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e6 && v !== DEFAULT_PRICES[k]) {
      out[k] = v;
      own = true;
    }
  }
  if (own) {
    out.source = 'your prices (saved in this browser)';
    out.asOf = typeof saved.asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(saved.asOf) ? saved.asOf : DEFAULT_PRICES.asOf;
  }
  return out;
}

/** Saves the user's prices (null: back to the list prices); false when storage refused. */
export function savePrices(storage: StorageLike | null, prices: Pick<Prices, PriceKey> | null, today: string): boolean {
  try {
    if (!storage) return false;
    if (prices === null) storage.removeItem(PRICES_KEY);
    else storage.setItem(PRICES_KEY, JSON.stringify({ nodeHour: prices.nodeHour, ssdGbMonth: prices.ssdGbMonth, hddGbMonth: prices.hddGbMonth, asOf: today }));
    return true;
  } catch {
    return false;
  }
}
