// Real gcloud against a loopback capture server (as gcloud.test.ts does for tables): the gcloud
// export of a design with every kind of view runs end to end with the real `gcloud bigtable
// materialized-views create`, `logical-views create` and `authorized-views create
// --definition-file`, and the request bodies gcloud sends match the design. Skipped, saying so,
// when gcloud is not installed.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importText } from '../../import';
import { toBase64 } from '../../keys/base64';
import { exportTable } from '../../outputs';
import { materializedViewSql } from './sql';
import { VIEWS_DESIGN } from './test-design';
import {
  type CaptureServer,
  gcloudSandbox,
  hasGcloud,
  NOT_FOUND,
  type ProcessResult,
  runProcess,
  startCaptureServer,
} from '../../../test-support/gcloud-capture';

if (!hasGcloud) console.warn('gcloud is not installed: skipping the real-gcloud view export tests');

interface Captured {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}
const captured: Captured[] = [];
const created = new Map<string, Record<string, unknown>>();
const ops = new Map<string, string>();
const described = new Map<string, ProcessResult>();
let server: CaptureServer | undefined;
let dir = '';
let run: ProcessResult;
const b64 = (s: string) => toBase64(new TextEncoder().encode(s));

describe.skipIf(!hasGcloud)('view exports against real gcloud (loopback capture server)', () => {
  beforeAll(async () => {
    server = await startCaptureServer(({ method, url, body }) => {
      const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      captured.push({ method, path: url.pathname, query: url.searchParams, body: parsed });
      if (method === 'GET') {
        const op = /^\/v2\/operations\/(.+)$/.exec(url.pathname);
        if (op) return { json: { name: `operations/${op[1]}`, done: true, response: created.get(ops.get(op[1]!) ?? '') ?? {} } };
        const got = created.get(url.pathname.replace(/^\/v2\//, ''));
        return got ? { json: got } : { status: 404, json: NOT_FOUND };
      }
      if (/\/tables$/.test(url.pathname)) {
        const p = parsed as { tableId: string; table: Record<string, unknown> };
        return { json: { name: `projects/p/instances/i/tables/${p.tableId}`, ...p.table } };
      }
      const id = url.searchParams.get('materializedViewId') ?? url.searchParams.get('logicalViewId') ?? url.searchParams.get('authorizedViewId') ?? 'x';
      const name = `${url.pathname.replace(/^\/v2\//, '')}/${id}`;
      created.set(name, { name, etag: 'e1', ...parsed });
      ops.set(id, name);
      return { json: { name: `operations/${id}`, done: true, response: { name, ...parsed } } };
    });
    dir = mkdtempSync(join(tmpdir(), 'btstudio-views-'));
    const env = gcloudSandbox(dir, { port: server.port, cbt: 'exit 0\n', instance: 'i' });
    const file = join(dir, 'create.sh');
    writeFileSync(file, exportTable(VIEWS_DESIGN, null, 'gcloud').text);
    const exec = (cmd: string, args: string[]) => runProcess(cmd, args, { env, cwd: dir });
    run = await exec('bash', [file]);
    described.set('mv', await exec('gcloud', ['bigtable', 'materialized-views', 'describe', 'sales_by_store', '--instance=i', '--format=json']));
    described.set(
      'av',
      await exec('gcloud', ['bigtable', 'authorized-views', 'describe', 'paris_status', '--instance=i', '--table=shop-orders', '--format=yaml']),
    );
  }, 240_000);

  afterAll(() => server?.close());

  it('runs every command of the script', () => {
    expect(run.code, run.err).toBe(0);
  });

  it('creates each materialized view with its query and deletion protection', () => {
    for (const v of VIEWS_DESIGN.materializedViews!) {
      const c = captured.find(
        (x) => x.method === 'POST' && x.path === '/v2/projects/p/instances/i/materializedViews' && x.query.get('materializedViewId') === v.name,
      );
      expect(c, v.name).toBeDefined();
      const sql = materializedViewSql(VIEWS_DESIGN, v);
      expect(sql.ok).toBe(true);
      expect(c!.body).toEqual({ query: sql.ok ? sql.sql : '', deletionProtection: v.deletionProtection === true });
    }
  });

  it('creates the logical views with their queries, hostile text byte for byte', () => {
    for (const v of VIEWS_DESIGN.logicalViews!) {
      const c = captured.find((x) => x.path === '/v2/projects/p/instances/i/logicalViews' && x.query.get('logicalViewId') === v.name);
      expect(c?.body, v.name).toEqual({ query: v.query, deletionProtection: false });
    }
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('creates each authorized view from its definition file: prefixes and qualifiers base64, families as declared', () => {
    const berlin = captured.find(
      (x) => x.path === '/v2/projects/p/instances/i/tables/shop-orders/authorizedViews' && x.query.get('authorizedViewId') === 'berlin',
    );
    expect(berlin?.body).toEqual({
      subsetView: { rowPrefixes: [b64('berlin#')], familySubsets: { o: { qualifierPrefixes: [''] }, c: { qualifiers: [b64('items')] } } },
      deletionProtection: true,
    });
    const paris = captured.find((x) => x.query.get('authorizedViewId') === 'paris_status');
    expect(paris?.body).toEqual({
      subsetView: { rowPrefixes: [b64('paris#'), b64('rome#a')], familySubsets: { o: { qualifierPrefixes: [b64('stat')] } } },
      deletionProtection: false,
    });
  });

  it('imports `materialized-views describe` and `authorized-views describe` output as the same views', () => {
    const mv = described.get('mv')!;
    expect(mv.code, mv.err).toBe(0);
    const a = importText(mv.out, { file: 'mv.json' });
    expect(a.ok, JSON.stringify(a)).toBe(true);
    if (a.ok) expect(a.design.materializedViews).toEqual([VIEWS_DESIGN.materializedViews![0]]);
    const av = described.get('av')!;
    expect(av.code, av.err).toBe(0);
    const b = importText(av.out, { file: 'av.yaml' });
    expect(b.ok, JSON.stringify(b)).toBe(true);
    if (b.ok) expect(b.design.authorizedViews).toEqual([VIEWS_DESIGN.authorizedViews![1]]);
  });
});
