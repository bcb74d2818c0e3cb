import { describe, expect, it } from 'vitest';
import type { Design } from '../core/model/schema';
import { GALLERY } from './gallery';
import { EXAMPLE_TEXTS } from './gallery-texts';
import { docFromText, docText } from './documents/docs';
import { createStudioStore, lazyEntry, selectCanRedo, selectCanUndo, selectOpenDoc } from './store';

const broken = {
  id: 'broken',
  title: 'Broken',
  summary: 'does not load',
  yaml: 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: strin}}}\n',
};
const tiny = {
  id: 'tiny',
  title: 'Tiny',
  summary: '',
  yaml: '# a comment the text keeps\nformat: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}#{b}", fields: {a: {type: string}, b: {type: int, pad: 3}}}\n',
};

/** A store with a hand-driven clock, storage already "read". */
function setup(sources = [tiny]) {
  let t = 1_000_000;
  const store = createStudioStore(sources, { now: () => t, ready: true });
  return { store, s: () => store.getState(), tick: (ms: number) => (t += ms) };
}

const renameTable =
  (name: string) =>
  (d: Design): Design => ({ ...d, tables: d.tables.map((t, i) => (i === 0 ? { ...t, name } : t)) });

describe('the studio store', () => {
  it('loads a gallery example on first use, once, with the outcome of loading it', () => {
    const good = lazyEntry(tiny);
    const bad = lazyEntry(broken);
    expect(good.title).toBe('Tiny');
    const first = good.ok ? good.design : null;
    expect(first?.tables[0]?.name).toBe('t');
    expect(good.ok && good.design).toBe(first); // loaded once: the same object again
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.issues[0]?.message).toMatch(/strin/);
    expect({ ...good }).toMatchObject({ id: 'tiny', ok: true, file: 'tiny.yaml' });
  });

  it('loads every gallery design without issues, as read-only sources', () => {
    const { gallery, docs } = createStudioStore().getState();
    expect(gallery.map((d) => d.id)).toEqual(GALLERY.map((g) => g.id));
    // The first screen's plain list and the texts that come with the design model name the same examples.
    expect(Object.keys(EXAMPLE_TEXTS).sort()).toEqual(GALLERY.map((g) => g.id).sort());
    for (const d of gallery) expect(d.source).toBe(EXAMPLE_TEXTS[d.id]);
    for (const d of gallery) expect(d.ok ? [] : d.issues).toEqual([]);
    expect(docs).toEqual({});
  });

  it('keeps a gallery design that fails to load, with positioned issues', () => {
    const [entry] = createStudioStore([broken]).getState().gallery;
    expect(entry?.ok).toBe(false);
    if (!entry || entry.ok) return;
    expect(entry.issues[0]).toMatchObject({ file: 'broken.yaml', line: 5 });
  });

  it('opening an example link makes the user a copy with the example text, without an undo step', () => {
    const { s } = setup();
    s().applyRoute({ view: 'design', designId: 'tiny', table: null });
    expect(s().docOrder).toEqual(['tiny']);
    expect(selectOpenDoc(s())?.text).toContain('# a comment the text keeps');
    expect(selectCanUndo(s())).toBe(false);
    s().applyRoute({ view: 'design', designId: 'nope', table: null });
    expect(s().docs['nope']).toBeUndefined();
  });

  it('waits for storage before copying an example, so a saved copy is not shadowed', () => {
    const store = createStudioStore([tiny]);
    store.getState().applyRoute({ view: 'design', designId: 'tiny', table: null });
    expect(store.getState().docs).toEqual({});
  });

  it('a form edit is one undo step and regenerates the text; undo and redo restore both', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const before = s().docs['tiny']!;
    expect(s().editDesign('tiny', renameTable('events'), { label: 'Rename table' })).toEqual({ ok: true });
    const after = s().docs['tiny']!;
    expect(after.design.tables[0]!.name).toBe('events');
    // No YAML is made by the edit itself: the text is generated when read.
    expect(after.text).toBeUndefined();
    expect(docText(after)).toContain('name: events');
    expect(docText(after)).not.toContain('# a comment');
    s().undo();
    expect(s().docs['tiny']!.design).toBe(before.design);
    expect(s().docs['tiny']!.text).toBe(before.text);
    expect(s().notice?.text).toBe('Undone: Rename table');
    s().redo();
    expect(s().docs['tiny']!.design).toBe(after.design);
  });

  it('rejects a form edit that would make the design invalid, and says why', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const r = s().editDesign('tiny', renameTable(''));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('tables[0].name');
    expect(s().docs['tiny']!.design.tables[0]!.name).toBe('t');
    expect(selectCanUndo(s())).toBe(false);
  });

  it('invalid text never destroys the last valid design', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const design = s().docs['tiny']!.design;
    s().editText('tiny', 'format: bigtable-studio/v1\nname: [');
    const doc = s().docs['tiny']!;
    expect(doc.design).toBe(design);
    expect(doc.text).toBe('format: bigtable-studio/v1\nname: [');
    expect(doc.textIssues.length).toBeGreaterThan(0);
    s().revertText('tiny');
    expect(s().docs['tiny']!.textIssues).toEqual([]);
    expect(docText(s().docs['tiny']!)).toContain('name: Tiny');
  });

  it('valid text updates the design and keeps unchanged tables identical', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const doc = s().docs['tiny']!;
    s().editText('tiny', docText(doc).replace('name: Tiny', 'name: Tiny 2'));
    const next = s().docs['tiny']!;
    expect(next.design.name).toBe('Tiny 2');
    expect(next.design.tables[0]).toBe(doc.design.tables[0]);
  });

  it('coalesces a typing burst with one key into one step, and starts a new one after a pause', () => {
    const { s, tick } = setup();
    s().materializeExample('tiny');
    for (const name of ['e', 'ev', 'eve', 'even', 'event']) {
      s().editDesign('tiny', renameTable(name), { coalesceKey: 'tiny:tables[0].name' });
      tick(300);
    }
    expect(s().history.past).toHaveLength(1);
    tick(1500);
    s().editDesign('tiny', renameTable('events'), { coalesceKey: 'tiny:tables[0].name' });
    expect(s().history.past).toHaveLength(2);
    s().undo();
    expect(s().docs['tiny']!.design.tables[0]!.name).toBe('event');
    s().undo();
    expect(s().docs['tiny']!.design.tables[0]!.name).toBe('t');
  });

  it('does not merge into a step after undo, even with the same key', () => {
    const { s, tick } = setup();
    s().materializeExample('tiny');
    s().editDesign('tiny', renameTable('a'), { coalesceKey: 'k' });
    tick(100);
    s().editDesign('tiny', renameTable('b'), { coalesceKey: 'k' });
    s().undo();
    s().editDesign('tiny', renameTable('c'), { coalesceKey: 'k' });
    s().undo();
    expect(s().docs['tiny']!.design.tables[0]!.name).toBe('t');
  });

  it('keeps redo across selection and navigation changes', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    s().editDesign('tiny', renameTable('x'));
    s().undo();
    s().applyRoute({ view: 'design', designId: 'tiny', table: 't', tab: 'yaml' });
    s().reveal('tiny', ['tables', 0, 'name']);
    s().applyRoute({ view: 'gallery' });
    expect(selectCanRedo(s())).toBe(true);
    s().redo();
    expect(s().docs['tiny']!.design.tables[0]!.name).toBe('x');
  });

  it('new, duplicate, rename and delete are undoable list operations', () => {
    const { s } = setup();
    const a = s().newDesign();
    expect(s().docs[a]!.design).toMatchObject({ name: 'Untitled design', tables: [] });
    const b = s().duplicateDesign(a)!;
    expect(s().docOrder).toEqual([a, b]);
    expect(s().docs[b]!.design.name).toBe('Untitled design (copy)');
    expect(s().renameDesign(b, 'Second').ok).toBe(true);
    s().deleteDesign(a);
    expect(s().docOrder).toEqual([b]);
    expect(s().notice).toMatchObject({ text: 'Deleted Untitled design', undo: true });
    s().undo();
    expect(s().docOrder).toEqual([a, b]);
    s().undo();
    expect(s().docs[b]!.design.name).toBe('Untitled design (copy)');
  });

  it('adds an imported design as a new doc, keeping the file text when it matches', () => {
    const { s } = setup();
    const text = tiny.yaml.replace('name: Tiny', 'name: Imported');
    const r = docFromText('x', text, 0);
    if (!r.ok) throw new Error('fixture');
    const id = s().addDesign(r.doc.design, { text });
    expect(s().docs[id]).toMatchObject({ text, textIssues: [] });
    const again = s().addDesign(r.doc.design, { text });
    expect(s().docs[again]!.design.name).toBe('Imported (2)');
    const design = r.doc.design;
    const shared = s().addDesign({ ...design, name: 'From a link' }, { shared: true });
    expect(s().docs[shared]!.shared).toBe(true);
    s().keepShared(shared);
    expect(s().docs[shared]!.shared).toBeUndefined();
  });

  it('opens a share link as an unsaved shared copy without an undo step, and keeps it under a new name as one', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const id = s().openShared(s().docs['tiny']!.design);
    expect(s().docs[id]).toMatchObject({ shared: true, design: { name: 'Tiny' } });
    expect(s().history.past).toHaveLength(0);
    s().keepShared(id, 'Tiny (2)');
    expect(s().docs[id]!.shared).toBeUndefined();
    expect(s().docs[id]!.design.name).toBe('Tiny (2)');
    expect(docText(s().docs[id]!)).toContain('name: Tiny (2)');
    expect(s().history.past.map((e) => e.label)).toEqual(['Save shared design']);
  });

  it('a fresh copy of an example gets its own id and a distinct name', () => {
    const { s } = setup();
    expect(s().openExample('tiny')).toBe('tiny');
    const copy = s().openExample('tiny', { fresh: true })!;
    expect(copy).not.toBe('tiny');
    expect(s().docs[copy]!.design.name).toBe('Tiny (2)');
  });

  it('replacing a doc from elsewhere forgets its undo steps but keeps the others', () => {
    const { s } = setup();
    s().materializeExample('tiny');
    const other = s().newDesign();
    s().editDesign('tiny', renameTable('x'));
    const theirs = { ...s().docs['tiny']!, text: s().docs['tiny']!.text + '\n' };
    s().replaceExternal({ tiny: theirs });
    expect(s().docs['tiny']).toBe(theirs);
    expect(s().history.past.map((e) => e.label)).toEqual(['New design']);
    s().undo();
    expect(s().docs[other]).toBeUndefined();
  });
});
