// What the studio's long jobs (the key sorter's, the simulator's) have in common, and the
// messages between a job client (client.ts) and its worker (host.ts). A job is a generator:
// it does a step, yields, and at the end returns its result. What it yields is turned into
// progress only when someone will see it (`progressOf`), so a step can yield cheaply. This
// module imports nothing, so a worker bundle that uses it stays core-only.

export interface JobSpec<Req, Res, P, Y = P> {
  /** Starts the job for a request. */
  start(request: Req): Generator<Y, Res>;
  /** The progress a yielded value stands for; called at most every PROGRESS_EVERY_MS. Default: the value itself. */
  progressOf?: (yielded: Y) => P;
  /** A yielded value to report at once, whatever the time (a new stage starting). */
  urgent?: (yielded: Y) => boolean;
  /** The buffers of a result to move to the page instead of copying (distinct, real ArrayBuffers). */
  transferables?: (result: Res) => ArrayBuffer[];
}

/** The client to the worker: run one job (a worker runs one at a time; `id` ties the answer to it). */
export type ToWorker<Req> = { type: 'run'; id: number; request: Req };

/** The worker to the client. */
export type FromWorker<Res, P> =
  | { type: 'progress'; id: number; progress: P }
  | { type: 'done'; id: number; result: Res }
  | { type: 'failed'; id: number; message: string; name: string };

/** How often a worker posts progress, and how often the main-thread fallback reports it. */
export const PROGRESS_EVERY_MS = 50;

/** The main-thread fallback's slice: long enough to make progress, short enough for the page to stay responsive (a frame). */
export const SLICE_MS = 16;

export const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** The rejection of a cancelled job: an AbortError, as fetch and AbortSignal use. */
export const cancelledError = (what = 'The job'): DOMException => new DOMException(`${what} was cancelled`, 'AbortError');
export const isCancelled = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';

/** Distinct real ArrayBuffers of some views (a SharedArrayBuffer, or one listed twice, cannot be transferred). */
export function buffersOf(views: readonly (ArrayBufferView | undefined | null)[]): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>();
  for (const v of views) if (v && v.buffer instanceof ArrayBuffer) seen.add(v.buffer);
  return [...seen];
}
