// How a table's rows fall on the values of the key fields a scan binds, when those fields are
// skewed. A scan of one value reads that value's rows; under a zipf, hot or weighted field the
// busy values hold the most rows, and (the model's assumption, docs/capacity.md) scans pick
// values as often as writes do, so the average scan reads more than rows / cardinality.
//
// The shares are the key generator's (keys/generators.ts rankDrawer, the weights of
// keys/field-writers.ts): rank k of a zipf field takes k^-s / H(n, s) of writes (H from
// analysis.ts, whose topShare is the same figure for k = 1); a hot field's value takes `share`
// and the others split the rest; weighted values take weight / total. Fields are independent,
// as the generator draws them. Time, sequence and salt fields spread rows evenly over values.
//
// API:
// - `occupancy(keys, draws)`: distinct keys that `draws` rows take among `keys` (workload.ts).
// - `shareLevels(f)`: a field's values as levels of equal share, or null when even.
// - `scanSkew(bound, keys, draws)`: the rows a scan of the bound fields reads, on average and
//   for the busiest combination, as multiples of the even figure; null when every field is even.
import type { FieldInfo } from '../analysis/design';
import { harmonic } from '../analysis/design';

/** `count` values that each take `share` of the writes. */
export interface Level {
  share: number;
  count: number;
}

/**
 * The distinct keys `draws` rows take among `keys` possible ones, spread evenly: keys x
 * (1 - e^(-draws/keys)). About `draws` when keys are many more, about `keys` when fewer; skew
 * only lowers it, so this is the upper figure. Infinite keys: every row is new.
 */
export function occupancy(keys: number, draws: number): number {
  if (!(draws > 0)) return 0;
  if (!Number.isFinite(keys)) return draws;
  if (!(keys > 0)) return 0;
  return keys * -Math.expm1(-draws / keys);
}

/** Ranks of a zipf field given one by one; beyond, bins of ranks 10% apart (their shares differ by under 10%). */
const EXACT_RANKS = 64;
const BIN_RATIO = 1.1;

/** The sum of k^-s for k in [a, b], integrated (a midpoint rule over the bin's edges). */
function powerMass(a: number, b: number, s: number): number {
  const lo = a - 0.5;
  const hi = b + 0.5;
  return Math.abs(s - 1) < 1e-9 ? Math.log(hi / lo) : (Math.pow(hi, 1 - s) - Math.pow(lo, 1 - s)) / (1 - s);
}

function zipfLevels(n: number, s: number): Level[] {
  const h = harmonic(n, s);
  const out: Level[] = [];
  const exact = Math.min(n, EXACT_RANKS);
  let head = 0;
  for (let k = 1; k <= exact; k++) {
    const share = Math.pow(k, -s) / h;
    head += share;
    out.push({ share, count: 1 });
  }
  if (n <= exact) return out;
  // The tail takes the rest of the writes, 1 - head, spread over its bins by their integrals.
  const bins: { a: number; b: number; w: number }[] = [];
  let total = 0;
  for (let a = exact + 1; a <= n; ) {
    const b = Math.min(n, Math.max(a, Math.floor(a * BIN_RATIO)));
    const w = powerMass(a, b, s);
    bins.push({ a, b, w });
    total += w;
    a = b + 1;
  }
  const rest = Math.max(0, 1 - head);
  for (const { a, b, w } of bins) {
    const count = b - a + 1;
    if (total > 0) out.push({ share: (rest * w) / total / count, count });
  }
  return out;
}

const levelCache = new WeakMap<FieldInfo, Level[] | null>();

/** A field's values as levels of equal write share; null when its rows spread evenly over its values. */
export function shareLevels(f: FieldInfo): Level[] | null {
  if (levelCache.has(f)) return levelCache.get(f)!;
  const levels = levelsOf(f);
  levelCache.set(f, levels);
  return levels;
}

