// What checking fixes costs on a design of many tables, each with fixes (a fuzz round's design
// of 1,000 tables: lint 70 s, `btstudio fix` past 300 s): fixes that propose the same instance
// (every table's hdd-reads asking for SSD) are checked by one run of the rules that read it,
// and `btstudio fix` checks fixes as its plan reaches them, not every fix for every step. Both
// give what checking every fix gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullDesign } from '../../../test-support/design-extras';
import type { Design } from '../../model/schema';
import { applyFix, fixAll, lint } from '../lint';
import { defineVisitorRule, isAccepted, type Finding } from '../types';
import { planFixes } from './fix-plan';
import { verifiedFinding, withVerifiedFixes } from './lint-engine';

/** n tables on an HDD cluster, each read past what HDD serves; `fixable` adds a key fix per table. */
function design(n: number, fixable: boolean): Design {
  return {
    format: 'bigtable-studio/v1',
    name: 'many tables',
    cluster: { nodes: 3, storage: 'hdd' },
    tables: Array.from({ length: n }, (_, i) => ({
      name: `t${i}`,
      rowKey: {
        template: '{a}#{b}',
        fields: {
          a: { type: 'string', cardinality: 1000, length: 8 },
          b: fixable ? { type: 'int', min: 0, max: 99999 } : { type: 'int', min: 0, max: 99999, pad: 5 },
        },
      },
      families: [{ name: 'f', ...(fixable ? {} : { gc: { maxAge: '30d' } }), columns: [{ qualifier: 'v', valueBytes: 100 }] }],
      queries: [{ name: `get${i}`, match: { a: 'eq', b: 'eq' }, perSecond: 5000 }],
      load: { writesPerSecond: 10, retention: '30d' },
    })),
  } as Design;
}

/** A rule that reads the instance and counts the designs on SSD it is run on (the fixes' checks). */
function counting() {
  const seen = { onSsd: 0 };
  const rule = defineVisitorRule({
    meta: { id: 'test-count', severity: 'info', description: 'counts its runs', messages: { x: 'x' }, fixable: false, readsInstance: true },
    create: ({ design: d }) => ({
      design() {
        if (d.cluster?.storage === 'ssd') seen.onSsd++;
      },
    }),
  });
  return { rule, seen };
}

const text = (fs: readonly Finding[]) => JSON.stringify(fs);

/** The plan as it was made before: every fix checked on a whole lint, for every step. */
const eagerPlan = (d: Design) =>
  planFixes(
    d,
    (x) => ({ findings: lint(x).findings.filter((f) => !isAccepted(f)) }),
    (x, f) => applyFix(x, f),
  );

describe('fixes that propose the same instance', () => {
  it('are checked by one run of the rules that read the instance, with the verdicts of a whole check', () => {
    const d = design(20, false);
    const { rule, seen } = counting();
    const r = lint(d, { extraRules: [rule] });
    const ssd = r.findings.filter((f) => f.rule === 'hdd-reads');
    expect(ssd).toHaveLength(20);
    expect(ssd.every((f) => f.fix === 'Set cluster.storage to ssd')).toBe(true);
    // One check for the 20 identical proposals (not 20).
    expect(seen.onSsd).toBe(1);
    expect(text(r.findings)).toBe(text(lint(d, { extraRules: [rule], verifyScope: 'whole' }).findings));
  });
});

describe('fixes checked as they are reached', () => {
  it('one finding checked alone is the finding an eager lint gives, and so is every finding', () => {
    const d = design(6, true);
    const eager = lint(d).findings;
    const deferred = lint(d, { verifyFixes: 'defer' });
    const one = deferred.findings.findIndex((f) => f.rule === 'unpadded-number');
    expect(one).toBeGreaterThanOrEqual(0);
    expect(text([verifiedFinding(deferred, deferred.findings[one]!)])).toBe(text([eager[one]!]));
    expect(text(withVerifiedFixes(deferred).findings)).toBe(text(eager));
    // The copy checked first is the one the whole result holds.
    expect(withVerifiedFixes(deferred).findings[one]).toBe(verifiedFinding(deferred, deferred.findings[one]!));
  });

  it('the plan checks findings up to the first fix offered, and plans what checking every fix plans', () => {
    const d = design(8, true);
    let checked = 0;
    const fixable = (f: Finding) => !isAccepted(f);
    const lazy = planFixes(
      d,
      (x) => {
        const r = lint(x, { verifyFixes: 'defer' });
        return {
          findings: r.findings.filter(fixable),
          verified: (f) => {
            checked++;
            return verifiedFinding(r, f);
          },
        };
      },
      (x, f) => applyFix(x, f),
    );
    const eager = planFixes(
      d,
      (x) => ({ findings: lint(x).findings.filter(fixable) }),
      (x, f) => applyFix(x, f),
    );
    expect(lazy.applied.length).toBeGreaterThan(8);
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    expect(JSON.stringify(fixAll(d))).toBe(JSON.stringify(eager));
    // Each step checks the findings it passes on its way to the first fix (a few), the last lint
    // every finding: far fewer than every fix for every step.
    const fixes = lint(d).findings.filter((f) => f.fix || f.fixWithheld).length;
    expect(checked).toBeLessThan(lazy.applied.length * 4 + lint(d).findings.length);
    expect(checked).toBeLessThan((lazy.applied.length * fixes) / 2);
  });
});

describe('fixAll (each step linted from the last, its fixes checked as reached)', () => {
  it('plans what a whole lint with every fix checked plans, over generated designs', () => {
    fc.assert(
      fc.property(fullDesign, (d) => {
        expect(JSON.stringify(fixAll(d))).toBe(JSON.stringify(eagerPlan(d)));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12) * 2 },
    );
  });
});
