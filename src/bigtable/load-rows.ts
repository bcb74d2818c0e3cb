// `btstudio load`: synthetic rows shaped by the design, written to a real Bigtable (the emulator
// or an instance) so the Key Visualizer, `verify` and the queries have data to look at.
//
// Rows: keys from the key template's generators (the same seeded streams as `btstudio keys`);
// every family and column of the table, values typed by columns[].type (core/model/column-types.ts; bytes and
// proto: slices of a seeded random pool of valueBytes),
// dynamic columns perRow times with qualifier "<placeholder>_<index>", counter
// columns of aggregate families as AddToCell inputs (Int64) and counter columns of plain
// families as 8-byte big-endian SetCells. Entries are raw MutateRows entries sent with
// `table.mutate(entries, {rawMutation: true})`: @google-cloud/bigtable 7.2 has no AddToCell in
// its insert/mutate helpers, but passes raw mutations through, and the proto has AddToCell.
import type { Table as BtTable } from '@google-cloud/bigtable';
import { declaredWrites } from '../core/analysis/design';
import { recordStream } from '../core/keys/generate';
import { Rng } from '../core/keys/random';
import { columnType, fixedWidth, typedValue } from '../core/model/column-types';
import type { Column, ColumnType, Table } from '../core/model/schema';
import type { Aggregate } from './admin';
import { formatBytes, formatCount as grouped } from '../core/units';
import { BigtableError, grpcCode } from './errors';

/** gRPC codes worth another try: DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, UNAVAILABLE. */
export const TRANSIENT_CODES = new Set([4, 8, 10, 14]);

/** MutateRows takes at most 100,000 mutations per request. */
const MAX_MUTATIONS_PER_REQUEST = 100_000;

export interface SetCellMutation {
  setCell: { familyName: string; columnQualifier: Buffer; timestampMicros: number; value: Buffer };
}
export interface AddToCellMutation {
  addToCell: { familyName: string; columnQualifier: { rawValue: Buffer }; timestamp: { rawTimestampMicros: number }; input: { intValue: number } };
}
export type RawMutation = SetCellMutation | AddToCellMutation;

/** One MutateRows entry, in the shape `table.mutate(..., {rawMutation: true})` sends as is. */
export interface RawEntry {
  rowKey: Buffer;
  mutations: RawMutation[];
}

interface ColumnPlan {
  family: string;
  qualifiers: Buffer[];
  valueBytes: number;
  /** set: a value; add: an AddToCell input; counter: an 8-byte big-endian SetCell. */
  write: 'set' | 'add' | 'counter';
  aggregate: Aggregate | null;
  /** The column's value type (columns[].type): typed values, or random bytes for bytes/proto. */
  valueType: ColumnType;
}

export interface RowShape {
  columns: ColumnPlan[];
  cellsPerRow: number;
  addsPerRow: number;
  /** Said in the summary: what the rows hold that the design does not say exactly. */
  notes: string[];
}

const DEFAULT_VALUE_BYTES = 16;

function isDynamic(c: Column): boolean {
  return c.dynamic === true || /\{[^}]+\}/.test(c.qualifier);
}

/** The qualifiers of a column: itself, or perRow names made from its placeholders plus an index. */
function qualifiersOf(c: Column, maxDynamic: number | undefined): string[] {
  if (!isDynamic(c)) return [c.qualifier];
  const n = Math.max(1, Math.min(c.perRow ?? 1, maxDynamic ?? Number.MAX_SAFE_INTEGER));
  return Array.from({ length: n }, (_, i) => c.qualifier.replace(/\{([^}]*)\}/g, (_m, name: string) => `${name.trim() || 'q'}_${i}`));
}

