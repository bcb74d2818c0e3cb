// The SQL export of a design whose queries the key does not serve (the ad-click system without
// its index table: "one click by id" is a full table scan), run the way its comments say: each
// suggested materialized view's `gcloud bigtable materialized-views create ... --query="$(cat
// this-view.sql)"` line, with the view's statement in this-view.sql, through the real gcloud
// against a loopback capture server (as gcloud-views.test.ts does for declared views). gcloud
// accepts it and sends the statement byte for byte. Skipped, saying so, without gcloud.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import { adClicksYaml } from '../../test-support/ad-clicks';
import { type CaptureServer, gcloudSandbox, hasGcloud, runProcess, startCaptureServer } from '../../test-support/gcloud-capture';
import { exportTable } from '../outputs';

if (!hasGcloud) console.warn('gcloud is not installed: skipping the real-gcloud SQL export test');

const loaded = loadDesign(adClicksYaml({ served: false, indexTable: false, clusters: true }), 'ad-clicks.yaml');
if (!loaded.ok) throw new Error('the ad-click design does not load');
const design = loaded.design;

/** The suggested views of the SQL text: the gcloud line of each (comment removed) and its statement. */
function suggested(sql: string): { name: string; command: string; statement: string }[] {
  const out: { name: string; command: string; statement: string }[] = [];
  const lines = sql.split('\n');
  lines.forEach((line, i) => {
    const m = /^-- (gcloud bigtable materialized-views create '([^']+)' .*)$/.exec(line);
    if (!m) return;
    const end = lines.findIndex((l, k) => k > i && l.endsWith(';'));
    out.push({ name: m[2]!, command: m[1]!, statement: lines.slice(i + 1, end + 1).join('\n') });
  });
  return out;
}

const captured: { path: string; id: string | null; body: Record<string, unknown> }[] = [];
let server: CaptureServer | undefined;

describe.skipIf(!hasGcloud)('SQL export of a gap query, through real gcloud (loopback capture server)', () => {
  const sql = exportTable(design, 'clicks', 'sql').text;
  const views = suggested(sql);
  const runs: { name: string; code: number; err: string }[] = [];

  beforeAll(async () => {
    server = await startCaptureServer(({ url, body }) => {
      const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const id = url.searchParams.get('materializedViewId');
      captured.push({ path: url.pathname, id, body: parsed });
      const name = `${url.pathname.replace(/^\/v2\//, '')}/${id}`;
      return { json: { name: `operations/${id}`, done: true, response: { name, ...parsed } } };
    });
    const dir = mkdtempSync(join(tmpdir(), 'btstudio-sql-gcloud-'));
    const env = gcloudSandbox(dir, { port: server.port, cbt: 'exit 0\n', instance: 'i' });
    for (const v of views) {
      writeFileSync(join(dir, 'this-view.sql'), v.statement);
      const r = await runProcess('bash', ['-c', v.command], { env, cwd: dir });
      runs.push({ name: v.name, code: r.code, err: r.err });
    }
  }, 240_000);

  afterAll(() => server?.close());

  it('the gap query has its exact statement, its cost, and a suggested index view', () => {
    const block = sql.slice(sql.indexOf('-- Query "one click by id"'));
    expect(block).toMatch(
      /-- Cost: full table scan\. Each run reads about [\d,]+ rows, (?:[\d,]+|more than the [\d,]+) rows read\/s (?:that 1,000 nodes serve )?at [\d,.]+ runs\/s; .* keyed by click_id would serve it/,
    );
    expect(block).toMatch(/SELECT _key, [^\n]+\nFROM clicks\nWHERE click_id = @click_id;/);
    expect(views.map((v) => v.name)).toContain('clicks_by_click_id');
  });

  it('gcloud accepts each suggested view as written and sends its statement byte for byte', () => {
    expect(runs.length).toBe(views.length);
    for (const r of runs) expect(r.code, `${r.name}: ${r.err}`).toBe(0);
    for (const v of views) {
      const c = captured.find((x) => x.path === '/v2/projects/p/instances/i/materializedViews' && x.id === v.name);
      expect(c?.body, v.name).toEqual({ query: v.statement });
    }
  });
});
