// The designs slice of the store: the user's docs, their order, and undo history. Every change
// to docs goes through `commit`, which records one undo step (or merges into the last one when
// the coalesce key matches); changes from storage or another tab go through `replaceExternal`,
// which records none.
import type { StateCreator } from 'zustand';
import type { DesignIssue } from '../../core/load/load-design';
import { model } from '../model';
import type { Design } from '../../core/model/schema';
import { emptyHistory, forget, record, redo, undo, type History, type Snapshot } from '../commands/history';
import type { DesignDoc, EditOptions, StudioActions, StudioDocsState } from '../studio/contract';
import type { StudioState } from '../store';
import { rememberLocate } from './locate';
import { designSegment, fileNameOf } from './slugs';
import { liveHistory } from '../live/live-state';
import { blankDesign, checkDesign, docFromDesign, docFromText, docText, randomSuffix, reuseUnchanged, slug, uniqueId, uniqueName, withDesign } from './docs';

export type EditResult = { ok: true } | { ok: false; issues: DesignIssue[] };

export interface DocsSlice extends StudioDocsState, Omit<StudioActions, 'reveal'> {
  history: History;
  editDesign(id: string, recipe: (d: Design) => Design, opts?: EditOptions): EditResult;
  /** A new empty design; returns its id. */
  newDesign(name?: string): string;
  /**
   * Adds a design from elsewhere (an imported file, a share link) as a new doc, one undo step;
   * `text` keeps the file's own text when it loads to this design; `shared` marks a copy opened
   * from a link that is not saved until `keepShared`. Returns the new id.
   */
  addDesign(design: Design, opts?: { text?: string; shared?: boolean; label?: string }): string;
  /** A copy of a gallery example. `fresh`: always a new copy (an undo step); otherwise the user's copy with the example's id, made on first open. */
  openExample(galleryId: string, opts?: { fresh?: boolean }): string | null;
  /** Makes the user's copy of an example when a link names it (not an undo step). */
  materializeExample(id: string): boolean;
  duplicateDesign(id: string): string | null;
  renameDesign(id: string, name: string): EditResult;
  deleteDesign(id: string): void;
  /** Text that arrived from a live room: the doc takes it like a YAML edit, without an undo step (each person's undo is the room's, live/). */
  applyRemoteText(id: string, text: string): void;
  /** Replaces text that does not load with the text of the last valid design. */
  revertText(id: string): void;
  /** Saves a shared copy (opened from a link) to the user's designs, optionally under a new name (one undo step). */
  keepShared(id: string, name?: string): void;
  /** Shows a design from a share link as a shared copy: in memory only, no undo step, never saved until kept. */
  openShared(design: Design): string;
  /** This tab's version of a doc as a new design (after a conflict); returns its id. */
  forkDoc(id: string): string | null;
  /** Storage was read: the saved designs, their order and this session's history. */
  hydrate(state: { docs: DesignDoc[]; order: string[]; history?: History }): void;
  /** Docs changed elsewhere (storage, another tab): replaced without an undo step, and their steps forgotten. */
  replaceExternal(changes: Record<string, DesignDoc | null>): void;
}

function normalOrder(order: readonly string[], docs: Record<string, DesignDoc>): string[] {
  const seen = new Set<string>();
  const out = order.filter((id) => docs[id] && !seen.has(id) && seen.add(id));
  for (const id of Object.keys(docs)) if (!seen.has(id)) out.push(id);
  return out;
}

/** The docs state with a snapshot applied; `stamp` marks restored docs as changed now (undo, redo), null keeps them as given. */
function applySnapshot(s: StudioState, snap: Snapshot, stamp: number | null) {
  const docs = { ...s.docs };
  for (const [id, doc] of Object.entries(snap.docs)) {
    if (doc) docs[id] = stamp === null ? doc : { ...doc, updatedAt: stamp };
    else delete docs[id];
  }
  return { docs, docOrder: normalOrder(snap.order ?? s.docOrder, docs) };
}

