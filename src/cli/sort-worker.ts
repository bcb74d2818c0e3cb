// The script of `btstudio sort`'s second thread (see sort-file.ts), an entry of the CLI's
// bundle of its own: a worker loads only the sorting code, none of the CLI's, which saves
// the memory and the start-up time that loading those would take.
import { serve } from './sort-file';

serve();
