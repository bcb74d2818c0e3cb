import { describe, expect, it } from 'vitest';
import type { Design } from '../../core/model/schema';
import { docText } from '../documents/docs';
import { createStudioStore } from '../store';
import { docKey, LEGACY_KEY, MANIFEST_KEY, migrateLegacy, readManifest, sessionKey, STORAGE_VERSION, type Manifest } from './format';
import { startPersistence } from './index';
import { memoryKV, quotaError, type MemoryKV } from './kv';
import type { Channel, SyncMessage } from './saver';

const TEXT =
  'format: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}#{b}", fields: {a: {type: string}, b: {type: int, pad: 3}}}\n';
const tiny = { id: 'tiny', title: 'Tiny', summary: '', yaml: TEXT };

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Channels that deliver to every other channel of the same hub, like BroadcastChannel. */
function hub() {
  const listeners = new Set<(m: SyncMessage) => void>();
  return (): Channel => {
    let mine: ((m: SyncMessage) => void) | null = null;
    return {
      post: (msg) => {
        for (const l of listeners) if (l !== mine) queueMicrotask(() => l(structuredClone(msg)));
      },
      listen: (fn) => {
        mine = fn;
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    };
  };
}

async function tab(kv: MemoryKV, opts: { sessionId?: string; channel?: Channel | null; tabId?: string } = {}) {
  const store = createStudioStore([tiny]);
  const handle = await startPersistence(store, { kv, win: null, channel: opts.channel ?? null, sessionId: opts.sessionId ?? 's1', tabId: opts.tabId ?? 'tab' });
  return { store, s: () => store.getState(), handle };
}

const renameTable =
  (name: string) =>
  (d: Design): Design => ({ ...d, tables: d.tables.map((t, i) => (i === 0 ? { ...t, name } : t)) });

describe('migrating older saved formats', () => {
  it('reads v0 (texts, no version) into docs', () => {
    const m = migrateLegacy({ designs: [{ id: 'a', yaml: TEXT, title: 'A' }, { id: 7 }] }, 5);
    expect(m).toEqual({ ok: true, from: 0, value: { docs: [{ id: 'a', text: TEXT, updatedAt: 5 }], order: ['a'] } });
  });

  it('reads v1 (one record with order and hash) into docs', () => {
    const m = migrateLegacy(
      { version: 1, order: ['b', 'a'], docs: { a: { id: 'a', text: TEXT, updatedAt: 1 }, b: { id: 'b', text: TEXT } }, hash: '#/design/a' },
      9,
    );
    expect(m.ok && m.value).toEqual({
      docs: [
        { id: 'a', text: TEXT, updatedAt: 1 },
        { id: 'b', text: TEXT, updatedAt: 9 },
      ],
      order: ['b', 'a'],
      hash: '#/design/a',
    });
  });

  it('says so for a newer or unreadable format instead of guessing', () => {
    expect(migrateLegacy({ version: 9 }, 0)).toMatchObject({ ok: false, reason: 'newer' });
    expect(migrateLegacy('junk', 0)).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('converts a v1 store to the current format on start, then drops the old record', async () => {
    const kv = memoryKV({ [LEGACY_KEY]: { version: 1, order: ['a'], docs: { a: { id: 'a', text: TEXT, updatedAt: 1 } } } });
    const { s } = await tab(kv);
    expect(s().docOrder).toEqual(['a']);
    expect(s().docs['a']!.text).toBe(TEXT);
    const m = readManifest(kv.data.get(MANIFEST_KEY))!;
    expect(m.version).toBe(STORAGE_VERSION);
    expect(kv.data.has(docKey('a', m.docs['a']!.rev))).toBe(true);
    expect(kv.data.has(LEGACY_KEY)).toBe(false);
  });

  it('keeps the old record when a design in it cannot be read, and names it', async () => {
    const kv = memoryKV({
      [LEGACY_KEY]: {
        designs: [
          { id: 'a', yaml: TEXT },
          { id: 'bad', yaml: 'name: [' },
        ],
      },
    });
    const { s } = await tab(kv);
    expect(s().docOrder).toEqual(['a']);
    expect(s().persist.problem?.message).toContain('bad');
    expect(kv.data.has(LEGACY_KEY)).toBe(true);
  });

  it('does not write over storage from a newer studio', async () => {
    const kv = memoryKV({ [MANIFEST_KEY]: { version: 99, order: [], docs: {}, savedAt: 0 } });
    const { s, handle } = await tab(kv);
    expect(s().persist.mode).toBe('readonly');
    s().newDesign();
    await handle.flush();
    expect(kv.data.get(MANIFEST_KEY)).toEqual({ version: 99, order: [], docs: {}, savedAt: 0 });
  });
});

describe('autosave', () => {
  it('saves every change and restores designs and the session undo history on reload', async () => {
    const kv = memoryKV();
    const a = await tab(kv);
    a.s().applyRoute({ view: 'design', designId: 'tiny', table: null });
    a.s().editDesign('tiny', renameTable('events'), { label: 'Rename table' });
    const id = a.s().newDesign();
    await a.handle.flush();
    expect(a.s().persist.mode).toBe('saved');

    const b = await tab(kv);
    expect(b.s().docOrder).toEqual(['tiny', id]);
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('events');
    expect(b.s().history.past.map((e) => e.label)).toEqual(['Rename table', 'New design']);
    b.s().undo();
    b.s().undo();
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('t');

    const other = await tab(kv, { sessionId: 'another' });
    expect(other.s().history.past).toEqual([]);
  });

  it('writes the undo history in the same transaction as the design: a reload before the session timer keeps every step', async () => {
    const kv = memoryKV();
    let t = 10_000;
    const store = createStudioStore([tiny], { now: () => t });
    const handle = await startPersistence(store, { kv, win: null, channel: null, sessionId: 's1', tabId: 'tab', now: () => t });
    const s = () => store.getState();
    s().materializeExample('tiny');
    s().editDesign('tiny', renameTable('delta'), { label: 'Rename table', coalesceKey: 'rename' });
    await settle();
    t += 2000;
    s().editDesign('tiny', renameTable('epsilon'), { label: 'Rename table', coalesceKey: 'rename' });
    await settle(); // the design's save, not the session's 400 ms timer
    handle.stop();
    // The page goes now: storage as it is at this moment is what the reload reads.
    const b = await tab(memoryKV(Object.fromEntries(kv.data)));
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('epsilon');
    b.s().undo();
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('delta');
    b.s().redo();
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('epsilon');
  });

  it('saves a form edit as its design (no YAML made per keystroke) and typed text as typed', async () => {
    const kv = memoryKV();
    const a = await tab(kv);
    a.s().materializeExample('tiny');
    a.s().editDesign('tiny', renameTable('events'), { label: 'Rename table' });
    await a.handle.flush();
    const record = () => kv.data.get(docKey('tiny', (kv.data.get(MANIFEST_KEY) as Manifest).docs['tiny']!.rev)) as { text?: string; design: Design };
    expect(record().text).toBeUndefined();
    expect(record().design.tables[0]!.name).toBe('events');
    const b = await tab(kv);
    expect(b.s().docs['tiny']).toMatchObject({ textIssues: [], design: { tables: [{ name: 'events' }] } });
    expect(docText(b.s().docs['tiny']!)).toContain('name: events');

    const typed = `${docText(b.s().docs['tiny']!)}# typed by hand\n`;
    b.s().editText('tiny', typed);
    await b.handle.flush();
    expect(record().text).toBe(typed);
    expect((await tab(kv)).s().docs['tiny']!.text).toBe(typed);
  });

  it('keeps only the current revision of each design, and writes the new one before switching to it', async () => {
    const kv = memoryKV();
    const a = await tab(kv);
    a.s().materializeExample('tiny');
    await a.handle.flush();
    a.s().editDesign('tiny', renameTable('x'));
    await a.handle.flush();
    const docs = [...kv.data.keys()].filter((k) => k.startsWith('doc:'));
    expect(docs).toEqual([docKey('tiny', (kv.data.get(MANIFEST_KEY) as Manifest).docs['tiny']!.rev)]);
  });

  it('on a full disk: says so, keeps editing in memory, and leaves what was saved intact', async () => {
    const kv = memoryKV();
    const a = await tab(kv);
    a.s().materializeExample('tiny');
    await a.handle.flush();
    const saved = structuredClone([...kv.data.entries()].filter(([k]) => !k.startsWith('session')));

    kv.failWrites = quotaError();
    a.s().editDesign('tiny', renameTable('lost'));
    await a.handle.flush();
    expect(a.s().persist).toMatchObject({ mode: 'memory', problem: { kind: 'quota' } });
    expect(a.s().docs['tiny']!.design.tables[0]!.name).toBe('lost');
    expect([...kv.data.entries()].filter(([k]) => !k.startsWith('session'))).toEqual(saved);

    kv.failWrites = null;
    a.s().editDesign('tiny', renameTable('kept'));
    await a.handle.flush();
    expect(a.s().persist).toMatchObject({ mode: 'saved', problem: null });
    const b = await tab(kv);
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('kept');
  });

  it('without storage: editing continues in memory with a clear problem', async () => {
    const store = createStudioStore([tiny]);
    await startPersistence(store, { kv: null, win: null, channel: null });
    expect(store.getState().persist).toMatchObject({ mode: 'memory', problem: { kind: 'unavailable' } });
    store.getState().newDesign();
    expect(store.getState().docOrder).toHaveLength(1);
  });
});

/** Tab A with the example `tiny` saved, then tab B opened on the same storage (its own session). */
async function twoTabs() {
  const kv = memoryKV();
  const channel = hub();
  const a = await tab(kv, { channel: channel(), tabId: 'A' });
  a.s().materializeExample('tiny');
  await a.handle.flush();
  const b = await tab(kv, { channel: channel(), tabId: 'B', sessionId: 's2' });
  return { kv, a, b };
}

describe('two tabs on one design', () => {
  it('a tab that has not edited the design follows the other tab', async () => {
    const { a, b } = await twoTabs();
    a.s().editDesign('tiny', renameTable('from-a'));
    await a.handle.flush();
    await settle();
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('from-a');
    expect(b.s().conflicts).toEqual({});
  });

  it('a tab with its own edits is asked, never overwritten; "keep mine" forks a copy', async () => {
    const { kv, a, b } = await twoTabs();
    b.s().editDesign('tiny', renameTable('from-b'));
    await b.handle.flush();
    await settle();
    a.s().editDesign('tiny', renameTable('from-a'));
    await a.handle.flush();
    await settle();
    expect(b.s().conflicts['tiny']).toEqual({ docId: 'tiny', kind: 'changed' });
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('from-b');

    // While the conflict is open, B's edits stay in memory: A's save is not overwritten.
    b.s().editDesign('tiny', renameTable('from-b-2'));
    await b.handle.flush();
    expect(readManifest(kv.data.get(MANIFEST_KEY))!.docs['tiny']!.by).toBe('A');

    const copy = await b.handle.resolve('tiny', 'fork');
    expect(b.s().docs[copy!]!.design.tables[0]!.name).toBe('from-b-2');
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('from-a');
    expect(b.s().conflicts).toEqual({});
    await b.handle.flush();
    const c = await tab(kv, { tabId: 'C', sessionId: 's3' });
    expect(c.s().docOrder).toEqual(['tiny', copy]);
  });

  it('detects a change it was not told about when it saves (compare-and-swap on the manifest)', async () => {
    const kv = memoryKV();
    const a = await tab(kv, { tabId: 'A' });
    a.s().materializeExample('tiny');
    await a.handle.flush();
    const b = await tab(kv, { tabId: 'B', sessionId: 's2' });
    a.s().editDesign('tiny', renameTable('from-a'));
    await a.handle.flush();
    b.s().editDesign('tiny', renameTable('from-b'));
    await b.handle.flush();
    expect(b.s().conflicts['tiny']?.kind).toBe('changed');
    const m = readManifest(kv.data.get(MANIFEST_KEY))!;
    expect(m.docs['tiny']!.by).toBe('A');
    await b.handle.resolve('tiny', 'reload');
    expect(b.s().docs['tiny']!.design.tables[0]!.name).toBe('from-a');
    expect(b.s().history.past).toEqual([]);
  });

  it('saves the session record under this tab session only', async () => {
    const kv = memoryKV();
    const a = await tab(kv, { sessionId: 'mine' });
    a.s().newDesign();
    await a.handle.flush();
    expect(kv.data.has(sessionKey('mine'))).toBe(true);
  });
});
