// A fix check lints again what the fix changes, so the work of checking every fix grows with the
// design, not with its square: counted here (rule visits and reports), not timed. Two paths grew
// with the square before: hdd-reads (a design visit over the capacity plan) reported on every
// table in every fix's check, and "Fix all" on tables of one shape checked every advice fix
// again at every step, each check visiting every table of the shape (similar-tables).
import { afterEach, describe, expect, it } from 'vitest';
import { limitsDesignJson, manyTablesYaml } from '../../../test-support/lint-designs';
import { loadDesign } from '../../load/load-design';
import type { Design } from '../../model/schema';
import { fixAll, lint } from '../lint';
import { ruleById } from '../registry';
import { defineVisitorRule, type Rule, type VisitorContext } from '../types';

const load = (text: string): Design => {
  const r = loadDesign(text, 'generated');
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 2)));
  return r.design;
};

/** Counts what a registry rule does while a test runs: its reports, and its visits of tables. */
function counted(id: string) {
  const rule = ruleById(id) as Rule;
  const create = rule.create;
  const seen = { reports: 0, tableVisits: 0 };
  rule.create = (ctx: VisitorContext) => {
    const v = create({
      ...ctx,
      report: (r) => {
        seen.reports++;
        ctx.report(r);
      },
    });
    const table = v.table;
    return table
      ? {
          ...v,
          table: (t) => {
            seen.tableVisits++;
            table(t);
          },
        }
      : v;
  };
  restore.push(() => {
    rule.create = create;
  });
  return seen;
}

const restore: (() => void)[] = [];
afterEach(() => {
  for (const r of restore.splice(0)) r();
});

describe('the work of checking fixes grows with the design', () => {
  it('hdd-reads reports on the tables a fix changes, not on every table for every fix (a design at every limit)', () => {
    const at = (n: number) => {
      const seen = counted('hdd-reads');
      const r = lint(load(limitsDesignJson(n)));
      restore.splice(0).forEach((f) => f());
      const checked = r.findings.filter((f) => f.fix || f.fixWithheld).length;
      return { reports: seen.reports, checked };
    };
    const small = at(20);
    const large = at(80);
    // Every table's fixes are checked (the count is not vacuous) ...
    expect(small.checked).toBeGreaterThanOrEqual(20);
    expect(large.checked).toBeGreaterThanOrEqual(80);
    // ... and each check reports on its own tables: a few reports per table, the same at both
    // sizes (a check reporting on every table made 80 tables cost 16x the reports of 20).
    expect(large.reports / 80).toBeLessThan(8);
    expect(large.reports / 80).toBeLessThan((small.reports / 20) * 1.5);
  });

  it('"Fix all" on tables of one shape keeps the verdicts of the fixes its step cannot change', () => {
    const at = (n: number) => {
      const shape = counted('similar-tables');
      // A rule that reads only its table: visited once per table a lint or a check visits.
      const own = counted('too-many-families');
      const plan = fixAll(load(manyTablesYaml(n, 'same')), { maxSteps: 10 });
      restore.splice(0).forEach((f) => f());
      return { shape: shape.tableVisits, own: own.tableVisits, applied: plan.applied.length };
    };
    const small = at(20);
    const large = at(60);
    expect(small.applied).toBe(10);
    expect(large.applied).toBe(10);
    // Each step moves the first table of the shape, so every table's similar-tables finding
    // names another table: about one visit per table a step (checks do not follow it).
    expect(large.shape / (10 * 60)).toBeLessThan(2.5);
    // Apart from the first lint and the last check of every fix (a visit per table each), a step
    // checks again only the fixes its edit can change: 4 visits a step at 20 tables, 8 at 60.
    // Every advice fix checked again at every step (the step's similar-tables findings made
    // every kept verdict stale) was about one visit per table a step: 19 and 63.
    const perStep = (c: { own: number }, n: number) => (c.own - 2 * n) / 10;
    expect(perStep(small, 20)).toBeLessThan(10);
    expect(perStep(large, 60)).toBeLessThan(20);
  });

  it("a rule run for a fix's tables only that fails is checked and linted as a whole lint would", () => {
    // Reports on every table from its design visit (reads: the table's key; readsAcross: nothing),
    // and throws when asked for some tables only: a whole lint has its findings, an edit's lint
    // or check that ran it for the edit's tables must not keep its findings on the others.
    let thrown = 0;
    const partly = defineVisitorRule({
      meta: {
        id: 'partly',
        severity: 'warning',
        description: 'test rule',
        messages: { m: 'table {t}' },
        fixable: false,
        reads: (t) => t.table.rowKey,
        readsAcross: () => 0,
      },
      create: ({ design, report }) => ({
        design: (tables) => {
          if (tables) {
            thrown++;
            throw new Error('partly');
          }
          design.tables.forEach((t, i) => report({ table: i, path: [], messageId: 'm', data: { t: t.name } }));
        },
      }),
    });
    const d = load(manyTablesYaml(6, 'varied'));
    const eager = lint(d, { extraRules: [partly] });
    const whole = lint(d, { extraRules: [partly], verifyScope: 'whole' });
    const show = (r: typeof eager) => r.findings.map((f) => [f.rule, f.path.join('.'), f.message, f.fix ?? null, f.fixWithheld ?? null]);
    expect(show(eager)).toEqual(show(whole));
    // Fixes that change a table's workload ran the rule for their table only, and it failed.
    expect(thrown).toBeGreaterThan(0);
    expect(eager.findings.some((f) => f.fix)).toBe(true);
    // An edit's lint (the keystroke's) of an edit of a table's key: as a whole lint of it.
    thrown = 0;
    const edited = {
      ...d,
      tables: d.tables.map((t, i) =>
        i === 2 ? { ...t, rowKey: { ...t.rowKey, fields: { ...t.rowKey.fields, host: { type: 'domain' as const, cardinality: 4242 } } } } : t,
      ),
    };
    const since = lint(edited, { extraRules: [partly], since: lint(d, { extraRules: [partly], verifyFixes: false }), verifyFixes: false });
    expect(show(since)).toEqual(show(lint(edited, { extraRules: [partly], verifyFixes: false })));
    expect(thrown).toBe(1);
    expect(since.findings.filter((f) => f.rule === 'partly')).toHaveLength(6);
  });
});
