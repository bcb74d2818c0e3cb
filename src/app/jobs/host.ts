// The worker side of a job client: `serveJobs(spec)` in a worker entry runs each posted job to
// the end, posting progress at most every PROGRESS_EVERY_MS (and urgent progress at once), then
// the result with its buffers transferred, or the failure's name and message. Cancel is the
// client terminating the worker: a synchronous job cannot be stopped any other way.
import { now, PROGRESS_EVERY_MS, type FromWorker, type JobSpec, type ToWorker } from './protocol';

/** Where messages go: a worker's global scope (typed as a Window by the DOM lib), or a test's stand-in. */
export interface JobScope {
  postMessage(msg: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export function serveJobs<Req, Res, P, Y>(spec: JobSpec<Req, Res, P, Y>, scope: JobScope = self as unknown as JobScope): void {
  const post = (msg: FromWorker<Res, P>, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);
  const progressOf = spec.progressOf ?? ((y: Y) => y as unknown as P);
  scope.onmessage = (event: MessageEvent<ToWorker<Req>>) => {
    const { id, request } = event.data;
    try {
      const job = spec.start(request);
      let last = -Infinity;
      for (;;) {
        const step = job.next();
        if (step.done) {
          post({ type: 'done', id, result: step.value }, spec.transferables?.(step.value) ?? []);
          return;
        }
        const t = now();
        if (t - last >= PROGRESS_EVERY_MS || spec.urgent?.(step.value)) {
          last = t;
          post({ type: 'progress', id, progress: progressOf(step.value) });
        }
      }
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      post({ type: 'failed', id, message: err.message, name: err.name });
    }
  };
}
