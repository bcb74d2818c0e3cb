// Where the table's reads land, for the heatmap's reads view (Key Visualizer shows reads,
// writes or both). Read requests (point reads and scans, from the capacity model's workload)
// are drawn from the table's key generator, as the writes are, so a read goes where the writes
// of its time go: the rows being written are the rows being read. Their cost is charged to
// every node evenly (params.otherShare), not to the node of the key: docs/simulator.md.
import type { Table } from '../model/schema';
import { compareBytes } from '../keys/bytes';
import { recordStream } from '../keys/generate';
import type { Heatmap } from './heatmap';
import type { SimParams } from './params';

/** Read keys drawn per run, at most: enough to shade a 1,000-bucket heatmap. */
export const MAX_READ_SAMPLES = 20_000;

/** The bucket whose range holds `key`: the last bucket start at or below it. */
function bucketOf(starts: readonly Uint8Array[], key: Uint8Array): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (compareBytes(starts[mid]!, key) <= 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Read requests per cell, in the heatmap's layout; null when the table declares no reads. */
export function readValues(table: Table, p: SimParams, heatmap: Heatmap, slotOf: (tick: number) => number): Float32Array | null {
  const total = p.readsPerSecond * p.seconds;
  if (!(total > 0) || heatmap.buckets === 0) return null;
  const n = Math.max(1, Math.min(MAX_READ_SAMPLES, Math.ceil(total)));
  const weight = total / n;
  const stream = recordStream(table.rowKey, { seed: (p.seed + 0x9e3779b9) >>> 0, startMs: p.startMs, writesPerSecond: n / p.seconds });
  const values = new Float32Array(heatmap.slots * heatmap.buckets);
  for (let k = 0; k < n; k++) {
    const s = stream.next();
    const tick = Math.min(p.ticks - 1, Math.floor((s.timeMs - p.startMs) / 1000 / p.tickSeconds));
    values[slotOf(tick) * heatmap.buckets + bucketOf(heatmap.bucketStarts, s.key)]! += weight;
  }
  return values;
}

export type HeatmapMetric = 'writes' | 'reads' | 'both';

/** The heatmap of one metric: writes, reads, or their sum (Key Visualizer's ops). */
export function heatmapOf(h: Heatmap, reads: Float32Array | null, metric: HeatmapMetric): Heatmap {
  if (metric === 'writes') return h;
  const values = new Float32Array(h.values.length);
  for (let i = 0; i < values.length; i++) values[i] = (metric === 'both' ? h.values[i]! : 0) + (reads ? reads[i]! : 0);
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return { ...h, values, max };
}
