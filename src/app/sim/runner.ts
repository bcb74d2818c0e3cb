// The one typed wrapper around the simulation worker: `runSimulation(table, options,
// onProgress)` returns the result's promise and a `cancel`. Each run gets its own worker, so a
// cancel terminates it (the only way to stop a synchronous slice) and rejects the promise with
// an AbortError. Where there is no Worker (Node, tests) or it cannot start (a strict CSP, a
// broken bundle), the same run goes on the main thread in slices, yielding to the page between
// them, with the same progress and cancel.
import { createSimulation, type SimOptions, type SimResult } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { SLICE_TICKS, type FromWorker, type SimProgress, type ToWorker } from './protocol';

export type { SimProgress } from './protocol';

export interface SimRun {
  promise: Promise<SimResult>;
  /** Stops the run; its promise rejects with an AbortError. A no-op once settled. */
  cancel(): void;
  /** Where the run goes: in a worker, or on the main thread (no worker, or it failed to start). */
  readonly mode: 'worker' | 'main';
}

export type WorkerFactory = () => Worker;

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

export const cancelError = () => new DOMException('The simulation was cancelled', 'AbortError');
export const isCancelled = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs on this thread in time-boxed slices; `cancelled` is checked between slices. */
export async function runOnMainThread(
  table: Table,
  options: SimOptions,
  onProgress: ((p: SimProgress) => void) | undefined,
  cancelled: () => boolean,
  sliceMs = 12,
): Promise<SimResult> {
  // Let the caller's UI show "running" before the first slice.
  await yieldToPage();
  if (cancelled()) throw cancelError();
  const sim = createSimulation(table, options);
  while (!sim.done) {
    const start = now();
    while (!sim.done && now() - start < sliceMs) sim.step(SLICE_TICKS);
    const s = sim.snapshot();
    onProgress?.({ progress: s.progress, simulatedSeconds: s.simulatedSeconds, writes: s.writes, throttled: s.throttled, tablets: s.tablets });
    await yieldToPage();
    if (cancelled()) throw cancelError();
  }
  return sim.result();
}

let nextId = 1;

/** Runs one simulation off the main thread when it can. */
export function runSimulation(table: Table, options: SimOptions, onProgress?: (p: SimProgress) => void, deps: RunnerDeps = {}): SimRun {
  const factory = deps.createWorker === undefined ? defaultWorkerFactory() : deps.createWorker;
  const id = nextId++;
  let settled = false;
  let cancelled = false;
  let worker: Worker | null = null;
  let mode: 'worker' | 'main' = 'worker';
  let resolveRun!: (r: SimResult) => void;
  let rejectRun!: (e: unknown) => void;
  const promise = new Promise<SimResult>((resolve, reject) => {
    resolveRun = resolve;
    rejectRun = reject;
  });

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const finish = (ok: boolean, value: unknown) => {
    if (settled) return;
    settled = true;
    stopWorker();
    if (ok) resolveRun(value as SimResult);
    else rejectRun(value);
  };
  const onMain = () => {
    mode = 'main';
    stopWorker();
    runOnMainThread(table, options, (p) => !settled && onProgress?.(p), () => cancelled || settled, deps.sliceMs).then(
      (r) => finish(true, r),
      (e) => finish(false, e),
    );
  };

  if (!factory) onMain();
  else {
    let heard = false;
    try {
      const w = factory();
      worker = w;
      w.onmessage = (event: MessageEvent<FromWorker>) => {
        const msg = event.data;
        if (msg.id !== id || settled) return;
        heard = true;
        switch (msg.type) {
          case 'progress':
            onProgress?.(msg.progress);
            break;
          case 'done':
            finish(true, msg.result);
            break;
          case 'failed': {
            const err = new Error(msg.message);
            err.name = msg.name;
            finish(false, err);
            break;
          }
          default:
            assertNever(msg);
        }
      };
      // An error before the worker said anything: it could not load. Run here instead.
      w.onerror = (event) => {
        event.preventDefault();
        if (settled) return;
        if (!heard) onMain();
        else finish(false, new Error(event.message || 'the simulation worker failed'));
      };
      w.postMessage({ type: 'run', id, table, options, sliceTicks: SLICE_TICKS } satisfies ToWorker);
    } catch {
      onMain(); // the worker could not be created at all
    }
  }

  return {
    promise,
    get mode() {
      return mode;
    },
    cancel() {
      if (settled) return;
      cancelled = true;
      finish(false, cancelError());
    },
  };
}

function assertNever(x: never): never {
  throw new Error(`unexpected message ${JSON.stringify(x)}`);
}
