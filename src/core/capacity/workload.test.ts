import { describe, expect, it } from 'vitest';
import { parseCase } from '../rules/tester';
import { logLines } from '../../test-support/log-lines';
import { analyze } from '../analysis/design';
import { readFileSync } from 'node:fs';
import { CHECKED, clusterOf, NODE_FIGURES, rowCost, TiB } from '../analysis/cluster';
import { ageBoundMs, designWorkload, enforcedRetentionMs, MONTH_SECONDS } from './workload';

const DAY = 86_400_000;

/** The log lines of the gc-retention rule's tests: 2,000 writes/s kept 14 days. */
const logs = (gc: string, load?: string) => parseCase(logLines(gc, load));

describe('capacity figures', () => {
  it('reads the published per-node figures and the design overrides through clusterOf', () => {
    const d = parseCase('format: bigtable-studio/v1\nname: x\ncluster: {nodes: 4, storage: hdd, nodeCapacity: {readsPerSecond: 800}}\ntables: []\n');
    const c = clusterOf(d);
    expect(c).toMatchObject({ nodes: 4, storage: 'hdd', cpuTarget: 0.7, overridden: ['readsPerSecond'] });
    expect(c.capacity).toEqual({ ...NODE_FIGURES.hdd, readsPerSecond: 800 });
    expect(NODE_FIGURES.ssd.storageBytes).toBe(5 * TiB);
  });

  it('docs/capacity.md says plainly which figures the Google pages confirmed and which not', () => {
    const doc = readFileSync(new URL('../../../docs/capacity.md', import.meta.url), 'utf8');
    expect(doc).toContain(`What was read on Google's pages, ${CHECKED.date}`);
    const rows = doc.split('\n').filter((l) => l.startsWith('| '));
    for (const c of CHECKED.figures) {
      const row = rows.find((l) => l.includes(c.page));
      expect(row, c.figure).toBeDefined();
      if (!c.confirmed)
        expect(
          rows.some((l) => l.includes(c.page) && l.includes('**not confirmed**')),
          c.figure,
        ).toBe(true);
    }
  });

  it('scales costs down for rows above 1 KB, never up for small rows', () => {
    expect(rowCost(100)).toBe(1);
    expect(rowCost(1024)).toBe(1);
    expect(rowCost(4096)).toBe(4);
    expect(rowCost(Infinity)).toBe(1);
  });
});

describe('GC-enforced retention', () => {
  it('an intersection keeps the newest versions for ever; a union deletes at the age', () => {
    expect(ageBoundMs({ intersection: [{ maxVersions: 3 }, { maxAge: '90d' }] })).toBe(Infinity);
    expect(ageBoundMs({ union: [{ maxVersions: 3 }, { maxAge: '90d' }] })).toBe(90 * DAY);
    expect(ageBoundMs(undefined)).toBe(Infinity);
    expect(enforcedRetentionMs(logs('{maxAge: 14d}').tables[0]!)).toBe(14 * DAY);
  });

  it('log lines with a declared 14-day retention and no GC grow without bound, per month', () => {
    const w = designWorkload(analyze(logs(''))).tables[0]!;
    expect(w.storage).toBe('unbounded');
    expect(w.storedBytes).toBeNull();
    expect(w.storedBytesGrowthPerMonth).toBeCloseTo(2000 * w.bytesPerWrite * MONTH_SECONDS);
  });

  it('with maxAge 14d the same table stores 14 days of writes', () => {
    const w = designWorkload(analyze(logs('{maxAge: 14d}'))).tables[0]!;
    expect(w.storage).toBe('bounded');
    expect(w.storedBytes).toBeCloseTo(2000 * w.bytesPerWrite * 14 * 86_400);
    expect(w.storedBytesGrowthPerMonth).toBe(0);
  });

  it('no write load declared: unknown, never invented', () => {
    const w = designWorkload(analyze(logs('{maxAge: 14d}', 'description: no load'))).tables[0]!;
    expect(w.writeRowsPerSecond).toBeNull();
    expect(w.storage).toBe('unknown');
    expect(w.unknown[0]).toMatch(/no write load declared/);
  });
});

