// What a design asks of its cluster, per table: rows and bytes written and read per second,
// and the bytes it stores under the retention its GC rules ACTUALLY enforce.
//
// API:
// - `tableWorkload(ta)`: one table's workload (memoised per TableAnalysis, which is itself
//   cached per table object, so an edit recomputes only the table it touched).
// - `designWorkload(analysis)`: every table, plus totals summed across tables (they share the
//   cluster).
// - `enforcedRetentionMs(table)`: the age after which GC deletes every cell of a row, or null
//   when no rule ever deletes (no rule, only maxVersions, or an intersection with such a rule).
// Unknown stays unknown: a table with no declared write load has `writeRowsPerSecond: null`
// and unknown storage, and `unknown` says why; nothing here invents a load.
//
// Reads: each query's `perSecond` x the rows it reads (1 for a point read; its `limit`, or the
// rows its plan's bound key fields select, for a scan; every row for a full scan). A scan of a
// skewed field (zipf, hot, weights) reads more on average, since its busy values hold the most
// rows and are taken to be scanned as often as they are written (capacity/skew.ts); each
// query also gives the rows of a scan of the busiest value. When `load.readsPerSecond`
// exceeds the queries' total, the excess counts as point reads.
//
// Peak and average: `load.writesPerSecond` is the peak, what CPU serves (writeRowsPerSecond);
// `load.averageWritesPerSecond` (default: the peak) is what accumulates: rows, stored bytes and
// growth per month. An average alone is not a peak: the write rate for CPU stays unknown.
import type { GcRule, Table } from '../model/schema';
import { parseDuration } from '../model/duration';
import { cellBytesPerWrite, declaredWrites, type TableAnalysis, type DesignAnalysis } from '../analysis/design';
import { rowModel } from '../analysis/rows';
import { boundCardinality, occupancy, scanSkew } from './skew';

export { occupancy } from './skew';

/** 730 hours: the month of growth figures and of the monthly cost (Google's pricing calculator's month). */
export const MONTH_HOURS = 730;
export const MONTH_SECONDS = MONTH_HOURS * 3600;

export interface QueryWorkload {
  query: string;
  index: number;
  kind: string;
  perSecond: number | null;
  /** Rows one run reads, or null when it cannot be known (a scan of a table of unknown size). */
  rowsPerRequest: number | null;
  /**
   * Rows one run reads when it scans the busiest value of its skewed bound fields (zipf, hot,
   * weights): the hot tenant's scan. Equal to rowsPerRequest when the bound fields are even.
   */
  busiestRowsPerRequest: number | null;
  /** The skewed bound fields and the share of writes their busiest combination takes; null when even, or when the limit caps the scan. */
  skew: { fields: string[]; busiestShare: number } | null;
  rowsPerSecond: number | null;
  /** Bytes per second read by scans (0 for a point read). */
  scanBytesPerSecond: number | null;
  /** The table or materialized view that serves it (servedBy), where its reads land; null: its own table. */
  servedOn: string | null;
  /** Bytes one row read returns, on the object that serves it. */
  readBytes: number;
}

export type StorageState = 'bounded' | 'unbounded' | 'unknown';

export interface TableWorkload {
  table: string;
  /** For a materialized view: the table it reads. */
  view?: string;
  index: number;
  /** Rows written per second at the peak (CPU); null when the table declares no peak. */
  writeRowsPerSecond: number | null;
  writeBytesPerSecond: number | null;
  /** Rows written per second on average (storage, growth, rows); the peak unless declared. */
  averageWriteRowsPerSecond: number | null;
  /** Bytes one write sends (cells plus the row key). */
  bytesPerWrite: number;
  /** The typical row, in bytes (support/rows.ts). */
  rowBytes: number;
  /** Bytes one read of it returns (readRowBytes). */
  readBytes: number;
  /** Point reads per second (one row each). */
  pointReadsPerSecond: number;
  /** Scan requests per second, and the rows and bytes they read. */
  scansPerSecond: number;
  scanRowsPerSecond: number | null;
  scanBytesPerSecond: number | null;
  /** Point reads plus scanned rows, per second; null when a scan's size is unknown. */
  readRowsPerSecond: number | null;
  queries: QueryWorkload[];
  /** Rows in the table over the estimate's horizon; null when unknown. */
  rows: number | null;
  storage: StorageState;
  /** Bytes stored at steady state; null when unbounded or unknown. */
  storedBytes: number | null;
  /** Bytes added per month when nothing deletes them; 0 when bounded, null when unknown. */
  storedBytesGrowthPerMonth: number | null;
  /** The age at which GC deletes every cell of a row; null when nothing ever deletes. */
  enforcedRetentionMs: number | null;
  /** Why a figure is unknown, one sentence each. */
  unknown: string[];
}

