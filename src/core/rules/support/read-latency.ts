// How long one read takes by where the data is ("Choose between SSD and HDD storage"): SSD reads
// take single-digit milliseconds; HDD reads, and reads of infrequent access (tiered) storage,
// "low double-digit ms". The rules on latency targets (hdd-latency, tiered-reads) read these.

/** Below this p99 target (ms) HDD and tiered reads ("low double-digit ms") put the target at risk. */
export const HDD_READ_MS = 20;
/** At or below this, the target is SSD's (single-digit ms): HDD cannot meet it. */
export const SINGLE_DIGIT_MS = 10;
