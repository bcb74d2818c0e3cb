// `btstudio load` and `btstudio verify` against the emulator: 20,000 rows into two examples and
// a clean verify, verify catching keys written outside the template, a full scan that shows,
// salted fan-out, retries with backoff, and Ctrl+C on the real CLI process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { rawText } from '../../scripts/raw-text-plugin.mjs';
import { dump, load as parseYaml } from 'js-yaml';
import { useFreshConnection } from '../test-support/emulator';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli/run-in-memory';
import { utf8 } from '../core/keys/bytes';
import { loadDesign } from '../core/load/load-design';
import type { Design, Table } from '../core/model/schema';
import { BigtableError, type Connection } from './index';
import { insertRows } from '../test-support/emulator';
import { formatLoadSummary, loadRows, syntheticRows, type RawEntry } from './load-rows';
import { forEachKey } from './verify';

const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;
const INSTANCE = 'load-test';
const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');

const cli = runCli;

function design(file: string): Design {
  const r = loadDesign(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design;
}

const dir = mkdtempSync(join(tmpdir(), 'btstudio-load-'));

async function countKeys(conn: Connection, table: string): Promise<Buffer[]> {
  const keys: Buffer[] = [];
  await forEachKey(conn.client.instance(INSTANCE).table(table), null, (k) => keys.push(k));
  return keys;
}

describe.skipIf(!host)('btstudio load and verify against the emulator', () => {
  const conn = useFreshConnection(host, INSTANCE);

  for (const [example, table] of [
    ['ad-counters.yaml', 'ad_hourly'],
    ['chat-messages.yaml', 'messages'],
  ] as const) {
    it(`loads 20,000 rows into ${table} (${example}) and verify finds every check holds`, async () => {
      const file = join(EXAMPLES, example);
      expect((await cli('apply', file, '--instance', INSTANCE)).code).toBe(0);
      const loaded = await cli('load', file, '--table', table, '--rows', '20000', '--seed', '7', '--instance', INSTANCE);
      expect(loaded.err).toContain(`load: 20,000 rows into ${table} on the emulator at ${host}`);
      expect(loaded.err).toMatch(/load: 20,000\/20,000 rows \(100%\), [\d,]+ rows\/s\n/);
      expect(loaded.code).toBe(0);
      expect(loaded.out).toMatch(new RegExp(`^Loaded 20,000 rows into ${table}\\.\\n  [\\d,]+ rows/s over [\\d.]+ s; [\\d,]+ cells`));
      expect(loaded.out).toContain('0 retries');

      const keys = await countKeys(conn(), table);
      // Generated keys repeat where the design's distributions say so (zipf advertisers, rooms;
      // ad-counters has 10 campaigns of 10 ads per advertiser, so an hour's counters repeat).
      expect(keys.length).toBeGreaterThan(10_000);
      expect(keys.length).toBeLessThanOrEqual(20_000);

      const v = await cli('verify', file, '--table', table, '--instance', INSTANCE);
      expect(v.err).toBe('');
      expect(v.out).toContain(`Verify table ${table}: ${keys.length.toLocaleString('en-US')} rows read (keys only)`);
      expect(v.out).toContain('ok   every key decodes by the template');
      expect(v.out).toContain('ok   rows come back in byte order (compareBytes)');
      for (const q of design(file).tables[0]!.queries ?? []) expect(v.out).toMatch(new RegExp(`ok   ${q.name}: .*sampled row found in 5/5`));
      expect(v.out).toMatch(/Verify: all checks hold\.\n$/);
      expect(v.code).toBe(0);
    });
  }

  it('wrote the counters as AddToCell: sums in the aggregate family, every row with all columns', async () => {
    const bt = conn().client.instance(INSTANCE).table('ad_hourly');
    const [rows] = await bt.getRows({ decode: false, limit: 200 });
    expect(rows.length).toBe(200);
    for (const row of rows) {
      const data = row.data as Record<string, Record<string, { value: unknown }[]>>;
      expect(Object.keys(data.c!).sort()).toEqual(['clicks', 'conversions', 'impressions', 'spend_micros']);
      expect(Object.keys(data.uv!)).toEqual(['viewers']);
      // Aggregate cells read back as 8-byte Int64s (the client turns 8-byte values into numbers).
      const impressions = data.c!.impressions![0]!.value;
      expect(typeof impressions).toBe('number');
      expect(impressions as number).toBeGreaterThanOrEqual(1);
    }
    const chat = conn().client.instance(INSTANCE).table('messages');
    const [[msg]] = await chat.getRows({ decode: false, limit: 1 });
    const data = msg!.data as Record<string, Record<string, { value: Buffer }[]>>;
    expect(Object.keys(data.m!).sort()).toEqual(['body', 'kind', 'reply_to', 'sender']);
    expect(data.m!.body![0]!.value.length).toBe(280);
    expect(Object.keys(data.r!).sort()).toEqual(['user_id_0', 'user_id_1', 'user_id_2']);
  });

  it('verify lists keys written outside the template and exits 1', async () => {
    const file = join(EXAMPLES, 'chat-messages.yaml');
    const bt = conn().client.instance(INSTANCE).table('messages');
    const rogue = [
      utf8('garbage'),
      utf8('room_ABCDEFGHIJ#1234#not-a-uuid'),
      utf8('room_ABCDEFGHIJ'),
      Uint8Array.of(0xff, 0x00, 0x23),
      utf8('room_ABCDEFGHIJ#9223370269668875460#3f2b8c1e-9a4d-4e7b-8c21-5d6f0a1b2c3d#extra'),
    ];
    await insertRows(
      bt,
      rogue.map((key) => ({ key })),
      'm',
      'body',
    );
    const v = await cli('verify', file, '--table', 'messages', '--instance', INSTANCE);
    expect(v.code).toBe(1);
    expect(v.out).toContain('FAIL every key decodes by the template {room}#{ts}#{message}: 5 keys do not');
    for (const shown of ['garbage', 'room_ABCDEFGHIJ#1234#not-a-uuid', '\\xff\\x00#', 'room_ABCDEFGHIJ    (', '#extra']) expect(v.out).toContain(shown);
    expect(v.out).toContain('make SQL queries that select key fields of a structured row key fail');
    // Byte order and the queries still hold: only the keys fail.
    expect(v.out).toContain('ok   rows come back in byte order');
    expect(v.out).toMatch(/Verify: some checks failed\.\n$/);
  });

  it('shows a full scan reading every row, and a salted fan-out reading one range per bucket', async () => {
    // IoT readings plus a query on a field that is not a key prefix: a full scan.
    const iot = parseYaml(readFileSync(join(EXAMPLES, 'iot-multitenant.yaml'), 'utf8')) as Design;
    iot.tables[0]!.queries!.push({ name: 'one device in every tenant', match: { device: 'eq' }, order: 'any' });
    const iotFile = join(dir, 'iot-fullscan.yaml');
    writeFileSync(iotFile, dump(iot));
    expect((await cli('apply', iotFile, '--instance', INSTANCE)).code).toBe(0);
    expect((await cli('load', iotFile, '--rows', '3000', '--instance', INSTANCE)).code).toBe(0);
    const rows = (await countKeys(conn(), 'readings')).length;
    const v = await cli('verify', iotFile, '--instance', INSTANCE, '--sample', '3');
    expect(v.code).toBe(0);
    expect(v.out).toContain(`ok   one device in every tenant: full scan; scanned ${rows.toLocaleString('en-US')} -> returned`);
    expect(v.out).toContain('full scan: every run reads the whole table');
    expect(v.out).toMatch(/ok   latest readings of a device: prefix, 1 range; scanned \d+ -> returned \d+; sampled row found in 3\/3/);

    // User profiles: the salt is computed for a point read and fanned out over 16 buckets for an id range.
    const users = join(EXAMPLES, 'user-profiles.yaml');
    expect((await cli('apply', users, '--instance', INSTANCE)).code).toBe(0);
    const loaded = await cli('load', users, '--rows', '400', '--max-dynamic', '3', '--instance', INSTANCE);
    expect(loaded.code).toBe(0);
    expect(loaded.out).toContain('aff:{product_id}: 3 of 300 dynamic columns per row (--max-dynamic)');
    const u = await cli('verify', users, '--instance', INSTANCE);
    expect(u.code).toBe(0);
    expect(u.out).toMatch(/ok   profile of a user: point, 1 range; scanned 1 -> returned 1; sampled row found in 5\/5/);
    expect(u.out).toMatch(/ok   users in an id range: multi-scan, 32 ranges; scanned \d+ -> returned \d+; sampled row found in 5\/5/);
    expect(u.out).toContain('column filters are not applied');
  });

  it('retries transient failures with backoff (only the failed rows), and stops on other errors', async () => {
    const table: Table = design(join(EXAMPLES, 'iot-multitenant.yaml')).tables[0]!;
    const sent: number[] = [];
    let calls = 0;
    const sleeps: number[] = [];
    const result = await loadRows(syntheticRows(table, { seed: 3 }), {
      rows: 250,
      batchRows: 100,
      concurrency: 1,
      sleep: async (ms) => void sleeps.push(ms),
      mutate: async (entries: RawEntry[]) => {
        calls++;
        sent.push(entries.length);
        if (calls === 1) throw Object.assign(new Error('14 UNAVAILABLE: try again'), { code: 14 });
        if (calls === 2)
          throw Object.assign(new Error('partial'), {
            errors: [
              { code: 4, message: 'deadline', entry: entries[5] },
              { code: 10, message: 'aborted', entry: entries[6] },
            ],
          });
      },
    });
    expect(result).toMatchObject({ rowsWritten: 250, retries: 2, batches: 3, interrupted: false });
    expect(sent).toEqual([100, 100, 2, 100, 50]);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThanOrEqual(sleeps[0]! / 2);

    await expect(
      loadRows(syntheticRows(table), {
        rows: 10,
        sleep: async () => undefined,
        mutate: async () => {
          throw Object.assign(new Error('3 INVALID_ARGUMENT: no such family'), { code: 3 });
        },
      }),
    ).rejects.toThrow(BigtableError);
    let attempts = 0;
    await expect(
      loadRows(syntheticRows(table), {
        rows: 10,
        maxAttempts: 4,
        sleep: async () => undefined,
        mutate: async () => {
          attempts++;
          throw Object.assign(new Error('14 UNAVAILABLE'), { code: 14 });
        },
      }),
    ).rejects.toThrow(/writing rows failed after 4 attempts: 14 UNAVAILABLE \(0 rows were written before it\)/);
    expect(attempts).toBe(4);
  });

  it('an abort stops after the batches in flight and the summary says how many rows were written', async () => {
    const table: Table = design(join(EXAMPLES, 'iot-multitenant.yaml')).tables[0]!;
    const controller = new AbortController();
    const result = await loadRows(syntheticRows(table), {
      rows: 10_000,
      batchRows: 100,
      concurrency: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.written >= 300) controller.abort();
      },
      mutate: async () => new Promise((r) => setTimeout(r, 2)),
    });
    expect(result.interrupted).toBe(true);
    expect(result.rowsWritten).toBeGreaterThanOrEqual(300);
    expect(result.rowsWritten).toBeLessThanOrEqual(500);
    expect(result.rowsWritten % 100).toBe(0);
    expect(formatLoadSummary('readings', result, 10_000)).toMatch(/^Interrupted: \d{3} of 10,000 rows were written to readings/);
  });

  it('Ctrl+C on the real CLI process stops cleanly, says how many rows were written, exits 130', async () => {
    // The CLI as shipped: bundled by esbuild like scripts/build-cli.mjs, run by node.
    const out = mkdtempSync(join(tmpdir(), 'btstudio-cli-'));
    symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'));
    await build({
      entryPoints: { btstudio: join(ROOT, 'src/cli/entry.ts') },
      outdir: out,
      bundle: true,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['@google-cloud/bigtable'],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      plugins: [rawText],
      logLevel: 'error',
    });
    const file = join(EXAMPLES, 'iot-multitenant.yaml');
    expect((await cli('apply', file, '--instance', INSTANCE)).code).toBe(0);
    const child = spawn(process.execPath, [join(out, 'btstudio.mjs'), 'load', file, '--rows', '1000000', '--rate', '2000', '--instance', INSTANCE], {
      env: { ...process.env, BIGTABLE_EMULATOR_HOST: host },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    let sent = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (!sent && /load: [\d,]+\/1,000,000 rows/.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    // Never leave a loader running if the test goes wrong.
    const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c))).finally(() => clearTimeout(guard));
    expect(stderr).toContain('load: stopping after the batches in flight');
    expect(code).toBe(130);
    const m = /^Interrupted: ([\d,]+) of 1,000,000 rows were written to readings \(every batch sent was completed\)\./.exec(stdout);
    expect(m, stdout).not.toBeNull();
    const written = Number(m![1]!.replace(/,/g, ''));
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(1_000_000);
  });
});