export interface DesignWorkload {
  tables: TableWorkload[];
  totals: {
    writeRowsPerSecond: number;
    readRowsPerSecond: number;
    scanBytesPerSecond: number;
    /** Bounded tables' bytes. */
    storedBytes: number;
    /** Unbounded tables' growth per month. */
    storedBytesGrowthPerMonth: number;
  };
  /** Tables whose write load, reads or storage are unknown. */
  unknown: { table: string; reason: string }[];
}

/** The age after which a rule deletes every cell (Infinity: some cell is kept for ever). */
export function ageBoundMs(gc: GcRule | undefined): number {
  if (!gc) return Infinity;
  if ('maxAge' in gc) return parseDuration(gc.maxAge) ?? Infinity;
  if ('maxVersions' in gc) return Infinity; // the newest versions stay for ever
  // A union deletes when ANY child says so: the soonest; an intersection when ALL do: the latest.
  const ages = ('union' in gc ? gc.union : gc.intersection).map(ageBoundMs);
  return 'union' in gc ? Math.min(...ages) : Math.max(...ages);
}

/** The age at which GC empties a row: the latest over its families; null when never. */
export function enforcedRetentionMs(table: Table): number | null {
  const fams = table.families ?? [];
  if (fams.length === 0) return null;
  const age = Math.max(...fams.map((f) => ageBoundMs(f.gc)));
  return Number.isFinite(age) ? age : null;
}

/**
 * Bytes one read of the typical row returns: the key, the newest cell of each static column
 * (reads ask for the latest value, a cells-per-column limit of 1), and of each dynamic column
 * when `perRow` says how many there are (every cell of them otherwise).
 */
export function readRowBytes(ta: TableAnalysis): number {
  const row = rowModel(ta).typical;
  const fams = ta.table.families ?? [];
  let bytes = ta.keyBytes.typical;
  for (const c of row.columns) {
    if (c.cells <= 0) continue;
    const col = c.column === null ? undefined : fams[c.family]?.columns?.[c.column];
    // A dynamic column group: its newest cell per column when perRow says how many columns.
    const kept = col?.dynamic ? (col.perRow !== undefined ? Math.min(c.cells, col.perRow) : c.cells) : 1;
    bytes += (c.bytes / c.cells) * kept;
  }
  return bytes;
}

/** Whether new rows keep arriving for ever: a time field, or an id with no declared bound. */
export function rowsForever(ta: TableAnalysis): boolean {
  return ta.fields.some((f) => {
    if (f.isTime || !Number.isFinite(f.cardinality)) return true;
    if (!f.isSequential) return false;
    const d = f.field;
    return !('cardinality' in d && d.cardinality !== undefined) && !(d.type === 'int' && d.max !== undefined);
  });
}

/**
 * How many writes one row takes: the most versions a column of it declares (each a write of
 * the same row), else 1. When every family aggregates, a write adds to an existing row: the
 * rows are the entities, unknown when a key field that names the entity has no cardinality.
 */
export function writesPerRow(ta: TableAnalysis): { writes: number | null; why?: string } {
  const fams = ta.table.families ?? [];
  if (fams.length > 0 && fams.every((f) => f.aggregate)) {
    const open = ta.fields.filter((f) => !f.isTime && !f.isSalt && !Number.isFinite(f.cardinality));
    if (open.length > 0) {
      const names = open.map((f) => `{${f.name}}`).join(', ');
      return { writes: null, why: `rows unknown: every family aggregates, so writes update rows; declare the cardinality of ${names}` };
    }
    return { writes: 1 };
  }
  let most = 1;
  for (const f of fams) if (!f.aggregate) for (const c of f.columns ?? []) if (!c.dynamic && c.versions !== undefined && c.versions > most) most = c.versions;
  return { writes: most };
}

/** The rows that begin over the horizon, and the keys they can take (entities x time buckets); null without a load. */
interface RowDraws {
  keys: number;
  draws: number;
}

