// The engine: a rule's visits and its fix, a throwing rule as a finding, findings
// by severity, and fixes checked before they are offered (regression cases of fixes that once made a query worse).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, exampleDesigns, exampleFiles } from '../../../test-support/examples';
import { corpusDesigns, corpusTexts } from '../../../test-support/rule-corpus';
import { formatPath } from '../../load/load-design';
import type { Design } from '../../model/schema';
import { applyFix, lint, RULE_FAILED } from '../lint';
import { RULES } from '../registry';
import { keyDesign, MAX_MESSAGE, parseCase } from '../tester';
import { defineTableRule, defineVisitorRule, type Rule } from '../types';
import { updateTable } from '../edit';

const withQueries = (yaml: string, queries: string) => `${yaml}    queries:\n${queries}\n`;

/** A table rule with a fix: the fix closes over the table the engine visited. */
const renaming = (rename: (d: Design, ti: number) => Design): Rule =>
  defineTableRule({
    meta: { id: 'zz-renames', severity: 'warning', description: 'test', messages: { named: 'table {table} is named t' }, fixable: true },
    table({ table, index }, { design, report }) {
      if (table.name === 'items')
        report({ path: ['name'], messageId: 'named', data: { table: table.name }, fix: { label: 'Rename to goods', apply: () => rename(design, index) } });
    },
  });
const renames = renaming((d, ti) => updateTable(d, ti, (t) => ({ ...t, name: 'goods' })));

const throwing = defineVisitorRule({
  meta: { id: 'zz-throws', severity: 'info', description: 'test', messages: { x: 'x' }, fixable: false },
  create() {
    return {
      table(t) {
        if (t.table.name === 'items') throw new Error('boom');
      },
    };
  },
});

describe('the engine', () => {
  const design = parseCase(keyDesign('{id}', '        id: {type: uuid}'));

  it('runs a rule on the table it visits, checks its fix and applies it', () => {
    const { findings } = lint(design, { registry: [renames] });
    expect(findings.map((f) => [f.rule, f.table, formatPath(f.path), f.message, f.fix])).toEqual([
      ['zz-renames', 'items', 'tables[0].name', 'table items is named t', 'Rename to goods'],
    ]);
    expect(applyFix(design, findings[0]!, { registry: [renames] })?.tables[0]?.name).toBe('goods');
  });

  it('turns a throwing rule into a rule-failed error naming the rule and the table, and keeps the others', () => {
    const { findings } = lint(design, { registry: [throwing, renames] });
    const failed = findings.find((f) => f.rule === RULE_FAILED)!;
    expect(failed).toMatchObject({ severity: 'error', table: 'items', data: { rule: 'zz-throws', table: 'items', error: 'Error: boom' } });
    expect(findings.map((f) => f.rule)).toEqual([RULE_FAILED, 'zz-renames']);
  });

  it('withholds a fix that does not remove its finding, and says why', () => {
    const stubborn = renaming((d) => d);
    const [f] = lint(design, { registry: [stubborn] }).findings;
    expect(f!.fix).toBeUndefined();
    expect(f!.fixWithheld).toMatch(/"Rename to goods" is not offered: the change would not remove this finding/);
    expect(applyFix(design, f!, { registry: [stubborn] })).toBeNull();
  });

  it('refuses meta.reads on a rule that visits more than the design (the edit check would skip its table findings)', () => {
    const reading = { ...renames, meta: { ...renames.meta, reads: () => null } };
    const { findings } = lint(design, { registry: [reading] });
    expect(findings.map((f) => [f.rule, f.table, f.data.rule, f.data.error])).toEqual([
      [RULE_FAILED, null, 'zz-renames', 'Error: rule zz-renames declares meta.reads but visits more than the design'],
    ]);
  });

  it('lists errors first, then warnings, then info, whatever their paths', () => {
    // A naive key: the error (timestamp first) sits at a later path than the warnings and infos.
    const yaml = withQueries(
      keyDesign('{a}#{ts}', '        a: {type: string, values: [x, y]}\n        ts: {type: timestamp}\n'),
      '      - {name: latest, match: {a: eq}, order: newest, limit: 5}',
    ).replace('{a}#{ts}', '{ts}#{a}');
    const { findings } = lint(parseCase(yaml));
    const order = { error: 0, warning: 1, info: 2 } as const;
    const ranks = findings.map((f) => order[f.severity]);
    expect(ranks.length).toBeGreaterThan(1);
    expect(findings[0]!.severity).toBe('error');
    expect([...ranks].sort((x, y) => x - y)).toEqual(ranks);
  });
});

