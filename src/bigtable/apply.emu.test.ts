// `btstudio apply` against the emulator, through the CLI's main() with in-memory streams, read
// back with the real `cbt` CLI. Everything connects to 127.0.0.1 only: a spy on
// net.Socket#connect records every connection the tests' commands open.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFreshConnection } from '../test-support/emulator';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli/run-in-memory';
import { dump } from 'js-yaml';
import { loadDesign } from '../core/load/load-design';
import type { Design, GcRule } from '../core/model/schema';
import { connect, durationMs, EMULATOR_DEFAULT_PROJECT, gcKey, gcFromAdmin, gcToAdmin, readTableState, resolveTarget } from './index';
import { cbtAge } from '../test-support/cbt-gc';

const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;
const INSTANCE = 'apply-test';
const EXAMPLES = join(__dirname, '..', '..', 'examples');

const cli = runCli;

/** Hosts of every TCP connection opened while `fn` runs (gRPC, HTTP and our probes all go through Socket#connect). */
async function connectionsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; hosts: string[] }> {
  const hosts: string[] = [];
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const opts = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string; port?: number } | number | string;
    if (typeof opts === 'object' && opts !== null) hosts.push(opts.path ? `unix:${opts.path}` : (opts.host ?? 'localhost'));
    else hosts.push(typeof args[1] === 'string' ? args[1] : 'localhost');
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  try {
    return { result: await fn(), hosts };
  } finally {
    net.Socket.prototype.connect = original;
  }
}

const loopbackOnly = (hosts: string[]) => hosts.filter((h) => !['127.0.0.1', 'localhost', '::1'].includes(h));

