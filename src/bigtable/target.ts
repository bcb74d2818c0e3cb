// Where apply, load and verify connect (the emulator, an explicit endpoint or Cloud Bigtable),
// and the connection with its short deadlines: a TCP probe and a credentials check before any
// RPC, so an unreachable target is reported at once.
import net from 'node:net';
import { Bigtable } from '@google-cloud/bigtable';
import { BigtableError } from './errors';

export type TableAdmin = ReturnType<Bigtable['admin']['getTableAdminClient']>;

export const EMULATOR_DEFAULT_PROJECT = 'studio-test';
export const EMULATOR_DEFAULT_INSTANCE = 'studio-test';
/** How long a TCP connect to the endpoint may take before we call it unreachable. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** Deadline of one admin call. */
export const RPC_TIMEOUT_MS = 30_000;
const CREDENTIALS_TIMEOUT_MS = 10_000;
const GOOGLE_ADMIN_HOST = 'bigtableadmin.googleapis.com:443';

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
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new BigtableError(`${what} must be host:port (e.g. 127.0.0.1:8086), not "${value}"`, 'usage');
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
  if (!project)
    throw new BigtableError(
      `name the Google Cloud project with --project (or GOOGLE_CLOUD_PROJECT); for the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT`,
      'usage',
    );
  if (!instance) throw new BigtableError(`name the Bigtable instance with --instance; for the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT`, 'usage');
  if (!PROJECT_ID.test(project)) throw new BigtableError(`"${project}" is not a project id`, 'usage');
  if (!INSTANCE_ID.test(instance)) throw new BigtableError(`"${instance}" is not an instance id (2-33 letters, digits and -, starting with a letter)`, 'usage');
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

/** Resolves when a TCP connection to host:port opens; an BigtableError within `timeoutMs` otherwise. */
export function probe(hostPort: string, timeoutMs: number, what: string): Promise<void> {
  const at = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, at).replace(/^\[|\]$/g, '');
  const port = Number(hostPort.slice(at + 1));
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (why: string) => {
      socket.destroy();
      reject(new BigtableError(`cannot reach ${what} at ${hostPort}: ${why}`, 'unreachable'));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs / 1000} s`));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'ECONNREFUSED' ? 'connection refused (is it running?)' : e.code === 'ENOTFOUND' ? 'unknown host' : e.message),
    );
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
        () => new BigtableError('no Google Cloud credentials: looking them up took too long', 'credentials'),
      ).catch((e: unknown) => {
        if (e instanceof BigtableError) throw e;
        throw new BigtableError(
          `no Google Cloud credentials (Application Default Credentials) for ${target.instancePath}: run "gcloud auth application-default login" or set GOOGLE_APPLICATION_CREDENTIALS to a key file. For the emulator set BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT. (${(e as Error).message.split('\n')[0]})`,
          'credentials',
        );
      });
      await probe(GOOGLE_ADMIN_HOST, connectTimeoutMs, 'Cloud Bigtable');
    } else {
      await probe(
        target.host!,
        connectTimeoutMs,
        target.kind === 'emulator' ? 'the Bigtable emulator (BIGTABLE_EMULATOR_HOST)' : 'the Bigtable endpoint (--endpoint)',
      );
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