export const docsSlice =
  (now: () => number): StateCreator<StudioState, [], [], DocsSlice> =>
  (set, get) => {
    /** One undoable change: the named docs (null deletes) and, optionally, a new order. */
    const commit = (label: string, key: string | undefined, changes: Record<string, DesignDoc | null>, order?: string[]) => {
      const s = get();
      const before: Snapshot = { docs: {} };
      const after: Snapshot = { docs: {} };
      for (const [id, doc] of Object.entries(changes)) {
        before.docs[id] = s.docs[id] ?? null;
        after.docs[id] = doc;
      }
      if (order) {
        before.order = s.docOrder;
        after.order = order;
      }
      const docs = { ...s.docs };
      for (const [id, doc] of Object.entries(changes)) {
        if (doc) docs[id] = doc;
        else delete docs[id];
      }
      set({ docs, docOrder: normalOrder(order ?? s.docOrder, docs), history: record(s.history, { label, key, before, after }, now()) });
    };
    /** `doc` holding `text`: its design when the text loads, else the last valid design and the text's issues. */
    const withText = (doc: DesignDoc, text: string): DesignDoc => {
      const r = model().loadDesign(text, fileNameOf(get(), doc.id));
      const design = r.ok ? reuseUnchanged(doc.design, r.design) : doc.design;
      if (r.ok) rememberLocate(design, text, r.locate); // the code view's markers read it, no second parse
      return r.ok ? { ...doc, design, text, textIssues: [], updatedAt: now() } : { ...doc, text, textIssues: r.issues, updatedAt: now() };
    };
    const taken = (id: string) => id in get().docs;
    const names = () => Object.values(get().docs).map((d) => d.design.name);
    const step = (kind: 'undo' | 'redo') => {
      const s = get();
      // In a live room each person undoes their own changes: the room's undo, not this history.
      const live = s.view === 'design' && s.openDesignId !== null ? liveHistory(s.openDesignId) : undefined;
      if (live) {
        if (live[kind]()) s.say(kind === 'undo' ? 'Undone: your last change in the live room' : 'Redone: your change in the live room');
        return;
      }
      const st = kind === 'undo' ? undo(s.history) : redo(s.history);
      if (!st) return;
      set({ ...applySnapshot(s, st.apply, now()), history: st.history });
      get().say(`${kind === 'undo' ? 'Undone' : 'Redone'}: ${st.label}`);
    };
    const addCopy = (label: string, base: string, design: Design) => {
      const id = uniqueId(`${slug(base)}-${randomSuffix()}`, taken);
      const doc = docFromDesign(id, { ...design, name: uniqueName(design.name, names()) }, now());
      commit(label, undefined, { [id]: doc }, [...get().docOrder, id]);
      return id;
    };

    return {
      docs: {},
      docOrder: [],
      revealTarget: null,
      history: emptyHistory(),

      editDesign: (id, recipe, opts) => {
        const doc = get().docs[id];
        if (!doc) return { ok: false, issues: [{ file: `${id}.yaml`, line: 1, column: 1, path: '', message: `there is no design ${id}` }] };
        const next = recipe(doc.design);
        if (next === doc.design) return { ok: true };
        const issues = checkDesign(next, designSegment(get(), id));
        if (issues.length) return { ok: false, issues };
        commit(opts?.label ?? 'Edit design', opts?.coalesceKey, { [id]: withDesign(doc, next, now()) });
        return { ok: true };
      },

      editText: (id, text, opts) => {
        const doc = get().docs[id];
        if (!doc || docText(doc) === text) return;
        commit(opts?.label ?? 'Edit YAML', opts?.coalesceKey ?? `text:${id}`, { [id]: withText(doc, text) });
      },

      applyRemoteText: (id, text) => {
        const doc = get().docs[id];
        if (!doc || docText(doc) === text) return;
        set((s) => ({ docs: { ...s.docs, [id]: withText(doc, text) } }));
      },

      undo: () => step('undo'),
      redo: () => step('redo'),

      newDesign: (name = 'Untitled design') => addCopy('New design', 'untitled', blankDesign(name)),

      addDesign: (given, opts = {}) => {
        const id = uniqueId(`${slug(given.name)}-${randomSuffix()}`, taken);
        // An import never takes the name of a design the user has: "Orders" becomes "Orders (2)".
        const name = opts.shared ? given.name : uniqueName(given.name, names());
        const design = name === given.name ? given : { ...given, name };
        const fromText = opts.text === undefined ? null : docFromText(id, opts.text, now());
        // The file's text (comments and all) when it says exactly this design; else generated text.
        const doc = fromText?.ok && reuseUnchanged(design, fromText.doc.design) === design ? { ...fromText.doc, design } : docFromDesign(id, design, now());
        commit(opts.label ?? (opts.shared ? 'Open shared design' : 'Import design'), undefined, { [id]: opts.shared ? { ...doc, shared: true } : doc }, [
          ...get().docOrder,
          id,
        ]);
        return id;
      },

      openExample: (galleryId, opts) => {
        const entry = get().gallery.find((g) => g.id === galleryId);
        if (!entry?.ok) return null;
        if (!opts?.fresh) return get().materializeExample(galleryId) || taken(galleryId) ? galleryId : null;
        return addCopy('Copy example', galleryId, entry.design);
      },

      materializeExample: (id) => {
        const entry = get().gallery.find((g) => g.id === id);
        if (!entry?.ok || taken(id)) return false;
        const r = docFromText(id, entry.source, now());
        if (!r.ok) return false;
        set((s) => ({ docs: { ...s.docs, [id]: r.doc }, docOrder: [...s.docOrder, id] }));
        return true;
      },

      duplicateDesign: (id) => {
        const doc = get().docs[id];
        return doc ? addCopy('Duplicate design', doc.design.name, { ...doc.design, name: `${doc.design.name} (copy)` }) : null;
      },

      renameDesign: (id, name) => get().editDesign(id, (d) => (d.name === name ? d : { ...d, name }), { label: 'Rename design', coalesceKey: `${id}:name` }),

      deleteDesign: (id) => {
        const s = get();
        const doc = s.docs[id];
        if (!doc) return;
        commit(
          `Delete ${doc.design.name}`,
          undefined,
          { [id]: null },
          s.docOrder.filter((d) => d !== id),
        );
        get().setConflict(id, null);
        get().say(`Deleted ${doc.design.name}`, { undo: true });
      },

      revertText: (id) => {
        const doc = get().docs[id];
        if (!doc || doc.textIssues.length === 0) return;
        commit('Discard YAML errors', undefined, { [id]: withDesign(doc, doc.design, now()) });
      },

      keepShared: (id, name) => {
        const doc = get().docs[id];
        if (!doc?.shared) return;
        const { shared: _shared, ...kept } = doc;
        const next = name && name !== doc.design.name ? docFromDesign(id, { ...doc.design, name }, now()) : { ...kept, updatedAt: now() };
        commit('Save shared design', undefined, { [id]: next });
      },

      openShared: (design) => {
        const id = uniqueId(`shared-${randomSuffix()}`, taken);
        set((s) => ({ docs: { ...s.docs, [id]: { ...docFromDesign(id, design, now()), shared: true } }, docOrder: [...s.docOrder, id] }));
        return id;
      },

      forkDoc: (id) => {
        const doc = get().docs[id];
        return doc ? addCopy('Keep my copy', doc.design.name, { ...doc.design, name: `${doc.design.name} (my copy)` }) : null;
      },

      hydrate: ({ docs, order, history }) => {
        const byId: Record<string, DesignDoc> = {};
        for (const d of docs) byId[d.id] = d;
        set({ docs: byId, docOrder: normalOrder(order, byId), history: history ?? emptyHistory(), savedPreview: null });
      },

      replaceExternal: (changes) => {
        const s = get();
        let history = s.history;
        for (const id of Object.keys(changes)) history = forget(history, id);
        set({ ...applySnapshot(s, { docs: changes }, null), history });
      },
    };
  };
