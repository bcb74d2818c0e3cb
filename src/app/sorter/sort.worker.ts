// The sort worker: runs the sorter's jobs (jobs.ts) one at a time through the studio's job host.
// Cancel is the client terminating this worker. Imports core code only, through jobs.ts.
import { serveJobs } from '../jobs/host';
import { sortJobs } from './jobs';

serveJobs(sortJobs);
