// Real gcloud against a loopback capture server (BIGTABLE-FACTS.md): each exported gcloud
// script runs with the real `gcloud bigtable instances tables create` (and a stub cbt that
// records its arguments); the server captures the Table JSON gcloud sends, which must match the
// design: table id, families, GC rules, row key schema (field names, types, encodings, the
// delimiter in base64) and splits. `tables describe --format=json|yaml` output, served back,
// imports as the same table. Skipped, saying so, when gcloud is not installed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importText } from '../import';
import type { Design, Table } from '../model/schema';
import { toBase64 } from '../keys/base64';
import { AGGREGATE_TYPE, cbtList, gcToCbt, gcToGcloud, gcToProto } from './common';
import { ExportError, exportTable } from '../outputs';
import { structObject, structuredKeyOf } from './row-key-schema';
import { ENCODING_ZOO, EVIL, NESTED_GC_FAMILIES, NESTED_GC_KEY } from '../../test-support/export-designs';
import { exampleDesigns } from '../../test-support/examples';
import { describeTable } from '../../test-support/describe-table';
import { preSplitPoints } from '../sim/presplit';
import { type CaptureServer, gcloudSandbox, hasGcloud, NOT_FOUND, runProcess, startCaptureServer } from '../../test-support/gcloud-capture';

if (!hasGcloud) console.warn('gcloud is not installed: skipping the real-gcloud export tests');

const examples: Design[] = exampleDesigns().map((e) => e.design);
const one = (table: Table): Design => ({ format: 'bigtable-studio/v1', name: 'gcloud test', tables: [table] });
const NESTED: Design = one({
  name: 'nested_gc',
  rowKey: NESTED_GC_KEY,
  families: [...NESTED_GC_FAMILIES, { name: 'plain' }],
  splits: ['a,1', 'b#2', 'c'],
});
// The simulator's proposed pre-split points for the web-pages example: 203 keys in one --splits.
const web = examples.find((d) => d.tables[0]?.name === 'webtable')!.tables[0]!;
const PRESPLIT: Design = one({ ...web, name: 'webtable_presplit', splits: preSplitPoints(web, { count: 203, nodes: 51 }) });
// Every kind of key and family once (gcloud takes seconds to start, so not every example: the
// others have the same shapes as these).
const PICK = ['readings', 'ad_hourly', 'users'];
const cases: { design: Design; table: Table }[] = [
  ...examples,
  NESTED,
  EVIL,
  PRESPLIT,
  one(ENCODING_ZOO.tables[0]!),
  one(ENCODING_ZOO.tables[1]!),
  one(ENCODING_ZOO.tables[4]!),
]
  .flatMap((design) => design.tables.map((table) => ({ design, table })))
  .filter(({ design, table }) => !examples.includes(design) || PICK.includes(table.name));

const dir = mkdtempSync(join(tmpdir(), 'btstudio-gcloud-'));
const captured = new Map<string, { tableId: string; table: Record<string, unknown>; initialSplits?: { key: string }[]; updated?: boolean }>();
const served = new Map<string, Record<string, unknown>>();
let server: CaptureServer | undefined;
let env: NodeJS.ProcessEnv;
const run = (cmd: string, args: string[]) => runProcess(cmd, args, { env, cwd: dir });

/** Runs tasks `width` at a time (gcloud start-up is slow; two cores). */
async function pool<T>(tasks: (() => Promise<T>)[], width = 3): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const cbtLog = join(dir, 'cbt.log');
const scriptRuns = new Map<string, { code: number; out: string; err: string }>();

