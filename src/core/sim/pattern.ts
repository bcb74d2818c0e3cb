// Naming what a run shows, from the second half of the run (the first is warm-up: the table
// starts as one tablet). docs/simulator.md explains each measure and threshold.
import { bucketOfRows } from './heatmap';
import type { Rows, SampleStore } from './samples';
import type { BlockTotals } from './blocks';

/**
 * `even` only with verdict ok (verdict.ts); `sequential-in-prefix`: the newest edge of each busy
 * prefix is hot; `saturated`: writes spread over every node and the nodes are short of capacity.
 */
export type Pattern = 'even' | 'sequential' | 'sequential-in-prefix' | 'hot-key' | 'hot-range' | 'periodic' | 'saturated';

export interface PatternEvidence {
  /** Max node writes / mean node writes over the second half. */
  hotspotScore: number;
  /**
   * The hottest tablet's share of writes (with the tablets split from it), per block of load
   * windows, weighted by writes: the largest piece of load that splitting did not divide.
   */
  hottestTabletShare: number;
  /** The busiest node's share of writes, per block of load windows, weighted by writes. */
  busiestNodeShare: number;
  /** How far sampling noise alone may lift the shares above (x nodes) and hotspotScore. */
  noise: number;
  /** Share of writes to the single most-written row. */
  topRowShare: number;
  /** Share of writes to key ranges written only briefly (their rows are new, then left). */
  transientShare: number;
  /** Period of the hot key position in seconds, when it repeats; else null. */
  periodSeconds: number | null;
}

/** Thresholds; docs/simulator.md gives the reasons. */
export const THRESHOLDS = {
  /** One tablet (with its split-off halves) above this multiple of an even node share is a hotspot. */
  hot: 1.25,
  /**
   * So is a busiest node above this multiple of the mean. Unsplittable pieces that do not pack
   * evenly (4 salt buckets on 3 nodes: 2 on one node, 1.5x the mean) stay below it: the key
   * spreads as well as the cluster can take it.
   */
  unbalanced: 1.5,
  /** Judge shapes as if on at least this many nodes, so one or two nodes still name them. */
  minNodes: 3,
  /** hot-key: the top row carries at least this share of the hottest tablet's load. */
  keyOfHotspot: 0.5,
  /** sequential: at least this share of writes goes to briefly written ranges. */
  transient: 0.7,
  /** A range is briefly written when its writes span at most this share of the second half. */
  briefSpan: 0.5,
  /** periodic: autocorrelation of the hot position at its period. */
  periodic: 0.5,
} as const;

export interface AnalysisInput {
  samples: SampleStore;
  rows: Rows;
  nodes: number;
  secondHalf: Float64Array;
  blocks: BlockTotals;
  halfTick: number;
  ticks: number;
  tickSeconds: number;
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

export function hotspotScore(nodeWrites: ArrayLike<number>): number {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < nodeWrites.length; i++) {
    sum += nodeWrites[i]!;
    if (nodeWrites[i]! > max) max = nodeWrites[i]!;
  }
  return sum > 0 ? max / (sum / nodeWrites.length) : 1;
}

export function analyse(input: AnalysisInput): { pattern: Pattern; evidence: PatternEvidence } {
  const { samples, rows, halfTick } = input;
  let first = 0;
  while (first < samples.count && samples.ticks[first]! < halfTick) first++;
  const n2 = samples.count - first;
  const b = input.blocks;
  // The largest of n node counts of N samples exceeds the mean by about sqrt(2 ln n) standard
  // deviations, each sqrt(n / N) of the mean: a score within that of 1 may be noise.
  const spread = Math.sqrt(2 * Math.log(Math.max(2, input.nodes)));
  const perBlock = b.blocks > 0 ? b.samples / b.blocks : 0;
  const evidence: PatternEvidence = {
    hotspotScore: hotspotScore(input.secondHalf),
    hottestTabletShare: b.total > 0 ? b.hottestUnit / b.total : 0,
    busiestNodeShare: b.total > 0 ? b.busiestNode / b.total : 0,
    noise: perBlock > 0 ? spread * Math.sqrt(input.nodes / perBlock) : 0,
    topRowShare: n2 > 0 ? topRowShare(rows, first, samples.count) / n2 : 0,
    transientShare: n2 > 0 ? transientShare(input, first) : 0,
    periodSeconds: null,
  };
  const period = n2 > 0 ? periodOf(input, first) : null;
  evidence.periodSeconds = period === null ? null : period * input.tickSeconds;
  return { pattern: name(evidence, input.nodes), evidence };
}