describe('fixes that would break a declared query are not offered', () => {
  it('latest 20 trips of a driver: the table for it is keyed driver, then the reversed time', () => {
    const yaml = withQueries(
      keyDesign(
        '{rider}#{ts}#{driver}',
        '        rider: {type: string, cardinality: 80000000}\n        ts: {type: timestamp}\n        driver: {type: string, cardinality: 3000000}',
        '',
        'trips',
      ),
      "      - {name: a rider's trips, match: {rider: eq}, order: oldest, limit: 20}\n      - {name: latest 20 trips of a driver, match: {driver: eq}, order: newest, limit: 20}",
    );
    const d = parseCase(yaml);
    const f = lint(d).findings.find((x) => x.rule === 'query-full-scan')!;
    expect(f.fix).toMatch(/^Add a table for this query: trips_by_driver/);
    const fixed = applyFix(d, f)!;
    const added = fixed.tables.find((t) => t.name === 'trips_by_driver')!;
    expect(added.rowKey.template).toBe('{driver}#{ts}#{rider}');
    expect(added.rowKey.fields.ts).toEqual({ type: 'timestamp', reversed: true });
    expect(added.queries!.map((q) => q.name)).toEqual(['latest 20 trips of a driver']);
    // What it does to every declared query: the moved one becomes a prefix scan in key order.
    expect(f.effects).toEqual([
      {
        table: 'trips',
        query: "a rider's trips",
        before: 'prefix scan, rows in the wanted order',
        after: 'prefix scan, rows in the wanted order',
        changed: false,
      },
      {
        table: 'trips',
        query: 'latest 20 trips of a driver',
        before: 'full scan',
        after: 'prefix scan, rows in the wanted order',
        movedTo: 'trips_by_driver',
        changed: true,
      },
    ]);
  });

  it('two fixes on one table ({ts}#{city}#{driver}) are both offered, each with its effect on every query', () => {
    const yaml = withQueries(
      keyDesign(
        '{ts}#{city}#{driver}',
        '        ts: {type: timestamp, unit: s}\n        city: {type: string, cardinality: 200}\n        driver: {type: string, cardinality: 100000}',
        '',
        'trips',
      ),
      "      - {name: a city in a window, match: {ts: range, city: eq}}\n      - {name: a driver's trips, match: {driver: eq}}",
    );
    const fixes = lint(parseCase(yaml)).findings.filter((f) => f.fix);
    expect(fixes.length).toBeGreaterThanOrEqual(2);
    for (const f of fixes) {
      expect(f.table).toBe('trips');
      expect(f.effects!.map((e) => e.query).sort()).toEqual(['a city in a window', "a driver's trips"]);
    }
    const labels = fixes.map((f) => f.fix);
    expect(labels).toContain('Move {city} in front of {ts}');
    expect(labels.some((l) => /^Add a table for this query: trips_by_driver/.test(l!))).toBe(true);
  });
});

/** Query plan kinds from best to worst, as a fix's effect on a query is ranked. */
const RANK: Record<string, number> = { point: 0, prefix: 1, range: 1, 'multi-scan': 2, 'full-scan': 3 };

