// How big one row gets (batch C: row-size, time-bucket-size, short-wide-unbounded, gc-missing).
// analysis.ts multiplies writes per row by the bytes of one write; a row's size, though, is set
// by how long it receives writes (one time bucket, or the whole retention), how the writes
// spread over rows (the busiest entity takes far more than the average), and how many cells GC
// and aggregate families let it keep. docs/rules/row-size.md explains the model.
import type { Column, Family, Table } from '../model/schema';
import { utf8Length } from '../keys/bytes';
import { writesInWindow, type FieldInfo, type TableAnalysis } from './design';
import { boundsGrowth, keptCells } from './gc-bounds';
import { formatDuration, type Bucket } from '../model/duration';

export const MiB = 1024 * 1024;
export const ROW_WARN_BYTES = 100 * MiB;
export const ROW_ERROR_BYTES = 256 * MiB;

export interface ColumnEstimate {
  family: number;
  column: number | null;
  /** Cells the row keeps in this column (or these dynamic columns). */
  cells: number;
  bytes: number;
  /** The cells keep growing as long as writes arrive: no time bucket, GC or aggregate bounds them. */
  growing: boolean;
}

export interface RowEstimate {
  /** Writes that reach the row over its life. */
  writes: number;
  bytes: number;
  columns: ColumnEstimate[];
  /** Bytes per family, indexed like table.families. */
  familyBytes: number[];
}

export interface RowModel {
  /** How long one row receives writes: the finest time field of the key, else the horizon. */
  lifetimeMs: number;
  /** The key's time field that ends a row's life, or null when rows live for the whole horizon. */
  timeField: FieldInfo | null;
  /** The bucket of that field when it is a time-bucket row. */
  bucket: Bucket | null;
  /** The retention, or one year when none is given. */
  horizonMs: number;
  /** Distinct entities: the product of the cardinalities of the non-time, non-salt fields. */
  entities: number;
  /** The share of writes that go to the busiest entity. */
  hotShare: number;
  typical: RowEstimate;
  hottest: RowEstimate;
}

/** A field's share of writes for its busiest value; a sequence value is written about once. */
function busiestShare(f: FieldInfo): number {
  if (f.isSequential) return Number.isFinite(f.cardinality) && f.cardinality >= 1 ? 1 / f.cardinality : 0;
  return f.topShare;
}

function valueBytes(c: Column): number {
  return c.valueBytes ?? (c.counter ? 8 : 64);
}

// A family declared without columns still stores something: one cell of unknown size per write.
const UNKNOWN_COLUMN: Column = { qualifier: '?', valueBytes: 64 };

/**
 * Cells kept by one column, given `writes` reaching the row over `lifetimeMs`. Statements of the
 * designer (perRow, versions) are a floor: what a row holds at least; accumulation beyond them
 * counts unless GC or an aggregate bounds it. `scale` stretches statements to another lifetime.
 */
function columnEstimate(
  fam: Family,
  fi: number,
  c: Column,
  ci: number | null,
  writes: number,
  lifetimeMs: number,
  scale: number,
  rowLivesForever: boolean,
): ColumnEstimate {
  const rate = writes / lifetimeMs;
  const cellBytes = utf8Length(c.qualifier) + utf8Length(fam.name) + 12 + valueBytes(c);
  const statedCols = c.dynamic && c.perRow !== undefined ? Math.max(1, c.perRow * scale) : null;
  const columns = c.dynamic ? (statedCols ?? Infinity) : 1;
  let cells: number;
  let growing: boolean;
  if (fam.aggregate) {
    // Cells of an aggregate column merge on write: one cell per column, however many writes.
    cells = c.dynamic ? (statedCols ?? keptCells(fam.gc, { written: writes, columns, ratePerMs: rate })) : 1;
    growing = c.dynamic === true && statedCols === null && !boundsGrowth(fam.gc, columns);
  } else {
    const computed = keptCells(fam.gc, { written: writes, columns, ratePerMs: rate });
    const statedVersions = c.versions !== undefined ? Math.max(1, c.versions * scale) : null;
    const statedWritten = c.dynamic ? (statedCols === null ? 0 : statedCols * (statedVersions ?? 1)) : (statedVersions ?? 0);
    const stated = statedWritten > 0 ? keptCells(fam.gc, { written: statedWritten, columns, ratePerMs: Infinity }) : 0;
    cells = Math.max(stated, computed);
    growing = !boundsGrowth(fam.gc, columns) && computed > stated && computed > 1;
  }
  return { family: fi, column: ci, cells, bytes: cells * cellBytes, growing: growing && rowLivesForever };
}

