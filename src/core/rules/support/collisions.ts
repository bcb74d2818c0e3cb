// Batch A: how often writes land on a key already written in the same time unit. A key value's
// share of writes comes from its fields' distributions (uniform, zipf, hot, weights); shares are
// kept as log-spaced bins (count of keys, their total share), so products of fields stay small.
import type { Field } from '../../model/schema';
import type { FieldInfo } from '../../analysis/design';

interface Bin {
  count: number;
  mass: number;
}
type Dist = Map<number, Bin>;

const STEP = Math.log(1.05);
const ZIPF_EXACT = 1000;

function add(d: Dist, count: number, share: number): void {
  if (count <= 0 || share <= 0) return;
  const k = Math.floor(Math.log(share) / STEP);
  const b = d.get(k);
  if (b) {
    b.count += count;
    b.mass += count * share;
  } else d.set(k, { count, mass: count * share });
}

type Drawn = { distribution?: 'uniform' | 'zipf' | 'sequential' | 'hot' | undefined; skew?: number | undefined; share?: number | undefined };

/** Shares of the values of a field drawn from `card` values. */
function drawnShares(f: Drawn, card: number): Dist {
  const d: Dist = new Map();
  switch (f.distribution ?? 'uniform') {
    case 'hot': {
      const s = Math.max(f.share ?? 0.5, 1 / card);
      add(d, 1, s);
      add(d, card - 1, (1 - s) / (card - 1));
      return d;
    }
    case 'zipf': {
      const skew = f.skew ?? 1.1;
      const exact = Math.min(card, ZIPF_EXACT);
      let h = 0;
      for (let k = 1; k <= exact; k++) h += k ** -skew;
      // The tail in geometric blocks, each at its midpoint weight.
      const tail: [number, number][] = [];
      for (let a = exact + 1; a <= card; ) {
        const b = Math.min(card, Math.max(a, Math.floor(a * 1.05)));
        const w = ((a + b) / 2) ** -skew;
        tail.push([b - a + 1, w]);
        h += (b - a + 1) * w;
        a = b + 1;
      }
      for (let k = 1; k <= exact; k++) add(d, 1, k ** -skew / h);
      for (const [n, w] of tail) add(d, n, w / h);
      return d;
    }
    default:
      add(d, card, 1 / card);
      return d;
  }
}

/** A field's value shares, or null when every write gets a new value (uuid, sequence, long random bytes). */
export function valueShares(info: FieldInfo): Dist | null {
  const f: Field = info.field;
  if (!Number.isFinite(info.cardinality)) return null;
  switch (f.type) {
    case 'uuid':
      return null;
    case 'bytes':
      return info.cardinality >= 1e18 ? null : drawnShares({}, info.cardinality);
    case 'string':
      if (f.values && f.weights && f.weights.length === f.values.length) {
        const total = f.weights.reduce((a, b) => a + b, 0) || 1;
        const d: Dist = new Map();
        for (const w of f.weights) add(d, 1, w / total);
        return d;
      }
      if (f.distribution === 'sequential') return f.values ? drawnShares({}, f.values.length) : null;
      return drawnShares(f, info.cardinality);
    case 'int':
    case 'domain':
      return f.distribution === 'sequential' ? null : drawnShares(f, info.cardinality);
    case 'hash':
    case 'timestamp':
      return drawnShares({}, 1); // a salt follows the other fields; time is the window
  }
}

/** The joint shares of independent fields (null when one of them is unique per write). */
export function keyShares(fields: FieldInfo[]): Dist | null {
  let acc: Dist = new Map();
  add(acc, 1, 1);
  for (const f of fields) {
    const d = valueShares(f);
    if (!d) return null;
    const next: Dist = new Map();
    for (const a of acc.values()) for (const b of d.values()) add(next, a.count * b.count, (a.mass / a.count) * (b.mass / b.count));
    acc = next;
  }
  return acc;
}

/**
 * The smallest share of writes that must reuse a key written in the same window, when `n` writes
 * fall in a window: a key taking n*share writes per window keeps at most one of them. Writes
 * spaced as evenly as possible reach this bound; bursts lose more.
 */
export function lostShare(d: Dist, n: number): number {
  let lost = 0;
  for (const b of d.values()) {
    const perWindow = n * (b.mass / b.count);
    if (perWindow > 1) lost += b.mass * (1 - 1 / perWindow);
  }
  return lost;
}

/** The busiest key's writes per window. */
export function busiestPerWindow(d: Dist, n: number): number {
  let top = 0;
  for (const b of d.values()) top = Math.max(top, b.mass / b.count);
  return n * top;
}
