// `btstudio verify`: read a real table back and check it against the design.
//   1. Every row key decodes by the key template (and encodes back to the same bytes). Rows that
//      do not conform would make SQL queries over a structured row key fail.
//   2. Rows come back in the order the studio predicts: compareBytes, unsigned byte order.
//   3. Each declared query, run as the row ranges its plan reads (built from sampled rows:
//      their values bind the query's fields, ranges come from queryRanges, one per salt bucket
//      on a fan-out), finds the sampled row; rows scanned against rows returned show what the
//      plan costs (a full scan reads every row).
// Keys are read with `decode: false` and values stripped: only keys cross the wire.
import type { Table as BtTable } from '@google-cloud/bigtable';
import { bytesEqual, compareBytes, displayKey, fromUtf8, startsWithAt, toHex, utf8 } from '../core/keys/bytes';
import { createCodec, type KeyCodec } from '../core/keys/codec';
import { Rng } from '../core/keys/random';
import { layoutOf, type KeyLayout } from '../core/keys/template';
import { bucketStart, encodeValue, KeyCodecError, type FieldValue, type KeyRecord } from '../core/keys/values';
import { queryRanges, type KeyRange } from '../core/export/ranges';
import type { Field, Query, Table } from '../core/model/schema';
import { planQuery, type QueryPlanKind } from '../core/analysis/query-plan';
import { BUCKET_MS } from '../core/model/duration';
import { BigtableError } from './errors';
import { grouped } from './load-rows';

export interface VerifyOptions {
  /** Sampled rows per query (default 5): each binds the query's fields once. */
  sample?: number;
  seed?: number;
  /** Non-conforming keys listed at most (default 20; all are counted). */
  listLimit?: number;
}

export interface BadKey {
  key: Uint8Array;
  reason: string;
}

export interface QueryCheck {
  name: string;
  kind: QueryPlanKind;
  /** Row ranges the plan reads per run (1, the salt buckets, or 1 full scan). */
  scansPlanned: number;
  /** Row ranges actually read per run. */
  ranges: number;
  runs: number;
  scanned: number;
  returned: number;
  /** Runs whose sampled row was among the rows returned. */
  found: number;
  fullScan: boolean;
  problems: string[];
  notes: string[];
}

export interface VerifyReport {
  table: string;
  template: string;
  rows: number;
  readSeconds: number;
  badKeys: BadKey[];
  badKeyCount: number;
  orderViolations: { index: number; before: Uint8Array; after: Uint8Array }[];
  orderViolationCount: number;
  queries: QueryCheck[];
  ok: boolean;
}

