// Words for a simulation result: what each pattern means and what to do about it, and the
// text alternative of the heatmap (score, pattern, hottest key range). No DOM, no React.
import { formatPercent as percentOf } from '../../core/units';
import type { Pattern, SimResult, Verdict } from '../../core/sim';

export interface PatternText {
  title: string;
  /** What the heatmap shows and why. */
  meaning: string;
  /** What usually helps. */
  advice: string;
}

export const PATTERNS: Record<Pattern, PatternText> = {
  even: {
    title: 'Even',
    meaning:
      'Writes spread over the whole key space and the balancer keeps every node about equally busy. On the heatmap: even noise, no bright line or diagonal.',
    advice: 'Nothing to fix for writes. Adding nodes adds write capacity.',
  },
  sequential: {
    title: 'Sequential',
    meaning:
      'The newest key range is always the hot one: a timestamp or a counter leads the key (overall, or behind fewer prefixes than nodes), so every write lands at the moving end of the key space on one node. On the heatmap: a bright diagonal or a band at one edge.',
    advice:
      'Put a well-distributed field (a device or user id) before the time, or salt the key with at least as many buckets as nodes. More nodes do not help.',
  },
  'hot-key': {
    title: 'Hot key',
    meaning:
      'One row takes a large share of the writes. A row never splits across tablets, so one node serves all of it. On the heatmap: one bright horizontal line.',
    advice: 'Spread that row: add a time bucket or a sub-id to its key, or keep a counter in an aggregate family and write less often.',
  },
  'hot-range': {
    title: 'Hot range',
    meaning:
      'One key range (a prefix, such as one tenant or device) takes a large share of the writes; splitting cannot spread it evenly. On the heatmap: a bright horizontal band.',
    advice: 'Salt or promote a higher-cardinality field in front of the hot prefix, or separate the heavy writer.',
  },
  'sequential-in-prefix': {
    title: 'Sequential in prefix',
    meaning:
      'The newest key range of each busy prefix is hot: a timestamp or counter follows a skewed or small prefix (a big city, a busy tenant), so each prefix writes only at its moving end, which no split can divide. On the heatmap: bright diagonals inside the busiest prefixes.',
    advice:
      'Put a field that varies between writes of one prefix (a device or driver id) before the time, or split the busiest prefix with a salt of that field. More nodes do not help the busiest prefix.',
  },
  saturated: {
    title: 'Saturated',
    meaning:
      'Writes spread over every node, but the nodes together cannot take them: every node throttles. On the heatmap: even noise, with throttling on every node.',
    advice: 'Add nodes (the verdict says how many), or write less: smaller rows, batched updates. The key is not the problem.',
  },
  periodic: {
    title: 'Periodic',
    meaning: 'The hot key range moves and comes back at a regular period (for example a small counter that wraps around). On the heatmap: repeating stripes.',
    advice: 'Lead the key with a field that does not cycle with time, or widen the range the counter covers.',
  },
};

/** The badge's word per verdict; its colour follows the verdict, never the pattern alone. */
export const VERDICTS: Record<Verdict, { title: string; tone: 'good' | 'warn' | 'bad' }> = {
  ok: { title: 'OK', tone: 'good' },
  'at-risk': { title: 'At risk', tone: 'warn' },
  hotspot: { title: 'Hotspot', tone: 'bad' },
  'over-capacity': { title: 'Over capacity', tone: 'bad' },
};

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const formatCount = (n: number) => fmt.format(n);
/** The simulator's shares: core/units.ts's one percent formatter, `tenths` style. */
export const formatPercent = (share: number) => percentOf(share, 'tenths');

export interface HottestRange {
  /** First and one-past-last bucket of the hottest range. */
  from: number;
  to: number;
  /** First key of the range and first key after it (null at the end of the key space). */
  start: string;
  end: string | null;
  /** Share of the second half's writes in the range. */
  share: number;
}

/**
 * The hottest key range over the second half of the run: the hottest bucket, widened to its
 * neighbours while they are at least half as hot (a band, not one arbitrary row of it).
 */
export function hottestRange(r: Pick<SimResult, 'heatmap'>): HottestRange | null {
  const { slots, buckets, values, bucketLabels } = r.heatmap;
  if (slots === 0 || buckets === 0) return null;
  const totals = new Float64Array(buckets);
  let all = 0;
  for (let s = Math.floor(slots / 2); s < slots; s++) {
    const row = s * buckets;
    for (let b = 0; b < buckets; b++) totals[b]! += values[row + b]!;
  }
  let top = 0;
  for (let b = 0; b < buckets; b++) {
    all += totals[b]!;
    if (totals[b]! > totals[top]!) top = b;
  }
  if (!(all > 0)) return null;
  const half = totals[top]! / 2;
  let from = top;
  let to = top + 1;
  while (from > 0 && totals[from - 1]! >= half) from--;
  while (to < buckets && totals[to]! >= half) to++;
  let sum = 0;
  for (let b = from; b < to; b++) sum += totals[b]!;
  // Read as a person reads the key (ISO dates, salt buckets) where the run decoded it.
  const labels = r.heatmap.bucketReadable ?? bucketLabels;
  return { from, to, start: labels[from] ?? '', end: labels[to] ?? null, share: sum / all };
}

/** Share of a time slot's writes in its busiest 1% of buckets, averaged over the second half. */
export function concentration(r: Pick<SimResult, 'heatmap'>): number {
  const { slots, buckets, values } = r.heatmap;
  const k = Math.max(1, Math.ceil(buckets / 100));
  let sum = 0;
  let n = 0;
  const row = new Float32Array(buckets);
  for (let s = Math.floor(slots / 2); s < slots; s++) {
    row.set(values.subarray(s * buckets, (s + 1) * buckets));
    let total = 0;
    for (let b = 0; b < buckets; b++) total += row[b]!;
    if (!(total > 0)) continue;
    row.sort();
    let topK = 0;
    for (let b = buckets - k; b < buckets; b++) topK += row[b]!;
    sum += topK / total;
    n++;
  }
  return n ? sum / n : 0;
}

/** The heatmap's text alternative. */
export function heatmapSummary(r: SimResult, tableName: string): string {
  const nodes = r.params.nodes;
  const parts = [
    `Heatmap of writes to ${tableName}: ${r.heatmap.buckets} key ranges in key order (top to bottom) over ${r.heatmap.slots} time slots of ${formatSlot(r.heatmap.slotSeconds)} (left to right).`,
    ...(r.verdict ? [`Verdict: ${VERDICTS[r.verdict].title.toLowerCase()}, ${r.verdictReason}`] : []),
    `Pattern: ${PATTERNS[r.pattern].title.toLowerCase()}. Hotspot score ${r.hotspotScore.toFixed(2)} (1 is even, ${nodes} is all writes on one node).`,
  ];
  const hot = hottestRange(r);
  if (hot) {
    const range = hot.end === null ? `from ${hot.start} to the end of the key space` : `from ${hot.start} to ${hot.end}`;
    parts.push(`Hottest key range in the second half: ${range}, ${formatPercent(hot.share)} of writes.`);
    parts.push(`In a typical time slot the busiest 1% of key ranges take ${formatPercent(concentration(r))} of the writes.`);
  } else parts.push('No writes were simulated.');
  return parts.join(' ');
}

export function formatSlot(seconds: number): string {
  return seconds < 120 ? `${+seconds.toFixed(2)} s` : `${+(seconds / 60).toFixed(1)} min`;
}