function queryWorkload(ta: TableAnalysis, ownRows: number | null, ownDraws: RowDraws | null): QueryWorkload[] {
  const queries = ta.table.queries ?? [];
  return ta.plans.map((p) => {
    const q = queries[p.index]!;
    // A query served elsewhere reads that table's or view's rows (its own workload gives them).
    const server = ta.servers?.get(p.index);
    const on = server ? tableWorkload(server) : null;
    const rows = on ? on.rows : ownRows;
    const draws = on ? null : ownDraws;
    const readBytes = server ? readRowBytes(server) : readRowBytes(ta);
    let rowsPerRequest: number | null;
    let busiestRowsPerRequest: number | null;
    let skew: QueryWorkload['skew'] = null;
    if (p.kind === 'point') rowsPerRequest = busiestRowsPerRequest = 1;
    else if (p.kind === 'full-scan') rowsPerRequest = busiestRowsPerRequest = rows;
    else {
      // The rows the bound (eq) key fields select; a range or prefix reads at most those. A
      // skewed bound field's busy values hold more rows and are scanned more (capacity/skew.ts).
      const eq = p.leading.filter((n) => q.match?.[n] === 'eq');
      const bound = (server ?? ta).fields.filter((f) => eq.includes(f.name) && !f.isSalt);
      const selectivity = bound.reduce((a, f) => a * boundCardinality(f), 1);
      const even = rows === null ? null : rows / selectivity;
      const s = even === null || draws === null ? null : scanSkew(bound, draws.keys, draws.draws);
      const cap = (x: number | null) => (x === null ? null : Math.min(rows ?? x, Math.max(1, x)));
      const selected = cap(even === null ? null : even * (s?.mean ?? 1));
      // Named only where it changes a figure: a limit below the average scan caps both.
      if (s && !(q.limit !== undefined && selected !== null && selected >= q.limit)) skew = { fields: s.fields, busiestShare: s.busiestShare };
      const busiest = cap(even === null ? null : even * (s?.busiest ?? 1));
      const limited = (x: number | null) => (q.limit !== undefined ? (x === null ? q.limit : Math.min(q.limit, x)) : x);
      rowsPerRequest = limited(selected);
      busiestRowsPerRequest = limited(busiest);
    }
    const perSecond = q.perSecond ?? null;
    const rowsPerSecond = perSecond === null || rowsPerRequest === null ? null : perSecond * rowsPerRequest;
    const scanBytesPerSecond = p.kind === 'point' ? 0 : rowsPerSecond === null ? null : rowsPerSecond * readBytes;
    return {
      query: p.query,
      index: p.index,
      kind: p.kind,
      perSecond,
      rowsPerRequest,
      busiestRowsPerRequest,
      skew,
      rowsPerSecond,
      scanBytesPerSecond,
      servedOn: p.servedBy?.name ?? null,
      readBytes,
    };
  });
}

