// analyzeEdit analyses only the tables an edit reaches (the edited ones and those that name them:
// writtenWith, servedBy, the views over them) and keeps the rest; these tests hold it to a whole
// analyze() of the edited design, on generated designs with links and views and on the examples,
// with the inherited loads (declaredWrites) as a whole analysis sets them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullDesign } from '../../test-support/design-extras';
import { exampleDesigns } from '../../test-support/examples';
import type { Design, Table } from '../model/schema';
import { editOf } from '../rules/engine/incremental';
import { analyze, analyzeEdit, declaredWrites, type DesignAnalysis } from './design';

/** An analysis as text: Maps and Sets as lists, the lazily filled charset left out. */
const text = (a: DesignAnalysis) =>
  JSON.stringify(a, (k, v: unknown) => (k === 'charsetCache' ? undefined : v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));

/** The key's fields in the other order, joined by '#'. */
const reversedTemplate = (t: Table) =>
  Object.keys(t.rowKey.fields)
    .reverse()
    .map((n) => `{${n}}`)
    .join('#');

type TableEdit = (t: Table, d: Design, pick: number) => Table;
const other = (d: Design, pick: number) => d.tables[pick % d.tables.length]!.name;
const EDITS: [string, TableEdit][] = [
  ['the writes tripled', (t) => ({ ...t, load: { ...(t.load ?? {}), writesPerSecond: (t.load?.writesPerSecond ?? 10) * 3 } })],
  ['no load', ({ load: _load, ...t }) => t],
  ['renamed', (t) => ({ ...t, name: `${t.name}_r` })],
  ['written with another table', (t, d, pick) => ({ ...t, writtenWith: other(d, pick) })],
  ['no longer written with one', ({ writtenWith: _w, ...t }) => t],
  ['a query served by another table', (t, d, pick) => ({ ...t, queries: (t.queries ?? []).map((q, i) => (i === 0 ? { ...q, servedBy: other(d, pick) } : q)) })],
  ['the key order reversed', (t) => ({ ...t, rowKey: { ...t.rowKey, template: reversedTemplate(t) } })],
];

/** `d` with table `ti` edited (or, for kind = EDITS.length, a copy of it added). */
function edited(d: Design, kind: number, ti: number, pick: number): { after: Design; changed: number[] } {
  if (kind === EDITS.length)
    return { after: { ...d, tables: [...d.tables, { ...d.tables[ti]!, name: `${d.tables[ti]!.name}_copy` }] }, changed: [d.tables.length] };
  const t = EDITS[kind]![1](d.tables[ti]!, d, pick);
  return { after: { ...d, tables: d.tables.map((x, j) => (j === ti ? t : x)) }, changed: [ti] };
}

function agrees(d: Design, kind: number, ti: number, pick: number): void {
  const before = analyze(d);
  const { after, changed } = edited(d, kind, ti, pick);
  // Another design's analysis first: an edit's analysis sets every inherited load anew.
  analyze(edited(d, kind, (ti + 1) % d.tables.length, pick + 1).after);
  const quick = analyzeEdit(before, after, changed);
  const rates = after.tables.map((t) => JSON.stringify(declaredWrites(t)));
  const whole = analyze(after);
  expect(text(quick)).toBe(text(whole));
  expect(rates).toEqual(after.tables.map((t) => JSON.stringify(declaredWrites(t))));
  // As the lint engine calls it: with the tables editOf found the edit reaches.
  expect(text(analyzeEdit(before, after, changed, editOf(d, after)!.tables))).toBe(text(whole));
}

describe('analyzeEdit gives the analysis of analyze()', () => {
  it('on generated designs with writtenWith, servedBy and views', () => {
    let linked = 0;
    fc.assert(
      fc.property(fullDesign, fc.nat({ max: EDITS.length }), fc.nat(), fc.nat(), (d, kind, t, pick) => {
        if (!d.tables.length) return;
        if (d.tables.some((x) => x.writtenWith !== undefined || x.queries?.some((q) => q.servedBy !== undefined)) || d.materializedViews?.length) linked++;
        agrees(d, kind, t % d.tables.length, pick);
      }),
      { numRuns: 300 },
    );
    // Not vacuous: most generated designs link their tables or have views.
    expect(linked).toBeGreaterThan(100);
  });
  it('on the examples, every edit of every table', () => {
    for (const { design } of exampleDesigns())
      for (let kind = 0; kind <= EDITS.length; kind++) for (let ti = 0; ti < design.tables.length; ti++) agrees(design, kind, ti, ti + 1);
  });
  it('a chain of companions and served queries: an edit reaches the tables naming the tables naming it', () => {
    const table = (name: string, extra: Partial<Table>): Table => ({
      name,
      rowKey: { template: '{id}#{at}', fields: { id: { type: 'int', cardinality: 100 }, at: { type: 'int', distribution: 'sequential' } } },
      families: [{ name: 'f', gc: { maxVersions: 1 } }],
      ...extra,
    });
    const d: Design = {
      format: 'bigtable-studio/v1',
      name: 'chain',
      tables: [
        table('a', { load: { writesPerSecond: 50 } }),
        table('b', { writtenWith: 'a' }),
        table('c', { queries: [{ name: 'q', match: { id: 'eq', at: 'range' }, servedBy: 'b' }] }),
        table('d', {}),
      ],
    } as Design;
    for (let kind = 0; kind <= EDITS.length; kind++) for (let ti = 0; ti < d.tables.length; ti++) agrees(d, kind, ti, 3);
    // c's plan is on b's key, whose cardinality follows a's writes.
    const quick = analyzeEdit(analyze(d), edited(d, 0, 0, 0).after, [0]);
    expect(quick.tables[2]).not.toBe(analyze(d).tables[2]);
    expect(quick.tables[3]).toBe(analyze(d).tables[3]);
  });
});
