// The simulator's job for the studio's job client (../jobs): a request, its progress, its
// result, and the messages between the studio and the simulation worker. This module imports
// core code and ../jobs/protocol (which imports nothing), so the worker entry stays core-only.
import { createSimulation, type SimOptions, type SimResult, type Simulation } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { buffersOf, type FromWorker as JobFromWorker, type JobSpec, type ToWorker as JobToWorker } from '../jobs/protocol';

/** Counters shown while a run goes on (cheap to post every slice). */
export interface SimProgress {
  /** 0 to 1. */
  progress: number;
  simulatedSeconds: number;
  writes: number;
  throttled: number;
  tablets: number;
}

export interface SimRequest {
  table: Table;
  options: SimOptions;
  /** Ticks between yields. */
  sliceTicks: number;
}

export type ToWorker = JobToWorker<SimRequest>;
export type FromWorker = JobFromWorker<SimResult, SimProgress>;

/** Ticks per slice: a slice of the default run takes a few ms, so progress is smooth and a cancel is quick. */
export const SLICE_TICKS = 10;

/** The buffers of a result worth moving instead of copying (the heatmap and the series). */
export function resultTransferables(r: SimResult): ArrayBuffer[] {
  const { heatmap, series } = r;
  return buffersOf([
    heatmap.values,
    heatmap.nodes,
    heatmap.bucketRows,
    r.reads,
    series.nodeWrites,
    series.nodeThrottled,
    series.tablets,
    series.splits,
    series.moves,
  ]);
}

/** One simulation as a job: it steps `sliceTicks` at a time; progress is read only when it is shown. */
export const simJob: JobSpec<SimRequest, SimResult, SimProgress, Simulation> = {
  *start({ table, options, sliceTicks }) {
    const sim = createSimulation(table, options);
    while (!sim.done) {
      sim.step(sliceTicks);
      yield sim;
    }
    return sim.result();
  },
  progressOf(sim) {
    const s = sim.snapshot();
    return { progress: s.progress, simulatedSeconds: s.simulatedSeconds, writes: s.writes, throttled: s.throttled, tablets: s.tablets };
  },
  transferables: resultTransferables,
};