export function estimateRow(table: Table, keyBytes: number, writes: number, lifetimeMs: number, scale: number, rowLivesForever: boolean): RowEstimate {
  const columns: ColumnEstimate[] = [];
  const familyBytes: number[] = [];
  (table.families ?? []).forEach((fam, fi) => {
    const cols = fam.columns?.length ? fam.columns : null;
    const est = cols
      ? cols.map((c, ci) => columnEstimate(fam, fi, c, ci, writes, lifetimeMs, scale, rowLivesForever))
      : [columnEstimate(fam, fi, UNKNOWN_COLUMN, null, writes, lifetimeMs, scale, rowLivesForever)];
    columns.push(...est);
    familyBytes.push(est.reduce((a, e) => a + e.bytes, 0));
  });
  return { writes, bytes: keyBytes + familyBytes.reduce((a, b) => a + b, 0), columns, familyBytes };
}

/** The time field whose resolution (unit or bucket) is finest: a new value of it starts a new row. */
function finestTimeField(ta: TableAnalysis): FieldInfo | null {
  let best: FieldInfo | null = null;
  for (const f of ta.fields) {
    if (f.isTime && f.resolutionMs !== null && (best === null || f.resolutionMs < best.resolutionMs!)) best = f;
  }
  return best;
}

/**
 * The row model of a table. `lifetimeMs` replaces the lifetime of a time-bucket row (to try
 * another bucket); statements (perRow, versions) then scale with it.
 */
export function rowModel(ta: TableAnalysis, lifetimeMs?: number): RowModel {
  // Four rules ask for the same model on every keystroke: compute it once per analysis.
  if (lifetimeMs === undefined) {
    const hit = cache.get(ta);
    if (hit) return hit;
    const model = computeModel(ta);
    cache.set(ta, model);
    return model;
  }
  return computeModel(ta, lifetimeMs);
}

const cache = new WeakMap<TableAnalysis, RowModel>();

function computeModel(ta: TableAnalysis, lifetimeMs?: number): RowModel {
  const horizonMs = ta.retentionMs;
  const timeField = finestTimeField(ta);
  const baseLifetime = Math.min(timeField?.resolutionMs ?? horizonMs, horizonMs);
  const lifetime = Math.min(lifetimeMs ?? baseLifetime, horizonMs);
  const scale = timeField ? lifetime / baseLifetime : 1;
  const entityFields = ta.fields.filter((f) => !f.isTime && !f.isSalt);
  const entities = entityFields.reduce((a, f) => a * f.cardinality, 1);
  const hotShare = entityFields.reduce((a, f) => a * busiestShare(f), 1);
  // The typical row (what storage is sized by) fills at the average rate; the busiest row (the
  // row-size limits) at the peak, as a burst can fill it, and never below the average
  // (docs/capacity.md, Peak and average).
  // At least one write reaches a row (the one that made it); a share is at most the whole load.
  const writesAt = (perSecond: number, share: number) => {
    const w = (perSecond / 1000) * Math.min(1, share) * lifetime;
    return Number.isFinite(w) && w > 1 ? w : 1;
  };
  const forever = timeField === null;
  const typicalShare = Number.isFinite(entities) && entities >= 1 ? 1 / entities : 0;
  const field = timeField?.field;
  let typical: RowEstimate | null = null;
  return {
    lifetimeMs: lifetime,
    timeField,
    bucket: field?.type === 'timestamp' && field.bucket ? field.bucket : null,
    horizonMs,
    entities,
    hotShare,
    // Only messages need the typical row: estimate it on demand.
    get typical() {
      return (typical ??= estimateRow(ta.table, ta.keyBytes.typical, writesAt(ta.averageWritesPerSecond, typicalShare), lifetime, scale, forever));
    },
    hottest: estimateRow(ta.table, ta.keyBytes.max, hottestWrites(ta, lifetime, Math.max(hotShare, typicalShare), writesAt), lifetime, scale, forever),
  };
}

/**
 * Writes reaching the busiest row over its life: at the peak for a whole row lifetime of a
 * sustained load; by the write pattern (a burst, a periodic bulk load) for a time-bucket row.
 */
function hottestWrites(ta: TableAnalysis, lifetime: number, share: number, writesAt: (perSecond: number, share: number) => number): number {
  const steady = writesAt(Math.max(ta.writesPerSecond, ta.averageWritesPerSecond), share);
  const pattern = ta.table.load?.writePattern;
  if (pattern === undefined || pattern === 'sustained' || !Number.isFinite(lifetime) || lifetime <= 0) return steady;
  const w = writesInWindow(ta.table, lifetime) * Math.min(1, share);
  return Number.isFinite(w) && w > 1 ? Math.min(w, steady) : 1;
}

/** family:qualifier for messages; a dynamic qualifier's {placeholder} is shown as <placeholder>. */
export function columnName(family: string, qualifier: string): string {
  return `${family}:${qualifier.replace(/\{(\w*)\}/g, '<$1>')}`;
}

/** The horizon of estimates for messages: the retention, or the assumed year. */
export function horizonText(ta: TableAnalysis): string {
  return `${formatDuration(ta.retentionMs)}${ta.retentionGiven ? '' : ' (assumed: no retention given)'}`;
}
