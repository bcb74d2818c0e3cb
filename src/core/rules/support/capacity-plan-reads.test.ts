// A fix that routes a query through another app profile (workload-isolation) changes no
// workload, but the plan sends that query's reads to other clusters: the capacity rules must run
// again after it. A lint from the one before (`since`, as `btstudio fix` and the studio lint)
// kept cluster-capacity's "over 1,000 nodes" where the whole lint said 1,000 (found by a property
// holding fixAll to the plan of linting every design whole, seed 21872).
import { describe, expect, it } from 'vitest';
import type { Design } from '../../model/schema';
import { planFixes } from '../engine/fix-plan';
import { applyFix, fixAll, lint } from '../lint';

const design = {
  format: 'bigtable-studio/v1',
  name: ' ',
  tables: [
    {
      name: 'a',
      rowKey: {
        template: '{n}::{s}',
        delimiter: '::',
        fields: { n: { type: 'int', pad: 16, distribution: 'sequential' }, s: { type: 'string', cardinality: 849247487, length: 16, alphabet: 'alnum' } },
      },
      queries: [{ name: 'q1', match: {}, kind: 'batch' }],
      load: { writePattern: 'bulk' },
    },
    {
      name: 'b',
      rowKey: { template: '{v}', encoding: 'singleton', fields: { v: { type: 'string', values: ['x', '', 'yy', 'z'], distribution: 'uniform' } } },
      queries: [{ name: 'q2' }, { name: 'q3', perSecond: 1637525.139738858, kind: 'batch' }],
      load: { readsPerSecond: 1000000000, writePattern: 'burst' },
    },
  ],
  cluster: { nodeCapacity: { readsPerSecond: 9983625 } },
  instance: {
    clusters: [
      { id: 'cluster-0a', zone: 'us-central1-a', autoscaling: { minNodes: 1, maxNodes: 1, cpuTarget: 10 } },
      { id: 'cluster-1b', zone: 'us-central1-b', autoscaling: { minNodes: 10, maxNodes: 10, cpuTarget: 10 } },
    ],
  },
} as unknown as Design;

const texts = (fs: readonly { rule: string; path: readonly (string | number)[]; message: string }[]) =>
  fs.map((f) => `${f.rule} ${f.path.join('.')} ${f.message}`);

describe('capacityPlanReads', () => {
  it('a query routed through another profile lints again as a whole lint does', () => {
    const designs: Design[] = [];
    const plan = planFixes(
      design,
      (d) => {
        if (designs.at(-1) !== d) designs.push(d);
        return lint(d);
      },
      (d, f) => applyFix(d, f),
    );
    expect(plan.applied.filter((s) => s.rule === 'workload-isolation').length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k < designs.length; k++) {
      const since = lint(designs[k]!, { verifyFixes: false, since: lint(designs[k - 1]!, { verifyFixes: false }) });
      expect(texts(since.findings), `after ${plan.applied[k - 1]?.label}`).toEqual(texts(lint(designs[k]!, { verifyFixes: false }).findings));
    }
  });
});

// A GC fix on a family that a continuous materialized view holds changes the view's storage (the
// plan counts the view as a table), while the table's other family keeps its own workload as it
// was (unbounded). The capacity rules must run again: `btstudio fix` skipped them, applied such a
// fix past the cluster's storage, withheld another against the stale lint, and a second `fix`
// then applied that one (fuzz seed 2143656451).
describe('capacityPlanReads and the views over a table', () => {
  const withView = {
    format: 'bigtable-studio/v1',
    name: 'view storage',
    cluster: { nodes: 3, storage: 'ssd' },
    tables: [
      {
        name: 'events',
        rowKey: {
          template: '{device}#{ts}',
          delimiter: '#',
          fields: { device: { type: 'string', cardinality: 1000000, length: 12 }, ts: { type: 'timestamp', unit: 'ms' } },
        },
        families: [
          { name: 'a', columns: [{ qualifier: 'v', valueBytes: 1000 }] },
          { name: 'b', columns: [{ qualifier: 'w', valueBytes: 1000 }] },
        ],
        load: { writesPerSecond: 10000, retention: '3650d' },
      },
    ],
    materializedViews: [{ name: 'by_ts', table: 'events', index: { fields: ['ts'], families: ['a'] } }],
  } as unknown as Design;

  it('a GC rule on the family a view holds lints again as a whole lint does', () => {
    const before = lint(withView, { verifyFixes: false });
    const gc = lint(withView).findings.find((f) => f.rule === 'gc-retention' && f.path.join('.') === 'tables.0.families.0');
    expect(gc?.fix).toMatch(/Enforce the 3650d retention in a's GC rule/);
    const after = applyFix(withView, gc!)!;
    expect(after.tables[0]!.families![0]!.gc).toEqual({ maxAge: '3650d' });
    const since = lint(after, { verifyFixes: false, since: before });
    const whole = lint(after, { verifyFixes: false });
    // The view now keeps ten years of its rows, where it grew for the plan's 12 months before.
    const storage = (r: typeof whole) => texts(r.findings.filter((f) => f.rule === 'storage-capacity'));
    expect(storage(whole)).not.toEqual(storage(before));
    expect(texts(since.findings)).toEqual(texts(whole.findings));
  });

  it('Fix all withholds the GC rule that would overflow the cluster through the view, and a second Fix all changes nothing', () => {
    // 100 HDD nodes hold 12 months of the table and its view; ten years of the view's rows (a GC
    // rule on a) do not. The old code applied a's rule (adding storage-capacity's error) and then
    // withheld b's against the stale lint; a second run applied b's and a node count.
    const hdd = { ...withView, cluster: { nodes: 100, storage: 'hdd' } } as Design;
    expect(lint(hdd).findings.filter((f) => f.rule === 'storage-capacity')).toEqual([]);
    const first = fixAll(hdd);
    expect(first.applied.map((s) => s.label)).toEqual(["Enforce the 3650d retention in b's GC rule"]);
    expect(first.withheld.map((f) => f.fixWithheld)).toEqual([
      expect.stringMatching(/^"Enforce the 3650d retention in a's GC rule" is not offered: it would add the error storage-capacity: /),
    ]);
    expect(
      lint(first.design)
        .findings.filter((f) => f.severity === 'error')
        .map((f) => f.rule),
    ).toEqual(['view-key-hotspot']);
    expect(fixAll(first.design).applied).toEqual([]);
  });
});
