// The script of `btstudio sort`'s second thread (see sort-file.ts), an entry of the CLI's
// bundle of its own: a worker loads only the sorting code, not the sort command's chunk and
// the CLI modules it imports (measured: no memory saved, the main thread has those pages
// already; but nothing of the CLI runs again in the worker).
import { serve } from './sort-file';

serve();