/** `cbt ls TABLE` as {family: {gc, type}}: the real cbt, against the emulator, no gcloud credential lookup. */
function cbtLs(table: string, instance = INSTANCE): Map<string, { gc: string; type: string }> {
  const r = spawnSync('cbt', ['-project', EMULATOR_DEFAULT_PROJECT, '-instance', instance, '-creds', '/dev/null', 'ls', table], {
    encoding: 'utf8',
    env: { ...process.env, BIGTABLE_EMULATOR_HOST: host },
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`cbt ls ${table} failed: ${r.stderr}`);
  const out = new Map<string, { gc: string; type: string }>();
  for (const line of r.stdout.split('\n').slice(2)) {
    if (!line.trim()) continue;
    const cols = line.split(/\t+/);
    const name = cols[0]!;
    const type = cols[cols.length - 1]!.startsWith('{') ? cols.pop()! : '';
    out.set(name, { gc: cols.slice(1).join(' ').trim(), type });
  }
  return out;
}

/**
 * What cbt prints for a rule: `age() > 400d`, `(versions() > 1 || age() > 90d)`; ages under a
 * minute in microseconds; `<never>` for a family created without a rule.
 */
function cbtGc(rule: GcRule | undefined): string {
  if (!rule) return '<never>';
  if ('maxVersions' in rule) return `versions() > ${rule.maxVersions}`;
  if ('maxAge' in rule) {
    const ms = durationMs(rule.maxAge);
    return cbtAge(ms) ?? `age() > ${ms * 1000}`;
  }
  const parts = 'union' in rule ? rule.union : rule.intersection;
  if (parts.length === 1) return cbtGc(parts[0]);
  return `(${parts.map((p) => cbtGc(p)).join('union' in rule ? ' || ' : ' && ')})`;
}

const CBT_TYPE: Record<string, string> = {
  sum: '{"aggregateType":{"inputType":{"int64Type":{"encoding":{"bigEndianBytes":{}}}}, "sum":{}}}',
  min: '{"aggregateType":{"inputType":{"int64Type":{"encoding":{"bigEndianBytes":{}}}}, "min":{}}}',
  max: '{"aggregateType":{"inputType":{"int64Type":{"encoding":{"bigEndianBytes":{}}}}, "max":{}}}',
  hll: '{"aggregateType":{"inputType":{"int64Type":{"encoding":{"bigEndianBytes":{}}}}, "hllppUniqueCount":{}}}',
};

function readExample(file: string): Design {
  const r = loadDesign(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(`${file}: ${r.issues.map((i) => i.message).join('; ')}`);
  return r.design;
}

const dir = mkdtempSync(join(tmpdir(), 'btstudio-apply-'));

function writeDesign(name: string, design: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, dump(design));
  return file;
}

/** A closed loopback port: bound and released, so nothing listens there. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!host)('btstudio apply against the emulator', () => {
  const examples = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(EXAMPLES, f));

  const conn = useFreshConnection(host, INSTANCE, () => expect(host).toMatch(/^127\.0\.0\.1:\d+$/));

  it('applies every example, and a second apply has nothing to do', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(9);
    const { hosts } = await connectionsDuring(async () => {
      for (const file of examples) {
        const design = readExample(file);
        const first = await cli('apply', file, '--instance', INSTANCE);
        expect(first.err, file).toBe('');
        expect(first.code, file).toBe(0);
        for (const t of design.tables) {
          expect(first.out, file).toContain(`+ create table ${t.name} with ${t.families?.length ?? 0}`);
          expect(first.out, file).toContain(`done: create table ${t.name}`);
        }
        expect(first.out).toContain('the emulator does not keep row key schemas');
        expect(first.out).toMatch(/Applied \d+ changes?\.\n$/);

        const second = await cli('apply', file, '--instance', INSTANCE);
        expect(second.code, file).toBe(0);
        expect(second.out, file).toMatch(/Plan: nothing to do\.\n$/);
        expect(second.out).not.toContain('done:');
        for (const t of design.tables) expect(second.out).toContain(`table ${t.name}: nothing to do`);
      }
    });
    expect(loopbackOnly(hosts)).toEqual([]);
  });

  it('created what cbt reads back: every family, its GC policy and aggregate type', () => {
    let families = 0;
    let aggregates = 0;
    for (const file of examples) {
      for (const t of readExample(file).tables) {
        const ls = cbtLs(t.name);
        expect([...ls.keys()].sort(), `${file} ${t.name}`).toEqual((t.families ?? []).map((f) => f.name).sort());
        for (const f of t.families ?? []) {
          const got = ls.get(f.name)!;
          expect(got.gc, `${t.name}:${f.name}`).toBe(cbtGc(f.gc));
          expect(got.type, `${t.name}:${f.name}`).toBe(f.aggregate ? CBT_TYPE[f.aggregate] : '{}');
          families++;
          if (f.aggregate) aggregates++;
        }
      }
    }
    expect(families).toBeGreaterThan(15);
    expect(aggregates).toBe(3); // ad-counters: c (sum) and uv (hll); replicated-orders: n (sum)
  });

  const NESTED: GcRule = { union: [{ maxVersions: 3 }, { intersection: [{ maxVersions: 1 }, { maxAge: '36h' }] }, { maxAge: '30d' }] };
  const custom = (families: unknown[]) => ({
    format: 'bigtable-studio/v1',
    name: 'apply changes',
    tables: [{ name: 'changes', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } }, families }],
  });

  it('creates nested GC unions and intersections and min/max aggregates, then changes GC and adds a family in place', async () => {
    const v1 = writeDesign(
      'v1.yaml',
      custom([
        { name: 'a', gc: NESTED },
        { name: 'lo', aggregate: 'min', gc: { intersection: [{ maxAge: '90m' }, { union: [{ maxVersions: 2 }, { maxAge: '45s' }] }] } },
        { name: 'hi', aggregate: 'max' },
        { name: 'old' },
      ]),
    );
    expect((await cli('apply', v1, '--instance', INSTANCE)).code).toBe(0);
    let ls = cbtLs('changes');
    expect(ls.get('a')).toEqual({ gc: '(versions() > 3 || (versions() > 1 && age() > 36h) || age() > 30d)', type: '{}' });
    expect(ls.get('lo')).toEqual({ gc: '(age() > 90m && (versions() > 2 || age() > 45000000))', type: CBT_TYPE.min });
    expect(ls.get('hi')).toEqual({ gc: '<never>', type: CBT_TYPE.max });
    expect(ls.get('old')).toEqual({ gc: '<never>', type: '{}' });
    // The admin API hands back exactly the nested rule the design wrote.
    const state = (await readTableState(conn(), 'changes'))!;
    expect(gcKey(state.families.get('a')!.gc)).toBe(gcKey(NESTED));
    expect(gcFromAdmin(gcToAdmin(NESTED))).toEqual(NESTED);

    // v2: a's rule changes, lo's rule goes, family new appears, old is no longer in the design.
    const v2 = writeDesign(
      'v2.yaml',
      custom([
        { name: 'a', gc: { union: [{ maxAge: '30d' }, { maxVersions: 3 }, { intersection: [{ maxAge: '36h' }, { maxVersions: 2 }] }] } },
        { name: 'lo', aggregate: 'min' },
        { name: 'hi', aggregate: 'max' },
        { name: 'new', gc: { maxVersions: 1 } },
      ]),
    );
    const dry = await cli('apply', v2, '--instance', INSTANCE, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(
      '~ change gc of family a: maxversions=3 || (maxversions=1 && maxage=36h) || maxage=30d -> maxage=30d || maxversions=3 || (maxage=36h && maxversions=2)',
    );
    expect(dry.out).toContain('~ change gc of family lo: maxage=90m && (maxversions=2 || maxage=45s) -> none (keeps every cell)');
    expect(dry.out).toContain('+ add family new: gc maxversions=1');
    expect(dry.out).toContain('family old is in the table but not in the design: kept (--prune --yes deletes it)');
    expect(dry.out).toContain('Plan: 0 tables to create, 1 family to add, 2 GC rules to change, 0 row key schemas to set, 0 deletions.');
    expect(dry.out).toContain('Dry run: nothing was changed.');
    expect(cbtLs('changes').has('new')).toBe(false);

    const real = await cli('apply', v2, '--instance', INSTANCE);
    expect(real.code).toBe(0);
    expect(real.out).toContain('Applied 3 changes.');
    ls = cbtLs('changes');
    expect(ls.get('a')!.gc).toBe('(age() > 30d || versions() > 3 || (age() > 36h && versions() > 2))');
    expect(ls.get('lo')).toEqual({ gc: '', type: CBT_TYPE.min });
    expect(ls.get('new')).toEqual({ gc: 'versions() > 1', type: '{}' });
    expect(ls.has('old')).toBe(true);
    // Reordering a union's rules is not a change.
    const reordered = writeDesign(
      'v2b.yaml',
      custom([
        { name: 'a', gc: { union: [{ maxVersions: 3 }, { union: [{ intersection: [{ maxVersions: 2 }, { maxAge: '36h' }] }, { maxAge: '720h' }] }] } },
        { name: 'lo', aggregate: 'min' },
        { name: 'hi', aggregate: 'max' },
        { name: 'new', gc: { maxVersions: 1 } },
      ]),
    );
    expect((await cli('apply', reordered, '--instance', INSTANCE)).out).toMatch(/Plan: nothing to do\.\n$/);

    // --prune without --yes shows the deletion and refuses, even on the emulator.
    const pruneNo = await cli('apply', v2, '--instance', INSTANCE, '--prune', '--table', 'changes');
    expect(pruneNo.code).toBe(2);
    expect(pruneNo.out).toContain('- delete family old and every cell in it');
    expect(pruneNo.err).toMatch(/run again with --prune --yes/);
    expect(cbtLs('changes').has('old')).toBe(true);
    const pruneYes = await cli('apply', v2, '--instance', INSTANCE, '--prune', '--yes', '--table', 'changes');
    expect(pruneYes.code).toBe(0);
    expect(pruneYes.out).toContain('done: delete family old and every cell in it');
    expect(cbtLs('changes').has('old')).toBe(false);
  });

  it('reports an aggregate type that differs from the table as a conflict and changes nothing', async () => {
    const bad = writeDesign(
      'conflict.yaml',
      custom([
        { name: 'a', gc: { maxVersions: 9 } },
        { name: 'lo', aggregate: 'sum' },
        { name: 'hi' },
        { name: 'new', gc: { maxVersions: 1 } },
        { name: 'more' },
      ]),
    );
    const r = await cli('apply', bad, '--instance', INSTANCE);
    expect(r.code).toBe(2);
    expect(r.out).toContain('! cannot apply: family lo is an aggregate (sum) family in the design but an aggregate (min) family in the table');
    expect(r.out).toContain('! cannot apply: family hi is a plain family in the design but an aggregate (max) family in the table');
    expect(r.err).toMatch(/disagree; nothing was changed/);
    const ls = cbtLs('changes');
    expect(ls.has('more')).toBe(false);
    expect(ls.get('a')!.gc).not.toBe('versions() > 9');
  });

  it('--prune without --table deletes tables the design does not have, only with --yes', async () => {
    const inst = 'apply-prune';
    const only = join(EXAMPLES, 'iot-multitenant.yaml');
    for (const f of [only, join(EXAMPLES, 'web-pages.yaml')]) expect((await cli('apply', f, '--instance', inst)).code).toBe(0);
    const no = await cli('apply', only, '--instance', inst, '--prune');
    expect(no.code).toBe(2);
    expect(no.out).toContain('table webtable: not in the design\n    - delete table webtable and all its data');
    const yes = await cli('apply', only, '--instance', inst, '--prune', '--yes');
    expect(yes.code).toBe(0);
    expect(yes.out).toContain('done: delete table webtable');
    const r = spawnSync('cbt', ['-project', EMULATOR_DEFAULT_PROJECT, '-instance', inst, '-creds', '/dev/null', 'ls'], {
      encoding: 'utf8',
      env: { ...process.env, BIGTABLE_EMULATOR_HOST: host },
    });
    expect(r.stdout.trim().split('\n')).toEqual(['readings']);
  });

  it('the emulator drops a row key schema (why apply skips it there)', async () => {
    const name = `${conn().target.instancePath}/tables/schema_probe`;
    await conn()
      .admin.deleteTable({ name })
      .catch(() => undefined);
    const [created] = await conn().admin.createTable({
      parent: conn().target.instancePath,
      tableId: 'schema_probe',
      table: {
        columnFamilies: { f: {} },
        rowKeySchema: { fields: [{ fieldName: 'id', type: { stringType: { encoding: { utf8Bytes: {} } } } }], encoding: { singleton: {} } },
      },
    });
    expect(created.rowKeySchema ?? null).toBeNull();
    expect((await readTableState(conn(), 'schema_probe'))!.rowKeySchema).toBeNull();
  });

  it('refuses a target that is not the emulator without --yes: shows the plan, writes nothing, stays on loopback', async () => {
    const file = join(EXAMPLES, 'chat-messages.yaml');
    // The emulator itself, named as an explicit endpoint: the command must treat it as a real instance.
    const { result: r, hosts } = await connectionsDuring(() =>
      cli('apply', file, '--endpoint', host!, '--project', 'studio-test', '--instance', 'apply-refused'),
    );
    expect(r.code).toBe(2);
    expect(r.out).toContain(`Plan for design "Chat messages per room" on endpoint ${host} (not an emulator), projects/studio-test/instances/apply-refused:`);
    expect(r.out).toContain('+ create table messages with 2 families');
    expect(r.err).toMatch(/refusing to change endpoint 127\.0\.0\.1:\d+, which is not the emulator, without --yes; nothing was changed/);
    expect(loopbackOnly(hosts)).toEqual([]);
    const after = await connect(resolveTarget({ instance: 'apply-refused' }, { BIGTABLE_EMULATOR_HOST: host }));
    try {
      expect(await readTableState(after, 'messages')).toBeNull();
      const [tables] = await after.admin.listTables({ parent: after.target.instancePath });
      expect(tables).toEqual([]);
    } finally {
      await after.close();
    }

    // With --yes it goes ahead, row key schema included (a real instance keeps it; the emulator
    // accepts and drops it, so a second apply would set it again there).
    const yes = await cli('apply', file, '--endpoint', host!, '--project', 'studio-test', '--instance', 'apply-refused', '--yes');
    expect(yes.code).toBe(0);
    expect(yes.out).toContain('done: create table messages with 2 families, and its row key schema');
    const again = await cli('apply', file, '--endpoint', host!, '--project', 'studio-test', '--instance', 'apply-refused', '--dry-run');
    expect(again.out).toContain('~ set the row key schema (room, ts, message)');

    // An unreachable loopback endpoint: a clear error within the short deadline, nothing else.
    const port = await closedPort();
    const t0 = performance.now();
    const { result: u, hosts: uHosts } = await connectionsDuring(() =>
      cli('apply', file, '--endpoint', `127.0.0.1:${port}`, '--project', 'some-project', '--instance', 'some-instance'),
    );
    expect(u.code).toBe(2);
    expect(u.out).toBe('');
    expect(u.err).toBe(`btstudio apply: cannot reach the Bigtable endpoint (--endpoint) at 127.0.0.1:${port}: connection refused (is it running?)\n`);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(uHosts).toEqual(['127.0.0.1']);
  });

  it('says the emulator is unreachable when BIGTABLE_EMULATOR_HOST points nowhere', async () => {
    const port = await closedPort();
    const saved = process.env.BIGTABLE_EMULATOR_HOST;
    process.env.BIGTABLE_EMULATOR_HOST = `127.0.0.1:${port}`;
    try {
      const r = await cli('apply', join(EXAMPLES, 'chat-messages.yaml'));
      expect(r.code).toBe(2);
      expect(r.err).toContain(`cannot reach the Bigtable emulator (BIGTABLE_EMULATOR_HOST) at 127.0.0.1:${port}`);
    } finally {
      process.env.BIGTABLE_EMULATOR_HOST = saved;
    }
  });

  it('needs credentials for Cloud Bigtable, and says so before anything leaves the machine', async () => {
    const keys = [
      'BIGTABLE_EMULATOR_HOST',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'HOME',
      'CLOUDSDK_CONFIG',
      'METADATA_SERVER_DETECTION',
      'GCE_METADATA_HOST',
      'GOOGLE_CLOUD_PROJECT',
    ] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    const home = mkdtempSync(join(tmpdir(), 'btstudio-nocreds-'));
    delete process.env.BIGTABLE_EMULATOR_HOST;
    delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    delete process.env.GOOGLE_CLOUD_PROJECT;
    process.env.HOME = home;
    process.env.CLOUDSDK_CONFIG = join(home, 'gcloud');
    // No metadata server lookup (it would leave loopback): google-auth then finds no credentials at once.
    process.env.METADATA_SERVER_DETECTION = 'none';
    process.env.GCE_METADATA_HOST = `127.0.0.1:${await closedPort()}`;
    try {
      const { result: r, hosts } = await connectionsDuring(() =>
        cli('apply', join(EXAMPLES, 'chat-messages.yaml'), '--project', 'my-project', '--instance', 'my-instance', '--yes'),
      );
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(
        /^btstudio apply: no Google Cloud credentials \(Application Default Credentials\) for projects\/my-project\/instances\/my-instance: run "gcloud auth application-default login"/,
      );
      expect(hosts).toEqual([]);

      const noInstance = await cli('apply', join(EXAMPLES, 'chat-messages.yaml'), '--project', 'my-project');
      expect(noInstance.code).toBe(2);
      expect(noInstance.err).toMatch(/name the Bigtable instance with --instance/);
    } finally {
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });

  it('load and verify say so when the table is missing or disagrees with the design', async () => {
    const missing = writeDesign('missing.yaml', {
      ...custom([{ name: 'f' }]),
      tables: [{ name: 'never_applied', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } }, families: [{ name: 'f' }] }],
    });
    for (const cmd of ['load', 'verify']) {
      const r = await cli(cmd, missing, '--instance', INSTANCE, ...(cmd === 'load' ? ['--rows', '10'] : []));
      expect(r.code, cmd).toBe(2);
      expect(r.err, cmd).toMatch(
        new RegExp(
          `btstudio ${cmd}: table never_applied does not exist in the emulator at 127\\.0\\.0\\.1:\\d+, projects/studio-test/instances/apply-test; create it with "btstudio apply DESIGN --table never_applied"`,
        ),
      );
    }
    // Table "changes" holds a, lo (min), hi (max), new: a design with another type and a missing family.
    const disagree = writeDesign('disagree.yaml', custom([{ name: 'a' }, { name: 'lo', aggregate: 'max' }, { name: 'gone' }]));
    for (const cmd of ['load', 'verify']) {
      const r = await cli(cmd, disagree, '--instance', INSTANCE, ...(cmd === 'load' ? ['--rows', '10'] : []));
      expect(r.code, cmd).toBe(2);
      expect(r.err, cmd).toContain('the design and table changes disagree');
      expect(r.err, cmd).toContain('family lo is an aggregate (max) family in the design but an aggregate (min) family in the table');
      expect(r.err, cmd).toContain('family gone is in the design but not in the table');
    }
  });
});