/** What every synthetic row of the table holds. */
export function rowShape(table: Table, { maxDynamic }: { maxDynamic?: number | undefined } = {}): RowShape {
  const columns: ColumnPlan[] = [];
  const notes: string[] = [];
  for (const fam of table.families ?? []) {
    const cols = fam.columns?.length ? fam.columns : [{ qualifier: 'v' } as Column];
    if (!fam.columns?.length) notes.push(`family ${fam.name} lists no columns: one column "v" per row`);
    for (const c of cols) {
      const aggregate = fam.aggregate ?? null;
      const write = aggregate ? 'add' : c.counter ? 'counter' : 'set';
      const qualifiers = qualifiersOf(c, maxDynamic);
      if (isDynamic(c) && c.perRow !== undefined && qualifiers.length < c.perRow)
        notes.push(`${fam.name}:${c.qualifier}: ${qualifiers.length} of ${c.perRow} dynamic columns per row (--max-dynamic)`);
      const valueType = columnType(fam, c);
      columns.push({
        family: fam.name,
        qualifiers: qualifiers.map((q) => Buffer.from(q, 'utf8')),
        valueBytes: fixedWidth(valueType) ?? c.valueBytes ?? DEFAULT_VALUE_BYTES,
        write,
        aggregate,
        valueType,
      });
    }
    if (fam.aggregate)
      notes.push(
        `family ${fam.name} (aggregate ${fam.aggregate}): AddToCell with Int64 inputs${fam.aggregate === 'hll' ? ' (a viewer id per row)' : fam.aggregate === 'sum' ? ' (1 to 10 per row)' : ''}`,
      );
  }
  if (columns.some((c) => c.write === 'counter'))
    notes.push('counter columns of plain (non-aggregate) families: an 8-byte big-endian SetCell, as a read-modify-write counter would leave it');
  const cellsPerRow = columns.reduce((n, c) => n + c.qualifiers.length, 0);
  const addsPerRow = columns.filter((c) => c.write === 'add').reduce((n, c) => n + c.qualifiers.length, 0);
  if (cellsPerRow > MAX_MUTATIONS_PER_REQUEST) {
    throw new BigtableError(
      `a row of table ${table.name} would take ${cellsPerRow} mutations; MutateRows allows ${MAX_MUTATIONS_PER_REQUEST} per request: cap dynamic columns with --max-dynamic`,
      'usage',
    );
  }
  if (cellsPerRow === 0) notes.push('the table has no families: rows cannot be written without a cell');
  return { columns, cellsPerRow, addsPerRow, notes };
}

export interface RowSource {
  shape: RowShape;
  /** The next row's entry; cells get `timestampMicros` (milliseconds granularity, as Bigtable keeps). */
  next(timestampMicros: number): RawEntry;
  /** Approximate request bytes of an entry. */
  sizeOf(entry: RawEntry): number;
}

/** Seeded synthetic rows of a table: the same design, seed and options give the same rows. */
export function syntheticRows(table: Table, { seed = 1, maxDynamic }: { seed?: number; maxDynamic?: number | undefined } = {}): RowSource {
  const shape = rowShape(table, { maxDynamic });
  if (shape.cellsPerRow === 0) throw new BigtableError(`table ${table.name} has no column families to write to`, 'usage');
  const keys = recordStream(table.rowKey, { seed, writesPerSecond: declaredWrites(table).peak ?? undefined });
  const rng = new Rng(seed, 'load-values');
  const maxValue = shape.columns.reduce((m, c) => Math.max(m, c.valueBytes), 0);
  // Values are views into one random pool at random offsets: no allocation per cell.
  const pool = Buffer.from(rng.fill(new Uint8Array(Math.max(1 << 20, maxValue * 2 + 4096))));
  const slice = (len: number): Buffer => {
    const off = rng.nextU32() % (pool.length - len + 1);
    return pool.subarray(off, off + len);
  };
  const text = (len: number): Uint8Array => {
    const out = new Uint8Array(len);
    for (let i = 0; i < len; i++) out[i] = 97 + (rng.nextU32() % 26);
    return out;
  };
  const be8 = (v: number) => {
    const b = Buffer.allocUnsafe(8);
    b.writeBigInt64BE(BigInt(v));
    return b;
  };
  const input = (a: Aggregate | null): number => {
    const u = rng.nextU32();
    if (a === 'sum') return 1 + (u % 10);
    if (a === 'hll') return u;
    return u % 1_000_000;
  };
  return {
    shape,
    next(timestampMicros) {
      const { key } = keys.next();
      const mutations: RawMutation[] = [];
      for (const c of shape.columns) {
        for (const q of c.qualifiers) {
          if (c.write === 'add') {
            mutations.push({
              addToCell: {
                familyName: c.family,
                columnQualifier: { rawValue: q },
                timestamp: { rawTimestampMicros: timestampMicros },
                input: { intValue: input(c.aggregate) },
              },
            });
          } else {
            const typed = c.write === 'set' ? typedValue(c.valueType, rng.nextU32(), c.valueBytes, text, timestampMicros) : null;
            const value =
              c.write === 'counter'
                ? be8(1 + (rng.nextU32() % 1000))
                : typed
                  ? Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength)
                  : slice(c.valueBytes);
            mutations.push({ setCell: { familyName: c.family, columnQualifier: q, timestampMicros, value } });
          }
        }
      }
      return { rowKey: Buffer.from(key.buffer, key.byteOffset, key.byteLength), mutations };
    },
    sizeOf(entry) {
      let n = entry.rowKey.length + 8;
      for (const m of entry.mutations)
        n +=
          'setCell' in m
            ? m.setCell.columnQualifier.length + m.setCell.value.length + m.setCell.familyName.length + 16
            : m.addToCell.columnQualifier.rawValue.length + m.addToCell.familyName.length + 32;
      return n;
    },
  };
}

