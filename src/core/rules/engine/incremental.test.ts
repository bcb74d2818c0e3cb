// The fix check lints again only what a fix can change (engine/incremental.ts); these tests hold
// it to the answers of the whole check (`verifyScope: 'whole'`, the engine before): the same
// findings, the same fixes offered with the same effects, the same reasons for those withheld.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../../../test-support/design-arbitrary';
import { exampleDesigns } from '../../../test-support/examples';
import { manyTablesYaml } from '../../../test-support/lint-designs';
import { loadDesign } from '../../load/load-design';
import type { Design } from '../../model/schema';
import { lint, withVerifiedFixes } from '../lint';
import { RULES } from '../registry';
import { parseCase } from '../tester';
import { editOf } from './incremental';

const CORPUS = fileURLToPath(new URL('../corpus/', import.meta.url));
const corpus = ['good', 'bad'].flatMap((kind) =>
  readdirSync(join(CORPUS, kind))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ file: `corpus/${kind}/${f}`, design: parseCase(readFileSync(join(CORPUS, kind, f), 'utf8')) })),
);
const load = (text: string): Design => {
  const r = loadDesign(text, 'generated.yaml');
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design;
};
const generated = [
  { file: 'generated 24 varied tables', design: load(manyTablesYaml(24, 'varied')) },
  { file: 'generated 24 tables of one shape', design: load(manyTablesYaml(24, 'same')) },
  { file: 'generated 24 linked tables', design: load(manyTablesYaml(24, 'linked')) },
];
const all = [...corpus, ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design })), ...generated];

/** Everything a user sees of a lint, as text. */
const seen = (d: Design, options: Parameters<typeof lint>[1]) => JSON.stringify(lint(d, options).findings);

describe('the fix check by edit gives the answers of the whole check', () => {
  it('the designs have offered and withheld fixes (the comparison is not vacuous)', () => {
    const findings = all.flatMap((c) => lint(c.design).findings);
    expect(findings.filter((f) => f.fix).length).toBeGreaterThan(100);
    expect(findings.filter((f) => f.fixWithheld).length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.effects?.some((e) => e.changed)).length).toBeGreaterThan(0);
  });
  for (const c of all) {
    it(`${c.file}`, () => {
      expect(seen(c.design, {})).toBe(seen(c.design, { verifyScope: 'whole' }));
    });
  }
  it('deferred checks agree too (the studio keystroke)', () => {
    for (const c of generated) {
      const later = withVerifiedFixes(lint(c.design, { verifyFixes: 'defer' }));
      expect(JSON.stringify(later.findings)).toBe(seen(c.design, { verifyScope: 'whole' }));
    }
  });
  it('on generated designs of 0-3 tables', () => {
    fc.assert(
      fc.property(validDesign, (d) => {
        expect(seen(d, {})).toBe(seen(d, { verifyScope: 'whole' }));
      }),
      { numRuns: 100 },
    );
  });
});

describe('editOf', () => {
  const d = generated[0]!.design;
  const edit = (i: number, f: (t: Design['tables'][number]) => Design['tables'][number]) => ({ ...d, tables: d.tables.map((t, j) => (j === i ? f(t) : t)) });
  it('names the tables whose objects changed, and whether a name did', () => {
    expect(
      editOf(
        d,
        edit(3, (t) => ({ ...t, description: 'x' })),
      ),
    ).toEqual({ tables: [3], changed: [3], namesChanged: false });
    expect(
      editOf(
        d,
        edit(5, (t) => ({ ...t, name: 'renamed' })),
      ),
    ).toEqual({ tables: [5], changed: [5], namesChanged: true });
  });
  it('an added table is changed; a removed one, or a change outside tables, needs the whole lint', () => {
    expect(editOf(d, { ...d, tables: [...d.tables, d.tables[0]!] })).toEqual({ tables: [24], changed: [24], namesChanged: true });
    expect(editOf(d, { ...d, tables: d.tables.slice(1) })).toBeNull();
    expect(editOf(d, { ...d, cluster: { nodes: 3 } })).toBeNull();
  });
  it('a table that names an edited table (servedBy, writtenWith) is linted again with it', () => {
    const named = { ...d, tables: d.tables.map((t, j) => (j === 7 ? ({ ...t, writtenWith: 't2' } as typeof t) : t)) };
    expect(editOf(named, { ...named, tables: named.tables.map((t, j) => (j === 2 ? { ...t, description: 'x' } : t)) })?.tables).toEqual([2, 7]);
  });
});

describe("a rule's crossTable names every other table whose findings an edit may change", () => {
  // Four shapes over 12 tables; each edit moves a table to another shape, renames it, or adds one.
  const shapes = ['same', 'varied'] as const;
  const base = load(manyTablesYaml(12, 'same'));
  const shaped = { ...base, tables: base.tables.map((t, i) => (i % 3 === 0 ? load(manyTablesYaml(12, shapes[1])).tables[i]! : t)) };
  const rules = RULES.filter((r) => typeof r.meta.crossTable === 'function');
  const byTable = (d: Design, id: string) => {
    const m = new Map<number, string[]>();
    for (const f of lint(d, { verifyFixes: false }).findings)
      if (f.rule === id && typeof f.path[1] === 'number') m.set(f.path[1], [...(m.get(f.path[1]) ?? []), JSON.stringify(f)]);
    return m;
  };
  it('similar-tables declares one', () => {
    expect(rules.map((r) => r.meta.id)).toContain('similar-tables');
  });
  const edits: [string, (d: Design) => Design][] = [];
  for (let k = 0; k < 12; k++) {
    edits.push([`table ${k} takes the shape of table 1`, (d) => ({ ...d, tables: d.tables.map((t, j) => (j === k ? { ...d.tables[1]!, name: t.name } : t)) })]);
    edits.push([`table ${k} takes the shape of table 3`, (d) => ({ ...d, tables: d.tables.map((t, j) => (j === k ? { ...d.tables[3]!, name: t.name } : t)) })]);
    edits.push([`table ${k} renamed`, (d) => ({ ...d, tables: d.tables.map((t, j) => (j === k ? { ...t, name: `${t.name}x` } : t)) })]);
  }
  edits.push(['a table added like table 0', (d) => ({ ...d, tables: [...d.tables, { ...d.tables[0]!, name: 'added' }] })]);
  for (const [what, f] of edits) {
    it(what, () => {
      const after = f(shaped);
      const edit = editOf(shaped, after)!;
      for (const r of rules) {
        const cross = r.meta.crossTable as (b: Design, a: Design, c: readonly number[]) => Iterable<number>;
        const may = new Set([...edit.changed, ...cross(shaped, after, edit.changed)]);
        const was = byTable(shaped, r.meta.id);
        const now = byTable(after, r.meta.id);
        for (const ti of new Set([...was.keys(), ...now.keys()])) if (!may.has(ti)) expect(now.get(ti), `${r.meta.id} on table ${ti}`).toEqual(was.get(ti));
      }
    });
  }
});
