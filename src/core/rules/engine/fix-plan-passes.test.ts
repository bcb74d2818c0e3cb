// The fix plan runs its phases again when a node count or target unblocks a fix that was withheld
// for the error that count removes, so `btstudio fix` and "Fix all" reach a design that a second
// run leaves as it is. The planner is pure over the lint and apply functions it is given: the
// first tests drive it with a two-rule stand-in whose every step is known; the last runs the real
// lint over a design that `npm run fuzz` found (a second `btstudio fix` still fixed something).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Design } from '../../model/schema';
import { fixAll } from '../lint';
import type { Finding } from '../types';
import { planFixes } from './fix-plan';

/** The stand-in's whole state: the cluster's nodes, and whether the family's GC enforces the retention. */
const design = (nodes: number, gcFixed: boolean): Design => ({
  format: 'bigtable-studio/v1',
  name: 'stand-in',
  cluster: { nodes },
  tables: [
    { name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } }, families: [{ name: 'f', ...(gcFixed ? { gc: { maxAge: '30d' } } : {}) }] },
  ],
});
const nodesOf = (d: Design) => d.cluster?.nodes ?? 0;
const gcFixedOf = (d: Design) => d.tables[0]!.families![0]!.gc !== undefined;

const finding = (rule: string, path: Finding['path'], more: Partial<Finding>): Finding => ({
  rule,
  severity: 'warning',
  table: null,
  path,
  messageId: 'm',
  message: rule,
  data: {},
  ...more,
});

/**
 * Two rules. gc-retention (phase 0) offers a GC rule, withheld while the cluster has fewer than
 * 10 nodes (its now-known size would overflow it); cluster-capacity (phase 2) asks for 10 nodes,
 * or 20 once the GC rule makes the table's size known.
 */
function standIn() {
  let lints = 0;
  const lint = (d: Design) => {
    lints++;
    const out: Finding[] = [];
    if (!gcFixedOf(d))
      out.push(
        finding(
          'gc-retention',
          ['tables', 0, 'families', 0],
          nodesOf(d) < 10 ? { fixWithheld: 'it would add the error storage-capacity' } : { fix: 'Enforce the retention' },
        ),
      );
    const needed = gcFixedOf(d) ? 20 : 10;
    if (nodesOf(d) < needed) out.push(finding('cluster-capacity', ['cluster', 'nodes'], { severity: 'error', fix: `Set nodes to ${needed}` }));
    return { findings: out };
  };
  const apply = (d: Design, f: Finding): Design | null =>
    f.rule === 'gc-retention' ? design(nodesOf(d), true) : f.rule === 'cluster-capacity' ? design(gcFixedOf(d) ? 20 : 10, gcFixedOf(d)) : null;
  return { lint, apply, lints: () => lints };
}

describe('fix plan passes', () => {
  it('applies a fix that a node count unblocked, then sizes the cluster for it', () => {
    const s = standIn();
    const plan = planFixes(design(3, false), s.lint, s.apply);
    expect(plan.applied.map((a) => a.label)).toEqual(['Set nodes to 10', 'Enforce the retention', 'Set nodes to 20']);
    expect(plan.withheld).toEqual([]);
    expect(nodesOf(plan.design)).toBe(20);
    expect(gcFixedOf(plan.design)).toBe(true);
    // A second plan over its result has nothing left to do.
    expect(planFixes(plan.design, s.lint, s.apply).applied).toEqual([]);
  });

  it('takes no second pass when no count or target was applied', () => {
    const s = standIn();
    // 10 nodes: the GC fix is offered at once; after it the cluster needs 20, which this run
    // is told to leave alone (only gc-retention's fixes), so phases 1 and 2 apply nothing.
    const plan = planFixes(design(10, false), s.lint, s.apply, { rules: new Set(['gc-retention']) });
    expect(plan.applied.map((a) => a.label)).toEqual(['Enforce the retention']);
    // One lint to find the fix, one to find none left in phase 0, one each for phases 1 and 2,
    // one for what stays withheld: no second pass.
    expect(s.lints()).toBe(5);
  });

  it('stops after four passes when every count unblocks another fix', () => {
    // A phase-0 fix offered on an even node count and a count fix on an odd one: each pass applies
    // one of each and leaves work for the next, so only the bound on passes ends the plan.
    const lint = (d: Design) => ({
      findings: [
        nodesOf(d) % 2 === 0 ? finding('key-rule', ['tables', 0], { fix: 'Odd' }) : finding('cluster-capacity', ['cluster', 'nodes'], { fix: 'Even' }),
      ],
    });
    const apply = (d: Design) => design(nodesOf(d) + 1, false);
    const plan = planFixes(design(2, false), lint, apply);
    expect(plan.applied.map((a) => a.label)).toEqual(['Odd', 'Even', 'Odd', 'Even', 'Odd', 'Even', 'Odd', 'Even']);
    expect(nodesOf(plan.design)).toBe(10);
  });

  it('considers a skipped finding again when a later fix changes what it proposes', () => {
    // The cluster's node count stands for the design. At 1, rule a proposes going back to 0 (a
    // design already seen: skipped); once rule b has moved on to 2, rule a proposes 3 instead,
    // a fix that undoes nothing, and it is applied.
    const lint = (d: Design) => {
      const x = nodesOf(d);
      const a = x === 1 ? [finding('a', ['tables', 0], { fix: 'Back to 0' })] : x === 2 ? [finding('a', ['tables', 0], { fix: 'On to 3' })] : [];
      const b = x === 0 || x === 1 ? [finding('b', ['tables', 0, 'families', 0], { fix: `On to ${x + 1}` })] : [];
      return { findings: [...a, ...b] };
    };
    const apply = (d: Design, f: Finding) => design(Number(/\d+$/.exec(f.fix!)![0]), gcFixedOf(d));
    const plan = planFixes(design(0, false), lint, apply);
    expect(plan.applied.map((a) => a.label)).toEqual(['On to 1', 'On to 2', 'On to 3']);
    expect(plan.cycles.map((c) => c.label)).toEqual(['Back to 0']);
    expect(nodesOf(plan.design)).toBe(3);
  });

  // Designs that `npm run fuzz` found, where a second `btstudio fix` still fixed something: a GC
  // fix withheld until the cluster had grown for it; a key fix skipped as undoing an earlier one,
  // whose proposal had changed by the end of the run.
  for (const [file, rule] of [
    ['./fix-plan-passes.design.json', 'cluster-capacity'],
    ['./fix-plan-proposals.design.json', 'timestamp-leading'],
  ] as const) {
    it(`a second fix of ${file.slice(2)} changes nothing`, () => {
      const found = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Design;
      const first = fixAll(found);
      expect(first.applied.some((a) => a.rule === rule)).toBe(true);
      expect(fixAll(first.design).applied).toEqual([]);
    });
  }
});
