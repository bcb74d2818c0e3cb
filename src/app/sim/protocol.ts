// The messages between the studio and the simulation worker, tagged by `type` and matched by
// run `id`. This module imports core types only, so the worker entry stays core-only.
import type { SimOptions, SimResult } from '../../core/sim';
import type { Table } from '../../core/model/schema';

/** Counters shown while a run goes on (cheap to post every slice). */
export interface SimProgress {
  /** 0 to 1. */
  progress: number;
  simulatedSeconds: number;
  writes: number;
  throttled: number;
  tablets: number;
}

export type ToWorker = { type: 'run'; id: number; table: Table; options: SimOptions; sliceTicks: number };

export type FromWorker =
  | { type: 'progress'; id: number; progress: SimProgress }
  | { type: 'done'; id: number; result: SimResult }
  | { type: 'failed'; id: number; name: string; message: string };

/** Ticks per slice: a slice of the default run takes a few ms, so progress is smooth and a cancel is quick. */
export const SLICE_TICKS = 10;

/** The buffers of a result worth moving instead of copying (the heatmap and the series). */
export function resultTransferables(r: SimResult): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [
    r.heatmap.values,
    r.heatmap.nodes,
    r.heatmap.bucketRows,
    ...(r.reads ? [r.reads] : []),
    r.series.nodeWrites,
    r.series.nodeThrottled,
    r.series.tablets,
    r.series.splits,
    r.series.moves,
  ];
  const seen = new Set<ArrayBuffer>();
  for (const a of arrays) {
    // A view into a shared or already listed buffer cannot be transferred twice.
    if (a.buffer instanceof ArrayBuffer && !seen.has(a.buffer)) seen.add(a.buffer);
  }
  return [...seen];
}
