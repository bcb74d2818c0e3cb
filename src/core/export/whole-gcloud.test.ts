// The whole-design gcloud script run with real gcloud against a loopback capture server
// (BIGTABLE-FACTS.md: api_endpoint_overrides + disable_credentials): the requests gcloud sends
// must say exactly what the design says, for the instance (clusters, zones, nodes, autoscaling,
// storage), the app profiles (routing, transactional writes) and every table's production
// settings (deletion protection, change stream, automated backup, tiered storage through
// gcloud beta). A stub cbt records the aggregate families. Skipped, saying so, without gcloud.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Design } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { exportTable } from './index';

const hasGcloud = spawnSync('gcloud', ['--version'], { encoding: 'utf8' }).status === 0;
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
let server: http.Server;
let env: NodeJS.ProcessEnv;
const runs = new Map<string, { code: number; err: string }>();

function run(name: string, script: string, port: number): Promise<void> {
  const file = join(dir, `${name}.sh`);
  writeFileSync(file, script);
  return new Promise((resolve) => {
    // Each script talks to its own path prefix, so the captures do not mix.
    const p = spawn('bash', [file], { env: { ...env, CLOUDSDK_API_ENDPOINT_OVERRIDES_BIGTABLEADMIN: `http://127.0.0.1:${port}/${name}/`, ...(name === 'tiered' ? { INSTANCE: 'sensors' } : {}) }, cwd: dir });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => {
      runs.set(name, { code: code ?? -1, err });
      resolve();
    });
  });
}

const of = (name: string, method: string, pathPart: RegExp) => (requests.get(name) ?? []).filter((r) => r.method === method && pathPart.test(r.path));

describe.skipIf(!hasGcloud)('whole-design gcloud script against real gcloud (loopback capture server)', () => {
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const [, name, ...rest] = url.pathname.split('/');
        const path = `/${rest.join('/')}`;
        const list = requests.get(name!) ?? [];
        list.push({ method: req.method ?? '', path, query: url.searchParams, body: body ? (JSON.parse(body) as Record<string, unknown>) : {} });
        requests.set(name!, list);
        res.setHeader('content-type', 'application/json');
        const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
        // Every long-running call is already done; creates echo what they were sent.
        if (/\/operations\//.test(path) || (req.method === 'POST' && /\/instances$/.test(path))) {
          res.end(JSON.stringify({ name: 'operations/done', done: true, response: { '@type': 'type.googleapis.com/google.bigtable.admin.v2.Instance', name: 'projects/p/instances/i', ...(parsed.instance as object) } }));
        } else if (req.method === 'POST' && /\/tables$/.test(path)) {
          res.end(JSON.stringify({ name: `projects/p/instances/i/tables/${String(parsed.tableId)}`, ...(parsed.table as object) }));
        } else if (req.method === 'PATCH' && /\/tables\//.test(path)) {
          res.end(JSON.stringify({ name: 'operations/done', done: true, response: { '@type': 'type.googleapis.com/google.bigtable.admin.v2.Table', name: 'projects/p/instances/i/tables/t', ...parsed } }));
        } else {
          res.end(JSON.stringify({ name: 'projects/p/instances/i/appProfiles/x', ...parsed }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const config = join(dir, 'gcloud-config');
    mkdirSync(join(config, 'configurations'), { recursive: true });
    writeFileSync(join(config, 'active_config'), 'default');
    writeFileSync(join(config, 'configurations', 'config_default'), '[core]\nproject = p\ndisable_usage_reporting = true\n\n[auth]\ndisable_credentials = true\n\n[component_manager]\ndisable_update_check = true\n');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'cbt'), `#!/bin/bash\nprintf '%s\\n' "$*" >> "${join(dir, 'cbt.log')}"\n`);
    chmodSync(join(bin, 'cbt'), 0o755);
    env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, CLOUDSDK_CONFIG: config, CLOUDSDK_CORE_DISABLE_PROMPTS: '1', PROJECT: 'p' };
    delete env.BIGTABLE_EMULATOR_HOST;
    delete env.INSTANCE;
    const designs: [string, Design][] = [
      ['replicated', REPLICATED],
      ['tiered', TIERED],
    ];
    for (const [name, design] of designs) await run(name, exportTable(design, null, 'gcloud').text, port);
  }, 240_000);

  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('runs each script to the end', () => {
    for (const name of ['replicated', 'tiered']) expect(runs.get(name), name).toMatchObject({ code: 0 });
  });

  it('creates the instance with its clusters, zones, autoscaling and storage type', () => {
    const [create] = of('replicated', 'POST', /^\/v2\/projects\/p\/instances$/);
    expect(create?.body).toMatchObject({ instanceId: 'shop-prod', instance: { displayName: 'Shop (production)' } });
    const clusters = create!.body.clusters as Record<string, Record<string, unknown>>;
    expect(Object.keys(clusters).sort()).toEqual(['shop-east', 'shop-west']);
    for (const [id, zone] of [['shop-east', 'us-east1-b'], ['shop-west', 'us-west1-a']] as const) {
      expect(clusters[id]).toMatchObject({
        location: `projects/p/locations/${zone}`,
        defaultStorageType: 'SSD',
        clusterConfig: { clusterAutoscalingConfig: { autoscalingLimits: { minServeNodes: 3, maxServeNodes: 12 }, autoscalingTargets: { cpuUtilizationPercent: 35 } } },
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
    expect(tables.get('carts')).toMatchObject({ deletionProtection: true, changeStreamConfig: { retentionPeriod: '259200s' }, automatedBackupPolicy: { retentionPeriod: '1209600s' } });
    expect(tables.get('stock')).toMatchObject({ deletionProtection: true, automatedBackupPolicy: { retentionPeriod: '2592000s' } });
    expect(tables.get('stock')).not.toHaveProperty('changeStreamConfig');
    for (const t of tables.values()) expect(t).toHaveProperty('rowKeySchema');
  });

  it('sets tiered storage through gcloud beta, and no instance when the design names no clusters', () => {
    expect(of('tiered', 'POST', /\/instances$/)).toEqual([]);
    const [t] = of('tiered', 'POST', /\/tables$/);
    expect(t?.body.tableId).toBe('sensor_readings');
    expect(t?.body.table).toMatchObject({ deletionProtection: true, automatedBackupPolicy: { retentionPeriod: '604800s' }, tieredStorageConfig: { infrequentAccess: { includeIfOlderThan: '5184000s' } } });
  });
});