describe.skipIf(!hasGcloud)('gcloud export against real gcloud (loopback capture server)', () => {
  beforeAll(async () => {
    server = await startCaptureServer(({ method, url, body }) => {
      const get = /\/tables\/([^?]+)/.exec(url.pathname + url.search);
      if (method === 'GET' && get) {
        const t = served.get(decodeURIComponent(get[1]!));
        return t ? { json: t } : { status: 404, json: NOT_FOUND };
      }
      if (method === 'PATCH' && get) {
        // tables update (the row key schema of a table cbt created): a finished operation.
        const id = decodeURIComponent(get[1]!);
        const table = JSON.parse(body) as Record<string, unknown>;
        captured.set(id, { tableId: id, table: { ...(captured.get(id)?.table ?? {}), ...table }, updated: true });
        served.set(id, { name: `projects/p/instances/i/tables/${id}`, ...table });
        return {
          json: {
            name: `operations/${id}`,
            done: true,
            response: { '@type': 'type.googleapis.com/google.bigtable.admin.v2.Table', name: `projects/p/instances/i/tables/${id}`, ...table },
          },
        };
      }
      const parsed = JSON.parse(body) as { tableId: string; table: Record<string, unknown>; initialSplits?: { key: string }[] };
      captured.set(parsed.tableId, parsed);
      return { json: { name: `projects/p/instances/i/tables/${parsed.tableId}`, ...parsed.table } };
    });
    env = gcloudSandbox(dir, { port: server.port, cbt: `{ printf '%s\\0' "$@"; printf '\\1'; } >> "${cbtLog}"\n`, instance: 'i' });

    // One script per table, plus a pre-encoded schema file and describe output read back.
    const pre = cases.find((c) => c.table.name === 'readings')!;
    writeFileSync(join(dir, 'pre.yaml'), exportTable(pre.design, pre.table.name, 'row-key-schema', { preEncoded: true }).text);
    const desc = examples.find((d) => d.tables[0]?.name === 'ad_hourly')!;
    served.set('described', describeTable(desc, desc.tables[0]!, 'described'));
    const tasks: (() => Promise<void>)[] = cases.map(({ design, table }, i) => async () => {
      const file = join(dir, `s${i}.sh`);
      writeFileSync(file, exportTable(design, table.name, 'gcloud').text);
      scriptRuns.set(table.name, await run('bash', [file]));
    });
    tasks.push(async () => {
      scriptRuns.set(
        'pre-encoded',
        await run('gcloud', [
          'bigtable',
          'instances',
          'tables',
          'create',
          'pre_encoded',
          '--instance=i',
          '--column-families=r',
          `--row-key-schema-definition-file=${join(dir, 'pre.yaml')}`,
          '--row-key-schema-pre-encoded-bytes',
        ]),
      );
    });
    for (const format of ['json', 'yaml']) {
      tasks.push(async () => {
        scriptRuns.set(
          `describe-${format}`,
          await run('gcloud', ['bigtable', 'instances', 'tables', 'describe', 'described', '--instance=i', `--format=${format}`]),
        );
      });
    }
    await pool(tasks, 3);
  }, 300_000);

  afterAll(() => server?.close());

  it.each(cases.map((c) => [c.table.name, c] as const))('table %s: gcloud sends exactly the design', (_name, { design, table }) => {
    const r = scriptRuns.get(table.name)!;
    expect(r.code, r.err).toBe(0);
    const got = captured.get(table.name);
    expect(got?.tableId).toBe(table.name);
    const plain = (table.families ?? []).filter((f) => !f.aggregate);
    // No plain family: cbt creates the table and gcloud sets the schema with tables update.
    expect(r.err).toMatch(plain.length ? /Created table/ : /Updated table/);
    expect(got!.updated === true).toBe(plain.length === 0);
    // Families: every non-aggregate family, with its GC rule when gcloud can say it.
    const expected: Record<string, unknown> = {};
    for (const f of table.families ?? []) {
      if (f.aggregate) continue;
      expected[f.name] = f.gc && gcToGcloud(f.gc) !== null ? { gcRule: gcToProto(f.gc) } : {};
    }
    expect(got!.table.columnFamilies ?? {}).toEqual(expected);
    let key = null;
    try {
      key = structuredKeyOf(design, table);
    } catch (e) {
      if (!(e instanceof ExportError)) throw e;
    }
    expect(got!.table.rowKeySchema).toEqual(key ? structObject(key, true) : undefined);
    const splits = (table.splits ?? []).filter((s) => s !== '');
    if (plain.length) expect(got!.initialSplits).toEqual(splits.length ? splits.map((s) => ({ key: toBase64(new TextEncoder().encode(s)) })) : undefined);
    if (table.name === 'webtable_presplit') expect(got!.initialSplits).toHaveLength(203);
  });

  it('passes what gcloud cannot say to cbt: aggregate families and nested GC rules', () => {
    const calls = readFileSync(cbtLog, 'utf8')
      .split('\x01')
      .filter(Boolean)
      .map((l) => l.split('\0').slice(0, -1));
    for (const { table } of cases) {
      const plain = (table.families ?? []).some((f) => !f.aggregate);
      if (!plain) {
        const specs = (table.families ?? []).map((f) => `${f.name}:${gcToCbt(f.gc) ?? 'never'}:${AGGREGATE_TYPE[f.aggregate!]}`);
        expect(calls).toContainEqual(['-project=p', '-instance=i', 'createtable', table.name, ...(specs.length ? [`families=${cbtList(specs)}`] : [])]);
        continue;
      }
      for (const f of table.families ?? []) {
        if (f.aggregate)
          expect(calls).toContainEqual([
            '-project=p',
            '-instance=i',
            'createfamily',
            table.name,
            `${f.name}:${gcToCbt(f.gc) ?? 'never'}:${AGGREGATE_TYPE[f.aggregate]}`,
          ]);
        else if (f.gc && gcToGcloud(f.gc) === null)
          expect(calls).toContainEqual(['-project=p', '-instance=i', 'setgcpolicy', table.name, f.name, gcToCbt(f.gc)!]);
      }
    }
    expect(calls).toContainEqual(['-project=p', '-instance=i', 'setgcpolicy', 'nested_gc', 'deep', 'maxage=30d || (maxage=3d && maxversions=100)']);
  });

  it('reads a pre-encoded (base64) delimiter with --row-key-schema-pre-encoded-bytes', () => {
    expect(scriptRuns.get('pre-encoded')!.code).toBe(0);
    const readings = cases.find((c) => c.table.name === 'readings')!;
    expect(captured.get('pre_encoded')!.table.rowKeySchema).toEqual(captured.get('readings')!.table.rowKeySchema);
    expect(captured.get('pre_encoded')!.table.rowKeySchema).toEqual(structObject(structuredKeyOf(readings.design, readings.table), true));
  });

  it('imports `tables describe --format=json` and `--format=yaml` output as the same table', () => {
    const desc = examples.find((d) => d.tables[0]?.name === 'ad_hourly')!;
    const t = desc.tables[0]!;
    for (const format of ['json', 'yaml']) {
      const r = scriptRuns.get(`describe-${format}`)!;
      expect(r.code).toBe(0);
      const imported = importText(r.out, { file: `describe.${format}` });
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
      if (!imported.ok) continue;
      const got = imported.design.tables[0]!;
      expect(got.name).toBe('described');
      expect(got.families).toEqual(
        (t.families ?? []).map((f) => ({ name: f.name, ...(f.gc ? { gc: f.gc } : {}), ...(f.aggregate ? { aggregate: f.aggregate } : {}) })),
      );
      expect(structObject(structuredKeyOf(imported.design, got), true)).toEqual(structObject(structuredKeyOf(desc, t), true));
    }
  });
});
