// Scans of a skewed key field: the busy values hold the most rows and are scanned the most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Field } from '../model/schema';
import { analyze, type FieldInfo } from '../analysis/design';
import { parseCase, tableYaml } from '../rules/tester';
import { planCapacity } from './capacity-plan';
import { occupancy, scanSkew, shareLevels } from './skew';
import { designWorkload } from './workload';

const SECONDS_PER_DAY = 86_400;

/** Events of a tenant in time order, 1,000 writes/s kept a day; a query scans one tenant's events. */
const events = (tenant: string, query = 'match: {tenant: eq, ts: range}, perSecond: 10') =>
  parseCase(
    tableYaml({
      table: 'events',
      template: '{tenant}#{ts}#{id}',
      fields: `        tenant: ${tenant}\n        ts: {type: timestamp, unit: us}\n        id: {type: uuid}`,
      families: '      - name: e\n        gc: {maxAge: 1d}\n        columns:\n          - {qualifier: body, valueBytes: 100}',
      queries: `      - {name: a tenant's events, ${query}}`,
      after: '    load: {writesPerSecond: 1000, retention: 1d}\n',
    }),
  );

const workloadOf = (tenant: string, query?: string) => {
  const d = events(tenant, query);
  return { design: d, w: designWorkload(analyze(d)).tables[0]! };
};

// Every write is a new row (a uuid ends the key): a day holds 1,000 x 86,400 rows.
const ROWS = 1000 * SECONDS_PER_DAY;

describe('the rows a scan of one value of a skewed field reads', () => {
  it('is rows / cardinality for an even field, as before, and the busiest value reads the same', () => {
    const { w } = workloadOf('{type: string, cardinality: 4}');
    expect(w.rows).toBe(ROWS);
    const q = w.queries[0]!;
    expect(q.rowsPerRequest).toBe(ROWS / 4);
    expect(q.busiestRowsPerRequest).toBe(ROWS / 4);
    expect(q.skew).toBeNull();
    expect(w.scanRowsPerSecond).toBe((10 * ROWS) / 4);
    expect(w.readRowsPerSecond).toBe((10 * ROWS) / 4);
    // Equal weights are an even field too.
    expect(workloadOf('{type: string, values: [a, b], weights: [2, 2]}').w.queries[0]!.rowsPerRequest).toBe(ROWS / 2);
  });

  it('weights 3:1: a scan reads rows x (3/4 x 3/4 + 1/4 x 1/4) = 5/8 of the rows on average, 3/4 for the busy value', () => {
    const { w } = workloadOf('{type: string, values: [a, b], weights: [3, 1]}');
    const q = w.queries[0]!;
    expect(q.rowsPerRequest).toBeCloseTo(ROWS * (5 / 8), 0);
    expect(q.busiestRowsPerRequest).toBeCloseTo(ROWS * (3 / 4), 0);
    expect(q.skew).toEqual({ fields: ['tenant'], busiestShare: 0.75 });
    // The read and scan figures of the table (and so the plan) follow: 1.25x the even ones.
    expect(w.scanRowsPerSecond! / ((10 * ROWS) / 2)).toBeCloseTo(1.25, 9);
    expect(w.scanBytesPerSecond! / (w.scanRowsPerSecond! * w.readBytes)).toBeCloseTo(1, 9);
  });

  it('zipf of 3 values, skew 1: shares 6/11, 3/11, 2/11, so a scan reads 49/121 of the rows, the busiest 6/11', () => {
    const { w } = workloadOf('{type: string, cardinality: 3, distribution: zipf, skew: 1}');
    const q = w.queries[0]!;
    expect(q.rowsPerRequest).toBeCloseTo((ROWS * 49) / 121, 0);
    expect(q.busiestRowsPerRequest).toBeCloseTo((ROWS * 6) / 11, 0);
    expect(q.rowsPerRequest!).toBeGreaterThan(ROWS / 3);
  });

  it('a hot tenant with 40% of 5,000 tenants: the mean scan is 0.4^2 + 0.6^2/4,999 of the rows', () => {
    const { w } = workloadOf('{type: string, cardinality: 5000, distribution: hot, share: 0.4}');
    const q = w.queries[0]!;
    expect(q.rowsPerRequest! / ROWS).toBeCloseTo(0.16 + 0.36 / 4999, 9);
    expect(q.busiestRowsPerRequest! / ROWS).toBeCloseTo(0.4, 9);
  });

  it('a zipf field of many values: its shares sum to 1 and the top one is analysis.ts topShare', () => {
    const t = analyze(events('{type: string, cardinality: 12000, distribution: zipf, skew: 1.0}')).tables[0]!;
    const f = t.fields[0]!;
    const levels = shareLevels(f)!;
    expect(levels.reduce((a, l) => a + l.share * l.count, 0)).toBeCloseTo(1, 9);
    expect(levels.reduce((a, l) => a + l.count, 0)).toBe(12000);
    expect(levels[0]!.share).toBe(f.topShare);
    // Sum of p^2 of zipf(12,000, 1): H(12000, 2) / H(12000, 1)^2, about 1.6449 / 9.97^2.
    const w = designWorkload(analyze(events('{type: string, cardinality: 12000, distribution: zipf, skew: 1.0}'))).tables[0]!;
    expect(w.queries[0]!.rowsPerRequest! / ROWS).toBeCloseTo(1.64485 / f.topShare ** -2, 3);
  });

  it('a limit still caps the scan, the busiest one too', () => {
    const q = workloadOf('{type: string, values: [a, b], weights: [3, 1]}', 'match: {tenant: eq, ts: range}, limit: 100, perSecond: 10').w.queries[0]!;
    expect(q.rowsPerRequest).toBe(100);
    expect(q.busiestRowsPerRequest).toBe(100);
  });

  it('never reads more rows than a value can hold: entities already all written read the same whatever the skew', () => {
    const d = parseCase(
      tableYaml({
        table: 'members',
        template: '{tenant}#{user}',
        fields: '        tenant: {type: string, values: [a, b], weights: [3, 1]}\n        user: {type: int, cardinality: 100}',
        queries: '      - {name: a tenant, match: {tenant: eq}, perSecond: 5}',
        after: '    load: {writesPerSecond: 1000, retention: 1d}\n',
      }),
    );
    const q = designWorkload(analyze(d)).tables[0]!.queries[0]!;
    expect(q.rowsPerRequest).toBeCloseTo(100, 6);
    expect(q.busiestRowsPerRequest).toBeCloseTo(100, 6);
  });

  it('the plan states the assumption and names the busiest scan', () => {
    const { design } = workloadOf('{type: string, values: [a, b], weights: [3, 1]}');
    const plan = planCapacity(design, analyze(design));
    expect(plan.assumptions.join('\n')).toMatch(/as often as writes/);
    expect(plan.assumptions.join('\n')).toMatch(/events: query "a tenant's events" .*busiest tenant \(75% of writes\)/);
    const even = events('{type: string, cardinality: 2}');
    expect(planCapacity(even, analyze(even)).assumptions.join('\n')).not.toMatch(/as often as writes/);
  });
});

