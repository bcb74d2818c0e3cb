// The cbt export against the Bigtable emulator (run by `npx vitest run -c
// vitest.emulator.config.ts`, which starts one emulator and sets BIGTABLE_EMULATOR_HOST): each
// exported script runs with the real cbt, then the table is read back with `cbt ls TABLE`
// (families, GC policies as cbt shows them, aggregate types) and with the admin API (the exact
// GC rules), and an aggregate family sums what `cbt addtocell` adds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import type { Design, GcRule, Table } from '../model/schema';
import { durationToMs, simplifyGc } from './common';
import { exportTable } from '../outputs';
import { EVIL, NESTED_GC_FAMILIES, NESTED_GC_KEY } from '../../test-support/export-designs';
import { emulatorClient } from '../../test-support/emulator';
import { cbtAge } from '../../test-support/cbt-gc';

const host = process.env.BIGTABLE_EMULATOR_HOST;
const hasCbt = spawnSync('cbt', ['version'], { encoding: 'utf8' }).status === 0;
if (!hasCbt) console.warn('cbt is not installed: skipping the cbt export emulator test');

const example = (file: string): Design => {
  const r = loadDesign(readFileSync(fileURLToPath(new URL(`../../../examples/${file}`, import.meta.url)), 'utf8'), file);
  if (!r.ok) throw new Error(file);
  return r.design;
};
const NESTED: Design = {
  format: 'bigtable-studio/v1',
  name: 'nested',
  tables: [
    {
      name: 'nested_gc',
      rowKey: NESTED_GC_KEY,
      families: [
        ...NESTED_GC_FAMILIES,
        { name: 'mins', gc: { intersection: [{ maxAge: '15m' }, { maxVersions: 2 }] } },
        { name: 'counters', aggregate: 'max', gc: { union: [{ maxVersions: 1 }, { intersection: [{ maxAge: '1d' }, { maxVersions: 9 }] }] } },
        { name: 'plain' },
      ],
      splits: ['a', 'b#2', 'c'],
    },
  ],
};
const tables: { design: Design; table: Table }[] = [
  example('ad-counters.yaml'),
  example('user-profiles.yaml'),
  example('iot-multitenant.yaml'),
  NESTED,
  EVIL,
].map((design) => ({ design, table: design.tables[0]! }));

const dir = mkdtempSync(join(tmpdir(), 'btstudio-cbt-'));
const env = { ...process.env, INSTANCE: 'studio', PROJECT: 'studio-test' };
const cbt = (...args: string[]) => spawnSync('cbt', ['-project=studio-test', '-instance=studio', ...args], { encoding: 'utf8', env });

/** A rule as a comparable value: durations in ms, nested unions (or intersections) flattened. */
function norm(rule: GcRule): unknown {
  const r = simplifyGc(rule);
  if ('maxAge' in r) return { maxAgeMs: durationToMs(r.maxAge) };
  if ('maxVersions' in r) return r;
  const kind = 'union' in r ? 'union' : 'intersection';
  const flat = (x: GcRule): GcRule[] => (kind in x ? (x as unknown as Record<string, GcRule[]>)[kind]!.flatMap(flat) : [x]);
  return { [kind]: flat(r).map(norm) };
}

/** The admin API's rule (as the Node client returns it) in the design's terms. */
function fromApi(g: Record<string, unknown> | null | undefined): GcRule | undefined {
  if (!g || !g.rule) return undefined;
  if (g.rule === 'maxNumVersions') return { maxVersions: Number(g.maxNumVersions) };
  if (g.rule === 'maxAge') {
    const a = g.maxAge as { seconds: string | number; nanos: number };
    return { maxAge: `${Number(a.seconds) * 1000 + Math.round(a.nanos / 1e6)}ms` };
  }
  const rules = ((g[g.rule as string] as { rules: Record<string, unknown>[] }).rules ?? []).map((x) => fromApi(x)!);
  return g.rule === 'union' ? { union: rules } : { intersection: rules };
}

/** `cbt ls TABLE` rows: family, GC policy as cbt prints it, value type (JSON, {} when plain). */
function cbtLs(name: string): Map<string, { gc: string; type: string }> {
  const r = cbt('ls', name);
  if (r.status !== 0) throw new Error(r.stderr);
  const rows = new Map<string, { gc: string; type: string }>();
  for (const line of r.stdout.split('\n').slice(2)) {
    if (!line.trim()) continue;
    const [family, ...rest] = line.split('\t');
    const cells = rest.filter((c) => c !== '');
    rows.set(family!, { gc: cells.length > 1 ? cells[0]! : '', type: cells[cells.length - 1] ?? '' });
  }
  return rows;
}

