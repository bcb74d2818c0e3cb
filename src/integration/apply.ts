// `btstudio apply`: make a Bigtable instance (the emulator or a real one) hold the tables of a
// design. Also home of what apply, load and verify share: where they connect (the target), the
// connection with its short deadlines, the table's current schema and the errors users see.
//
// Apply computes a plan from the table's current schema (create table, add family, change GC,
// set row key schema, nothing to do), prints it and carries it out. It never deletes a table or a
// family unless asked to prune, and never changes what Bigtable cannot change in place (an
// aggregate type, an existing row key schema): those are conflicts, reported before any write.
import net from 'node:net';
import { Bigtable, type protos } from '@google-cloud/bigtable';
import { utf8, toHex } from '../core/keys/bytes';
import { ExportError } from '../core/export/common';
import { structuredKeyOf, structObject } from '../core/export/row-key-schema';
import type { Design, GcRule, Table } from '../core/model/schema';

type IGcRule = protos.google.bigtable.admin.v2.IGcRule;
type IType = protos.google.bigtable.admin.v2.IType;
type ITable = protos.google.bigtable.admin.v2.ITable;
type IModification = protos.google.bigtable.admin.v2.ModifyColumnFamiliesRequest.IModification;
export type TableAdmin = ReturnType<Bigtable['admin']['getTableAdminClient']>;

export const EMULATOR_DEFAULT_PROJECT = 'studio-test';
export const EMULATOR_DEFAULT_INSTANCE = 'studio-test';
/** How long a TCP connect to the endpoint may take before we call it unreachable. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** Deadline of one admin call. */
export const RPC_TIMEOUT_MS = 30_000;
const CREDENTIALS_TIMEOUT_MS = 10_000;
const GOOGLE_ADMIN_HOST = 'bigtableadmin.googleapis.com:443';

// ---------------------------------------------------------------------------------------------
// Errors

export type FailureKind = 'usage' | 'unreachable' | 'credentials' | 'missing-table' | 'mismatch' | 'refused' | 'rpc';

/** A failure the user can act on: the CLI prints the message and exits 2. */
export class IntegrationError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

const GRPC = { NOT_FOUND: 5, ALREADY_EXISTS: 6, PERMISSION_DENIED: 7, UNAVAILABLE: 14, DEADLINE_EXCEEDED: 4, UNAUTHENTICATED: 16, INVALID_ARGUMENT: 3, FAILED_PRECONDITION: 9, UNIMPLEMENTED: 12 } as const;

export function grpcCode(e: unknown): number | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** An RPC failure in words, with what to do about it. */
export function explainRpcError(e: unknown, target: Target, doing: string): IntegrationError {
  if (e instanceof IntegrationError) return e;
  const code = grpcCode(e);
  const detail = ((e as { details?: string }).details || (e as Error).message || String(e)).replace(/^\d+ [A-Z_]+: /, '');
  switch (code) {
    case GRPC.UNAVAILABLE:
    case GRPC.DEADLINE_EXCEEDED:
      return new IntegrationError(`${doing}: ${where(target)} did not answer (${detail})`, 'unreachable');
    case GRPC.UNAUTHENTICATED:
      return new IntegrationError(`${doing}: the credentials were rejected (${detail}); run "gcloud auth application-default login" or set GOOGLE_APPLICATION_CREDENTIALS`, 'credentials');
    case GRPC.PERMISSION_DENIED:
      return new IntegrationError(`${doing}: permission denied on ${target.instancePath} (${detail}); the account needs a Bigtable role such as roles/bigtable.admin (apply) or roles/bigtable.user (load, verify)`, 'credentials');
    case GRPC.NOT_FOUND:
      return new IntegrationError(`${doing}: not found (${detail}); check --project and --instance`, 'missing-table');
    default:
      return new IntegrationError(`${doing}: ${detail}`, 'rpc');
  }
}

// ---------------------------------------------------------------------------------------------
// Targets

export type TargetKind = 'emulator' | 'endpoint' | 'cloud';

