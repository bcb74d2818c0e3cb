// The sort worker: runs one job (jobs.ts) at a time and posts progress at most every 50 ms.
// Cancel is the client terminating this worker. Imports core code only, through jobs.ts.
import { runJob, transferables, type FromWorker, type ToWorker } from './jobs';

const PROGRESS_EVERY_MS = 50;

// The DOM lib types `self` as a Window; in a worker its postMessage takes a transfer list.
const scope = self as unknown as { postMessage(msg: FromWorker, transfer: Transferable[]): void };
const post = (msg: FromWorker, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const { id, request } = event.data;
  try {
    const job = runJob(request);
    let last = 0;
    for (;;) {
      const step = job.next();
      if (step.done) {
        post({ type: 'done', id, result: step.value }, transferables(step.value));
        return;
      }
      const t = performance.now();
      if (t - last >= PROGRESS_EVERY_MS || step.value.total === 0) {
        last = t;
        post({ type: 'progress', id, progress: step.value });
      }
    }
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: 'failed', id, message: err.message, name: err.name });
  }
};
