// The studio's keystroke: lint given the lint of the design before the edit (`since`) lints again
// only what the edit can change and keeps the rest. These tests hold it to a whole lint of the
// edited design: the same findings in the same order, the same fixes offered (with the same
// effects and reasons), and each offered fix giving the same design. The edits are random (the
// fast-check seed is printed) and of every kind the studio makes: a field, a family, a load, a
// query, the key's order, another table's shape, one of the lint's own fixes, a rename, a table
// added, a setting outside the tables.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../../test-support/examples';
import { manyTablesYaml } from '../../../test-support/lint-designs';
import { loadDesign, validateDesign } from '../../load/load-design';
import type { Design, Table } from '../../model/schema';
import { defineVisitorRule } from '../types';
import { applyFix, lint, withVerifiedFixes, type LintResult } from '../lint';
import { parseCase } from '../tester';

const load = (text: string): Design => {
  const r = loadDesign(text, 'generated.yaml');
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design;
};

const valid = (d: Design) => validateDesign(JSON.parse(JSON.stringify(d)), 'edit.json').ok;

/** Tables of the rule corpus and the examples, renamed apart, added to 12 generated ones while the design stays valid. */
function mixed(): Design {
  const CORPUS = fileURLToPath(new URL('../corpus/', import.meta.url));
  const sources = [
    ...['good', 'bad'].flatMap((kind) =>
      readdirSync(join(CORPUS, kind))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => parseCase(readFileSync(join(CORPUS, kind, f), 'utf8'))),
    ),
    ...exampleDesigns().map((e) => e.design),
  ];
  let d = load(manyTablesYaml(12, 'varied'));
  // Every third source's tables: a design of some 40 tables keeps each lint quick.
  sources.forEach((src, i) => {
    if (i % 3 !== 0) return;
    for (const t of src.tables) {
      const next = { ...d, tables: [...d.tables, { ...t, name: `c${i}_${t.name}` }] };
      if (valid(next)) d = next;
    }
  });
  return d;
}

const designs: { name: string; design: Design }[] = [
  { name: 'generated 30 varied tables', design: load(manyTablesYaml(30, 'varied')) },
  { name: 'generated 30 tables of one shape', design: load(manyTablesYaml(30, 'same')) },
  { name: 'generated 30 linked tables (companions, served queries, a view, an overloaded cluster)', design: load(manyTablesYaml(30, 'linked')) },
  { name: 'the corpus and examples in one design', design: mixed() },
  ...exampleDesigns()
    .filter((e) => e.design.tables.length >= 2)
    .map((e) => ({ name: `examples/${e.file}`, design: e.design })),
];

type TableEdit = (t: Table, d: Design) => Table;

/** Edits of one table, as typing in the form or the YAML makes them. */
const tableEdits: [string, TableEdit][] = [
  ['description', (t) => ({ ...t, description: `${t.description ?? ''}x` })],
  [
    'a key field cardinality',
    (t) => {
      const [name, f] = Object.entries(t.rowKey.fields)[0]!;
      const card = (f as { cardinality?: number }).cardinality;
      return { ...t, rowKey: { ...t.rowKey, fields: { ...t.rowKey.fields, [name]: { ...f, cardinality: card ? Math.max(2, Math.round(card / 7)) : 3 } } } };
    },
  ],
  [
    'the key order reversed',
    (t) => {
      const names = Object.keys(t.rowKey.fields);
      if (names.length < 2 || !t.rowKey.template) return t;
      const delim = t.rowKey.delimiter ?? '#';
      return {
        ...t,
        rowKey: {
          ...t.rowKey,
          template: [...names]
            .reverse()
            .map((n) => `{${n}}`)
            .join(delim),
        },
      };
    },
  ],
  ['a family gc', (t) => ({ ...t, families: (t.families ?? []).map((f, i) => (i === 0 ? { ...f, gc: { maxVersions: 5 } } : f)) })],
  ['no gc on the families', (t) => ({ ...t, families: (t.families ?? []).map(({ gc: _gc, ...f }) => f) })],
  ['the load raised', (t) => ({ ...t, load: { ...(t.load ?? {}), writesPerSecond: ((t.load?.writesPerSecond as number | undefined) ?? 10) * 40 } })],
  ['the queries dropped', (t) => ({ ...t, queries: [] })],
  [
    'a query matching only the last key field',
    (t) => {
      const names = Object.keys(t.rowKey.fields);
      return { ...t, queries: [...(t.queries ?? []), { name: `qq_${t.name}`, match: { [names[names.length - 1]!]: 'eq' }, perSecond: 50 }] };
    },
  ],
  ['the shape of the first table (name kept)', (t, d) => ({ ...d.tables[0]!, name: t.name })],
  // Links between tables: the edit's lint and the kept fixes' checks reach the tables named.
  ['written with the first table', (t, d) => (t.name === d.tables[0]!.name ? t : { ...t, writtenWith: d.tables[0]!.name })],
  [
    'a query served by the last table',
    (t, d) => {
      const last = d.tables[d.tables.length - 1]!;
      if (last.name === t.name || !t.queries?.length) return t;
      return { ...t, queries: t.queries.map((q, i) => (i === 0 ? { ...q, servedBy: last.name } : q)) };
    },
  ],
];