/** A bound key field as analysis.ts describes it: only what skew.ts reads. */
const fieldOf = (field: Field, cardinality: number): FieldInfo =>
  ({ name: 'f', field, position: 0, cardinality, topShare: 0, isSalt: false, isTime: false, isSequential: false }) as unknown as FieldInfo;

describe('scanSkew, over random distributions and table sizes (fast-check, the printed seed)', () => {
  const dist = fc.oneof(
    fc
      .record({ n: fc.integer({ min: 2, max: 1_000_000_000 }), skew: fc.double({ min: 0.3, max: 2.5, noNaN: true }) })
      .map(({ n, skew }) => fieldOf({ type: 'string', cardinality: n, distribution: 'zipf', skew }, n)),
    fc
      .record({ n: fc.integer({ min: 2, max: 1_000_000 }), share: fc.double({ min: 0, max: 1, noNaN: true }) })
      .map(({ n, share }) => fieldOf({ type: 'string', cardinality: n, distribution: 'hot', share }, n)),
    fc
      .array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 50 })
      .filter((w) => w.some((x) => x > 0))
      .map((w) => fieldOf({ type: 'string', values: w.map((_, i) => `v${i}`), weights: w }, w.length)),
  );
  const keys = fc.oneof(fc.constant(Infinity), fc.double({ min: 1, max: 1e15, noNaN: true }));
  const draws = fc.double({ min: 1e-3, max: 1e15, noNaN: true });

  it('gives finite figures at least the even one; the busiest scan is the largest and fits in its value', () => {
    fc.assert(
      fc.property(fc.array(dist, { minLength: 1, maxLength: 2 }), keys, draws, (fields, k, d) => {
        for (const f of fields) {
          const levels = shareLevels(f);
          if (levels) expect(levels.reduce((a, l) => a + l.share * l.count, 0)).toBeCloseTo(1, 6);
        }
        const s = scanSkew(fields, k, d);
        if (!s) return;
        for (const x of [s.mean, s.busiest, s.busiestShare]) expect(Number.isFinite(x)).toBe(true);
        expect(s.mean).toBeGreaterThanOrEqual(1);
        expect(s.busiest).toBeGreaterThanOrEqual(s.mean * (1 - 1e-9));
        // In rows: the busiest value's scan is no more than its keys or the rows begun.
        const selectivity = fields.reduce((a, f) => a * f.cardinality, 1);
        const busiestRows = s.busiest * occupancy(k / selectivity, d / selectivity);
        expect(busiestRows).toBeLessThanOrEqual(Math.max(k / selectivity, occupancy(k / selectivity, d / selectivity)) * (1 + 1e-9));
        expect(busiestRows).toBeLessThanOrEqual(d * (1 + 1e-9));
      }),
      { numRuns: 200 },
    );
  });
});
