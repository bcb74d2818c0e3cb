// A fix that changes only the instance (clusters, nodes, storage, app profiles, the environment)
// is checked by running again the rules that read it (`meta.readsInstance`), the tables' analyses
// kept (analysis/design.ts analyzeInstanceEdit). These tests hold it to a whole lint: a rule that
// does not say it reads the instance finds the same on any instance, and the check's verdict on
// an instance edit (offered, or withheld and why) is the whole check's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullDesign } from '../../../test-support/design-extras';
import { exampleDesigns } from '../../../test-support/examples';
import { manyTablesYaml } from '../../../test-support/lint-designs';
import { corpusDesigns } from '../../../test-support/rule-corpus';
import { analyze, analyzeInstanceEdit } from '../../analysis/design';
import { loadDesign } from '../../load/load-design';
import type { Design } from '../../model/schema';
import { lint } from '../lint';
import { RULES } from '../registry';
import { defineVisitorRule } from '../types';
import { instanceEdit } from './incremental';

const corpus = corpusDesigns();
/** A generated design, as the studio loads it. */
function generated(n: number): Design {
  const r = loadDesign(manyTablesYaml(n, 'varied'), 'generated.yaml');
  if (!r.ok) throw new Error(`the generated design does not load: ${r.issues[0]?.message}`);
  return r.design;
}
const fixed = [
  ...corpus,
  ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design })),
  { file: 'generated 16 varied tables', design: generated(16) },
];

/** Instance edits, as fixes and users make them: node counts, storage, autoscaling, the environment, routing. */
const EDITS: [string, (d: Design, n: number) => Design][] = [
  [
    'the first cluster has n nodes',
    (d, n) => {
      const specs = d.instance?.clusters;
      if (!d.instance || !specs?.length) return { ...d, cluster: { ...d.cluster, nodes: n } };
      return {
        ...d,
        instance: {
          ...d.instance,
          clusters: specs.map((c, i) =>
            i !== 0 ? c : c.autoscaling ? { ...c, autoscaling: { ...c.autoscaling, maxNodes: Math.max(n, c.autoscaling.minNodes) } } : { ...c, nodes: n },
          ),
        },
      };
    },
  ],
  [
    'the other storage',
    (d) => {
      const flip = (s: 'ssd' | 'hdd' | undefined) => (s === 'hdd' ? 'ssd' : 'hdd');
      return d.instance
        ? { ...d, instance: { ...d.instance, storage: flip(d.instance.storage) } }
        : { ...d, cluster: { ...d.cluster, storage: flip(d.cluster?.storage) } };
    },
  ],
  [
    'production or not',
    (d) =>
      d.instance
        ? { ...d, instance: { ...d.instance, environment: d.instance.environment === 'production' ? 'development' : 'production' } }
        : { ...d, cluster: { ...d.cluster, nodes: 1 } },
  ],
  [
    'every profile multi-cluster',
    (d) =>
      d.instance?.appProfiles?.length
        ? { ...d, instance: { ...d.instance, appProfiles: d.instance.appProfiles.map((p) => ({ id: p.id, routing: 'multi' as const })) } }
        : { ...d, cluster: { ...d.cluster, nodes: 40 } },
  ],
  ['no profiles', (d) => (d.instance ? { ...d, instance: { ...d.instance, appProfiles: [] } } : { ...d, cluster: { ...d.cluster, nodes: 2 } })],
];

const others = RULES.filter((r) => !r.meta.readsInstance).map((r) => r.meta.id);
const ofOthers = (d: Design) => JSON.stringify(lint(d, { verifyFixes: false }).findings.filter((f) => others.includes(f.rule)));

/** A rule that reports until the instance is edited, its fix making edit `k` with `n`: the check judges every other rule's findings. */
const proposing = (original: Design, k: number, n: number) =>
  defineVisitorRule({
    meta: {
      id: 'test-instance-edit',
      severity: 'info',
      description: 'proposes an instance edit',
      messages: { edit: 'edit' },
      fixable: true,
      readsInstance: true,
    },
    create: ({ design, report }) => ({
      design() {
        if (design.instance !== original.instance || design.cluster !== original.cluster) return;
        report({ path: [], messageId: 'edit', fix: { label: EDITS[k]![0], apply: () => EDITS[k]![1](design, n) } });
      },
    }),
  });
