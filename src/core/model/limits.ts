// Size limits on what the studio and the CLI read, in a module of their own so that a command
// that only needs the number (`btstudio sort` through cli/io.ts) does not load the design
// loader, zod and js-yaml at start-up.
import { MiB } from '../units';

/** The largest design file we read: far above any real design, small enough to answer fast. */
export const MAX_DESIGN_BYTES = 5 * MiB;