/** What a user sees of a lint, as text, with the design each offered fix gives. */
function seen(d: Design, r: LintResult): string {
  const fixes = r.findings.map((f) => (f.fix ? JSON.stringify(applyFix(d, f)) : null));
  return JSON.stringify(r.findings) + JSON.stringify(fixes);
}

/** The keystroke's lint of `after` from the lint of `before`, against a whole lint of `after`. */
function agrees(before: LintResult, after: Design): LintResult {
  const quick = lint(after, { verifyFixes: 'defer', since: before });
  const whole = lint(after, { verifyFixes: 'defer' });
  expect(JSON.stringify(quick.findings)).toBe(JSON.stringify(whole.findings));
  expect(seen(after, withVerifiedFixes(quick))).toBe(seen(after, withVerifiedFixes(whole)));
  return quick;
}

describe('the keystroke lint (since) gives the findings and fixes of a whole lint', () => {
  it('the designs have fixes and findings on many tables (the comparison is not vacuous)', () => {
    const findings = designs.flatMap((c) => withVerifiedFixes(lint(c.design, { verifyFixes: 'defer' })).findings);
    expect(findings.filter((f) => f.fix).length).toBeGreaterThan(50);
    expect(new Set(findings.map((f) => f.rule)).size).toBeGreaterThan(15);
  });

  const chains = (pool: typeof designs) => () => {
    const step = fc.record({
      kind: fc.nat({ max: tableEdits.length + 3 }),
      table: fc.nat(),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(fc.nat({ max: pool.length - 1 }), fc.array(step, { minLength: 1, maxLength: 6 }), (di, steps) => {
        let d = pool[di]!.design;
        let r = lint(d, { verifyFixes: 'defer' });
        for (const s of steps) {
          const ti = s.table % d.tables.length;
          let next: Design | null;
          if (s.kind < tableEdits.length) {
            const [, f] = tableEdits[s.kind]!;
            next = { ...d, tables: d.tables.map((t, j) => (j === ti ? f(t, d) : t)) };
          } else if (s.kind === tableEdits.length) {
            // One of the lint's own fixes, as the findings panel applies it.
            const fixable = withVerifiedFixes(r).findings.filter((f) => f.fix);
            next = fixable.length ? applyFix(d, fixable[s.pick % fixable.length]!) : null;
          } else if (s.kind === tableEdits.length + 1) {
            next = { ...d, tables: d.tables.map((t, j) => (j === ti ? { ...t, name: `${t.name}_r` } : t)) };
          } else if (s.kind === tableEdits.length + 2) {
            next = { ...d, tables: [...d.tables, { ...d.tables[ti]!, name: `${d.tables[ti]!.name}_copy` }] };
          } else {
            next = { ...d, cluster: { nodes: 1 + (s.pick % 40) } };
          }
          // An edit the studio would refuse (an invalid design) is never linted.
          if (!next || !valid(next)) continue;
          r = agrees(r, next);
          d = next;
        }
      }),
      { numRuns: 12 },
    );
  };
  it('chains of random edits to random tables of generated designs, each linted from the one before', chains(designs.slice(0, 3)));
  it('chains of random edits to the corpus, the examples and their tables in one design', chains(designs.slice(3)));

  it('only the edited table is visited again', () => {
    const visits: string[] = [];
    const counting = defineVisitorRule({
      meta: { id: 'test-counting', severity: 'info', description: 'counts table visits', messages: { seen: 'seen {table}' }, fixable: false },
      create: ({ report }) => ({
        table(ta) {
          visits.push(ta.table.name);
          report({ path: [], messageId: 'seen', data: { table: ta.table.name } });
        },
      }),
    });
    const d = designs[0]!.design;
    // Unverified: a fix check lints its table again too.
    const before = lint(d, { verifyFixes: false, extraRules: [counting] });
    expect(visits.length).toBe(d.tables.length);
    visits.length = 0;
    const after = { ...d, tables: d.tables.map((t, j) => (j === 7 ? { ...t, description: 'edited' } : t)) };
    const quick = lint(after, { verifyFixes: false, extraRules: [counting], since: before });
    expect(visits).toEqual(['t7']);
    expect(quick.findings.filter((f) => f.rule === 'test-counting').length).toBe(d.tables.length);
  });

  it("a kept fix's verdict is checked again when the edit changes what a rule over the design that its check ran reads", () => {
    // test-reader reads each table's writes (`reads`) and warns over 200 in all; test-fixer's fix
    // doubles t2's writes, so its check runs test-reader. Before the edit the fixed design
    // writes 198/s (offered); after t5's writes rise by 5, 203/s (withheld: a new warning).
    const reader = defineVisitorRule({
      meta: {
        id: 'test-reader',
        severity: 'warning',
        description: 'warns over 200 writes/s in all',
        messages: { over: '{total} writes/s' },
        fixable: false,
        reads: (ta) => ta.table.load?.writesPerSecond ?? 0,
      },
      create: ({ design, report }) => ({
        design() {
          const total = design.tables.reduce((a, t) => a + (t.load?.writesPerSecond ?? 0), 0);
          if (total > 200) report({ path: [], messageId: 'over', data: { total } });
        },
      }),
    });
    const fixer = defineVisitorRule({
      meta: { id: 'test-fixer', severity: 'info', description: 'doubles the writes of a table marked fixme', messages: { fix: 'double' }, fixable: true },
      create: ({ design, report }) => ({
        table(ta) {
          if (ta.table.description !== 'fixme') return;
          const { description: _d, ...t } = ta.table;
          const load = { ...t.load, writesPerSecond: (t.load?.writesPerSecond ?? 0) * 2 };
          report({
            path: [],
            messageId: 'fix',
            fix: { label: 'double', apply: () => ({ ...design, tables: design.tables.map((x, j) => (j === ta.index ? { ...t, load } : x)) }) },
          });
        },
      }),
    });
    const registry = [reader, fixer];
    const base = load(manyTablesYaml(12, 'varied'));
    const d = { ...base, tables: base.tables.map((t, j) => (j === 2 ? { ...t, description: 'fixme' } : t)) };
    const before = lint(d, { verifyFixes: 'defer', registry });
    expect(withVerifiedFixes(before).findings.find((f) => f.rule === 'test-fixer')?.fix).toBe('double');
    const after = { ...d, tables: d.tables.map((t, j) => (j === 5 ? { ...t, load: { ...t.load, writesPerSecond: 20 } } : t)) };
    const quick = withVerifiedFixes(lint(after, { verifyFixes: 'defer', since: before, registry }));
    const whole = withVerifiedFixes(lint(after, { verifyFixes: 'defer', registry }));
    expect(quick.findings.find((f) => f.rule === 'test-fixer')?.fixWithheld).toMatch(/would add the warning test-reader/);
    expect(JSON.stringify(quick.findings)).toBe(JSON.stringify(whole.findings));
  });

  it('the findings of the tables not edited are the objects of no other lint, and stay', () => {
    const d = designs[0]!.design;
    const before = lint(d, { verifyFixes: 'defer' });
    const after = { ...d, tables: d.tables.map((t, j) => (j === 4 ? { ...t, queries: [] } : t)) };
    const quick = lint(after, { verifyFixes: 'defer', since: before });
    const other = (r: LintResult) => r.findings.filter((f) => f.table !== 't4');
    expect(JSON.stringify(other(quick))).toBe(JSON.stringify(other(before)));
    expect(other(quick).length).toBeGreaterThan(20);
    // Copies: verifying one result's fixes never marks the other's findings.
    for (const f of other(quick)) expect(before.findings).not.toContain(f);
  });
});