export interface Target {
  kind: TargetKind;
  project: string;
  instance: string;
  /** host:port for the emulator or an explicit endpoint; null for Google's endpoints. */
  host: string | null;
  instancePath: string;
}

export interface TargetOptions {
  project?: string | undefined;
  instance?: string | undefined;
  /** An explicit API endpoint (host:port) that is NOT an emulator: treated as a real instance. */
  endpoint?: string | undefined;
}

const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;
const PROJECT_ID = /^[a-z][-a-z0-9.:]{0,62}$/i;
const INSTANCE_ID = /^[a-z][-a-z0-9]{1,32}$/i;

function checkHost(value: string, what: string): string {
  const m = HOST_PORT.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new IntegrationError(`${what} must be host:port (e.g. 127.0.0.1:8086), not "${value}"`, 'usage');
  return value;
}

/**
 * Where to connect: an explicit `--endpoint` (never an emulator: writes need --yes), else
 * BIGTABLE_EMULATOR_HOST (the emulator, default project and instance `studio-test`), else
 * Cloud Bigtable with Application Default Credentials (project and instance required).
 */
export function resolveTarget(opts: TargetOptions, env: NodeJS.ProcessEnv = process.env): Target {
  let kind: TargetKind;
  let host: string | null = null;
  if (opts.endpoint !== undefined) {
    kind = 'endpoint';
    host = checkHost(opts.endpoint, '--endpoint');
  } else if (env.BIGTABLE_EMULATOR_HOST) {
    kind = 'emulator';
    host = checkHost(env.BIGTABLE_EMULATOR_HOST, 'BIGTABLE_EMULATOR_HOST');
  } else kind = 'cloud';
  const project = opts.project ?? (kind === 'emulator' ? EMULATOR_DEFAULT_PROJECT : (env.GOOGLE_CLOUD_PROJECT ?? env.CLOUDSDK_CORE_PROJECT));
  const instance = opts.instance ?? (kind === 'emulator' ? EMULATOR_DEFAULT_INSTANCE : undefined);
  if (!project) throw new IntegrationError(`name the Google Cloud project with --project (or GOOGLE_CLOUD_PROJECT); for the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT`, 'usage');
  if (!instance) throw new IntegrationError(`name the Bigtable instance with --instance; for the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT`, 'usage');
  if (!PROJECT_ID.test(project)) throw new IntegrationError(`"${project}" is not a project id`, 'usage');
  if (!INSTANCE_ID.test(instance)) throw new IntegrationError(`"${instance}" is not an instance id (2-33 letters, digits and -, starting with a letter)`, 'usage');
  return { kind, project, instance, host, instancePath: `projects/${project}/instances/${instance}` };
}

/** "the emulator at 127.0.0.1:8086", "endpoint 10.0.0.5:443 (not an emulator)", "Cloud Bigtable". */
export function where(t: Target): string {
  if (t.kind === 'emulator') return `the emulator at ${t.host}`;
  if (t.kind === 'endpoint') return `endpoint ${t.host} (not an emulator)`;
  return 'Cloud Bigtable';
}

export function describeTarget(t: Target): string {
  return `${where(t)}, ${t.instancePath}`;
}

