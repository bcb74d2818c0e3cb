import { describe, expect, it } from 'vitest';
import { GALLERY } from './gallery';
import { createStudioStore, selectOpenEntry } from './store';

const broken = { id: 'broken', title: 'Broken', summary: 'does not load', yaml: 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: strin}}}\n' };

describe('the studio store', () => {
  it('loads every gallery design without issues', () => {
    const { designs } = createStudioStore().getState();
    expect(designs.map((d) => d.id)).toEqual(GALLERY.map((g) => g.id));
    for (const d of designs) expect(d.ok ? [] : d.issues).toEqual([]);
  });

  it('keeps a design that fails to load, with positioned issues', () => {
    const [entry] = createStudioStore([broken]).getState().designs;
    expect(entry?.ok).toBe(false);
    if (!entry || entry.ok) return;
    expect(entry.issues[0]).toMatchObject({ file: 'broken.yaml', line: 5 });
  });

  it('follows routes: gallery, design, table', () => {
    const store = createStudioStore([broken, ...GALLERY]);
    const { applyRoute } = store.getState();
    applyRoute({ view: 'design', designId: 'broken', table: 't' });
    expect(store.getState()).toMatchObject({ view: 'design', openDesignId: 'broken', selectedTable: 't' });
    expect(selectOpenEntry(store.getState())?.id).toBe('broken');
    applyRoute({ view: 'gallery' });
    expect(store.getState()).toMatchObject({ view: 'gallery', openDesignId: null, selectedTable: null });
    expect(selectOpenEntry(store.getState())).toBeUndefined();
  });
});
