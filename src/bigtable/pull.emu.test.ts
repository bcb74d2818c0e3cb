// `btstudio pull` against the emulator: tables made by `apply` and filled by `load`, and a
// table made by the real `cbt` alone with hand-written keys. Pull only reads: the tables are
// the same afterwards.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useFreshConnection } from '../test-support/emulator';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli/run-in-memory';
import { importText } from '../core/import';
import { layoutOf } from '../core/keys/template';
import { loadDesign } from '../core/load/load-design';
import type { Design, Table } from '../core/model/schema';
import { EMULATOR_DEFAULT_PROJECT } from './index';
import { sampleKeysOf } from './pull';
import { forEachKey } from './verify';

const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;
const INSTANCE = 'pull-test';
const EXAMPLES = join(__dirname, '..', '..', 'examples');

function example(file: string): Design {
  const r = loadDesign(readFileSync(join(EXAMPLES, file), 'utf8'), file);
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design;
}

function cbt(...args: string[]): string {
  const r = spawnSync('cbt', ['-project', EMULATOR_DEFAULT_PROJECT, '-instance', INSTANCE, '-creds', '/dev/null', ...args], {
    encoding: 'utf8',
    env: { ...process.env, BIGTABLE_EMULATOR_HOST: host },
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`cbt ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const types = (t: Table) => layoutOf(t.rowKey).fields.map((f) => t.rowKey.fields[f]!.type);

describe.skipIf(!host)('btstudio pull against the emulator', () => {
  const conn = useFreshConnection(host, INSTANCE);

  async function keysOf(table: string): Promise<string[]> {
    const keys: string[] = [];
    await forEachKey(conn().client.instance(INSTANCE).table(table), null, (k) => keys.push(k.toString('latin1')));
    return keys;
  }

  for (const [file, name] of [
    ['iot-multitenant.yaml', 'readings'],
    ['user-profiles.yaml', 'users'],
  ] as const) {
    it(`pulls ${name} made by apply and load (${file}): families, GC rules and the key's field types come back`, async () => {
      const path = join(EXAMPLES, file);
      expect((await runCli('apply', path, '--instance', INSTANCE)).code).toBe(0);
      expect((await runCli('load', path, '--table', name, '--rows', '5000', '--seed', '3', '--instance', INSTANCE)).code).toBe(0);
      const before = await keysOf(name);
      // Up to every row (5,000): the salt of user-profiles has 32 buckets, and a sample of
      // contiguous runs may miss some of them (infer then tries the bucket counts above the
      // largest seen: docs/infer.md). The spread of a smaller sample is the next test's point.
      const r = await runCli('pull', '--instance', INSTANCE, '--table', name, '--sample', '5000');
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(new RegExp(`pull: ${name}: \\d+ keys sampled; the key template is inferred`));
      const pulled = loadDesign(r.out, 'pulled.yaml');
      expect(pulled.ok).toBe(true);
      if (!pulled.ok) return;
      const want = example(file).tables.find((t) => t.name === name)!;
      const got = pulled.design.tables[0]!;
      expect(got.name).toBe(name);
      const fam = (t: Table) => (t.families ?? []).map((f) => ({ name: f.name, gc: f.gc, aggregate: f.aggregate })).sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(fam(got)).toEqual(fam(want));
      expect(types(got)).toEqual(types(want));
      // The studio's Import reads the pulled file as a design.
      const imported = importText(r.out, { file: 'pulled.yaml' });
      expect(imported.ok && imported.kind).toBe('design');
      // Read-only: the same rows afterwards.
      expect(await keysOf(name)).toEqual(before);
    }, 300_000);
  }

  it('samples across the key space, not only the first rows', async () => {
    const all = await keysOf('readings');
    const sampled = await sampleKeysOf(conn().client.instance(INSTANCE).table('readings'), 200);
    expect(sampled.length).toBeGreaterThanOrEqual(100);
    const last = Buffer.from(sampled[sampled.length - 1]!).toString('latin1');
    // The first 200 keys end at all[199]; a spread sample reaches into the last quarter.
    expect(all.indexOf(last)).toBeGreaterThan(all.length * 0.75);
  }, 300_000);

  it('pulls a table made by cbt alone, with hand-written keys', async () => {
    cbt('createtable', 'handmade');
    cbt('createfamily', 'handmade', 'events');
    cbt('setgcpolicy', 'handmade', 'events', 'maxversions=2');
    const regions = ['eu', 'us', 'ap'];
    for (let i = 0; i < 30; i++)
      cbt('set', 'handmade', `${regions[i % 3]}#store${String(i).padStart(3, '0')}#2026-11-${String(1 + (i % 28)).padStart(2, '0')}`, `events:n=${i}`);
    const r = await runCli('pull', '--instance', INSTANCE, '--table', 'handmade');
    expect(r.code, r.err).toBe(0);
    const pulled = loadDesign(r.out, 'pulled.yaml');
    expect(pulled.ok).toBe(true);
    if (!pulled.ok) return;
    const t = pulled.design.tables[0]!;
    expect(t.families).toEqual([{ name: 'events', gc: { maxVersions: 2 } }]);
    expect(t.rowKey.template).toBe('{kind}#{store}#{day}');
    expect(types(t)).toEqual(['string', 'string', 'timestamp']);
    expect(t.rowKey.fields.day).toMatchObject({ format: 'iso', bucket: 'day' });
    expect(cbt('count', 'handmade').trim()).toBe('30');
  });

  it('says it is read-only in --help, and pulls every table when none is named', async () => {
    const help = await runCli('pull', '--help');
    expect(help.out).toMatch(/READ-ONLY: pull never writes to Bigtable/);
    const yes = await runCli('pull', '--instance', INSTANCE, '--yes');
    expect(yes.code).toBe(2);
    expect(yes.err).toMatch(/--yes/);
    const r = await runCli('pull', '--instance', INSTANCE, '--sample', '100');
    expect(r.code, r.err).toBe(0);
    const d = loadDesign(r.out, 'all.yaml');
    expect(d.ok && d.design.tables.map((t) => t.name)).toEqual(['handmade', 'readings', 'users']);
  }, 300_000);
});