export function name(e: PatternEvidence, nodes: number): Pattern {
  // One or two nodes cannot show a hotspot: judge the hottest tablet as if on three.
  const n = Math.max(nodes, THRESHOLDS.minNodes);
  const hot =
    e.hottestTabletShare * n > THRESHOLDS.hot + e.noise ||
    e.hotspotScore > THRESHOLDS.unbalanced + e.noise ||
    e.busiestNodeShare * nodes > THRESHOLDS.unbalanced + e.noise;
  if (!hot) return 'even';
  if (e.topRowShare >= THRESHOLDS.keyOfHotspot * e.hottestTabletShare) return 'hot-key';
  if (e.transientShare >= THRESHOLDS.transient) return 'sequential';
  if (e.periodSeconds !== null) return 'periodic';
  return 'hot-range';
}

function topRowShare(rows: Rows, from: number, to: number): number {
  const counts = new Uint32Array(rows.count);
  let top = 0;
  for (let i = from; i < to; i++) {
    const c = ++counts[rows.rowOf[i]!]!;
    if (c > top) top = c;
  }
  return top;
}

/**
 * Rows split into equal-row ranges; a range whose second-half writes all fall within half of
 * the second half is "brief". Writes at an advancing edge (a timestamp or counter first,
 * within a few prefixes or overall) land in brief ranges; steady load does not.
 */
function transientShare(input: AnalysisInput, from: number): number {
  const { samples, rows, halfTick, ticks } = input;
  const n2 = samples.count - from;
  const ranges = Math.max(1, Math.min(256, rows.count, Math.floor(n2 / 40)));
  const rangeOf = bucketOfRows(rows.count, ranges);
  const firstTick = new Int32Array(ranges).fill(-1);
  const lastTick = new Int32Array(ranges);
  const count = new Uint32Array(ranges);
  for (let i = from; i < samples.count; i++) {
    const r = rangeOf[rows.rowOf[i]!]!;
    const t = samples.ticks[i]!;
    if (firstTick[r]! < 0) firstTick[r] = t;
    lastTick[r] = t;
    count[r]!++;
  }
  const span = Math.max(1, ticks - halfTick);
  let brief = 0;
  for (let r = 0; r < ranges; r++) {
    if (count[r]! > 0 && (lastTick[r]! - firstTick[r]! + 1) / span <= THRESHOLDS.briefSpan) brief += count[r]!;
  }
  return brief / n2;
}

/**
 * The period, in ticks, at which the mean key position (row rank) of writes repeats over the
 * second half: the highest autocorrelation after its first zero crossing, if it reaches the
 * threshold and at least three periods fit. Null otherwise. A position that only drifts
 * (sequential) or jitters (even) has none.
 */
function periodOf(input: AnalysisInput, from: number): number | null {
  const { samples, rows, halfTick, ticks } = input;
  const len = ticks - halfTick;
  if (len < 9) return null;
  const sum = new Float64Array(len);
  const sq = new Float64Array(len);
  const cnt = new Uint32Array(len);
  for (let i = from; i < samples.count; i++) {
    const t = samples.ticks[i]! - halfTick;
    const x = rows.rowOf[i]! / Math.max(1, rows.count - 1);
    sum[t]! += x;
    sq[t]! += x * x;
    cnt[t]!++;
  }
  const xs: number[] = [];
  let noise = 0;
  for (let t = 0; t < len; t++) {
    if (cnt[t] === 0) continue;
    const m = sum[t]! / cnt[t]!;
    xs.push(m);
    noise += Math.max(0, sq[t]! / cnt[t]! - m * m) / cnt[t]!;
  }
  if (xs.length < 9) return null;
  noise /= xs.length;
  const mu = mean(xs);
  let v = 0;
  for (const x of xs) v += (x - mu) * (x - mu);
  // The position must move well beyond what sampling alone would make it wobble.
  if (v / xs.length < 4 * noise || v === 0) return null;
  const acf = (lag: number) => {
    let s = 0;
    for (let t = 0; t + lag < xs.length; t++) s += (xs[t]! - mu) * (xs[t + lag]! - mu);
    return s / v;
  };
  let lag = 1;
  while (lag <= xs.length / 3 && acf(lag) > 0) lag++;
  let best = 0;
  let bestLag = 0;
  for (; lag <= xs.length / 3; lag++) {
    const a = acf(lag);
    if (a > best) {
      best = a;
      bestLag = lag;
    }
  }
  return best >= THRESHOLDS.periodic && bestLag >= 2 ? bestLag : null;
}
