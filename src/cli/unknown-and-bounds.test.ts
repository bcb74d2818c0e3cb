// Unknown is said as unknown, and no figure past what 1,000 nodes read, scan or hold is printed
// as a number, on every surface: lint's estimates and findings, plan (text and JSON), the
// markdown review, the MCP tools. The cases are those of the fuzz round: 2.84e+41 rows for a
// table with no load, "the tables store 58 EiB after 12 months" for a design whose only load is
// elsewhere, 2e33 rows read per second and 2.9e36 nodes for full scans past 10^30 keys.
import { describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { analyze } from '../core/analysis/design';
import { lint } from '../core/rules/lint';
import { parseCase } from '../core/rules/tester';
import { estimates, rowsText, sizeText, writesText } from '../core/report/lint-report';
import { exportTable } from '../core/outputs';
import { formatBytes, formatCount } from '../core/units';
import { planCapacity, capacityPlanJson } from '../core/capacity/capacity-plan';
import {
  coverageText,
  growthText,
  readRowsBound,
  rowsReadText,
  scanRateText,
  STORED_BYTES_BOUND,
  storageCoverage,
  storedBytesText,
  within,
} from '../core/capacity/bounds';
import { designWorkload } from '../core/capacity/workload';
import { TOOLS } from './mcp/tools';
import { runCli } from './run-in-memory';
import { REGRESSIONS } from '../hostile/regressions';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Two tables as a user would write them: events, loaded at `small`, and lookup, with no load and a full scan of four 10^12-value fields. */
const LOAD_ELSEWHERE = readFileSync(new URL('./unknown-and-bounds.yaml', import.meta.url), 'utf8');
const huge = '{writesPerSecond: 1000000000}';
const small = '{writesPerSecond: 1000, retention: 30d}';

/** That design with events at `load` beside lookup, which declares `lookupLoad` (or none). */
const design = (load: string, lookupLoad: string | null) =>
  parseCase(
    LOAD_ELSEWHERE.replace(`    load: ${small}\n`, `    load: ${load}\n`).replace(
      '    queries:\n',
      `${lookupLoad === null ? '' : `    load: ${lookupLoad}\n`}    queries:\n`,
    ),
  );

const NO_LOAD = 'no write load declared (load.writesPerSecond)';

describe('the bounded wordings', () => {
  it('print counts up to 10^15 and bytes up to 1 EiB as numbers, and say "over" past them', () => {
    expect(formatCount(1e15)).toBe('1,000,000,000,000,000');
    expect(formatCount(2.84e41)).toBe('over 10^15');
    expect(formatBytes(1024 ** 6)).toBe('1 EiB');
    expect(formatBytes(58 * 1024 ** 6)).toBe('over 1 EiB');
  });

  it('say what 1,000 nodes read, scan and hold instead of a figure past it', () => {
    expect(readRowsBound(1040)).toBe(211_538_461);
    expect(rowsReadText(2e33, 1040)).toBe('more than the 211,538,461 rows read/s that 1,000 nodes serve');
    expect(rowsReadText(211_538_461, 1040)).toBe('211,538,461 rows read/s');
    expect(scanRateText(1e52)).toBe('more than the 205 GiB/s that 1,000 nodes scan');
    expect(storedBytesText(58 * 1024 ** 6)).toBe('more than the 16 PiB that 1,000 HDD nodes hold');
    expect(storedBytesText(STORED_BYTES_BOUND)).toBe('16 PiB');
    expect(growthText(317 * 1024 ** 5)).toBe('more a month than the 16 PiB that 1,000 HDD nodes hold');
    expect(growthText(333 * 1024 ** 3)).toBe('+333 GiB/month');
    expect(within(2.9e36, 1000)).toBeNull();
    expect(within(Number.POSITIVE_INFINITY, 1000)).toBeNull();
    expect(within(999, 1000)).toBe(999);
  });
});

describe('a table with no declared load', () => {
  it('has no row count, size or write rate: the cardinalities of its key are not a row count (was 2.84e+41 rows)', () => {
    const d = design(small, null);
    const [, e] = estimates(analyze(d));
    expect(e).toMatchObject({
      table: 'lookup',
      rows: null,
      tableBytes: null,
      storage: 'unknown',
      unknown: NO_LOAD,
      writesPerSecond: null,
      writesPerNode: null,
    });
    expect(sizeText(e!)).toBe(`rows and size unknown (${NO_LOAD})`);
    expect(writesText(e!)).toBe(`writes unknown (${NO_LOAD})`);
  });

  it('declaring 0 writes is no row count either (was 1e48 rows and 0 B stored beside 1e49 rows read a second)', () => {
    const d = design(small, '{writesPerSecond: 0, readsPerSecond: 100}');
    const [, e] = estimates(analyze(d));
    expect(e).toMatchObject({ rows: null, tableBytes: null, storage: 'unknown' });
    expect(e!.unknown).toMatch(/^no writes declared \(load.writesPerSecond: 0\)/);
    const plan = capacityPlanJson(planCapacity(d, analyze(d)));
    expect(plan.tables[1]).toMatchObject({ readRowsPerSecond: null, scanBytesPerSecond: null, storedBytes: null, storage: 'unknown' });
    expect(plan.tables[1]!.why?.readRowsPerSecond).toBe(e!.unknown);
  });

  it('is left out of storage totals, which say what they cover', () => {
    const d = design(small, null);
    const w = designWorkload(analyze(d));
    expect(coverageText(storageCoverage(w))).toBe('1 of 2 tables; lookup has no write load declared');
    const plan = capacityPlanJson(planCapacity(d, analyze(d)));
    expect(plan.storageCovers).toEqual({ known: 1, of: 2, unknown: [{ table: 'lookup', reason: NO_LOAD }] });
    expect(plan.tables[1]!.why).toEqual({
      writeRowsPerSecond: NO_LOAD,
      readRowsPerSecond: NO_LOAD,
      scanBytesPerSecond: NO_LOAD,
      storedBytes: NO_LOAD,
      storedBytesGrowthPerMonth: NO_LOAD,
    });
    expect(plan.tables[0]!.why).toBeUndefined();
  });

  it('reads "unknown" in the review, never 0 writes a second', () => {
    const d = design(small, null);
    const md = exportTable(d, 'lookup', 'markdown').text;
    expect(md).toContain(`rows and size unknown (${NO_LOAD})`);
    expect(md).toContain(`- Writes: writes unknown (${NO_LOAD})`);
    expect(md).not.toMatch(/Writes: 0\/s/);
  });
});

describe('figures past what 1,000 nodes serve', () => {
  it('the storage finding names what its total covers and bounds it (was "the tables store 58 EiB after 12 months")', () => {
    const d = design(huge, null);
    const f = lint(d).findings.find((x) => x.rule === 'storage-capacity');
    expect(f?.message).toBe(
      'the 1 of 2 tables of known size store more than the 16 PiB that 1,000 HDD nodes hold after 12 months of growth; the design needs over 1,000 nodes ("Quotas and limits").',
    );
    expect(f?.severity).toBe('error');
    expect(f?.fix).toBeUndefined();
    expect(f?.detail).toMatch(
      /^the tables with a known size \(1 of 2 tables; lookup has no write load declared\) store more than the 16 PiB that 1,000 HDD nodes hold after 12 months of growth; the design needs over 1,000 nodes: .*events keeps/,
    );
    expect(`${f?.message} ${f?.detail}`).not.toMatch(/EiB|e\+\d/);
  });

  it('the row count of a table past 10^15 rows reads "over 10^15" in text and null in JSON (was 1.99e+16)', () => {
    const d = design(huge, null);
    const [e] = estimates(analyze(d));
    expect(e).toMatchObject({ rows: null, growthPerMonth: null, storage: 'unbounded', beyond: { rows: 'over 10^15' } });
    expect(rowsText(e!)).toBe('over 10^15 rows');
    expect(sizeText(e!)).toBe('over 10^15 rows, stored unbounded (more a month than the 16 PiB that 1,000 HDD nodes hold, no GC rule deletes)');
  });

  it('full scans past 10^30 keys: null with why in the plan JSON, "more than" in its text (was 2e33 rows/s and 2.9e36 nodes)', async () => {
    const big = REGRESSIONS.find((r) => r.name.startsWith('full scans at 1,000/s'))!.design;
    const p = planCapacity(big, analyze(big));
    const json = capacityPlanJson(p);
    expect(json.tables[0]).toMatchObject({ readRowsPerSecond: null, scanBytesPerSecond: null, storedBytes: null, cpuNodes: null });
    expect(json.tables[0]!.why).toMatchObject({
      readRowsPerSecond: 'more rows a second than 1,000 nodes read',
      scanBytesPerSecond: 'more bytes a second than 1,000 nodes scan',
      storedBytes: 'more than the 16 PiB 1,000 HDD nodes hold',
    });
    expect(json.nodesNeeded).toEqual({ cpu: null, storage: null, recommended: null });
    expect(json.monthlyCost).toMatchObject({ nodes: null, storage: null, total: null });
    expect(json.overLimit).toMatch(/^over 1,000 nodes, mostly for /);

    const dir = mkdtempSync(join(tmpdir(), 'btstudio-bounds-'));
    const file = join(dir, 'big.yaml');
    writeFileSync(file, dump(big));
    const text = (await runCli('plan', file)).out;
    expect(text).toContain(
      'big: 1,000,000,000 writes/s, more than the 211,538,461 rows read/s that 1,000 nodes serve, more than the 205 GiB/s that 1,000 nodes scan, stored more than the 16 PiB that 1,000 HDD nodes hold; over 1,000 nodes of load at 100% CPU',
    );
    expect(text).not.toMatch(/e\+\d|EiB/);
  });

  it('the MCP tools answer the same bounded JSON as the CLI', async () => {
    const big = REGRESSIONS.find((r) => r.name.startsWith('full scans at 1,000/s'))!.design;
    const tool = (name: string) => TOOLS.find((t) => t.name === name)!;
    const plan = await tool('plan_capacity').run({ design: dump(big) });
    const planText = plan.content.map((c) => ('text' in c ? c.text : '')).join('');
    expect(JSON.parse(planText).tables[0].why.readRowsPerSecond).toBe('more rows a second than 1,000 nodes read');
    const lintAnswer = await tool('lint_design').run({ design: dump(design(huge, null)) });
    const lintJson = JSON.parse(lintAnswer.content.map((c) => ('text' in c ? c.text : '')).join(''));
    expect(lintJson.estimates[1]).toMatchObject({ table: 'lookup', rows: null, unknown: NO_LOAD });
    expect(lintJson.estimates[0].beyond).toEqual({ rows: 'over 10^15', growthPerMonth: 'more than the 16 PiB 1,000 HDD nodes hold' });
  });
});
