import { describe, expect, it } from 'vitest';
import { utf8 } from '../../core/keys/bytes';
import type { Design, Table } from '../../core/model/schema';
import { simulate } from '../../core/sim';
import { createStudioStore, selectCanUndo } from '../store';
import { normaliseBoundaries, tabletsFor, tabletsKey, type TabletSource } from './tablets-slice';

const tiny = {
  id: 'tiny',
  title: 'Tiny',
  summary: '',
  yaml: 'format: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}#{b}", fields: {a: {type: string}, b: {type: int, pad: 3}}}\n  - name: u\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n',
};

function setup() {
  let t = Date.UTC(2026, 0, 1, 14, 2, 0);
  const store = createStudioStore([tiny], { now: () => t, ready: true });
  store.getState().materializeExample('tiny');
  const s = () => store.getState();
  const table = (name = 't') => s().docs['tiny']!.design.tables.find((x) => x.name === name)!;
  const view = (name = 't') => tabletsFor(s().simTablets[tabletsKey('tiny', name)], s().docs['tiny']?.design, name);
  return { store, s, table, view, tick: (ms: number) => (t += ms) };
}

const starts = (...xs: string[]) => xs.map((x, i) => ({ start: utf8(x), label: x, readable: x, node: i % 3, writesPerSecond: 1 }));

function result(over: Partial<TabletSource> = {}): TabletSource {
  return {
    complete: true,
    pattern: 'hot-range',
    tabletRanges: starts('', 'g', 'n', 't'),
    params: { nodes: 3, storage: 'ssd', seconds: 600, seed: 7, writesPerSecond: 1000 },
    ...over,
  };
}

const withTemplate =
  (template: string) =>
  (d: Design): Design => ({
    ...d,
    tables: d.tables.map((t, i) => (i === 0 ? { ...t, rowKey: { ...t.rowKey, template } } : t)),
  });

describe('tablet boundaries shared by a simulation', () => {
  it('are none before any simulation', () => {
    const { view } = setup();
    expect(view()).toEqual({ status: 'none' });
  });

  it('publishes the start keys of every tablet but the first, in byte order, with the run that made them', () => {
    const { s, table, view } = setup();
    expect(s().publishTablets('tiny', table(), result())).toBe(true);
    const v = view();
    expect(v.status).toBe('current');
    if (v.status === 'none') return;
    expect(v.sim.boundaries.map((b) => new TextDecoder().decode(b))).toEqual(['g', 'n', 't']);
    expect(v.sim).toMatchObject({
      docId: 'tiny',
      table: 't',
      tablets: 4,
      pattern: 'hot-range',
      run: { nodes: 3, storage: 'ssd', seconds: 600, seed: 7, writesPerSecond: 1000 },
      finishedAt: Date.UTC(2026, 0, 1, 14, 2, 0),
    });
    // Another table of the design has none.
    expect(view('u')).toEqual({ status: 'none' });
  });

  it('is not a design edit: no undo step, the docs unchanged', () => {
    const { s, table } = setup();
    const docs = s().docs;
    s().publishTablets('tiny', table(), result());
    expect(s().docs).toBe(docs);
    expect(selectCanUndo(s())).toBe(false);
  });

  it('refuses a partial result', () => {
    const { s, table, view } = setup();
    expect(s().publishTablets('tiny', table(), result({ complete: false }))).toBe(false);
    expect(view()).toEqual({ status: 'none' });
  });

  it('keeps the latest run of a table', () => {
    const { s, table, view, tick } = setup();
    s().publishTablets('tiny', table(), result());
    tick(60_000);
    s().publishTablets('tiny', table(), result({ tabletRanges: starts('', 'm') }));
    const v = view();
    if (v.status === 'none') throw new Error('expected tablets');
    expect(v.sim.tablets).toBe(2);
    expect(v.sim.seq).toBe(2);
    expect(v.sim.finishedAt).toBe(Date.UTC(2026, 0, 1, 14, 3, 0));
  });

  it('marks them stale when the key template changes, and current again after undo', () => {
    const { s, table, view } = setup();
    s().publishTablets('tiny', table(), result());
    expect(s().editDesign('tiny', withTemplate('{b}#{a}'))).toEqual({ ok: true });
    expect(view().status).toBe('stale');
    s().undo();
    expect(view().status).toBe('current');
  });

  it('stay current when another table of the design changes', () => {
    const { s, table, view } = setup();
    s().publishTablets('tiny', table(), result());
    s().editDesign('tiny', (d) => ({ ...d, tables: d.tables.map((t) => (t.name === 'u' ? { ...t, name: 'v' } : t)) }));
    expect(view().status).toBe('current');
  });

  it('are stale when the simulated table is renamed away or deleted', () => {
    const { s, table, view } = setup();
    s().publishTablets('tiny', table(), result());
    s().editDesign('tiny', (d) => ({ ...d, tables: d.tables.filter((t) => t.name !== 't') }));
    expect(view().status).toBe('stale');
  });

  it('compare the table as data, so an equal copy (a text edit that changes nothing in it) stays current', () => {
    const { s, table } = setup();
    s().publishTablets('tiny', table(), result());
    const copy: Table = JSON.parse(JSON.stringify(table()));
    const design = { ...s().docs['tiny']!.design, tables: [copy] };
    expect(tabletsFor(s().simTablets[tabletsKey('tiny', 't')], design, 't').status).toBe('current');
  });

  it('normalise: distinct, non-empty, in unsigned byte order (not UTF-16 order)', () => {
    const keys = normaliseBoundaries(['b', '', '\u{1F600}', '\uFF01', 'a', 'b'].map(utf8));
    expect(keys.map((k) => new TextDecoder().decode(k))).toEqual(['a', 'b', '\uFF01', '\u{1F600}']);
  });

  it('take a real simulation result as it comes from the simulator', () => {
    const { s, table, view } = setup();
    const r = simulate(table(), { nodes: 3, seconds: 60, writesPerSecond: 20_000, seed: 3, samples: 3000 });
    expect(r.tablets).toBeGreaterThan(1);
    s().publishTablets('tiny', table(), r);
    const v = view();
    if (v.status === 'none') throw new Error('expected tablets');
    expect(v.sim.tablets).toBe(r.tablets);
    expect(v.sim.boundaries.map((b) => Array.from(b))).toEqual(r.tabletRanges.slice(1).map((x) => Array.from(x.start)));
  });
});