function toBuffer(b: Uint8Array): Buffer {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

interface ReadRowsChunk {
  rowKey?: Uint8Array | null;
  resetRow?: boolean | null;
  commitRow?: boolean | null;
}

/**
 * Streams row keys (as Buffers) of the ranges, or of the whole table, in server order.
 *
 * A keys-only ReadRows (first cell of each row, value stripped) through the client's GAPIC
 * layer, with the chunks assembled here: the row keys stay bytes (what `decode: false` gives
 * with createReadStream), and on 20,000 rows it takes a third of the CPU time of
 * createReadStream, whose row assembly is built for cells and values. No resumption: a read
 * that fails part-way fails verify with the error.
 */
export async function forEachKey(table: BtTable, ranges: readonly KeyRange[] | null, fn: (key: Buffer) => void, limit?: number): Promise<void> {
  if (ranges && ranges.length === 0) return;
  const reqOpts: Record<string, unknown> = {
    tableName: table.name,
    filter: { chain: { filters: [{ cellsPerRowLimitFilter: 1 }, { stripValueTransformer: true }] } },
    ...(limit !== undefined ? { rowsLimit: limit } : {}),
  };
  if (ranges) {
    reqOpts.rows = {
      rowRanges: ranges.map((r) => ({ ...(r.start.length ? { startKeyClosed: toBuffer(r.start) } : {}), ...(r.end ? { endKeyOpen: toBuffer(r.end) } : {}) })),
    };
  }
  const stream = table.bigtable.request({ client: 'BigtableClient', method: 'readRows', reqOpts, gaxOpts: {} }) as unknown as AsyncIterable<{
    chunks?: ReadRowsChunk[] | null;
  }>;
  let current: Buffer | null = null;
  for await (const response of stream) {
    for (const chunk of response.chunks ?? []) {
      if (chunk.resetRow) {
        current = null;
        continue;
      }
      if (chunk.rowKey && chunk.rowKey.length > 0) current = Buffer.isBuffer(chunk.rowKey) ? chunk.rowKey : Buffer.from(chunk.rowKey);
      if (chunk.commitRow) {
        if (!current) throw new Error('ReadRows committed a row without a key');
        fn(current);
        current = null;
      }
    }
  }
}

/** Decodes a key by the template; the reason when it does not conform. */
function conform(codec: KeyCodec, key: Uint8Array): { record: KeyRecord } | { reason: string } {
  let record: KeyRecord;
  try {
    record = codec.decode(key);
  } catch (e) {
    if (e instanceof KeyCodecError) return { reason: e.message };
    throw e;
  }
  try {
    if (!bytesEqual(codec.encode(record), key)) return { reason: 'decodes, but the template writes these values as other bytes' };
  } catch (e) {
    if (e instanceof KeyCodecError) return { reason: e.message };
    throw e;
  }
  return { record };
}

const PER_MS = { s: 0.001, ms: 1, us: 1000 } as const;

/** from..to around a sampled value: three buckets (or an hour) of time, 1,000 for integers, the value itself otherwise. */
function rangeAround(f: Field, v: FieldValue): [FieldValue, FieldValue] {
  if (typeof v !== 'bigint') return [v, v];
  if (f.type === 'timestamp') {
    const span = BigInt(Math.max(1, Math.round((f.bucket ? 3 * BUCKET_MS[f.bucket] : 3_600_000) * PER_MS[f.unit ?? 'ms'])));
    const lo = v - span;
    return [lo < 0n ? 0n : lo, v + span];
  }
  if (f.type === 'int') {
    const min = BigInt(f.min ?? (f.encoding === 'decimal' || f.encoding === undefined ? 0 : Number.MIN_SAFE_INTEGER));
    const max = f.max !== undefined ? BigInt(f.max) : null;
    const lo = v - 1000n < min ? min : v - 1000n;
    const hi = max !== null && v + 1000n > max ? max : v + 1000n;
    return [lo, hi];
  }
  return [v, v];
}

/** A prefix of the encoded value as text: up to its last separator (com.cnn. of com.cnn.www), else its first half. */
function prefixOf(bytes: Uint8Array): string | null {
  const text = fromUtf8(bytes);
  if (text === null || text.length === 0) return null;
  const chars = [...text];
  for (let i = chars.length - 2; i > 0; i--) if ('./-_:#|'.includes(chars[i]!)) return chars.slice(0, i + 1).join('');
  return chars.slice(0, Math.max(1, Math.ceil(chars.length / 2))).join('');
}

/** Every parameter a query could take, bound from one sampled record. */
function argsFrom(table: Table, record: KeyRecord): Record<string, FieldValue> | null {
  const args: Record<string, FieldValue> = {};
  for (const [name, f] of Object.entries(table.rowKey.fields)) {
    const v = record[name];
    if (v === undefined) return null;
    args[name] = v;
    const [from, to] = rangeAround(f, v);
    args[`${name}_from`] = from;
    args[`${name}_to`] = to;
    if (f.type !== 'hash') {
      const p = prefixOf(encodeValue(name, f, v));
      if (p !== null) args[`${name}_prefix`] = p;
    }
  }
  return args;
}

function cmpValues(name: string, f: Field, a: FieldValue, b: FieldValue): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    const x = f.type === 'timestamp' ? bucketStart(f, a) : a;
    const y = f.type === 'timestamp' ? bucketStart(f, b) : b;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return compareBytes(encodeValue(name, f, a), encodeValue(name, f, b));
}