function computeTable(ta: TableAnalysis): TableWorkload {
  const t = ta.table;
  const unknown: string[] = [];
  const declared = declaredWrites(t);
  const model = rowModel(ta);
  const rowBytes = model.typical.bytes;
  const readBytes = readRowBytes(ta);
  const bytesPerWrite = ta.bytesPerWrite + ta.keyBytes.typical;
  // What accumulates (rows, storage) is sized at the average; what CPU serves, at the peak.
  const wps = declared.average;
  const peak = declared.peak;
  if (wps === null) unknown.push('no write load declared (load.writesPerSecond)');
  else if (wps === 0) unknown.push('no writes declared (load.writesPerSecond: 0), so nothing says what the table holds');
  else if (peak === null) unknown.push('no peak write rate declared (load.writesPerSecond): writes are left out of CPU, storage is sized at the average');

  // Rows over the horizon: the distinct keys that the rows begun over it take (occupancy()).
  const perRow = writesPerRow(ta);
  if (wps !== null && perRow.writes === null) unknown.push(perRow.why!);
  let rows: number | null = null;
  let draws: RowDraws | null = null;
  // A table that takes no writes holds what something else put there: unknown (its key's
  // cardinalities bound the rows it could hold; they are not a row count).
  if (wps !== null && wps > 0 && perRow.writes !== null) {
    const lifetimes = model.horizonMs / model.lifetimeMs;
    const starts = (wps * (model.horizonMs / 1000)) / perRow.writes;
    rows = Math.max(1, occupancy(model.entities * lifetimes, starts));
    if (!Number.isFinite(rows)) rows = null;
    else draws = { keys: model.entities * lifetimes, draws: starts };
  }

  const queries = queryWorkload(ta, rows, draws);
  let pointReads = 0;
  let scans = 0;
  let scanRows: number | null = 0;
  let scanBytes: number | null = 0;
  let declaredReads = 0;
  for (const q of queries) {
    if (q.perSecond === null) continue;
    declaredReads += q.perSecond;
    if (q.kind === 'point') pointReads += q.perSecond;
    else {
      scans += q.perSecond;
      scanRows = scanRows === null || q.rowsPerSecond === null ? null : scanRows + q.rowsPerSecond;
      scanBytes = scanBytes === null || q.scanBytesPerSecond === null ? null : scanBytes + q.scanBytesPerSecond;
    }
  }
  const extra = ta.readsPerSecond - declaredReads;
  if (extra > 0) pointReads += extra;
  if (scanRows === null) unknown.push('scan sizes unknown: declare load.writesPerSecond (the table size) or a query limit');

  // Storage: what GC keeps. A row-per-event table keeps enforced-retention's worth of writes;
  // an entity table (no time field, finitely many entities) keeps its entities' rows.
  const retention = enforcedRetentionMs(t);
  const writeBytes = wps === null ? null : wps * bytesPerWrite; // on average
  let storage: StorageState = 'unknown';
  let storedBytes: number | null = null;
  let growth: number | null = null;
  if (wps !== null && wps > 0 && writeBytes !== null && perRow.writes !== null) {
    // Rows begin at most once per entity per row lifetime (a time bucket), and a row takes
    // perRow.writes writes (the versions its columns declare): rewrites of a row add no row.
    const rowsPerSecond = Math.min(wps / perRow.writes, model.entities / (model.lifetimeMs / 1000));
    // Each family keeps its own age's worth of writes; the key lives as long as the longest.
    const fams = t.families ?? [];
    const appendBound =
      retention === null
        ? Infinity
        : (rowsPerSecond * ta.keyBytes.typical * retention) / 1000 +
          wps * fams.reduce((a, f) => a + (cellBytesPerWrite({ ...t, families: [f] }) * ageBoundMs(f.gc)) / 1000, 0);
    const newRowsForever = rowsForever(ta);
    const growing = model.typical.columns.some((c) => c.growing);
    const entityRows = occupancy(model.entities, (wps * (model.horizonMs / 1000)) / perRow.writes);
    const entityBound = newRowsForever || growing || !Number.isFinite(entityRows) ? Infinity : Math.max(wps > 0 ? 1 : 0, entityRows) * rowBytes;
    // Each row at its typical size: aggregate cells and rewrites of a bucket row add no row.
    const rowBound = retention === null ? Infinity : rowsPerSecond * rowBytes * (retention / 1000);
    const bound = Math.min(appendBound, rowBound, entityBound);
    if (Number.isFinite(bound)) {
      storage = 'bounded';
      storedBytes = bound;
      growth = 0;
    } else {
      storage = 'unbounded';
      growth = writeBytes * MONTH_SECONDS;
    }
  }
  return {
    table: t.name,
    index: ta.index,
    writeRowsPerSecond: peak,
    writeBytesPerSecond: peak === null ? null : peak * bytesPerWrite,
    averageWriteRowsPerSecond: wps,
    bytesPerWrite,
    rowBytes,
    readBytes,
    pointReadsPerSecond: pointReads,
    scansPerSecond: scans,
    scanRowsPerSecond: scanRows,
    scanBytesPerSecond: scanBytes,
    readRowsPerSecond: scanRows === null ? null : pointReads + scanRows,
    queries,
    rows,
    storage,
    storedBytes,
    storedBytesGrowthPerMonth: growth,
    enforcedRetentionMs: retention,
    unknown,
  };
}

const cache = new WeakMap<TableAnalysis, TableWorkload>();

export function tableWorkload(ta: TableAnalysis): TableWorkload {
  let w = cache.get(ta);
  if (!w) cache.set(ta, (w = computeTable(ta)));
  return w;
}

export function designWorkload(analysis: DesignAnalysis): DesignWorkload {
  // A continuous materialized view is written with every base write that reaches it, and its
  // rows are stored on every cluster: it counts as a table of the design.
  const tables = analysis.tables.map(tableWorkload);
  for (const v of analysis.views ?? []) tables.push({ ...tableWorkload(v.analysis), table: v.name, view: v.source });
  // One pass, each total summed in the tables' order (a fix check plans the whole design).
  const totals = { writeRowsPerSecond: 0, readRowsPerSecond: 0, scanBytesPerSecond: 0, storedBytes: 0, storedBytesGrowthPerMonth: 0 };
  const unknown: DesignWorkload['unknown'] = [];
  for (const t of tables) {
    totals.writeRowsPerSecond += t.writeRowsPerSecond ?? 0;
    totals.readRowsPerSecond += t.readRowsPerSecond ?? 0;
    totals.scanBytesPerSecond += t.scanBytesPerSecond ?? 0;
    totals.storedBytes += t.storedBytes ?? 0;
    totals.storedBytesGrowthPerMonth += (t.storage === 'unbounded' ? t.storedBytesGrowthPerMonth : 0) ?? 0;
    for (const reason of t.unknown) unknown.push({ table: t.table, reason });
  }
  return { tables, totals, unknown };
}