function checkOfferedFixes(design: Design): string[] {
  const problems: string[] = [];
  const before = lint(design);
  const plans = (d: Design, l = lint(d)) => new Map(l.analysis.tables.flatMap((t) => t.plans.map((p) => [p.query, p] as const)));
  const planBefore = plans(design, before);
  // By table index (a rename keeps it); a table the fix adds inherits what its source had.
  const key = (f: { rule: string; path: readonly (string | number)[]; messageId: string }) =>
    `${f.rule}|${f.path[0] === 'tables' ? f.path[1] : ''}|${f.messageId}`;
  const anyTable = new Set(before.findings.filter((f) => f.severity !== 'info').map((f) => `${f.rule}|${f.messageId}`));
  for (const f of before.findings) {
    if (!f.fix) continue;
    const fixed = applyFix(design, f);
    const where = `${f.rule} at ${formatPath(f.path)} ("${f.fix}")`;
    if (!fixed) {
      problems.push(`${where}: offered but not applied`);
      continue;
    }
    const after = lint(fixed);
    const count = (l: typeof after, k: string) => l.findings.filter((x) => key(x) === k).length;
    if (count(after, key(f)) >= count(before, key(f))) problems.push(`${where}: (1) the finding stays`);
    for (const x of after.findings) {
      if (x.severity === 'info') continue;
      if (typeof x.path[1] === 'number' && x.path[1] >= design.tables.length && anyTable.has(`${x.rule}|${x.messageId}`)) continue;
      if (count(after, key(x)) > before.findings.filter((y) => key(y) === key(x) && y.severity !== 'info').length)
        problems.push(`${where}: (2) adds ${x.severity} ${x.rule}`);
    }
    const planAfter = plans(fixed, after);
    for (const [q, p] of planBefore) {
      const a = planAfter.get(q);
      if (!a || RANK[a.kind]! > RANK[p.kind]!) problems.push(`${where}: (3) query "${q}" ${p.kind} -> ${a?.kind ?? 'gone'}`);
    }
    // (4) The fixed design is a valid design (parseCase throws otherwise).
    try {
      parseCase(JSON.stringify(fixed));
    } catch (e) {
      problems.push(`${where}: (4) ${String(e)}`);
    }
  }
  return problems;
}

it('the registry holds every rule once', () => {
  expect(new Set(RULES.map((r) => r.meta.id)).size).toBe(RULES.length);
});

describe('every offered fix on the rule corpus and the examples keeps conditions (1)-(4)', () => {
  const all = [...corpusDesigns(), ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design }))];
  it('offers fixes at all (the check below is not vacuous)', () => {
    expect(all.flatMap((c) => lint(c.design).findings.filter((f) => f.fix)).length).toBeGreaterThan(30);
  });
  for (const c of all) {
    it(c.file, () => expect(checkOfferedFixes(c.design)).toEqual([]));
  }
  it('every message there is one sentence of at most ~140 characters (160 with long names)', () => {
    const long = all.flatMap((c) => lint(c.design).findings.map((f) => f.message)).filter((m) => m.length > MAX_MESSAGE);
    expect(long).toEqual([]);
  });
});

/** A citation of our internal reference files (the word and a number), which no user has seen. */
const SEED_CITATION = /\bseeds?\b(?!\s*[:=]\s*\d)(?![- ]?(?:option|value|number|of the simulat))/i;

describe('no message, detail or example cites a reference file', () => {
  for (const rule of RULES) {
    it(`rule ${rule.meta.id}`, () => {
      const texts = [...Object.values(rule.meta.messages), ...Object.values(rule.meta.details ?? {})];
      expect(texts.filter((t) => SEED_CITATION.test(t))).toEqual([]);
    });
  }
  for (const e of exampleFiles()) {
    it(`examples/${e}`, () => {
      const lines = readFileSync(join(EXAMPLES_DIR, e), 'utf8').split('\n');
      expect(lines.filter((l) => SEED_CITATION.test(l))).toEqual([]);
    });
  }
  it('docs/ (the rule pages and the manuals)', () => {
    const DOCS = fileURLToPath(new URL('../../../../docs/', import.meta.url));
    const files = [...readdirSync(DOCS).filter((f) => f.endsWith('.md')), ...readdirSync(join(DOCS, 'rules')).map((f) => `rules/${f}`)];
    const hits = files.flatMap((f) =>
      readFileSync(join(DOCS, f), 'utf8')
        .split('\n')
        .filter((l) => /\bseeds? 00\d|\bthe seeds\b|\bthe seed's\b/i.test(l))
        .map((l) => `${f}: ${l}`),
    );
    expect(hits).toEqual([]);
  });
  it('the corpus designs (their comments and descriptions cite Google pages, not our reference files)', () => {
    const hits = corpusTexts().flatMap((c) =>
      c.text
        .split('\n')
        .filter((l) => SEED_CITATION.test(l))
        .map((l) => `${c.name}: ${l}`),
    );
    expect(hits).toEqual([]);
  });
  it('the formatted findings of the corpus', () => {
    const texts = corpusDesigns().flatMap((c) => lint(c.design).findings.flatMap((x) => [x.message, x.detail ?? '', x.fix ?? '', x.fixWithheld ?? '']));
    expect(texts.filter((t) => SEED_CITATION.test(t))).toEqual([]);
  });
});