/** Whether a row's record is an answer of the query with these parameters (key fields only). */
function matches(table: Table, q: Query, record: KeyRecord, args: Record<string, FieldValue>): boolean {
  for (const [name, how] of Object.entries(q.match ?? {})) {
    const f = table.rowKey.fields[name];
    const v = record[name];
    if (!f || v === undefined) return false;
    if (how === 'eq') {
      if (cmpValues(name, f, v, args[name]!) !== 0) return false;
    } else if (how === 'prefix') {
      const p = args[`${name}_prefix`];
      if (typeof p !== 'string' || !startsWithAt(encodeValue(name, f, v), utf8(p), 0)) return false;
    } else if (cmpValues(name, f, v, args[`${name}_from`]!) < 0 || cmpValues(name, f, v, args[`${name}_to`]!) > 0) return false;
  }
  return true;
}

interface Sampled {
  key: Uint8Array;
  record: KeyRecord;
}

/** Reads the table's keys and runs the checks; the caller has checked the table exists and agrees. */
export async function verifyTable(bt: BtTable, table: Table, opts: VerifyOptions = {}): Promise<VerifyReport> {
  const sampleSize = Math.max(1, opts.sample ?? 5);
  const listLimit = opts.listLimit ?? 20;
  let codec: KeyCodec;
  let layout: KeyLayout;
  try {
    codec = createCodec(table.rowKey);
    layout = layoutOf(table.rowKey);
  } catch (e) {
    throw new BigtableError(`table ${table.name}: ${(e as Error).message}`, 'usage');
  }
  const rng = new Rng(opts.seed ?? 1, 'verify-sample');
  const badKeys: BadKey[] = [];
  let badKeyCount = 0;
  const orderViolations: VerifyReport['orderViolations'] = [];
  let orderViolationCount = 0;
  const samples: Sampled[] = [];
  let conforming = 0;
  let rows = 0;
  let prev: Buffer | null = null;
  const t0 = performance.now();
  await forEachKey(bt, null, (key) => {
    if (prev && compareBytes(prev, key) >= 0) {
      orderViolationCount++;
      if (orderViolations.length < listLimit) orderViolations.push({ index: rows, before: prev, after: key });
    }
    prev = key;
    rows++;
    const c = conform(codec, key);
    if ('reason' in c) {
      badKeyCount++;
      if (badKeys.length < listLimit) badKeys.push({ key, reason: c.reason });
      return;
    }
    // Reservoir sampling: every conforming row equally likely, whatever the table's size.
    conforming++;
    if (samples.length < sampleSize) samples.push({ key, record: c.record });
    else {
      const j = rng.below(conforming);
      if (j < sampleSize) samples[j] = { key, record: c.record };
    }
  });
  const readSeconds = (performance.now() - t0) / 1000;

  const queries: QueryCheck[] = [];
  for (const [i, q] of (table.queries ?? []).entries()) {
    const plan = planQuery(table, layout, q, i);
    const check: QueryCheck = {
      name: q.name,
      kind: plan.kind,
      scansPlanned: plan.scans,
      ranges: 0,
      runs: 0,
      scanned: 0,
      returned: 0,
      found: 0,
      fullScan: plan.kind === 'full-scan',
      problems: [],
      notes: [],
    };
    if (q.filter?.length) check.notes.push('column filters are not applied (keys only): rows returned count the key conditions');
    if (samples.length === 0) check.notes.push('no conforming rows to sample: not run');
    // Runs with the same ranges (every run of a full scan, say) share one read of them.
    const groups = new Map<string, { ranges: KeyRange[]; runs: { sample: Sampled; args: Record<string, FieldValue> }[] }>();
    for (const s of samples) {
      const args = argsFrom(table, s.record);
      if (!args) continue;
      let ranges: KeyRange[];
      try {
        ranges = queryRanges(table, q, args);
      } catch (e) {
        if (!(e instanceof KeyCodecError)) throw e;
        if (!check.notes.some((n) => n.startsWith('cannot build'))) check.notes.push(`cannot build its ranges from sampled rows: ${e.message}`);
        continue;
      }
      check.runs++;
      check.ranges = ranges.length;
      if (!check.fullScan && ranges.length !== plan.scans && !check.problems.some((p) => p.includes('ranges'))) {
        check.problems.push(`the plan says ${plan.scans} scan(s), the ranges built from a row are ${ranges.length}`);
      }
      const id = ranges.map((r) => `${toHex(r.start)}-${r.end ? toHex(r.end) : ''}`).join(',');
      const group = groups.get(id) ?? { ranges, runs: [] };
      group.runs.push({ sample: s, args });
      groups.set(id, group);
    }
    for (const group of groups.values()) {
      let scanned = 0;
      const returned = group.runs.map(() => 0);
      const found = group.runs.map(() => false);
      let last: Buffer | null = null;
      await forEachKey(bt, group.ranges, (key) => {
        scanned++;
        if (last && compareBytes(last, key) >= 0 && !check.problems.some((p) => p.includes('order')))
          check.problems.push('a range read returned rows out of byte order');
        last = key;
        let record: KeyRecord;
        try {
          record = codec.decode(key);
        } catch (e) {
          if (e instanceof KeyCodecError) return;
          throw e;
        }
        group.runs.forEach((run, i) => {
          if (!matches(table, q, record, run.args)) return;
          returned[i]!++;
          if (!found[i] && bytesEqual(key, run.sample.key)) found[i] = true;
        });
      });
      check.scanned += scanned * group.runs.length;
      check.returned += returned.reduce((a, b) => a + b, 0);
      check.found += found.filter(Boolean).length;
    }
    if (check.runs > 0 && check.found < check.runs) {
      check.problems.push(
        `the planned ranges missed the sampled row in ${check.runs - check.found} of ${check.runs} runs: rows the query asks for lie outside what its plan reads`,
      );
    }
    if (check.fullScan && check.runs > 0) check.notes.push('full scan: every run reads the whole table');
    queries.push(check);
  }
  const ok = badKeyCount === 0 && orderViolationCount === 0 && queries.every((q) => q.problems.length === 0);
  return { table: table.name, template: table.rowKey.template, rows, readSeconds, badKeys, badKeyCount, orderViolations, orderViolationCount, queries, ok };
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');

function perRun(n: number, runs: number): string {
  return grouped(runs ? n / runs : 0);
}

/** The report as people read it; keys shown with displayKey (\xNN for bytes that are not printable UTF-8). */
export function formatVerifyReport(r: VerifyReport, sample: number): string {
  const lines = [`Verify table ${r.table}: ${grouped(r.rows)} rows read (keys only) in ${r.readSeconds.toFixed(2)} s`];
  lines.push(
    `  ${mark(r.badKeyCount === 0)} every key decodes by the template ${r.template}${r.badKeyCount ? `: ${grouped(r.badKeyCount)} ${r.badKeyCount === 1 ? 'key does' : 'keys do'} not` : ''}`,
  );
  for (const b of r.badKeys) lines.push(`         ${displayKey(b.key)}    (${b.reason})`);
  if (r.badKeyCount > r.badKeys.length) lines.push(`         ... and ${grouped(r.badKeyCount - r.badKeys.length)} more`);
  if (r.badKeyCount) lines.push('         Rows like these make SQL queries that select key fields of a structured row key fail.');
  lines.push(
    `  ${mark(r.orderViolationCount === 0)} rows come back in byte order (compareBytes)${r.orderViolationCount ? `: ${r.orderViolationCount} out of order` : ''}`,
  );
  for (const v of r.orderViolations) lines.push(`         row ${v.index}: ${displayKey(v.after)} after ${displayKey(v.before)}`);
  if (r.queries.length) lines.push(`  queries (ranges built from ${sample} sampled ${sample === 1 ? 'row' : 'rows'}; per run: rows scanned -> rows returned):`);
  else lines.push('  (the table declares no queries)');
  for (const q of r.queries) {
    const ranges = q.fullScan ? 'full scan' : `${q.kind}, ${q.ranges || q.scansPlanned} ${(q.ranges || q.scansPlanned) === 1 ? 'range' : 'ranges'}`;
    const counts = q.runs
      ? `scanned ${perRun(q.scanned, q.runs)} -> returned ${perRun(q.returned, q.runs)}; sampled row found in ${q.found}/${q.runs}`
      : 'not run';
    lines.push(`  ${mark(q.problems.length === 0)} ${q.name}: ${ranges}; ${counts}`);
    for (const p of q.problems) lines.push(`         ${p}`);
    for (const n of q.notes) lines.push(`         (${n})`);
  }
  lines.push(r.ok ? 'Verify: all checks hold.' : 'Verify: some checks failed.');
  return `${lines.join('\n')}\n`;
}
