// Runs one simulation through the studio's job client (../jobs/client.ts):
// `runSimulation(table, options, onProgress)` returns the result's promise and a `cancel`.
// Each run gets its own client and worker, so two runs never share one; a cancel terminates
// the worker (the only way to stop a synchronous slice) and rejects the promise with an
// AbortError. Where there is no Worker (Node, tests) or it cannot start (a strict CSP, a
// broken bundle), the same run goes on the main thread in slices, with the same progress and
// cancel.
import type { SimOptions, SimResult } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { createJobClient, type WorkerFactory } from '../jobs/client';
import { SLICE_TICKS, simJob, type SimProgress } from './protocol';

export { isCancelled } from '../jobs/client';
export type { WorkerFactory } from '../jobs/client';
export type { SimProgress } from './protocol';

export interface SimRun {
  promise: Promise<SimResult>;
  /** Stops the run; its promise rejects with an AbortError. A no-op once settled. */
  cancel(): void;
  /** Where the run goes: in a worker, or on the main thread (no worker, or it failed to start). */
  readonly mode: 'worker' | 'main';
}

export interface RunnerDeps {
  /** Makes the worker; null runs on the main thread. Default: the bundled worker, when Worker exists. */
  createWorker?: WorkerFactory | null;
  /** Main-thread fallback: how long a slice may run before yielding to the page (ms). */
  sliceMs?: number;
}

/** The bundled worker; null where Worker does not exist. Written inline so Vite bundles it. */
export function defaultWorkerFactory(): WorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  return () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
}

/** Runs one simulation off the main thread when it can. */
export function runSimulation(table: Table, options: SimOptions, onProgress?: (p: SimProgress) => void, deps: RunnerDeps = {}): SimRun {
  const client = createJobClient(simJob, {
    worker: deps.createWorker === undefined ? defaultWorkerFactory() : deps.createWorker,
    sliceMs: deps.sliceMs,
    jobName: 'The simulation',
    workerName: 'the simulation worker',
  });
  const promise = client.run({ table, options, sliceTicks: SLICE_TICKS }, { onProgress });
  // Settled either way: let the worker go.
  promise.then(
    () => client.dispose(),
    () => client.dispose(),
  );
  return {
    promise,
    get mode() {
      return client.mode;
    },
    cancel: () => client.cancel(),
  };
}
