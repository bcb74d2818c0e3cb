// A fix that routes a query through another app profile (workload-isolation) changes no
// workload, but the plan sends that query's reads to other clusters: the capacity rules must run
// again after it. A lint from the one before (`since`, as `btstudio fix` and the studio lint)
// kept cluster-capacity's "over 1,000 nodes" where the whole lint said 1,000 (found by a property
// holding fixAll to the plan of linting every design whole, seed 21872).
import { describe, expect, it } from 'vitest';
import type { Design } from '../../model/schema';
import { planFixes } from '../engine/fix-plan';
import { applyFix, lint } from '../lint';

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
