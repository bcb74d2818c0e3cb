// The one typed wrapper around the sort worker. `run` posts a tagged job, reports progress and
// resolves with the result (its typed arrays transferred, not copied). One job at a time per
// client: a new run, `cancel()` or an aborted signal terminates the worker (the only way to
// stop a synchronous sort) and rejects the old promise with an AbortError; the next run starts
// a fresh worker. Where there is no Worker (Node, tests) or the worker cannot start (a strict
// CSP, a broken bundle), the same jobs run on the main thread in slices, yielding to the page
// between slices, with the same progress and cancel.
import { runJob, type AnyResult, type FromWorker, type JobRequest, type JobResult, type Progress, type ToWorker } from './jobs';

export interface RunOptions {
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

export interface SortClient {
  run<R extends JobRequest>(request: R, opts?: RunOptions): Promise<JobResult<R>>;
  /** Where jobs run: 'worker', or 'main' when there is no worker or it failed to start. */
  readonly mode: 'worker' | 'main';
  /** Stops the running job, if any (its promise rejects with an AbortError). */
  cancel(): void;
  dispose(): void;
}

export type WorkerFactory = () => Worker;

/** The bundled sort worker; null where Worker does not exist. Written inline so Vite bundles it. */
export function defaultWorkerFactory(): WorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  return () => new Worker(new URL('./sort.worker.ts', import.meta.url), { type: 'module' });
}

export const abortError = () => new DOMException('The job was cancelled', 'AbortError');
export const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** The fallback's slice length: long enough to make progress, short enough to keep the page responsive. */
const SLICE_MS = 30;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function runOnMainThread(request: JobRequest, opts: RunOptions = {}, cancelled: () => boolean = () => false): Promise<AnyResult> {
  const job = runJob(request);
  let sliceStart = now();
  for (;;) {
    if (opts.signal?.aborted || cancelled()) throw abortError();
    const step = job.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= SLICE_MS) {
      opts.onProgress?.(step.value);
      await yieldToPage();
      sliceStart = now();
    }
  }
}

interface Pending {
  id: number;
  resolve(r: AnyResult): void;
  reject(e: unknown): void;
  opts: RunOptions;
  request: JobRequest;
  started: boolean;
}

export function createSortClient(factory: WorkerFactory | null = defaultWorkerFactory()): SortClient {
  let worker: Worker | null = null;
  let workerBroken = factory === null;
  let pending: Pending | null = null;
  let nextId = 1;
  let mainRun = 0;

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };

  const settle = (p: Pending) => {
    if (pending === p) pending = null;
    p.opts.signal?.removeEventListener('abort', onAbort);
  };
  const resolveWith = (p: Pending, r: AnyResult) => {
    settle(p);
    p.resolve(r);
  };
  const rejectWith = (p: Pending, e: unknown) => {
    settle(p);
    p.reject(e);
  };

  function onAbort() {
    client.cancel();
  }

  const fallBack = (p: Pending) => {
    workerBroken = true;
    stopWorker();
    const run = ++mainRun;
    runOnMainThread(p.request, p.opts, () => run !== mainRun || pending !== p).then(
      (r) => resolveWith(p, r),
      (e) => rejectWith(p, e),
    );
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const w = factory!();
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      const msg = event.data;
      const p = pending;
      if (!p || msg.id !== p.id) return;
      p.started = true;
      if (msg.type === 'progress') p.opts.onProgress?.(msg.progress);
      else if (msg.type === 'done') resolveWith(p, msg.result);
      else {
        settle(p);
        const err = new Error(msg.message);
        err.name = msg.name;
        p.reject(err);
      }
    };
    // An error event before the worker has said anything: it could not load. Run here instead.
    w.onerror = (event) => {
      event.preventDefault();
      const p = pending;
      if (p && !p.started) fallBack(p);
      else if (p) {
        stopWorker();
        rejectWith(p, new Error(event.message || 'the sort worker failed'));
      }
    };
    worker = w;
    return w;
  };

  const client: SortClient = {
    get mode() {
      return workerBroken ? 'main' : 'worker';
    },
    run<R extends JobRequest>(request: R, opts: RunOptions = {}): Promise<JobResult<R>> {
      client.cancel();
      return new Promise<AnyResult>((resolve, reject) => {
        if (opts.signal?.aborted) return reject(abortError());
        const p: Pending = { id: nextId++, resolve, reject, opts, request, started: false };
        pending = p;
        opts.signal?.addEventListener('abort', onAbort);
        if (workerBroken) return fallBack(p);
        try {
          ensureWorker().postMessage({ type: 'run', id: p.id, request } satisfies ToWorker);
        } catch {
          fallBack(p); // the worker could not be created at all
        }
      }) as Promise<JobResult<R>>;
    },
    cancel() {
      const p = pending;
      if (!p) return;
      settle(p);
      mainRun++;
      if (!workerBroken) stopWorker();
      p.reject(abortError());
    },
    dispose() {
      client.cancel();
      stopWorker();
    },
  };
  return client;
}
