// Figures that cannot be known, and figures past what any cluster serves, in one wording for
// every surface (lint's estimates and findings, `btstudio plan` in text and JSON, the markdown
// review, the studio's Estimates and Capacity panels, the MCP answers).
//
// - Unknown is said as unknown: a table with no declared write load has no row count, size or
//   growth. Its key's cardinalities bound the rows it could hold; they are not a row count.
// - A figure past what 1,000 nodes (MAX_CLUSTER_NODES) read, scan or hold is said as "more
//   than" that bound, never as 2e33 rows/s or 58 EiB; JSON gives null and says why.
// - Totals across tables say what they cover: "1 of 2 tables; lookup has no write load declared".
import { formatBytes, formatCount } from '../units';
import { NODE_FIGURES } from '../analysis/cluster';
import type { DesignWorkload, TableWorkload } from './workload';

/** The most nodes one cluster of the format holds (cluster.nodes, autoscaling maxNodes). */
export const MAX_CLUSTER_NODES = 1000;

const MOST = { storage: Math.max(NODE_FIGURES.ssd.storageBytes, NODE_FIGURES.hdd.storageBytes) };
const SSD = NODE_FIGURES.ssd;

/** Bytes that 1,000 nodes of the larger storage (HDD, 16 TiB a node, "Quotas and limits") hold: 16 PiB (15.6 exactly). */
export const STORED_BYTES_BOUND = MAX_CLUSTER_NODES * MOST.storage;
/** Bytes a second that 1,000 SSD nodes scan (220 MB/s a node, "Understand performance"). */
export const SCAN_BYTES_BOUND = MAX_CLUSTER_NODES * SSD.scanBytesPerSecond;

/** Rows a second that 1,000 nodes read, for rows of `readBytes`: the scan rate over the row, never below the point-read rate. */
export function readRowsBound(readBytes: number): number {
  const perRow = Number.isFinite(readBytes) && readBytes >= 1 ? readBytes : 1;
  return Math.floor(Math.max(MAX_CLUSTER_NODES * SSD.readsPerSecond, SCAN_BYTES_BOUND / perRow));
}

/** A count past COUNT_BOUND (units.ts), as every surface says it. */
export const OVER_COUNT = 'over 10^15';

/** Why a figure is null in JSON, in the words the text uses. */
export const BEYOND = {
  rowsRead: `more rows a second than ${formatCount(MAX_CLUSTER_NODES)} nodes read`,
  scanned: `more bytes a second than ${formatCount(MAX_CLUSTER_NODES)} nodes scan`,
  stored: `more than the ${formatBytes(STORED_BYTES_BOUND)} ${formatCount(MAX_CLUSTER_NODES)} HDD nodes hold`,
} as const;

/** What a table's unknown figures say, one reason: the first the workload gives. */
export function unknownReason(w: Pick<TableWorkload, 'unknown'>): string {
  return w.unknown[0] ?? 'unknown';
}

/** A figure within its bound, else null (JSON). */
export function within(n: number | null, bound: number): number | null {
  return n === null || !Number.isFinite(n) || n > bound ? null : n;
}

/** "123,456 rows read/s", or "more than the 211,538,461 rows read/s that 1,000 nodes serve". */
export function rowsReadText(rowsPerSecond: number, readBytes: number): string {
  const bound = readRowsBound(readBytes);
  if (!Number.isFinite(rowsPerSecond) || rowsPerSecond > bound)
    return `more than the ${formatCount(bound)} rows read/s that ${formatCount(MAX_CLUSTER_NODES)} nodes serve`;
  return `${formatCount(rowsPerSecond)} rows read/s`;
}

/** "3.4 GiB/s scanned", or "more than the 205 GiB/s that 1,000 nodes scan". */
export function scanRateText(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond > SCAN_BYTES_BOUND)
    return `more than the ${formatBytes(SCAN_BYTES_BOUND)}/s that ${formatCount(MAX_CLUSTER_NODES)} nodes scan`;
  return `${formatBytes(bytesPerSecond)}/s scanned`;
}

/** "291 TiB", or "more than the 16 PiB that 1,000 HDD nodes hold". */
export function storedBytesText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes > STORED_BYTES_BOUND)
    return `more than the ${formatBytes(STORED_BYTES_BOUND)} that ${formatCount(MAX_CLUSTER_NODES)} HDD nodes hold`;
  return formatBytes(bytes);
}

/** Growth when nothing deletes: "+333 GiB/month", or "more a month than the 16 PiB that 1,000 HDD nodes hold". */
export function growthText(bytesPerMonth: number): string {
  if (!Number.isFinite(bytesPerMonth) || bytesPerMonth > STORED_BYTES_BOUND)
    return `more a month than the ${formatBytes(STORED_BYTES_BOUND)} that ${formatCount(MAX_CLUSTER_NODES)} HDD nodes hold`;
  return `+${formatBytes(bytesPerMonth)}/month`;
}

/** A row count: "2,592,000,000", "over 10^15", or "unknown (no write load declared ...)". */
export function rowCountText(rows: number | null, why: string): string {
  return rows === null ? `unknown (${why})` : formatCount(rows);
}

/** Which tables a storage total covers. */
export interface StorageCoverage {
  /** Tables (and continuous materialized views) whose storage is known. */
  known: number;
  of: number;
  /** Those whose storage is unknown, with the reason. */
  unknown: { table: string; reason: string }[];
}

export function storageCoverage(w: Pick<DesignWorkload, 'tables'>): StorageCoverage {
  const unknown = w.tables.filter((t) => t.storage === 'unknown').map((t) => ({ table: t.table, reason: unknownReason(t) }));
  return { known: w.tables.length - unknown.length, of: w.tables.length, unknown };
}

/** "" when every table's storage is known, else "1 of 2 tables; lookup has no write load declared". */
export function coverageText(c: StorageCoverage): string {
  if (c.unknown.length === 0) return '';
  const names = c.unknown.slice(0, 3).map((u) => u.table);
  const more = c.unknown.length > 3 ? ` and ${formatCount(c.unknown.length - 3)} more` : '';
  const load = c.unknown.every((u) => u.reason.startsWith('no write load declared'));
  const which = `${names.join(', ')}${more}`;
  const why = load ? `${which} ${c.unknown.length === 1 ? 'has' : 'have'} no write load declared` : `the size of ${which} is unknown`;
  return `${formatCount(c.known)} of ${formatCount(c.of)} tables; ${why}`;
}
