// The sorter's job client: the studio's one job client (../jobs/client.ts) over the sort
// worker's jobs (jobs.ts), typed so each kind of request resolves with its own result. One job
// at a time per client (a new run cancels the old one); without a worker the same jobs run on
// the main thread in slices.
import { createJobClient, type JobClient, type RunOptions, type WorkerFactory } from '../jobs/client';
import { sortJobs, type AnyResult, type JobRequest, type JobResult, type Progress } from './jobs';

export { isCancelled } from '../jobs/client';
export type { WorkerFactory } from '../jobs/client';

export interface SortClient extends Omit<JobClient<JobRequest, AnyResult, Progress>, 'run'> {
  run<R extends JobRequest>(request: R, opts?: RunOptions<Progress>): Promise<JobResult<R>>;
}

/** The bundled sort worker; null where Worker does not exist. Written inline so Vite bundles it. */
export function defaultWorkerFactory(): WorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  return () => new Worker(new URL('./sort.worker.ts', import.meta.url), { type: 'module' });
}

/** `sliceMs`: the main-thread fallback's slice (a test sets 0 to see progress after every step). */
export function createSortClient(factory: WorkerFactory | null = defaultWorkerFactory(), sliceMs?: number): SortClient {
  return createJobClient(sortJobs, { worker: factory, workerName: 'the sort worker', ...(sliceMs === undefined ? {} : { sliceMs }) }) as SortClient;
}
