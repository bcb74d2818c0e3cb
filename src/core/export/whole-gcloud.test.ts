// The whole-design gcloud script run with real gcloud against a loopback capture server
// (BIGTABLE-FACTS.md: api_endpoint_overrides + disable_credentials): the requests gcloud sends
// must say exactly what the design says, for the instance (clusters, zones, nodes, autoscaling,
// storage), the app profiles (routing, transactional writes) and every table's production
// settings (deletion protection, change stream, automated backup, tiered storage through
// gcloud beta). A stub cbt records the aggregate families. Skipped, saying so, without gcloud.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Design } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { exportTable } from '../outputs';
import { type CaptureServer, gcloudSandbox, hasGcloud, runProcess, startCaptureServer } from '../../test-support/gcloud-capture';

if (!hasGcloud) console.warn('gcloud is not installed: skipping the whole-design gcloud capture test');

const byFile = new Map(exampleDesigns().map((e) => [e.file, e.design]));
const REPLICATED = byFile.get('replicated-orders.yaml')!;
const TIERED = byFile.get('tiered-sensor-archive.yaml')!;

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}
const dir = mkdtempSync(join(tmpdir(), 'btstudio-whole-'));
const requests = new Map<string, Request[]>();
let server: CaptureServer | undefined;
let env: NodeJS.ProcessEnv;
const runs = new Map<string, { code: number; err: string }>();

async function run(name: string, script: string, port: number): Promise<void> {
  const file = join(dir, `${name}.sh`);
  writeFileSync(file, script);
  // Each script talks to its own path prefix, so the captures do not mix.
  const { code, err } = await runProcess('bash', [file], {
    env: { ...env, CLOUDSDK_API_ENDPOINT_OVERRIDES_BIGTABLEADMIN: `http://127.0.0.1:${port}/${name}/`, ...(name === 'tiered' ? { INSTANCE: 'sensors' } : {}) },
    cwd: dir,
  });
  runs.set(name, { code, err });
}

const of = (name: string, method: string, pathPart: RegExp) => (requests.get(name) ?? []).filter((r) => r.method === method && pathPart.test(r.path));

describe.skipIf(!hasGcloud)('whole-design gcloud script against real gcloud (loopback capture server)', () => {
  beforeAll(async () => {
    server = await startCaptureServer(({ method, url, body }) => {
      const [, name, ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const list = requests.get(name!) ?? [];
      list.push({ method, path, query: url.searchParams, body: parsed });
      requests.set(name!, list);
      // Every long-running call is already done; creates echo what they were sent.
      if (/\/operations\//.test(path) || (method === 'POST' && /\/instances$/.test(path))) {
        return {
          json: {
            name: 'operations/done',
            done: true,
            response: { '@type': 'type.googleapis.com/google.bigtable.admin.v2.Instance', name: 'projects/p/instances/i', ...(parsed.instance as object) },
          },
        };
      }
      if (method === 'POST' && /\/tables$/.test(path))
        return { json: { name: `projects/p/instances/i/tables/${String(parsed.tableId)}`, ...(parsed.table as object) } };
      if (method === 'PATCH' && /\/tables\//.test(path)) {
        return {
          json: {
            name: 'operations/done',
            done: true,
            response: { '@type': 'type.googleapis.com/google.bigtable.admin.v2.Table', name: 'projects/p/instances/i/tables/t', ...parsed },
          },
        };
      }
      return { json: { name: 'projects/p/instances/i/appProfiles/x', ...parsed } };
    });
    const port = server.port;
    env = gcloudSandbox(dir, { cbt: `printf '%s\\n' "$*" >> "${join(dir, 'cbt.log')}"\n` });
    const designs: [string, Design][] = [
      ['replicated', REPLICATED],
      ['tiered', TIERED],
    ];
    for (const [name, design] of designs) await run(name, exportTable(design, null, 'gcloud').text, port);
  }, 240_000);

  afterAll(() => server?.close());

  it('runs each script to the end', () => {
    for (const name of ['replicated', 'tiered']) expect(runs.get(name), name).toMatchObject({ code: 0 });
  });

  it('creates the instance with its clusters, zones, autoscaling and storage type', () => {
    const [create] = of('replicated', 'POST', /^\/v2\/projects\/p\/instances$/);
    expect(create?.body).toMatchObject({ instanceId: 'shop-prod', instance: { displayName: 'Shop (production)' } });
    const clusters = create!.body.clusters as Record<string, Record<string, unknown>>;
    expect(Object.keys(clusters).sort()).toEqual(['shop-east', 'shop-west']);
    for (const [id, zone] of [
      ['shop-east', 'us-east1-b'],
      ['shop-west', 'us-west1-a'],
    ] as const) {
      expect(clusters[id]).toMatchObject({
        location: `projects/p/locations/${zone}`,
        defaultStorageType: 'SSD',
        clusterConfig: {
          clusterAutoscalingConfig: { autoscalingLimits: { minServeNodes: 3, maxServeNodes: 12 }, autoscalingTargets: { cpuUtilizationPercent: 35 } },
        },
      });
    }
  });

  it('creates the app profiles with their routing and transactional writes', () => {
    const profiles = of('replicated', 'POST', /\/appProfiles$/);
    const byId = new Map(profiles.map((p) => [p.query.get('appProfileId'), p.body]));
    expect([...byId.keys()].sort()).toEqual(['serving', 'stock-writer']);
    expect(byId.get('serving')).toMatchObject({ multiClusterRoutingUseAny: {}, description: 'Nearest cluster, automatic failover.' });
    expect(byId.get('serving')).not.toHaveProperty('singleClusterRouting');
    expect(byId.get('stock-writer')).toMatchObject({ singleClusterRouting: { clusterId: 'shop-east', allowTransactionalWrites: true } });
  });

  it('creates every table with its deletion protection, change stream and backup policy', () => {
    const tables = new Map(of('replicated', 'POST', /\/tables$/).map((r) => [r.body.tableId as string, r.body.table as Record<string, unknown>]));
    expect([...tables.keys()]).toEqual(['carts', 'stock']);
    expect(tables.get('carts')).toMatchObject({
      deletionProtection: true,
      changeStreamConfig: { retentionPeriod: '259200s' },
      automatedBackupPolicy: { retentionPeriod: '1209600s' },
    });
    expect(tables.get('stock')).toMatchObject({ deletionProtection: true, automatedBackupPolicy: { retentionPeriod: '2592000s' } });
    expect(tables.get('stock')).not.toHaveProperty('changeStreamConfig');
    for (const t of tables.values()) expect(t).toHaveProperty('rowKeySchema');
  });

  it('sets tiered storage through gcloud beta, and no instance when the design names no clusters', () => {
    expect(of('tiered', 'POST', /\/instances$/)).toEqual([]);
    const [t] = of('tiered', 'POST', /\/tables$/);
    expect(t?.body.tableId).toBe('sensor_readings');
    expect(t?.body.table).toMatchObject({
      deletionProtection: true,
      automatedBackupPolicy: { retentionPeriod: '604800s' },
      tieredStorageConfig: { infrequentAccess: { includeIfOlderThan: '5184000s' } },
    });
  });
});