/** Resolves when a TCP connection to host:port opens; an IntegrationError within `timeoutMs` otherwise. */
export function probe(hostPort: string, timeoutMs: number, what: string): Promise<void> {
  const at = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, at).replace(/^\[|\]$/g, '');
  const port = Number(hostPort.slice(at + 1));
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (why: string) => {
      socket.destroy();
      reject(new IntegrationError(`cannot reach ${what} at ${hostPort}: ${why}`, 'unreachable'));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs / 1000} s`));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', (e: NodeJS.ErrnoException) => fail(e.code === 'ECONNREFUSED' ? 'connection refused (is it running?)' : e.code === 'ENOTFOUND' ? 'unknown host' : e.message));
  });
}

function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

export interface Connection {
  target: Target;
  client: Bigtable;
  admin: TableAdmin;
  tablePath(table: string): string;
  close(): Promise<void>;
}

/**
 * Connects to the target: a TCP probe with a short deadline first (a clear "cannot reach"
 * instead of gRPC retrying for a minute), and for Cloud Bigtable a credentials check before
 * anything leaves the machine. The emulator and an explicit endpoint get a plaintext channel
 * without credentials (what @google-cloud/bigtable does for any apiEndpoint). `universeDomain`
 * is always given, so the client never asks the GCE metadata server for it.
 */
export async function connect(target: Target, { connectTimeoutMs = CONNECT_TIMEOUT_MS } = {}): Promise<Connection> {
  const client = new Bigtable({
    projectId: target.project,
    ...(target.host ? { apiEndpoint: target.host } : {}),
    metricsEnabled: false,
    universeDomain: 'googleapis.com',
  });
  try {
    if (target.kind === 'cloud') {
      await withDeadline(
        client.auth.getClient(),
        CREDENTIALS_TIMEOUT_MS,
        () => new IntegrationError('no Google Cloud credentials: looking them up took too long', 'credentials'),
      ).catch((e: unknown) => {
        if (e instanceof IntegrationError) throw e;
        throw new IntegrationError(
          `no Google Cloud credentials (Application Default Credentials) for ${target.instancePath}: run "gcloud auth application-default login" or set GOOGLE_APPLICATION_CREDENTIALS to a key file. For the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT. (${(e as Error).message.split('\n')[0]})`,
          'credentials',
        );
      });
      await probe(GOOGLE_ADMIN_HOST, connectTimeoutMs, 'Cloud Bigtable');
    } else {
      await probe(target.host!, connectTimeoutMs, target.kind === 'emulator' ? 'the Bigtable emulator (BIGTABLE_EMULATOR_HOST)' : 'the Bigtable endpoint (--endpoint)');
    }
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  const admin = client.admin.getTableAdminClient();
  return {
    target,
    client,
    admin,
    tablePath: (t) => `${target.instancePath}/tables/${t}`,
    async close() {
      await Promise.allSettled([admin.close(), client.close()]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// GC rules and aggregate types, between the design and the admin API

export type Aggregate = 'sum' | 'min' | 'max' | 'hll';

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 } as const;

export function durationMs(d: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(d);
  if (!m) throw new IntegrationError(`"${d}" is not a duration`, 'usage');
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

/** Milliseconds in the largest unit that divides them: 400d, 36h, 90s, 1500ms. */
export function msToDuration(ms: number): string {
  for (const [unit, size] of Object.entries(UNIT_MS)) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/** The design's GC rule as the admin API's GcRule (nested unions and intersections kept). */
export function gcToAdmin(rule: GcRule): IGcRule {
  if ('maxVersions' in rule) return { maxNumVersions: rule.maxVersions };
  if ('maxAge' in rule) {
    const ms = durationMs(rule.maxAge);
    return { maxAge: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 } };
  }
  if ('union' in rule) return { union: { rules: rule.union.map(gcToAdmin) } };
  return { intersection: { rules: rule.intersection.map(gcToAdmin) } };
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(String(v)));

/** The admin API's GcRule as a design rule; null for none (keep every cell). */
export function gcFromAdmin(p: IGcRule | null | undefined): GcRule | null {
  if (!p) return null;
  const which = (p as { rule?: string }).rule;
  if ((which === 'maxNumVersions' || which === undefined) && p.maxNumVersions) return { maxVersions: p.maxNumVersions };
  if ((which === 'maxAge' || which === undefined) && p.maxAge) return { maxAge: msToDuration(num(p.maxAge.seconds) * 1000 + Math.round(num(p.maxAge.nanos) / 1_000_000)) };
  if ((which === 'union' || which === undefined) && p.union) return { union: (p.union.rules ?? []).map((r) => gcFromAdmin(r)).filter((r): r is GcRule => r !== null) };
  if ((which === 'intersection' || which === undefined) && p.intersection) {
    return { intersection: (p.intersection.rules ?? []).map((r) => gcFromAdmin(r)).filter((r): r is GcRule => r !== null) };
  }
  return null;
}

/**
 * A canonical text of a rule for comparison: ages in ms, one-rule unions unwrapped, nested
 * unions of unions flattened, children sorted (order does not change what a rule deletes).
 */
export function gcKey(rule: GcRule | null | undefined): string {
  if (!rule) return 'none';
  if ('maxVersions' in rule) return `versions<=${rule.maxVersions}`;
  if ('maxAge' in rule) return `age<=${durationMs(rule.maxAge)}ms`;
  const kind = 'union' in rule ? 'union' : 'intersection';
  const parts = 'union' in rule ? rule.union : rule.intersection;
  if (parts.length === 0) return 'none';
  if (parts.length === 1) return gcKey(parts[0]);
  const keys = parts.flatMap((p) => {
    const k = gcKey(p);
    return k.startsWith(`${kind}(`) ? splitTop(k.slice(kind.length + 1, -1)) : [k];
  });
  return `${kind}(${keys.sort().join(',')})`;
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A rule in cbt's words: `maxage=30d || (maxversions=2 && maxage=1d)`; `none` keeps every cell. */
export function describeGc(rule: GcRule | null | undefined): string {
  if (!rule) return 'none (keeps every cell)';
  const go = (r: GcRule, nested: boolean): string => {
    if ('maxVersions' in r) return `maxversions=${r.maxVersions}`;
    if ('maxAge' in r) return `maxage=${msToDuration(durationMs(r.maxAge))}`;
    const parts = 'union' in r ? r.union : r.intersection;
    if (parts.length === 1) return go(parts[0]!, nested);
    const joined = parts.map((p) => go(p, true)).join('union' in r ? ' || ' : ' && ');
    return nested ? `(${joined})` : joined;
  };
  return go(rule, false);
}

const INT64_BE: IType = { int64Type: { encoding: { bigEndianBytes: {} } } };

/**
 * An aggregate family's value type: Int64 (big-endian) input with sum, min, max or
 * HyperLogLog++ (`hllppUniqueCount`), exactly what `cbt createtable ... :intsum|intmin|intmax|inthll`
 * and Terraform's `type = "intsum"...` create.
 */
export function aggregateType(a: Aggregate): IType {
  const aggregator = a === 'hll' ? { hllppUniqueCount: {} } : { [a]: {} };
  return { aggregateType: { inputType: INT64_BE, ...aggregator } };
}

/** The aggregate of a family's value type; 'other' for a type that is not one of ours. */
export function aggregateFromAdmin(t: IType | null | undefined): Aggregate | 'other' | null {
  const agg = t?.aggregateType;
  if (!agg) {
    const kind = (t as { kind?: string } | null | undefined)?.kind;
    return kind ? 'other' : null;
  }
  const input = agg.inputType?.int64Type;
  if (!input) return 'other';
  if (agg.sum) return 'sum';
  if (agg.min) return 'min';
  if (agg.max) return 'max';
  if (agg.hllppUniqueCount) return 'hll';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// The table as it is

export interface FamilyState {
  name: string;
  gc: GcRule | null;
  aggregate: Aggregate | 'other' | null;
}

export interface TableState {
  name: string;
  families: Map<string, FamilyState>;
  /** The row key schema as the API returned it, null when the table has none. */
  rowKeySchema: unknown;
}

/** The table's families, GC rules, aggregate types and row key schema; null when it does not exist. */
export async function readTableState(conn: Connection, table: string): Promise<TableState | null> {
  let t: ITable;
  try {
    [t] = await conn.admin.getTable({ name: conn.tablePath(table), view: 'SCHEMA_VIEW' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
  } catch (e) {
    if (grpcCode(e) === GRPC.NOT_FOUND) return null;
    throw explainRpcError(e, conn.target, `reading table ${table}`);
  }
  const families = new Map<string, FamilyState>();
  for (const [name, cf] of Object.entries(t.columnFamilies ?? {})) {
    families.set(name, { name, gc: gcFromAdmin(cf.gcRule), aggregate: aggregateFromAdmin(cf.valueType) });
  }
  const schema = t.rowKeySchema && (t.rowKeySchema.fields?.length ?? 0) > 0 ? t.rowKeySchema : null;
  return { name: table, families, rowKeySchema: schema };
}

/** The table must exist (else missing-table) and hold every family of the design with its aggregate type (else mismatch). */
export async function requireMatchingTable(conn: Connection, table: Table): Promise<TableState> {
  const state = await readTableState(conn, table.name);
  if (!state) {
    throw new IntegrationError(
      `table ${table.name} does not exist in ${describeTarget(conn.target)}; create it with "btstudio apply DESIGN --table ${table.name}"`,
      'missing-table',
    );
  }
  const problems = familyDisagreements(table, state, false);
  if (problems.length) {
    throw new IntegrationError(
      `the design and table ${table.name} disagree (${where(conn.target)}):\n${problems.map((p) => `  - ${p}`).join('\n')}\nRun "btstudio apply" to add what is missing; an aggregate type can only be set when a family is created.`,
      'mismatch',
    );
  }
  return state;
}

function aggregateWord(a: Aggregate | 'other' | null): string {
  return a === null ? 'a plain family' : a === 'other' ? 'a typed family of another kind' : `an aggregate (${a}) family`;
}

/** What stops data of the design from going into the table: missing families, other aggregate types. */
function familyDisagreements(table: Table, state: TableState, missingOk: boolean): string[] {
  const out: string[] = [];
  for (const f of table.families ?? []) {
    const have = state.families.get(f.name);
    if (!have) {
      if (!missingOk) out.push(`family ${f.name} is in the design but not in the table`);
      continue;
    }
    const want = f.aggregate ?? null;
    if (have.aggregate !== want) out.push(`family ${f.name} is ${aggregateWord(want)} in the design but ${aggregateWord(have.aggregate)} in the table`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Row key schemas

export type RowKeySchema = protos.google.bigtable.admin.v2.Type.IStruct;

/** The design's key as a Type.Struct for the admin API, or why it cannot be one. */
export function rowKeySchemaOf(design: Design, table: Table): { schema: RowKeySchema } | { reason: string } {
  try {
    const key = structuredKeyOf(design, table);
    const obj = structObject(key, false);
    const encoding = key.encoding === 'delimitedBytes' ? { delimitedBytes: { delimiter: Buffer.from(utf8(key.delimiter!)) } } : { [key.encoding]: {} };
    return { schema: { fields: obj.fields as RowKeySchema['fields'], encoding } };
  } catch (e) {
    if (e instanceof ExportError) return { reason: e.problems.join('; ') };
    throw e;
  }
}

/** Comparable text of a proto object: null fields and oneof discriminators dropped, bytes as hex, keys sorted. */
export function protoKey(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Uint8Array) return `0x${toHex(v)}`;
  if (typeof v === 'string') {
    // The JSON form of bytes (base64) and plain text compare as their bytes.
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(protoKey).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== null && o[k] !== undefined)
      // protobufjs adds the name of the set oneof member as a string field (`kind: 'int64Type'`).
      .filter((k) => !(typeof o[k] === 'string' && Object.prototype.hasOwnProperty.call(o, o[k] as string)))
      .sort();
    return `{${keys.map((k) => `${k}:${protoKey(o[k])}`).join(',')}}`;
  }
  return String(v);
}

// ---------------------------------------------------------------------------------------------
// The plan

export interface FamilyWant {
  name: string;
  gc: GcRule | null;
  aggregate: Aggregate | null;
}

export type Change =
  | { op: 'create-table'; table: string; families: FamilyWant[]; splits: string[]; rowKeySchema: RowKeySchema | null }
  | { op: 'add-family'; table: string; family: FamilyWant }
  | { op: 'change-gc'; table: string; family: string; from: GcRule | null; to: GcRule | null }
  | { op: 'set-row-key-schema'; table: string; schema: RowKeySchema }
  | { op: 'delete-family'; table: string; family: string }
  | { op: 'delete-table'; table: string };

export interface TablePlan {
  table: string;
  exists: boolean;
  changes: Change[];
  /** Things apply does not do, and why (the emulator and row key schemas, prune hints). */
  notes: string[];
  /** Disagreements apply cannot resolve in place; any conflict stops apply before it writes. */
  conflicts: string[];
}

export interface Plan {
  design: string;
  target: Target;
  tables: TablePlan[];
  /** Tables of the instance the design does not name (only looked up with prune). */
  extraTables: string[];
  prune: boolean;
}

export function planChanges(plan: Plan): Change[] {
  return [...plan.tables.flatMap((t) => t.changes), ...plan.extraTables.map((table): Change => ({ op: 'delete-table', table }))].filter(
    (c) => c.op !== 'delete-table' || plan.prune,
  );
}

export function planConflicts(plan: Plan): string[] {
  return plan.tables.flatMap((t) => t.conflicts.map((c) => `table ${t.table}: ${c}`));
}

const isDelete = (c: Change) => c.op === 'delete-family' || c.op === 'delete-table';

export function planDeletes(plan: Plan): Change[] {
  return planChanges(plan).filter(isDelete);
}

function familyWant(f: NonNullable<Table['families']>[number]): FamilyWant {
  return { name: f.name, gc: f.gc ?? null, aggregate: f.aggregate ?? null };
}

/** Compares the design with the tables as they are; reads only. */
export async function computePlan(conn: Connection, design: Design, opts: { table?: string | undefined; prune?: boolean } = {}): Promise<Plan> {
  const prune = opts.prune === true;
  const tables = opts.table === undefined ? design.tables : design.tables.filter((t) => t.name === opts.table);
  if (opts.table !== undefined && tables.length === 0) {
    throw new IntegrationError(`the design has no table "${opts.table}" (tables: ${design.tables.map((t) => t.name).join(', ') || '(none)'})`, 'usage');
  }
  const out: TablePlan[] = [];
  for (const table of tables) out.push(await planTable(conn, design, table, prune));
  let extraTables: string[] = [];
  if (prune && opts.table === undefined) {
    const names = new Set(design.tables.map((t) => t.name));
    let listed: ITable[];
    try {
      [listed] = await conn.admin.listTables({ parent: conn.target.instancePath, view: 'NAME_ONLY' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
    } catch (e) {
      throw explainRpcError(e, conn.target, 'listing tables');
    }
    extraTables = listed
      .map((t) => (t.name ?? '').split('/').pop() ?? '')
      .filter((n) => n && !names.has(n))
      .sort();
  }
  return { design: design.name, target: conn.target, tables: out, extraTables, prune };
}

async function planTable(conn: Connection, design: Design, table: Table, prune: boolean): Promise<TablePlan> {
  const state = await readTableState(conn, table.name);
  const notes: string[] = [];
  const conflicts: string[] = [];
  const changes: Change[] = [];
  const emulator = conn.target.kind === 'emulator';
  const key = rowKeySchemaOf(design, table);
  let schema: RowKeySchema | null = null;
  if ('reason' in key) notes.push(`row key schema: not set, the key cannot be a structured row key (${key.reason})`);
  else if (emulator) notes.push('row key schema: skipped, the emulator does not keep row key schemas (it accepts and drops them); a real instance gets one');
  else schema = key.schema;

  if (!state) {
    const splits = (table.splits ?? []).filter((s) => s !== '');
    changes.push({ op: 'create-table', table: table.name, families: (table.families ?? []).map(familyWant), splits, rowKeySchema: schema });
    return { table: table.name, exists: false, changes, notes, conflicts };
  }

  for (const f of table.families ?? []) {
    const have = state.families.get(f.name);
    const want = familyWant(f);
    if (!have) {
      changes.push({ op: 'add-family', table: table.name, family: want });
      continue;
    }
    if (have.aggregate !== want.aggregate) {
      conflicts.push(
        `family ${f.name} is ${aggregateWord(want.aggregate)} in the design but ${aggregateWord(have.aggregate)} in the table; the type is set when a family is created and cannot change (delete the family, e.g. "cbt deletefamily ${table.name} ${f.name}", and apply again; its data goes with it)`,
      );
      continue;
    }
    if (gcKey(have.gc) !== gcKey(want.gc)) changes.push({ op: 'change-gc', table: table.name, family: f.name, from: have.gc, to: want.gc });
  }
  const designFamilies = new Set((table.families ?? []).map((f) => f.name));
  for (const name of [...state.families.keys()].sort()) {
    if (designFamilies.has(name)) continue;
    if (prune) changes.push({ op: 'delete-family', table: table.name, family: name });
    else notes.push(`family ${name} is in the table but not in the design: kept (--prune --yes deletes it)`);
  }
  if ((table.splits ?? []).length) notes.push('splits: applied only when a table is created; Bigtable splits an existing table itself');
  if (schema) {
    if (state.rowKeySchema === null) changes.push({ op: 'set-row-key-schema', table: table.name, schema });
    else if (protoKey(normaliseSchema(state.rowKeySchema)) !== protoKey(normaliseSchema(schema))) {
      conflicts.push('the table has another row key schema; a schema can only be set on a table without one (clear it with "gcloud bigtable instances tables update --clear-row-key-schema" first)');
    }
  }
  return { table: table.name, exists: true, changes, notes, conflicts };
}

/** Delimiters come back as bytes (or base64 in JSON); compare them as bytes. */
function normaliseSchema(s: unknown): unknown {
  const o = JSON.parse(JSON.stringify(s, (_k, v: unknown) => (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer' ? { __bytes: toHex(Uint8Array.from((v as { data: number[] }).data)) } : v))) as {
    encoding?: { delimitedBytes?: { delimiter?: unknown } };
  };
  const d = o.encoding?.delimitedBytes?.delimiter;
  if (typeof d === 'string' && o.encoding?.delimitedBytes) o.encoding.delimitedBytes.delimiter = { __bytes: toHex(Buffer.from(d, 'base64')) };
  return o;
}

// ---------------------------------------------------------------------------------------------
// Printing and carrying out a plan

function familyText(f: FamilyWant): string {
  return `family ${f.name}: gc ${describeGc(f.gc)}${f.aggregate ? `, aggregate ${f.aggregate} (Int64 input)` : ''}`;
}

export function describeChange(c: Change): string {
  switch (c.op) {
    case 'create-table':
      return `+ create table ${c.table} with ${c.families.length} ${c.families.length === 1 ? 'family' : 'families'}${c.splits.length ? `, split at ${c.splits.map((s) => JSON.stringify(s)).join(', ')}` : ''}${c.rowKeySchema ? ', and its row key schema' : ''}`;
    case 'add-family':
      return `+ add ${familyText(c.family)}`;
    case 'change-gc':
      return `~ change gc of family ${c.family}: ${describeGc(c.from)} -> ${describeGc(c.to)}`;
    case 'set-row-key-schema':
      return `~ set the row key schema (${(c.schema.fields ?? []).map((f) => f.fieldName).join(', ')})`;
    case 'delete-family':
      return `- delete family ${c.family} and every cell in it`;
    case 'delete-table':
      return `- delete table ${c.table} and all its data`;
  }
}

/** The plan as people read it; the last line sums it up ("Plan: nothing to do." when nothing). */
export function formatPlan(plan: Plan): string {
  const lines = [`Plan for design "${plan.design}" on ${describeTarget(plan.target)}:`];
  for (const t of plan.tables) {
    lines.push(`  table ${t.table}:${t.changes.length === 0 && t.conflicts.length === 0 ? ' nothing to do' : ''}`);
    for (const c of t.changes) {
      lines.push(`    ${describeChange(c)}`);
      if (c.op === 'create-table') for (const f of c.families) lines.push(`        ${familyText(f)}`);
    }
    for (const c of t.conflicts) lines.push(`    ! cannot apply: ${c}`);
    for (const n of t.notes) lines.push(`    (${n})`);
  }
  for (const name of plan.extraTables) lines.push(`  table ${name}: not in the design\n    ${describeChange({ op: 'delete-table', table: name })}`);
  const changes = planChanges(plan);
  const count = (op: Change['op']) => changes.filter((c) => c.op === op).length;
  const parts = [
    [count('create-table'), 'table to create', 'tables to create'],
    [count('add-family'), 'family to add', 'families to add'],
    [count('change-gc'), 'GC rule to change', 'GC rules to change'],
    [count('set-row-key-schema'), 'row key schema to set', 'row key schemas to set'],
    [count('delete-family') + count('delete-table'), 'deletion', 'deletions'],
  ] as const;
  const conflicts = planConflicts(plan).length;
  if (changes.length === 0 && conflicts === 0) lines.push('Plan: nothing to do.');
  else {
    lines.push(
      `Plan: ${parts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(', ')}${conflicts ? `; ${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : ''}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Carries out the plan's changes in order (creations, then changes, then deletions), logging each. */
export async function executePlan(conn: Connection, plan: Plan, log: (line: string) => void | Promise<void>): Promise<number> {
  const conflicts = planConflicts(plan);
  if (conflicts.length) throw new IntegrationError(`the design and the instance disagree; nothing was changed:\n${conflicts.map((c) => `  - ${c}`).join('\n')}`, 'mismatch');
  const changes = planChanges(plan);
  const order = (c: Change) => (isDelete(c) ? 1 : 0);
  const sorted = changes.slice().sort((a, b) => order(a) - order(b));
  const call = { timeout: RPC_TIMEOUT_MS, maxRetries: 1 };
  let done = 0;
  for (const c of sorted) {
    const what = describeChange(c).slice(2);
    try {
      switch (c.op) {
        case 'create-table': {
          const columnFamilies: Record<string, protos.google.bigtable.admin.v2.IColumnFamily> = {};
          for (const f of c.families) {
            columnFamilies[f.name] = { ...(f.gc ? { gcRule: gcToAdmin(f.gc) } : {}), ...(f.aggregate ? { valueType: aggregateType(f.aggregate) } : {}) };
          }
          await conn.admin.createTable(
            {
              parent: conn.target.instancePath,
              tableId: c.table,
              table: { columnFamilies, ...(c.rowKeySchema ? { rowKeySchema: c.rowKeySchema } : {}) },
              initialSplits: c.splits.map((s) => ({ key: Buffer.from(utf8(s)) })),
            },
            call,
          );
          break;
        }
        case 'add-family':
        case 'change-gc':
        case 'delete-family': {
          const mod: IModification =
            c.op === 'add-family'
              ? { id: c.family.name, create: { ...(c.family.gc ? { gcRule: gcToAdmin(c.family.gc) } : {}), ...(c.family.aggregate ? { valueType: aggregateType(c.family.aggregate) } : {}) } }
              : c.op === 'change-gc'
                ? // No update mask: the API then updates gc_rule only (the value type cannot change).
                  { id: c.family, update: { gcRule: c.to ? gcToAdmin(c.to) : {} } }
                : { id: c.family, drop: true };
          await conn.admin.modifyColumnFamilies({ name: conn.tablePath(c.table), modifications: [mod] }, call);
          break;
        }
        case 'set-row-key-schema': {
          const [op] = await conn.admin.updateTable({ table: { name: conn.tablePath(c.table), rowKeySchema: c.schema }, updateMask: { paths: ['row_key_schema'] } }, call);
          await op.promise();
          break;
        }
        case 'delete-table':
          await conn.admin.deleteTable({ name: conn.tablePath(c.table) }, call);
          break;
      }
    } catch (e) {
      throw explainRpcError(e, conn.target, `${what} (after ${done} of ${sorted.length} changes)`);
    }
    done++;
    await log(`done: ${what}`);
  }
  return done;
}
