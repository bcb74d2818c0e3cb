// The one typed client for the studio's worker jobs (the key sorter's and the simulator's).
// `run` posts a job to the worker, reports its progress and resolves with its result (typed
// arrays transferred, not copied). One job at a time per client: a new run, `cancel()` or an
// aborted signal terminates the worker (the only way to stop a synchronous job) and rejects
// the old promise with an AbortError; the next run starts a fresh worker. Where there is no
// Worker (Node, tests) or it cannot start (a strict CSP, a broken bundle: an error before the
// worker said anything), the same job runs on the main thread in slices of SLICE_MS, yielding
// to the page between slices, with the same progress and cancel.
import { cancelledError, now, SLICE_MS, type FromWorker, type JobSpec, type ToWorker } from './protocol';

export { cancelledError, isCancelled } from './protocol';

export interface RunOptions<P> {
  onProgress?: (p: P) => void;
  signal?: AbortSignal;
}

export interface JobClient<Req, Res, P> {
  run(request: Req, opts?: RunOptions<P>): Promise<Res>;
  /** Where jobs run: 'worker', or 'main' when there is no worker or it failed to start. */
  readonly mode: 'worker' | 'main';
  /** Stops the running job, if any (its promise rejects with an AbortError). */
  cancel(): void;
  /** Cancels and lets the worker go. */
  dispose(): void;
}

export type WorkerFactory = () => Worker;

export interface ClientOptions {
  /** Makes the worker; null runs every job on the main thread. */
  worker: WorkerFactory | null;
  /** The main-thread fallback's slice (ms); SLICE_MS unless a test wants it shorter. */
  sliceMs?: number;
  /** What a job is called in messages: "The simulation" was cancelled, "the sort worker" failed. */
  jobName?: string;
  workerName?: string;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs a job on this thread in time-boxed slices; `cancelled` is checked between slices. */
export async function runOnMainThread<Req, Res, P, Y>(
  spec: JobSpec<Req, Res, P, Y>,
  request: Req,
  opts: RunOptions<P> = {},
  cancelled: () => boolean = () => false,
  sliceMs = SLICE_MS,
  jobName?: string,
): Promise<Res> {
  const progressOf = spec.progressOf ?? ((y: Y) => y as unknown as P);
  const stopped = () => opts.signal?.aborted === true || cancelled();
  // Let the caller's UI show "running" before the first slice.
  await yieldToPage();
  if (stopped()) throw cancelledError(jobName);
  const job = spec.start(request);
  let sliceStart = now();
  for (;;) {
    const step = job.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= sliceMs) {
      opts.onProgress?.(progressOf(step.value));
      await yieldToPage();
      if (stopped()) throw cancelledError(jobName);
      sliceStart = now();
    }
  }
}

interface Pending<Req, Res, P> {
  id: number;
  resolve(r: Res): void;
  reject(e: unknown): void;
  opts: RunOptions<P>;
  request: Req;
  /** The worker has answered this job at least once (so an error event is a failure, not a failed start). */
  heard: boolean;
}

export function createJobClient<Req, Res, P, Y = P>(spec: JobSpec<Req, Res, P, Y>, options: ClientOptions): JobClient<Req, Res, P> {
  const { worker: factory, sliceMs = SLICE_MS, jobName, workerName = 'the worker' } = options;
  let worker: Worker | null = null;
  let workerBroken = factory === null;
  let pending: Pending<Req, Res, P> | null = null;
  let nextId = 1;
  let mainRun = 0;

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const settle = (p: Pending<Req, Res, P>) => {
    if (pending === p) pending = null;
    p.opts.signal?.removeEventListener('abort', onAbort);
  };
  const resolveWith = (p: Pending<Req, Res, P>, r: Res) => {
    settle(p);
    p.resolve(r);
  };
  const rejectWith = (p: Pending<Req, Res, P>, e: unknown) => {
    settle(p);
    p.reject(e);
  };
  function onAbort() {
    client.cancel();
  }

  const fallBack = (p: Pending<Req, Res, P>) => {
    workerBroken = true;
    stopWorker();
    const run = ++mainRun;
    runOnMainThread(spec, p.request, p.opts, () => run !== mainRun || pending !== p, sliceMs, jobName).then(
      (r) => resolveWith(p, r),
      (e) => rejectWith(p, e),
    );
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const w = factory!();
    w.onmessage = (event: MessageEvent<FromWorker<Res, P>>) => {
      const msg = event.data;
      const p = pending;
      if (!p || msg.id !== p.id) return; // a job of an earlier run
      p.heard = true;
      if (msg.type === 'progress') p.opts.onProgress?.(msg.progress);
      else if (msg.type === 'done') resolveWith(p, msg.result);
      else {
        const err = new Error(msg.message);
        err.name = msg.name;
        rejectWith(p, err);
      }
    };
    // An error event before the worker has said anything: it could not load. Run here instead.
    w.onerror = (event) => {
      event.preventDefault();
      const p = pending;
      if (p && !p.heard) fallBack(p);
      else if (p) {
        stopWorker();
        rejectWith(p, new Error(event.message || `${workerName} failed`));
      }
    };
    worker = w;
    return w;
  };

  const client: JobClient<Req, Res, P> = {
    get mode() {
      return workerBroken ? 'main' : 'worker';
    },
    run(request: Req, opts: RunOptions<P> = {}): Promise<Res> {
      client.cancel();
      return new Promise<Res>((resolve, reject) => {
        if (opts.signal?.aborted) return reject(cancelledError(jobName));
        const p: Pending<Req, Res, P> = { id: nextId++, resolve, reject, opts, request, heard: false };
        pending = p;
        opts.signal?.addEventListener('abort', onAbort);
        if (workerBroken) return fallBack(p);
        try {
          ensureWorker().postMessage({ type: 'run', id: p.id, request } satisfies ToWorker<Req>);
        } catch {
          fallBack(p); // the worker could not be created at all
        }
      });
    },
    cancel() {
      const p = pending;
      if (!p) return;
      settle(p);
      mainRun++;
      if (!workerBroken) stopWorker();
      p.reject(cancelledError(jobName));
    },
    dispose() {
      client.cancel();
      stopWorker();
    },
  };
  return client;
}
