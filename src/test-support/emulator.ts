// Thin helpers over @google-cloud/bigtable for the emulator tests and, later, the CLI's
// apply/load/verify. Row keys cross this boundary as bytes only: the client's defaults turn
// keys into UTF-8 strings, which is lossy for binary keys and breaks its own row ordering.
import { Bigtable, type GcRule, type Instance, type Table } from '@google-cloud/bigtable';
import { connect, resolveTarget, type Connection } from '../bigtable/index';
import { afterAll, beforeAll } from 'vitest';

export const EMULATOR_PROJECT = 'studio-test';
export const EMULATOR_INSTANCE = 'studio-test';

/**
 * A client for the emulator at `host` (`127.0.0.1:PORT`).
 *
 * The client reads BIGTABLE_EMULATOR_HOST once, in its constructor, and `apiEndpoint` takes
 * precedence over it; either one switches it to an insecure channel with no credentials, so no
 * `sslCreds` is needed. Passing the host explicitly keeps the client independent of when the
 * env var was set. Client-side metrics are off: they export to Cloud Monitoring, which needs
 * real credentials and would only log errors against an emulator.
 *
 * `universeDomain` keeps every connection on loopback: without it, google-gax asks
 * GoogleAuth for the credentials' universe domain when it creates each stub, and GoogleAuth
 * probes the GCE metadata server (DNS for metadata.google.internal, then 169.254.169.254:80),
 * printing a MetadataLookupWarning, even though the emulator channel uses no credentials.
 */
export function emulatorClient(host: string = process.env.BIGTABLE_EMULATOR_HOST ?? ''): Bigtable {
  if (!/^[^:]+:\d+$/.test(host)) {
    throw new Error(`emulatorClient needs host:port of a Bigtable emulator (e.g. 127.0.0.1:8086), got "${host}"`);
  }
  return new Bigtable({ projectId: EMULATOR_PROJECT, apiEndpoint: host, metricsEnabled: false, universeDomain: 'googleapis.com' });
}

/** The emulator accepts any instance name without creating it first. */
export function emulatorInstance(client: Bigtable): Instance {
  return client.instance(EMULATOR_INSTANCE);
}

export type FamilySpec = string | { name: string; rule?: GcRule };

const NOT_FOUND = 5;

/** Creates table `id` with these families, deleting any table of that id first. */
export async function freshTable(instance: Instance, id: string, families: readonly FamilySpec[]): Promise<Table> {
  try {
    await instance.table(id).delete();
  } catch (err) {
    if ((err as { code?: number }).code !== NOT_FOUND) throw err;
  }
  const [table] = await instance.createTable(id, { families: families.map((f) => (typeof f === 'string' ? { name: f } : f)) });
  return table;
}

export interface KeyedCell {
  key: Uint8Array;
  value?: Uint8Array | string;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Writes one cell per row (`family:qualifier`). Batches stay well under gRPC's 4 MB message
 * limit and MutateRows' 100,000 mutations; partial failures are rethrown with the first
 * entry's status so a rejected key is not silently missing from a later read.
 */
export async function insertRows(
  table: Table,
  rows: readonly KeyedCell[],
  family: string,
  qualifier = 'v',
  { maxRows = 1_000, maxBytes = 1_000_000 } = {},
): Promise<void> {
  let batch: object[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const entries = batch;
    batch = [];
    bytes = 0;
    try {
      await table.insert(entries);
    } catch (err) {
      const first = (err as { errors?: { message?: string; code?: number }[] }).errors?.[0];
      throw new Error(`insert of ${entries.length} rows failed: ${first?.message ?? String(err)}`, { cause: err });
    }
  };
  for (const row of rows) {
    // A value of exactly 8 bytes would come back from reads as a number (client heuristic); keep it short.
    const value = row.value === undefined ? Buffer.from('1') : typeof row.value === 'string' ? Buffer.from(row.value) : asBuffer(row.value);
    batch.push({ key: asBuffer(row.key), data: { [family]: { [qualifier]: value } } });
    bytes += row.key.length + value.length + 64;
    if (batch.length >= maxRows || bytes >= maxBytes) await flush();
  }
  await flush();
}

/** A key range for readKeys: start inclusive, end exclusive, either side open when missing. */
export interface ByteRange {
  start?: Uint8Array;
  end?: Uint8Array;
}

/**
 * Row keys in the order the server returns them, as Buffers. `decode: false` is what makes
 * binary keys survive: by default the client decodes keys with buf.toString('utf8'), so
 * 0x80, 0xfe and 0xff all become U+FFFD, and its own "keys strictly increase" check on the
 * decoded strings then fails the whole read ("A commit happened but the same key followed").
 *
 * Ranges are explicit byte bounds on purpose: the client's `prefix` option computes the end
 * on UTF-16 strings (strips trailing U+00FF, increments the last code unit), so `prefix: 'aÿ'`
 * also returns `aĀ`, `a\uFFFF` fails with INVALID_ARGUMENT, and a Buffer prefix throws.
 * Build prefix ranges with prefixSuccessor from src/core/keys/bytes.ts instead.
 */
export async function readKeys(table: Table, opts: { ranges?: readonly ByteRange[]; keys?: readonly Uint8Array[] } = {}): Promise<Buffer[]> {
  const request: Parameters<Table['createReadStream']>[0] = {
    decode: false,
    // Only keys are needed: one cell per row, value stripped.
    filter: [{ row: { cellLimit: 1 } }, { value: { strip: true } }],
  };
  if (opts.ranges) {
    request.ranges = opts.ranges.map((r) => ({
      ...(r.start ? { start: { value: asBuffer(r.start), inclusive: true } } : {}),
      ...(r.end ? { end: { value: asBuffer(r.end), inclusive: false } } : {}),
    }));
  }
  // The typings say string[], the implementation takes Buffers (Mutation.convertToBytes).
  if (opts.keys) request.keys = opts.keys.map(asBuffer) as unknown as string[];
  const out: Buffer[] = [];
  for await (const row of table.createReadStream(request)) {
    const id: unknown = (row as { id: unknown }).id;
    if (!Buffer.isBuffer(id)) throw new Error(`expected a Buffer row key with decode: false, got ${typeof id}`);
    out.push(id);
  }
  return out;
}

/**
 * A connection to the emulator at `host` whose instance holds no tables: an emulator reused
 * across test files keeps their tables, so each file starts from none.
 */
export async function freshConnection(host: string, instance: string): Promise<Connection> {
  const conn = await connect(resolveTarget({ instance }, { BIGTABLE_EMULATOR_HOST: host }));
  const [tables] = await conn.admin.listTables({ parent: conn.target.instancePath });
  for (const t of tables) await conn.admin.deleteTable({ name: t.name! });
  return conn;
}

/**
 * For a describe block: a fresh connection (see freshConnection) opened before its tests and
 * closed after them; call the returned function for it inside a test.
 */
export function useFreshConnection(host: string, instance: string, check?: () => void): () => Connection {
  let conn: Connection | undefined;
  beforeAll(async () => {
    check?.();
    conn = await freshConnection(host, instance);
  });
  afterAll(async () => {
    await conn?.close();
  });
  return () => {
    if (!conn) throw new Error('no emulator connection: used outside its describe block');
    return conn;
  };
}