describe('reads', () => {
  it('counts point reads, scan rows by limit, and sums tables', () => {
    const d = parseCase(`format: bigtable-studio/v1
name: r
tables:
  - name: a
    rowKey:
      template: "{user}#{ts}"
      fields:
        user: {type: int, min: 0, max: 9999, pad: 4}
        ts: {type: timestamp, reversed: true}
    families:
      - name: f
        gc: {maxAge: 30d}
        columns: [{qualifier: v, valueBytes: 100}]
    queries:
      - {name: one, match: {user: eq, ts: eq}, perSecond: 300}
      - {name: recent, match: {user: eq}, limit: 20, perSecond: 10}
    load: {writesPerSecond: 50000, retention: 30d}
  - name: b
    rowKey:
      template: "{id}"
      fields:
        id: {type: uuid}
    load: {writesPerSecond: 50000}
`);
    const w = designWorkload(analyze(d));
    const a = w.tables[0]!;
    expect(a.pointReadsPerSecond).toBe(300);
    expect(a.scansPerSecond).toBe(10);
    expect(a.scanRowsPerSecond).toBe(200);
    expect(a.readRowsPerSecond).toBe(500);
    expect(a.scanBytesPerSecond).toBeCloseTo(200 * a.rowBytes);
    expect(w.totals.writeRowsPerSecond).toBe(100_000);
  });
});

describe('the estimates read the same model', () => {
  it('log lines with no GC: the estimate says unbounded, per month, not the declared 14 days', async () => {
    const { estimates, storedText } = await import('../report/lint-report');
    const d = logs('');
    const a = analyze(d);
    const e = estimates(a)[0]!;
    const w = designWorkload(a).tables[0]!;
    expect(e).toMatchObject({ storage: 'unbounded', tableBytes: null, growthPerMonth: Math.round(w.storedBytesGrowthPerMonth!) });
    expect(storedText(e)).toMatch(/^unbounded \(\+[\d.]+ [KMGT]iB\/month, no GC rule deletes\)$/);
    const bounded = estimates(analyze(logs('{maxAge: 14d}')))[0]!;
    expect(bounded.tableBytes).toBe(Math.round(designWorkload(analyze(logs('{maxAge: 14d}'))).tables[0]!.storedBytes!));
  });
});

describe('rows stored: writes that update rows start none', () => {
  const table = (key: string, fields: string, families: string, load = 'load: {writesPerSecond: 1000, retention: 30d}') =>
    parseCase(`format: bigtable-studio/v1
name: u
tables:
  - name: t
    rowKey:
      template: "${key}"
      fields:
${fields}
    families:
${families}
    ${load}
`);
  const counters = '      - name: c\n        aggregate: sum\n        gc: {maxAge: 30d}\n        columns: [{qualifier: likes, valueBytes: 8, counter: true}]';

  it('counters of posts keyed by a uuid: the rows are the posts, unknown, and it says what to declare', () => {
    const w = designWorkload(analyze(table('{author}#{post}', '        author: {type: string, cardinality: 1000}\n        post: {type: uuid}', counters)))
      .tables[0]!;
    expect(w.rows).toBeNull();
    expect(w.storage).toBe('unknown');
    expect(w.storedBytes).toBeNull();
    expect(w.unknown.join(' ')).toMatch(/every family aggregates.*declare the cardinality of \{post\}/);
  });

  it('counters over a bounded set: the distinct keys the writes reach, not one row per write', () => {
    // 1,000 x 100 keys, 30 days of 1,000 writes/s (2.6e9 writes): every key is reached.
    const d = table('{user}#{item}', '        user: {type: string, cardinality: 1000}\n        item: {type: int, min: 0, max: 99, pad: 2}', counters);
    const w = designWorkload(analyze(d)).tables[0]!;
    expect(w.rows).toBeCloseTo(100_000, -2);
    // 0.01 writes/s: ~25,900 writes over 30 days land on about 100,000 x (1 - e^-0.259) keys.
    const slow = designWorkload(
      analyze(
        table(
          '{user}#{item}',
          '        user: {type: string, cardinality: 1000}\n        item: {type: int, min: 0, max: 99, pad: 2}',
          counters,
          'load: {writesPerSecond: 0.01, retention: 30d}',
        ),
      ),
    ).tables[0]!;
    expect(slow.rows).toBeCloseTo(100_000 * -Math.expm1(-25_920 / 100_000), 0);
    expect(slow.rows!).toBeLessThan(25_920);
  });

  it('a row whose column keeps 6 versions takes 6 writes: a sixth of the rows of one write each', () => {
    const fields = '        rider: {type: string, cardinality: 1000000}\n        ts: {type: timestamp, unit: ms, reversed: true}\n        trip: {type: uuid}';
    const fam = (v: string) =>
      `      - name: t\n        gc: {union: [{maxVersions: 8}, {maxAge: 30d}]}\n        columns: [{qualifier: status, valueBytes: 12${v}}, {qualifier: fare, valueBytes: 8}]`;
    const six = designWorkload(analyze(table('{rider}#{ts}#{trip}', fields, fam(', versions: 6')))).tables[0]!;
    const one = designWorkload(analyze(table('{rider}#{ts}#{trip}', fields, fam('')))).tables[0]!;
    expect(one.rows).toBeCloseTo(1000 * 30 * 86_400, -3);
    expect(six.rows!).toBeCloseTo(one.rows! / 6, -3);
  });
});