export interface LoadProgress {
  written: number;
  total: number;
  elapsedMs: number;
  retries: number;
}

export interface LoadOptions {
  rows: number;
  seed?: number;
  /** Rows per second at most; none for as fast as the target takes them. */
  rate?: number | undefined;
  maxDynamic?: number | undefined;
  /** Rows per MutateRows request at most (default 1,000; fewer when rows are large). */
  batchRows?: number;
  /** Request bytes per MutateRows at most (default 2 MB, under gRPC's usual 4 MB limit). */
  batchBytes?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Attempts per batch for transient errors (default 6), with exponential backoff. */
  maxAttempts?: number;
  /** Stops dispatching new batches; the ones in flight finish. */
  signal?: AbortSignal;
  onProgress?: (p: LoadProgress) => void;
  /** Sends one batch (tests replace it); default `table.mutate(entries, {rawMutation: true})`. */
  mutate?: (entries: RawEntry[]) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

export interface LoadResult {
  rowsWritten: number;
  cells: number;
  addToCells: number;
  bytes: number;
  batches: number;
  retries: number;
  seconds: number;
  rowsPerSecond: number;
  interrupted: boolean;
  notes: string[];
}

/** The mutate function for a Bigtable table: raw entries, no client-side retries (ours count them). */
export function tableMutate(table: BtTable, timeoutMs = 60_000): (entries: RawEntry[]) => Promise<void> {
  // The client would retry transient entries itself, invisibly; load retries (and counts) them.
  (table as { maxRetries?: number }).maxRetries = 0;
  return async (entries) => {
    await table.mutate(entries, { rawMutation: true, gaxOptions: { timeout: timeoutMs } });
  };
}

interface BatchFailure {
  entries: RawEntry[];
  transient: boolean;
  message: string;
}

function failureOf(e: unknown, sent: RawEntry[]): BatchFailure {
  const errors = (e as { errors?: { code?: number; message?: string; entry?: RawEntry }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const withEntry = errors.filter((x) => x.entry !== undefined);
    const entries = withEntry.length === errors.length ? withEntry.map((x) => x.entry!) : sent;
    const transient = errors.every((x) => x.code !== undefined && TRANSIENT_CODES.has(x.code));
    return { entries, transient, message: `${errors.length} of ${sent.length} rows failed: ${errors[0]!.message ?? `code ${errors[0]!.code}`}` };
  }
  const code = grpcCode(e);
  return { entries: sent, transient: code !== undefined && TRANSIENT_CODES.has(code), message: (e as Error).message ?? String(e) };
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Writes `rows` synthetic rows in batches, `concurrency` requests at a time, at most `rate`
 * rows a second; transient failures are retried (only the failed rows) with exponential backoff
 * and jitter. An abort stops after the batches in flight, and the result says so.
 */
export async function loadRows(source: RowSource, opts: LoadOptions & { mutate: (entries: RawEntry[]) => Promise<void> }): Promise<LoadResult> {
  const total = opts.rows;
  const batchRows = Math.max(1, opts.rate ? Math.min(opts.batchRows ?? 1000, Math.max(1, Math.ceil(opts.rate / 20))) : (opts.batchRows ?? 1000));
  const batchBytes = opts.batchBytes ?? 2_000_000;
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 6);
  const sleep = opts.sleep ?? realSleep;
  const start = performance.now();
  // The counts of the result, added to as each batch completes.
  const tally = { rowsWritten: 0, cells: 0, addToCells: 0, bytes: 0, batches: 0, retries: 0 };
  let dispatched = 0;
  let failure: Error | null = null;
  const inflight = new Set<Promise<void>>();
  let carry: RawEntry | null = null;
  const elapsed = () => performance.now() - start;
  const aborted = () => opts.signal?.aborted === true;

  const send = async (entries: RawEntry[], rowCells: number, rowAdds: number, rowBytes: number) => {
    let pending = entries;
    for (let attempt = 1; ; attempt++) {
      try {
        await opts.mutate(pending);
        break;
      } catch (e) {
        const f = failureOf(e, pending);
        if (!f.transient || attempt >= maxAttempts) {
          throw new BigtableError(`writing rows failed${attempt > 1 ? ` after ${attempt} attempts` : ''}: ${f.message}`, 'rpc');
        }
        tally.retries++;
        const backoff = Math.min(5_000, 100 * 2 ** (attempt - 1));
        await sleep(backoff / 2 + Math.random() * (backoff / 2));
        pending = f.entries;
      }
    }
    tally.rowsWritten += entries.length;
    tally.cells += rowCells;
    tally.addToCells += rowAdds;
    tally.bytes += rowBytes;
    tally.batches++;
    opts.onProgress?.({ written: tally.rowsWritten, total, elapsedMs: elapsed(), retries: tally.retries });
  };

  const abortable = (ms: number) =>
    new Promise<void>((resolve) => {
      if (aborted()) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        opts.signal?.removeEventListener('abort', done);
        resolve();
      }
      opts.signal?.addEventListener('abort', done, { once: true });
    });

  while (dispatched < total && !failure && !aborted()) {
    if (opts.rate) {
      const due = (dispatched / opts.rate) * 1000;
      const wait = due - elapsed();
      if (wait > 1) await abortable(wait);
      if (aborted()) break;
    }
    const now = Date.now() * 1000;
    const batch: RawEntry[] = [];
    let size = 0;
    let mutations = 0;
    let rowAdds = 0;
    while (dispatched + batch.length < total && batch.length < batchRows) {
      const entry: RawEntry = carry ?? source.next(now);
      carry = null;
      const s = source.sizeOf(entry);
      if (batch.length > 0 && (size + s > batchBytes || mutations + entry.mutations.length > MAX_MUTATIONS_PER_REQUEST)) {
        // The next batch starts with it: rows are drawn in order and never skipped.
        carry = entry;
        break;
      }
      batch.push(entry);
      size += s;
      mutations += entry.mutations.length;
    }
    for (const e of batch) for (const m of e.mutations) if ('addToCell' in m) rowAdds++;
    dispatched += batch.length;
    const p = send(batch, mutations, rowAdds, size).catch((e: unknown) => {
      failure ??= e as Error;
    });
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
    if (inflight.size >= concurrency) await Promise.race(inflight);
  }
  await Promise.all(inflight);
  if (failure) {
    const f = failure as Error;
    throw new BigtableError(`${f.message} (${tally.rowsWritten} rows were written before it)`, f instanceof BigtableError ? f.kind : 'rpc');
  }
  const seconds = elapsed() / 1000;
  return {
    ...tally,
    seconds,
    rowsPerSecond: seconds > 0 ? tally.rowsWritten / seconds : 0,
    interrupted: tally.rowsWritten < total,
    notes: source.shape.notes,
  };
}

export { formatBytes, formatCount as grouped } from '../core/units';

/** The throughput summary printed at the end (and on Ctrl+C). */
export function formatLoadSummary(table: string, r: LoadResult, requested: number): string {
  const lines = [
    r.interrupted
      ? `Interrupted: ${grouped(r.rowsWritten)} of ${grouped(requested)} rows were written to ${table} (every batch sent was completed).`
      : `Loaded ${grouped(r.rowsWritten)} rows into ${table}.`,
    `  ${grouped(r.rowsPerSecond)} rows/s over ${r.seconds.toFixed(2)} s; ${grouped(r.cells)} cells (${grouped(r.addToCells)} AddToCell), ${formatBytes(r.bytes)} in ${grouped(r.batches)} batches; ${grouped(r.retries)} ${r.retries === 1 ? 'retry' : 'retries'}`,
    "  Keys come from the design's generators and can repeat (its distributions), so the table may hold fewer distinct rows.",
    ...r.notes.map((n) => `  Note: ${n}`),
  ];
  return `${lines.join('\n')}\n`;
}