function levelsOf(f: FieldInfo): Level[] | null {
  // A clock, a sequence or a salt: every value gets its even share of the rows over time.
  if (f.isTime || f.isSequential || f.isSalt || !Number.isFinite(f.cardinality) || f.cardinality <= 1) return null;
  const d = f.field;
  if (d.type === 'string' && d.values && d.weights && d.weights.length === d.values.length) {
    const total = d.weights.reduce((a, b) => a + b, 0);
    if (!(total > 0)) return null;
    const shares = d.weights.map((w) => w / total);
    return shares.every((x) => x === shares[0]) ? null : shares.map((share) => ({ share, count: 1 }));
  }
  if (!('distribution' in d)) return null;
  const n = f.cardinality;
  if (d.distribution === 'zipf') return zipfLevels(n, d.skew ?? 1.1);
  if (d.distribution === 'hot') {
    const share = d.share ?? 0.5;
    return share === 1 / n
      ? null
      : [
          { share, count: 1 },
          { share: (1 - share) / (n - 1), count: n - 1 },
        ];
  }
  return null;
}

/** Levels of the product of independent fields, binned by share when they grow many (5% apart). */
function product(a: Level[], b: Level[]): Level[] {
  const out: Level[] = [];
  for (const x of a) for (const y of b) out.push({ share: x.share * y.share, count: x.count * y.count });
  if (out.length <= 4096) return out;
  const bins = new Map<number, { mass: number; count: number }>();
  for (const l of out) {
    const key = Math.floor(Math.log(l.share) / Math.log(1.05));
    const bin = bins.get(key) ?? { mass: 0, count: 0 };
    bin.mass += l.share * l.count;
    bin.count += l.count;
    bins.set(key, bin);
  }
  return [...bins.values()].map((b) => ({ share: b.mass / b.count, count: b.count }));
}

export interface ScanSkew {
  /** Rows of the average scan over the even figure (rows / selectivity); at least 1. */
  mean: number;
  /** Rows of a scan of the busiest combination over the even figure. */
  busiest: number;
  /** Share of writes the busiest combination of the bound fields takes. */
  busiestShare: number;
  /** The skewed fields among the bound ones. */
  fields: string[];
}

/** The cardinality a scan's selectivity counts for a field (capacity/workload.ts). */
export const boundCardinality = (f: FieldInfo): number => Math.max(1, Number.isFinite(f.cardinality) && f.cardinality > 0 ? f.cardinality : 1);

/**
 * The rows a scan binding `bound` (eq) reads, against the even figure, when scans pick each
 * combination as often as writes reach it. `keys` is every key the table can hold (entities x
 * time buckets), `draws` the rows begun over the horizon: a value taking `share` of writes holds
 * occupancy(keys / selectivity, draws x share) rows. Null when every bound field is even.
 */
export function scanSkew(bound: readonly FieldInfo[], keys: number, draws: number): ScanSkew | null {
  const skewed = bound.filter((f) => shareLevels(f) !== null);
  if (skewed.length === 0 || !(draws > 0)) return null;
  let levels: Level[] = [{ share: 1, count: 1 }];
  let selectivity = 1;
  for (const f of bound) {
    const card = boundCardinality(f);
    selectivity *= card;
    levels = product(levels, shareLevels(f) ?? [{ share: 1 / card, count: card }]);
  }
  const perValue = keys / selectivity;
  const even = occupancy(perValue, draws / selectivity);
  if (!(even > 0)) return null;
  let mean = 0;
  let top = 0;
  for (const l of levels) {
    mean += l.count * l.share * occupancy(perValue, draws * l.share);
    if (l.share > top) top = l.share;
  }
  const ratio = (x: number) => (Number.isFinite(x) && x > 0 ? Math.max(1, x / even) : 1);
  return { mean: ratio(mean), busiest: ratio(occupancy(perValue, draws * top)), busiestShare: top, fields: skewed.map((f) => f.name) };
}