/** How cbt prints a rule whose ages are whole days, hours or minutes: `(age() > 10d || versions() > 1)`. */
function cbtShows(rule: GcRule): string | null {
  const go = (r: GcRule): string | null => {
    if ('maxVersions' in r) return `versions() > ${r.maxVersions}`;
    if ('maxAge' in r) {
      return cbtAge(durationToMs(r.maxAge));
    }
    const parts = ('union' in r ? r.union : r.intersection).map(go);
    if (parts.some((p) => p === null)) return null;
    const op = 'union' in r ? ' || ' : ' && ';
    return parts.slice(1).reduce((acc, p) => `(${acc}${op}${p})`, parts[0]!);
  };
  return go(simplifyGc(rule));
}

describe.skipIf(!host || !hasCbt)('cbt export against the emulator', () => {
  it.each(tables.map((t) => [t.table.name, t] as const))(
    '%s: the script creates the families, GC rules and types of the design',
    async (_n, { design, table }) => {
      const file = join(dir, `${table.name.replace(/[^a-z0-9]/gi, '_')}.sh`);
      writeFileSync(file, exportTable(design, table.name, 'cbt').text);
      const run = spawnSync('bash', [file], { encoding: 'utf8', env, cwd: dir });
      expect(run.status, run.stderr).toBe(0);
      // The table exists under its exact name, and no name ran as a command.
      expect(cbt('ls').stdout.split('\n')).toContain(table.name);
      expect(readdirSync(dir).filter((f) => f.startsWith('pwned'))).toEqual([]);

      // `cbt ls` prints one family a line: a name with a line break is checked through the API only.
      const printable = (table.families ?? []).every((f) => !/[\r\n\t]/.test(f.name));
      const ls = printable ? cbtLs(table.name) : new Map<string, { gc: string; type: string }>();
      if (printable) expect([...ls.keys()].sort()).toEqual((table.families ?? []).map((f) => f.name).sort());
      for (const f of printable ? (table.families ?? []) : []) {
        const row = ls.get(f.name)!;
        if (f.aggregate) {
          const t = JSON.parse(row.type) as { aggregateType: Record<string, unknown> };
          expect(Object.keys(t.aggregateType)).toContain({ sum: 'sum', min: 'min', max: 'max', hll: 'hllppUniqueCount' }[f.aggregate]);
          expect(t.aggregateType.inputType).toEqual({ int64Type: { encoding: { bigEndianBytes: {} } } });
        } else expect(row.type).toBe('{}');
        const shown = f.gc ? cbtShows(f.gc) : '';
        if (shown !== null) expect(row.gc).toBe(shown);
      }

      // The exact rules, through the admin API.
      // The emulator's client (its project, no metrics, the universe domain given): it never asks
      // the GCE metadata server for credentials it does not need.
      const [meta] = await emulatorClient().instance('studio').table(table.name).getMetadata();
      const families = (
        meta as { columnFamilies: Record<string, { gcRule?: Record<string, unknown> | null; valueType?: { aggregateType?: Record<string, unknown> } | null }> }
      ).columnFamilies;
      expect(Object.keys(families).sort()).toEqual((table.families ?? []).map((f) => f.name).sort());
      for (const f of table.families ?? []) {
        expect(families[f.name]?.valueType?.aggregateType?.aggregator ?? null).toBe(
          f.aggregate ? { sum: 'sum', min: 'min', max: 'max', hll: 'hllppUniqueCount' }[f.aggregate] : null,
        );
        const got = fromApi(families[f.name]?.gcRule);
        expect(got ? norm(got) : undefined).toEqual(f.gc ? norm(f.gc) : undefined);
      }
    },
  );

  it('makes aggregate families that sum what cbt addtocell adds', () => {
    const t = 'ad_hourly';
    if (!cbt('ls').stdout.split('\n').includes(t)) {
      const { design } = tables[0]!;
      writeFileSync(join(dir, 'agg.sh'), exportTable(design, t, 'cbt').text);
      expect(spawnSync('bash', [join(dir, 'agg.sh')], { encoding: 'utf8', env }).status).toBe(0);
    }
    // Two additions to one cell (same timestamp: now, in microseconds, as GC keeps 400 days)
    // combine into their sum, as an Int64.
    const row = 'adv_1#0000001#000000001#2026-01-01T00';
    const ts = Date.now() * 1000;
    for (const n of ['2', '3']) expect(cbt('addtocell', t, row, `c:clicks=${n}@${ts}`).status).toBe(0);
    const read = cbt('read', t, `prefix=${row}`);
    expect(read.status).toBe(0);
    expect(read.stdout).toContain('"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x05"');
    expect(read.stdout.match(/c:clicks/g)).toHaveLength(1);
  });
});
