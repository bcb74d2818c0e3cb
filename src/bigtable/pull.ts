// btstudio pull: a live table read back into a design (docs/pull.md). Read-only: the admin
// API's GetTable / ListTables and data-API SampleRowKeys / ReadRows (keys only, values
// stripped); nothing here writes. Families, GC rules, aggregate types and the row key schema
// come from the table; the key template comes from the table's row key schema when it has one,
// else it is inferred (src/core/infer) from keys sampled across the whole key space.
import type { Table as BtTable } from '@google-cloud/bigtable';
import { inferFromKeys, type InferResult } from '../core/infer';
import { rowKeyFromStruct } from '../core/import/struct';
import { FORMAT_V1, type Design, type Family, type Table } from '../core/model/schema';
import { aggregateFromAdmin, gcFromAdmin } from './admin';
import { explainRpcError } from './errors';
import { RPC_TIMEOUT_MS, type Connection } from './target';
import { forEachKey } from './verify';

export interface PulledTable {
  table: Table;
  /** Keys read to infer from (0 for an empty table). */
  sampled: number;
  /** Null when the table had a row key schema or no keys. */
  inference: InferResult | null;
  notes: string[];
}

/** Every table of the instance, by id. */
export async function listTables(conn: Connection): Promise<string[]> {
  try {
    const [tables] = await conn.admin.listTables({ parent: conn.target.instancePath, view: 'NAME_ONLY' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
    return tables
      .map((t) => (t.name ?? '').split('/').pop()!)
      .filter((n) => n !== '')
      .sort();
  } catch (e) {
    throw explainRpcError(e, conn.target, 'listing tables');
  }
}

const toBytes = (k: unknown): Uint8Array => (k instanceof Uint8Array ? k : typeof k === 'string' ? new TextEncoder().encode(k) : new Uint8Array(0));

/** Tablet boundaries (SampleRowKeys), without the empty key and the end marker. */
async function boundaries(table: BtTable): Promise<Uint8Array[]> {
  const [samples] = await table.sampleRowKeys();
  return samples.map((s) => toBytes(s.key)).filter((k) => k.length > 0);
}

const num = (k: Uint8Array, fill = 0) => {
  let v = 0n;
  for (let i = 0; i < 8; i++) v = (v << 8n) | BigInt(i < k.length ? k[i]! : fill);
  return v;
};

function keyOf(v: bigint): Uint8Array {
  const out = new Uint8Array(8);
  for (let i = 7, x = v; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  let end = 8;
  while (end > 1 && out[end - 1] === 0) end--;
  return out.subarray(0, end);
}

/** A key `f` (0..1) of the way from lo to hi, on their first 8 bytes read as numbers. */
export function between(lo: Uint8Array, hi: Uint8Array, f: number): Uint8Array {
  const a = num(lo);
  const b = num(hi);
  return keyOf(a + ((b - a) * BigInt(Math.round(f * 1_000_000))) / 1_000_000n);
}

const compare = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function firstKeyFrom(table: BtTable, start: Uint8Array): Promise<Uint8Array | null> {
  let found: Uint8Array | null = null;
  await forEachKey(table, [{ start, end: null }], (k) => (found = new Uint8Array(k)), 1);
  return found;
}

/** The table's last key to 3 bytes (the rest rounded up), by bisection on single-key reads (at most 24). */
async function lastPrefix(table: BtTable, first: Uint8Array): Promise<bigint> {
  let lo = num(first);
  let hi = 1n << 64n;
  while (hi - lo > 1n << 40n) {
    const mid = (lo + hi) / 2n;
    const k = await firstKeyFrom(table, keyOf(mid));
    if (k) lo = num(k) > mid ? num(k) : mid;
    else hi = mid;
  }
  return lo;
}

/**
 * About n keys spread over the key space: between each two tablet boundaries (SampleRowKeys)
 * and up to the last key, short keys-only reads at evenly spaced start keys, not only the
 * first n rows of the table. Start keys in a gap read the keys after it (once: keys are kept
 * once); when that leaves fewer than 80% of n, the reads that found new keys go on from there.
 */
export async function sampleKeysOf(table: BtTable, n: number, points = 16): Promise<Uint8Array[]> {
  const first = await firstKeyFrom(table, new Uint8Array(0));
  if (!first) return [];
  const end = keyOf((await lastPrefix(table, first)) + (1n << 40n));
  const edges = [first, ...(await boundaries(table)).filter((b) => compare(b, first) > 0 && compare(b, end) < 0), end];
  const seen = new Map<string, Uint8Array>();
  const read = async (start: Uint8Array, limit: number): Promise<Uint8Array | null> => {
    let last: Uint8Array | null = null;
    let fresh = false;
    await forEachKey(
      table,
      [{ start, end: null }],
      (k) => {
        const key = new Uint8Array(k);
        const id = Buffer.from(key).toString('latin1');
        if (!seen.has(id)) fresh = true;
        seen.set(id, key);
        last = key;
      },
      limit,
    );
    return fresh ? last : null;
  };
  let starts: Uint8Array[] = [];
  for (let i = 0; i + 1 < edges.length; i++) for (let p = 0; p < points; p++) starts.push(between(edges[i]!, edges[i + 1]!, p / points));
  for (let round = 0; round < 2 && starts.length > 0 && seen.size < n * 0.8; round++) {
    const per = Math.max(1, Math.ceil((n - seen.size) / starts.length));
    const next: Uint8Array[] = [];
    for (const start of starts) {
      const last = await read(start, per);
      // The smallest key after `last`: last followed by 0x00.
      if (last) next.push(Uint8Array.from([...last, 0]));
    }
    starts = next;
  }
  return [...seen.values()].sort(compare);
}

/** A row key schema as the admin API gives it (bytes as Buffer or Uint8Array), as gcloud prints it (bytes as base64), for the importer. */
export function structAsJson(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema, function (this: Record<string, unknown>, key: string, v: unknown) {
      const raw = this[key];
      if (raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
      return v;
    }),
  );
}

/** One table: its families and row key schema from the admin API, keys sampled, the template inferred. */
export async function pullTable(conn: Connection, name: string, sample: number): Promise<PulledTable> {
  let t;
  try {
    [t] = await conn.admin.getTable({ name: conn.tablePath(name), view: 'SCHEMA_VIEW' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
  } catch (e) {
    throw explainRpcError(e, conn.target, `reading table ${name}`);
  }
  const notes: string[] = [];
  const families: Family[] = [];
  for (const [fam, cf] of Object.entries(t.columnFamilies ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const gc = gcFromAdmin(cf.gcRule);
    const agg = aggregateFromAdmin(cf.valueType);
    if (agg === 'other') notes.push(`family ${fam} has a value type the design format does not describe; it is pulled as a plain family`);
    families.push({ name: fam, ...(gc ? { gc } : {}), ...(agg && agg !== 'other' ? { aggregate: agg } : {}) });
  }
  let keys: Uint8Array[] = [];
  try {
    keys = await sampleKeysOf(conn.client.instance(conn.target.instance).table(name), sample);
  } catch (e) {
    throw explainRpcError(e, conn.target, `sampling the keys of ${name}`);
  }
  let rowKey: Table['rowKey'] = { template: '{row_key}', fields: { row_key: { type: 'string' } } };
  let inference: InferResult | null = null;
  const schema = t.rowKeySchema && (t.rowKeySchema.fields?.length ?? 0) > 0 ? t.rowKeySchema : null;
  if (schema) {
    const r = rowKeyFromStruct(structAsJson(schema), ['rowKeySchema'], true);
    rowKey = r.rowKey;
    notes.push("the key template is the table's row key schema", ...r.notes);
  } else if (keys.length > 0) {
    inference = inferFromKeys(keys, { table: name });
    rowKey = inference.table.rowKey;
    notes.push(
      `the key template is inferred from ${keys.length} keys sampled across the table: ${inference.fitted} fit, ${inference.misfitCount} do not`,
      ...inference.notes,
    );
  } else notes.push(`table ${name} has no rows: its key is one text field, row_key; describe the key in the template`);
  const table: Table = {
    name,
    description: `Pulled from ${conn.target.instancePath}/tables/${name}. ${notes[0] ?? ''}`.trim(),
    rowKey,
    ...(families.length ? { families } : {}),
  };
  return { table, sampled: keys.length, inference, notes };
}

export async function pullDesign(conn: Connection, tables: string[] | null, sample: number): Promise<{ design: Design; tables: PulledTable[] }> {
  const names = tables ?? (await listTables(conn));
  const pulled: PulledTable[] = [];
  for (const n of names) pulled.push(await pullTable(conn, n, sample));
  const design: Design = {
    format: FORMAT_V1,
    name: `${conn.target.instance} (pulled)`,
    description: `Pulled read-only from ${conn.target.instancePath}: families, GC rules and aggregate types as the table has them; key templates from row key schemas or inferred from sampled keys.`,
    tables: pulled.map((p) => p.table),
  };
  return { design, tables: pulled };
}
