// `btstudio apply` of a pre-split table against the emulator: the split keys the simulator
// proposes (core/sim/presplit.ts) go into the design, and apply creates the table with exactly
// those keys, byte for byte, as the CreateTable request's initialSplits (a spy on the real admin
// client's createTable that calls through, so the emulator receives and accepts the request).
// The emulator keeps no tablets: its SampleRowKeys reports none for an empty table, split or
// not (checked below, so the day it learns splits this test says so). The cbt export script
// with the same keys runs with the real cbt against the emulator too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { v2 } from '@google-cloud/bigtable';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runCli } from '../cli/run-in-memory';
import { exportTable } from '../core/outputs';
import { loadDesign } from '../core/load/load-design';
import type { Design } from '../core/model/schema';
import { preSplitPoints } from '../core/sim/presplit';
import { withSplits } from '../core/sim/presplit-check';
import { emulatorClient, freshConnection } from '../test-support/emulator';
import { EMULATOR_DEFAULT_PROJECT, type Connection } from './index';

const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;
const INSTANCE = 'presplit-test';
const hasCbt = spawnSync('cbt', ['version'], { encoding: 'utf8' }).status === 0;
afterEach(() => vi.restoreAllMocks());

/** The split keys of every CreateTable request `fn` sends, by table id, as UTF-8 text. */
async function sentSplits(fn: () => Promise<unknown>): Promise<Map<string, string[]>> {
  const spy = vi.spyOn(v2.BigtableTableAdminClient.prototype, 'createTable');
  try {
    await fn();
    const out = new Map<string, string[]>();
    for (const [req] of spy.mock.calls as unknown as [{ tableId: string; initialSplits?: { key: Uint8Array }[] }][]) {
      out.set(
        req.tableId,
        (req.initialSplits ?? []).map((s) => Buffer.from(s.key).toString('utf8')),
      );
    }
    return out;
  } finally {
    spy.mockRestore();
  }
}

/** The tablet boundaries the emulator reports for a table: SampleRowKeys' keys, the final empty one dropped. */
async function boundaries(table: string): Promise<string[]> {
  const client = emulatorClient(host!);
  const [samples] = await client.instance(INSTANCE).table(table).sampleRowKeys();
  await client.close();
  return samples.map((s) => Buffer.from(s.key).toString('utf8')).filter((k) => k !== '');
}

describe.skipIf(!host)('pre-split points against the emulator', () => {
  let conn: Connection;
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-presplit-'));
  const web = (() => {
    const r = loadDesign(readFileSync(join(__dirname, '..', '..', 'examples', 'web-pages.yaml'), 'utf8'), 'web-pages.yaml');
    if (!r.ok) throw new Error('web-pages.yaml does not load');
    return r.design;
  })();
  const splits = preSplitPoints(web.tables[0]!, { count: 203, nodes: 51 });
  const design: Design = withSplits(web, 'webtable', splits);

  beforeAll(async () => {
    expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
    conn = await freshConnection(host!, INSTANCE);
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('apply sends the proposed split keys as initialSplits, byte for byte, and the emulator creates the table', async () => {
    expect(splits).toHaveLength(203);
    const file = join(dir, 'web.yaml');
    writeFileSync(file, dump(design));
    let r: Awaited<ReturnType<typeof runCli>> | undefined;
    const sent = await sentSplits(async () => {
      r = await runCli('apply', file, '--instance', INSTANCE);
    });
    expect(r!.err).toBe('');
    expect(r!.code).toBe(0);
    expect(r!.out).toContain(`+ create table webtable with 3 families, split at ${JSON.stringify(splits[0])}, `);
    expect(r!.out).toContain('done: create table webtable');
    expect(sent.get('webtable')).toEqual(splits);
    const [tables] = await conn.admin.listTables({ parent: conn.target.instancePath });
    expect(tables.map((t) => t.name!.split('/').pop())).toContain('webtable');
    // A second apply has nothing to do: splits apply only when a table is created.
    const again = await runCli('apply', file, '--instance', INSTANCE);
    expect(again.out).toMatch(/Plan: nothing to do\.\n$/);
    // The emulator keeps no tablets (Cloud Bigtable would report the split keys here).
    expect(await boundaries('webtable')).toEqual([]);
  });

  it('split keys with commas, quotes, spaces, shell and non-ASCII characters arrive byte for byte', async () => {
    const odd = ['a b', 'a,b', 'b"c', "c'd", 'd$(touch pwned)', 'e\\f', 'é', '日本', '😀'];
    const t = { ...web.tables[0]!, name: 'odd_splits', splits: odd };
    const file = join(dir, 'odd.yaml');
    writeFileSync(file, dump({ ...web, tables: [t] }));
    let code = -1;
    const sent = await sentSplits(async () => {
      code = (await runCli('apply', file, '--instance', INSTANCE)).code;
    });
    expect(code).toBe(0);
    expect(sent.get('odd_splits')).toEqual(odd);
  });

  it.skipIf(!hasCbt)('the cbt export script with the 203 keys runs with the real cbt against the emulator', async () => {
    const t = { ...design.tables[0]!, name: 'webtable_cbt' };
    const script = join(dir, 'create.sh');
    writeFileSync(script, exportTable({ ...design, tables: [t] }, t.name, 'cbt').text);
    const run = spawnSync('bash', [script], {
      encoding: 'utf8',
      cwd: dir,
      env: { ...process.env, INSTANCE, PROJECT: EMULATOR_DEFAULT_PROJECT, BIGTABLE_EMULATOR_HOST: host },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const [tables] = await conn.admin.listTables({ parent: conn.target.instancePath });
    expect(tables.map((t) => t.name!.split('/').pop())).toContain('webtable_cbt');
  });
});
