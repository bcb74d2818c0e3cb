// Durations and time buckets, once for every module: the design's durations (`30d`, `36h`,
// `15m`, `90s`, `500ms`; DURATION in schema.ts) parsed and printed, and the length of each
// time bucket of a timestamp field.
//
// A `month` bucket is a calendar month (keys/values.ts floors a time to the 1st of its month),
// so a bucket lasts 28 to 31 days. BUCKET_MS gives the longest: every use asks how much a
// bucket can hold or span (the hottest row of a bucket, the range verify reads around a
// sampled key, the byte variety of a bucketed key), and 31 days bounds them all; 30 days (as
// the analysis once had) under-counts a 31-day month's row by 3%.
export const DAY_MS = 86_400_000;

/** Milliseconds per unit of a design duration, largest first. */
export const DURATION_UNIT_MS = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
export type DurationUnit = keyof typeof DURATION_UNIT_MS;

const DURATION_TEXT = /^(\d+)(ms|s|m|h|d)$/;

/** A design duration in milliseconds (`30d` -> 2,592,000,000); null for anything else. */
export function parseDuration(d: string | null | undefined): number | null {
  const m = d ? DURATION_TEXT.exec(d) : null;
  return m ? Number(m[1]) * DURATION_UNIT_MS[m[2] as DurationUnit] : null;
}

/** Milliseconds as a design duration in the largest unit that divides them: 400d, 36h, 90s, 1500ms (whole ms). */
export function formatDuration(ms: number): string {
  for (const [unit, size] of Object.entries(DURATION_UNIT_MS)) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.round(ms)}ms`;
}

/** The longest a time bucket lasts (a month: 31 days, see above). */
export const BUCKET_MS = { minute: 60_000, hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS, month: 31 * DAY_MS } as const;
export type Bucket = keyof typeof BUCKET_MS;
export const BUCKETS: readonly Bucket[] = ['minute', 'hour', 'day', 'week', 'month'];