const seen = (d: Design, options: Parameters<typeof lint>[1]) => JSON.stringify(lint(d, options).findings);

describe('a rule that does not declare readsInstance finds the same on any instance', () => {
  it('some rules declare it, and most do not', () => {
    expect(RULES.filter((r) => r.meta.readsInstance).map((r) => r.meta.id)).toContain('cluster-capacity');
    expect(others.length).toBeGreaterThan(20);
  });
  for (const c of fixed) {
    it(c.file, () => {
      const before = ofOthers(c.design);
      for (const [what, edit] of EDITS) for (const n of [1, 7, 200]) expect(ofOthers(edit(c.design, n)), `${what}, n = ${n}`).toBe(before);
    });
  }
  it('on generated designs with instances, links and views', () => {
    fc.assert(
      fc.property(fullDesign, fc.nat({ max: EDITS.length - 1 }), fc.integer({ min: 1, max: 300 }), (d, k, n) => {
        expect(ofOthers(EDITS[k]![1](d, n))).toBe(ofOthers(d));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the analysis of an instance edit is the whole analysis', () => {
  it('on the examples and generated designs', () => {
    const text = (a: ReturnType<typeof analyze>) =>
      JSON.stringify(a, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v === Infinity ? 'Infinity' : v));
    for (const c of fixed)
      for (const [, edit] of EDITS) {
        const after = edit(c.design, 13);
        expect(text(analyzeInstanceEdit(analyze(c.design), after))).toBe(text(analyze(after)));
      }
  });
});

describe("an instance fix's check gives the whole check's verdict", () => {
  it('instanceEdit tells an instance edit from any other', () => {
    const d = fixed[fixed.length - 1]!.design;
    expect(instanceEdit(d, { ...d, cluster: { nodes: 3 } })).toBe(true);
    expect(instanceEdit(d, { ...d })).toBe(false);
    expect(instanceEdit(d, { ...d, tables: [...d.tables] })).toBe(false);
    expect(instanceEdit(d, { ...d, cluster: { nodes: 3 }, lint: { rules: {} } })).toBe(false);
  });
  it('the designs have instance fixes offered and withheld (the comparison is not vacuous)', () => {
    const findings = fixed.flatMap((c) => EDITS.flatMap((_, k) => lint(c.design, { extraRules: [proposing(c.design, k, 1)] }).findings));
    const ours = findings.filter((f) => f.rule === 'test-instance-edit');
    expect(ours.filter((f) => f.fix).length).toBeGreaterThan(10);
    expect(ours.filter((f) => f.fixWithheld).length).toBeGreaterThan(10);
    expect(findings.filter((f) => f.rule === 'cluster-capacity' && f.fix).length).toBeGreaterThan(0);
  });
  for (const c of fixed) {
    it(c.file, () => {
      // The rules' own instance fixes (cluster-capacity, storage-capacity, ...), then each edit.
      expect(seen(c.design, {})).toBe(seen(c.design, { verifyScope: 'whole' }));
      EDITS.forEach((_, k) => {
        for (const n of [1, 9, 500]) {
          const extraRules = [proposing(c.design, k, n)];
          expect(seen(c.design, { extraRules }), `${EDITS[k]![0]}, n = ${n}`).toBe(seen(c.design, { extraRules, verifyScope: 'whole' }));
        }
      });
    });
  }
  it('on generated designs with instances, links and views', () => {
    fc.assert(
      fc.property(fullDesign, fc.nat({ max: EDITS.length - 1 }), fc.integer({ min: 1, max: 300 }), (d, k, n) => {
        const extraRules = [proposing(d, k, n)];
        expect(seen(d, { extraRules })).toBe(seen(d, { extraRules, verifyScope: 'whole' }));
      }),
      { numRuns: 60 },
    );
  });
});
