// How a field's values are spread, estimated from their counts in the sample: uniform, zipf
// (with its skew, fitted on the log-log rank/frequency line) or one hot value; and how many
// distinct values there are (Chao1, a lower-bound estimate from values seen once and twice).

export interface Spread {
  distribution?: 'zipf' | 'hot' | 'sequential';
  skew?: number;
  share?: number;
  /** Estimated distinct values; `lowerBound` when no value repeated in the sample. */
  cardinality: number;
  lowerBound: boolean;
  /** Distinct values in the sample. */
  distinct: number;
}

export function countValues(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * `total` is the number of keys in the whole input: when nothing repeats in the sample, there
 * are at least as many distinct values as the sample has, and it says so.
 */
export function spreadOf(counts: Map<string, number>, n: number, total: number): Spread {
  const freq = [...counts.values()].sort((a, b) => b - a);
  const distinct = freq.length;
  let once = 0;
  let twice = 0;
  for (const f of freq) {
    if (f === 1) once++;
    else if (f === 2) twice++;
  }
  const lowerBound = distinct === n && n > 1;
  let cardinality: number;
  if (lowerBound) cardinality = Math.max(distinct, total);
  else if (once === 0) cardinality = distinct;
  else cardinality = Math.round(distinct + (twice > 0 ? (once * once) / (2 * twice) : (once * (once - 1)) / 2));
  cardinality = Math.max(1, Math.min(1e15, cardinality));
  const out: Spread = { cardinality, lowerBound, distinct };
  if (distinct < 2 || n < 20) return out;
  const [c1, c2] = [freq[0]!, freq[1]!];
  if (c1 >= n * 0.2 && c1 >= 4 * c2) return { ...out, distribution: 'hot', share: round2(Math.min(1, c1 / n)) };
  const skew = zipfSkew(freq);
  if (skew !== null && skew >= 0.5) return { ...out, distribution: 'zipf', skew: round2(Math.min(10, skew)) };
  return out;
}

/** Least-squares slope of log(count) on log(rank) over the ranks seen at least 3 times; null with fewer than 3 such ranks. */
export function zipfSkew(sortedCounts: readonly number[]): number | null {
  const pts: [number, number][] = [];
  for (let k = 0; k < sortedCounts.length && k < 200; k++) {
    if (sortedCounts[k]! < 3) break;
    pts.push([Math.log(k + 1), Math.log(sortedCounts[k]!)]);
  }
  if (pts.length < 3) return null;
  const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of pts) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
  }
  return sxx > 0 ? -sxy / sxx : null;
}

/** Whether values (in input order) mostly ascend: an auto-increment id written in order. */
export function ascending(values: readonly bigint[]): boolean {
  if (values.length < 20) return false;
  let up = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[i - 1]!) up++;
  return up >= (values.length - 1) * 0.95;
}
