// The first screen before the design model (which the first paint must not wait for): storage is read without validating,
// the saved designs' names are handed to `beforeModel` (the gallery paints with them), and only
// then are the records checked and hydrated. A record that fails the check is still reported,
// never dropped from storage; a model that cannot be fetched changes nothing until it loads.
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../store';
import { docKey, LEGACY_KEY, MANIFEST_KEY, STORAGE_VERSION } from './format';
import { loadModel } from '../model';
import { startPersistence } from './index';
import { memoryKV } from './kv';
import { readSaved, savedNames } from './read-saved';

const TEXT =
  'format: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}#{b}", fields: {a: {type: string}, b: {type: int, pad: 3}}}\n';
const tiny = { id: 'tiny', title: 'Tiny', summary: '', yaml: TEXT };
const design = (name: string) => ({ format: 'bigtable-studio/v1', name, tables: [] });

function stored() {
  return memoryKV({
    [MANIFEST_KEY]: {
      version: STORAGE_VERSION,
      order: ['b', 'a', 'bad'],
      docs: { a: { rev: '1', updatedAt: 1, by: 't' }, b: { rev: '2', updatedAt: 2, by: 't' }, bad: { rev: '3', updatedAt: 3, by: 't' } },
      savedAt: 3,
    },
    [docKey('a', '1')]: { version: STORAGE_VERSION, id: 'a', design: design('Alpha'), updatedAt: 1 },
    [docKey('b', '2')]: {
      version: STORAGE_VERSION,
      id: 'b',
      design: design('Beta'),
      text: 'format: bigtable-studio/v1\nname: Beta\ntables: []\n',
      updatedAt: 2,
    },
    // Not a design the validator accepts (a table without a row key): reported, never dropped.
    [docKey('bad', '3')]: { version: STORAGE_VERSION, id: 'bad', design: { ...design('Broken'), tables: [{ name: 't' }] }, updatedAt: 3 },
  });
}

describe('reading saved designs before the design model', () => {
  it('hands the stored names, in the saved order, to the first screen before any doc is hydrated', async () => {
    const kv = stored();
    const store = createStudioStore([tiny]);
    const seen: { names: { id: string; name: string }[]; docs: number; mode: string }[] = [];
    await startPersistence(store, {
      kv,
      win: null,
      channel: null,
      sessionId: 's',
      tabId: 't',
      beforeModel: async (names) => {
        seen.push({ names, docs: Object.keys(store.getState().docs).length, mode: store.getState().persist.mode });
        store.getState().setSavedPreview(names);
      },
    });
    expect(seen).toEqual([
      {
        names: [
          { id: 'b', name: 'Beta' },
          { id: 'a', name: 'Alpha' },
          { id: 'bad', name: 'Broken' },
        ],
        docs: 0,
        mode: 'loading',
      },
    ]);
    const s = store.getState();
    expect(s.docOrder).toEqual(['b', 'a']);
    expect(s.savedPreview).toBeNull();
    expect(s.persist.problem).toMatchObject({ kind: 'error' });
    expect(s.persist.problem?.message).toContain('bad');
    expect(kv.data.has(docKey('bad', '3'))).toBe(true);
  });

  it('names designs of an older studio from their text, and an unnamed record by its id', async () => {
    const legacy = memoryKV({ [LEGACY_KEY]: { version: 1, order: ['x', 'y'], docs: { x: { id: 'x', text: TEXT }, y: { id: 'y', text: 'tables: []\n' } } } });
    expect(savedNames(await readSaved(legacy, 0))).toEqual([
      { id: 'x', name: 'Tiny' },
      { id: 'y', name: 'y' },
    ]);
    const odd = memoryKV({
      [MANIFEST_KEY]: { version: STORAGE_VERSION, order: [], docs: { q: { rev: '1', updatedAt: 0, by: '' } }, savedAt: 0 },
      [docKey('q', '1')]: { version: STORAGE_VERSION, id: 'q', design: { name: 7 }, updatedAt: 0 },
    });
    expect(savedNames(await readSaved(odd, 0))).toEqual([{ id: 'q', name: 'q' }]);
    expect(legacy.data.has(LEGACY_KEY)).toBe(true); // reading writes nothing
  });

  it('says when the design model cannot be fetched, changes nothing meanwhile, and goes on once a later try loads it', async () => {
    const kv = stored();
    const before = structuredClone([...kv.data]);
    const store = createStudioStore([tiny]);
    let tries = 0;
    const pauses: number[] = [];
    let retry = () => {};
    const paused = new Promise<void>((paused) => {
      retry = paused;
    });
    let resume = () => {};
    const started = startPersistence(store, {
      kv,
      win: null,
      channel: null,
      sessionId: 's',
      tabId: 't',
      loadModel: async () => {
        tries++;
        if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return loadModel();
      },
      pause: (ms) => {
        pauses.push(ms);
        retry();
        return new Promise<void>((r) => (resume = r));
      },
    });
    await paused;
    const s = store.getState();
    expect(s.persist.mode).toBe('loading'); // nothing can be created or saved over what is stored
    expect(s.persist.problem?.message).toMatch(/could not load .*Failed to fetch.*trying again.*untouched/);
    expect(s.docOrder).toEqual([]);
    expect([...kv.data]).toEqual(before);
    resume();
    const handle = await started;
    expect(tries).toBe(2);
    expect(pauses).toEqual([1000]);
    expect(store.getState().persist.problem?.message).toMatch(/^Some saved designs could not be read .*bad/); // the fetch's problem is gone
    expect(store.getState().docOrder).toEqual(['b', 'a']);
    await handle.flush();
  });
});
