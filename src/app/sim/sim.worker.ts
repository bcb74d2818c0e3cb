// The simulation worker: runs one simulation (protocol.ts's simJob) at a time through the
// studio's job host, posting progress at most every 50 ms and the result with its typed arrays
// transferred. Cancel is the client terminating this worker. Imports core code only.
import { serveJobs } from '../jobs/host';
import { simJob } from './protocol';

serveJobs(simJob);
