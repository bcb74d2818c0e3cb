// Fixes planned together converge: over every example and corpus design, applying every offered
// fix adds no error, makes no declared query's plan worse, and leaves each cluster's node count
// within 20% of what the final plan needs wherever a fix set it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../../test-support/examples';
import { adClicksYaml } from '../../../test-support/ad-clicks';
import { planCapacity, MAX_CLUSTER_NODES } from '../../capacity/capacity-plan';
import type { Design } from '../../model/schema';
import { analyze } from '../../analysis/design';
import { applyFix, fixAll, lint } from '../lint';
import { parseCase } from '../tester';
import { isAccepted, type Finding } from '../types';
import { RANK } from '../../analysis/query-plan-rank';
import { fixPhase, planFixes, type FixPlan } from './fix-plan';
import { manyTablesYaml } from '../../../test-support/lint-designs';

const CORPUS = fileURLToPath(new URL('../corpus/', import.meta.url));
const corpus = ['good', 'bad'].flatMap((kind) =>
  readdirSync(join(CORPUS, kind))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ file: `corpus/${kind}/${f}`, design: parseCase(readFileSync(join(CORPUS, kind, f), 'utf8')) })),
);
const all = [
  ...corpus,
  ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design })),
  { file: 'ad-clicks (no servedBy)', design: parseCase(adClicksYaml({ served: false })) },
  { file: 'ad-clicks (one cluster, no GC)', design: parseCase(adClicksYaml({ clusters: false }).replaceAll('        gc: {maxAge: 30d}\n', '')) },
];

const errorsByRule = (fs: readonly Finding[]) => {
  const m = new Map<string, number>();
  for (const f of fs) if (f.severity === 'error') m.set(`${f.rule}|${f.table ?? ''}`, (m.get(`${f.rule}|${f.table ?? ''}`) ?? 0) + 1);
  return m;
};

/** Each declared query's plan rank, by table and name (a query served elsewhere counts where it is served). */
function ranks(d: Design): Map<string, number> {
  const m = new Map<string, number>();
  for (const ta of analyze(d).tables) for (const p of ta.plans) m.set(`${ta.table.name}|${p.query}`, RANK[p.kind]);
  return m;
}

describe('fixes planned together converge', () => {
  it('applies fixes at all over these designs (the checks below are not vacuous)', () => {
    expect(all.reduce((a, c) => a + fixAll(c.design).applied.length, 0)).toBeGreaterThan(20);
  });
  for (const c of all) {
    it(c.file, () => {
      const before = lint(c.design).findings;
      const plan = fixAll(c.design);
      const after = lint(plan.design).findings;
      // No new error: per rule and table, never more errors than at the start.
      const was = errorsByRule(before);
      for (const [k, n] of errorsByRule(after)) expect(n, `errors of ${k}`).toBeLessThanOrEqual(was.get(k) ?? 0);
      // No declared query served worse.
      const r0 = ranks(c.design);
      for (const [q, r] of ranks(plan.design)) if (r0.has(q)) expect(r, q).toBeLessThanOrEqual(r0.get(q)!);
      // Node counts come last, from the plan of the design the other fixes made.
      const phases = plan.applied.map((s) => fixPhase(s.rule));
      expect(phases, 'phases in order').toEqual([...phases].sort());
      if (plan.applied.some((s) => fixPhase(s.rule) === 2)) {
        const final = planCapacity(plan.design, analyze(plan.design));
        for (const cl of final.clusterPlans) {
          if (cl.need.recommended > MAX_CLUSTER_NODES) continue;
          expect(cl.nodes, `${cl.id ?? 'cluster'} nodes against ${cl.need.recommended} needed`).toBeLessThanOrEqual(
            Math.max(cl.need.recommended * 1.2, cl.need.recommended + 1),
          );
          expect(cl.nodes).toBeGreaterThanOrEqual(cl.need.recommended);
        }
      }
      // Nothing more to apply: a second run changes nothing.
      expect(fixAll(plan.design).applied.map((s) => `${s.rule}: ${s.label}`)).toEqual([]);
    });
  }

  it('the naive ad-click design: retention before nodes, sized for what GC keeps', () => {
    const d = parseCase(adClicksYaml({ clusters: false }).replaceAll('        gc: {maxAge: 30d}\n', ''));
    const plan = fixAll(d);
    const rules = plan.applied.map((s) => s.rule);
    const gc = rules.findIndex((r) => r !== 'cluster-capacity' && r !== 'storage-capacity');
    const nodes = rules.findIndex((r) => r === 'cluster-capacity' || r === 'storage-capacity');
    if (nodes >= 0 && gc >= 0) expect(gc).toBeLessThan(nodes);
  });
});

describe('fixes that change what the application gets back', () => {
  it('"Fix all" leaves a counter\'s move to an aggregate family to the user, and says why', () => {
    const d = parseCase(`format: bigtable-studio/v1
name: quota gateway
tables:
  - name: quotas
    rowKey: {template: "{tenant}", fields: {tenant: {type: string, cardinality: 1000}}}
    families: [{name: q, gc: {maxVersions: 1}, columns: [{qualifier: used, counter: true}]}]
`);
    const f = lint(d).findings.find((x) => x.rule === 'counter-read-modify-write')!;
    expect(f.fix).toBe('Make q an aggregate sum family (increments then return no value)');
    expect(f.detail).toMatch(/AddToCell\) returns nothing, where ReadModifyWriteRow returns the new value/);
    const plan = fixAll(d);
    expect(plan.applied.map((s) => s.rule)).not.toContain('counter-read-modify-write');
    expect(plan.decisions.map((x) => x.rule)).toEqual(['counter-read-modify-write']);
    // Named with --rule (or clicked on its own), it applies.
    expect(fixAll(d, { rules: new Set(['counter-read-modify-write']) }).applied.map((s) => s.rule)).toEqual(['counter-read-modify-write']);
  });
});

describe('"Fix all" lints each design from the one before and checks a fix only when it would take it', () => {
  // The plan it makes is the one a plan that lints every design whole, every fix checked, makes:
  // the same fixes in the same order, the same design, the same fixes withheld.
  const whole = (d: Design) =>
    planFixes(
      d,
      (x) => ({ findings: lint(x).findings.filter((f) => !isAccepted(f)) }),
      (x, f) => applyFix(x, f),
    );
  const text = (p: FixPlan) =>
    JSON.stringify([p.design, p.applied, p.cycles, p.withheld.map((f) => [f.rule, f.path, f.fixWithheld]), p.decisions.map((f) => [f.rule, f.path, f.fix])]);
  const designs = [
    ...(['varied', 'same', 'linked'] as const).map((shape) => ({ file: `${shape}, 40 tables`, design: parseCase(manyTablesYaml(40, shape)) })),
    ...all.filter((c) => fixAll(c.design).applied.length > 1),
  ];
  it('the designs need several fixes each (the comparison is not vacuous)', () => {
    expect(designs.length).toBeGreaterThan(10);
    expect(designs.slice(0, 3).every((c) => fixAll(c.design).applied.length >= 40)).toBe(true);
  });
  for (const c of designs) it(c.file, () => expect(text(fixAll(c.design))).toBe(text(whole(c.design))));
});
