// The studio's one store, built from typed slices (zustand's slices pattern), no middleware.
// Actions are plain functions on the state, callable outside React
// (`useStudio.getState().editDesign(...)`). It implements the contract in studio/contract.ts.
//
// What each key is for, and where it lives:
//   gallery                         - the bundled examples, read only; never saved.
//   docs, docOrder                  - the user's designs: saved locally (persist/), undoable.
//   history                         - undo/redo steps: saved locally for this tab's session.
//   view, openDesignId, selectedTable, designTab - from the URL hash (routing.ts); the hash is
//                                     saved with the session so a reopened studio returns there.
//   revealTarget, notice, paletteOpen, linkError - transient UI state; never saved.
//   a doc with `shared: true`       - opened from a share link: in memory only until kept.
//   persist, conflicts              - what the persistence layer reports; never saved.
//   simTablets                      - tablet boundaries of the latest simulation per design and
//                                     table (sim/tablets-slice.ts), for the sorter; in memory only.
import { create, type StateCreator } from 'zustand';
import { model } from './model';
import { GALLERY } from './gallery';
import { designSegment, resolveSegment } from './documents/slugs';
import { setDesignSegments, type Route } from './routing';
import type { DesignView, StudioActions, StudioDocsState } from './studio/contract';
import { docsSlice, type DocsSlice } from './documents/docs-slice';
import type { DesignEntry, GallerySource } from './documents/gallery-entry';
import { tabletsSlice, type TabletsSlice } from './sim/tablets-slice';

export type { DesignEntry, GallerySource } from './documents/gallery-entry';
export type { EditResult } from './documents/docs-slice';
export type { SimulatedTablets, TabletsView } from './sim/tablets-slice';

export type View = 'loading' | 'gallery' | 'design' | 'notFound';

export interface NavigationSlice {
  view: View;
  openDesignId: string | null;
  /** The table named in the URL; null means "the design's first table". */
  selectedTable: string | null;
  designTab: DesignView;
  applyRoute(route: Route): void;
  reveal: StudioActions['reveal'];
}

export interface PersistStatus {
  /** loading: not yet read; saved/saving: in step with storage; memory: storage failed, edits kept in memory; readonly: a newer studio owns the storage. */
  mode: 'loading' | 'saving' | 'saved' | 'memory' | 'readonly';
  problem: null | { kind: 'unavailable' | 'quota' | 'newer' | 'error'; message: string };
  /** False when the undo history could not be saved (the designs may still be). */
  historySaved: boolean;
  /** The undo history has changes not yet written (a session save is scheduled or running). */
  historyPending?: boolean;
}

/** Another tab saved (or deleted) a design this tab has edited: the user picks reload or fork. */
export interface Conflict {
  docId: string;
  kind: 'changed' | 'deleted';
}

export interface Notice {
  text: string;
  seq: number;
  /** Offer an Undo button (after a delete). */
  undo?: boolean;
}

export interface UiSlice {
  persist: PersistStatus;
  conflicts: Record<string, Conflict>;
  notice: Notice | null;
  paletteOpen: boolean;
  /** The saved designs' names as stored, shown while they are read and checked (null once hydrated, or never read). */
  savedPreview: { id: string; name: string }[] | null;
  setSavedPreview(names: { id: string; name: string }[] | null): void;
  /** A share link that could not be opened (nothing was opened or changed). */
  linkError: { title: string; message: string } | null;
  setLinkError(e: { title: string; message: string } | null): void;
  setPersist(p: Partial<PersistStatus>): void;
  setConflict(id: string, c: Conflict | null): void;
  say(text: string, opts?: { undo?: boolean }): void;
  setPaletteOpen(open: boolean): void;
}

export interface GallerySlice {
  gallery: DesignEntry[];
}

export type StudioState = StudioDocsState & DocsSlice & NavigationSlice & UiSlice & GallerySlice & TabletsSlice;

/** An example's text: its own, or the bundled example's (which comes with the design model). */
const textOf = (src: GallerySource): string => src.yaml ?? model().EXAMPLE_TEXTS[src.id] ?? '';

export function loadEntry(src: GallerySource): DesignEntry {
  const file = `${src.id}.yaml`;
  const source = textOf(src);
  const base = { id: src.id, title: src.title, summary: src.summary, file, source };
  const result = model().loadDesign(source, file);
  return result.ok ? { ...base, ok: true, design: result.design } : { ...base, ok: false, issues: result.issues };
}

/**
 * An example whose text is read and loaded on first use of `source`, `ok`, `design` or `issues`, not at start:
 * the gallery's titles show before nine designs are parsed and validated (the gallery's render budget, bench/app.bench.mjs).
 */
export function lazyEntry(src: GallerySource): DesignEntry {
  let loaded: DesignEntry | undefined;
  const entry = { id: src.id, title: src.title, summary: src.summary, file: `${src.id}.yaml` };
  for (const key of ['source', 'ok', 'design', 'issues'] as const) {
    Object.defineProperty(entry, key, { enumerable: true, get: () => (loaded ??= loadEntry(src))[key as keyof DesignEntry] });
  }
  return entry as DesignEntry;
}

const navigationSlice: StateCreator<StudioState, [], [], NavigationSlice> = (set, get) => ({
  view: 'loading',
  openDesignId: null,
  selectedTable: null,
  designTab: 'form',
  applyRoute: (route) => {
    switch (route.view) {
      case 'gallery':
        set({ view: 'gallery', openDesignId: null, selectedTable: null, designTab: 'form' });
        return;
      case 'design': {
        const s = get();
        // A renamed design's address is its name's slug; its id (an old link) works too.
        const id = resolveSegment(s, route.designId) ?? route.designId;
        // A link to an example the user has no copy of yet opens a copy (not an undo step).
        if (!s.docs[id] && s.persist.mode !== 'loading') s.materializeExample(id);
        set({ view: 'design', openDesignId: id, selectedTable: route.table, designTab: route.tab ?? 'form' });
        return;
      }
      case 'notFound':
        set({ view: 'notFound', openDesignId: null, selectedTable: null, designTab: 'form' });
        return;
      default:
        assertNever(route);
    }
  },
  reveal: (docId, path) => set((s) => ({ revealTarget: { docId, path: [...path], seq: (s.revealTarget?.seq ?? 0) + 1 } })),
});

const uiSlice: StateCreator<StudioState, [], [], UiSlice> = (set) => ({
  persist: { mode: 'loading', problem: null, historySaved: true },
  conflicts: {},
  notice: null,
  paletteOpen: false,
  linkError: null,
  savedPreview: null,
  setSavedPreview: (names) => set({ savedPreview: names }),
  setLinkError: (e) => set({ linkError: e }),
  setPersist: (p) => set((s) => ({ persist: { ...s.persist, ...p } })),
  setConflict: (id, c) =>
    set((s) => {
      const conflicts = { ...s.conflicts };
      if (c) conflicts[id] = c;
      else delete conflicts[id];
      return { conflicts };
    }),
  say: (text, opts) => set((s) => ({ notice: { text, seq: (s.notice?.seq ?? 0) + 1, ...(opts?.undo ? { undo: true } : {}) } })),
  setPaletteOpen: (open) => set({ paletteOpen: open }),
});

function assertNever(x: never): never {
  throw new Error(`unexpected route ${JSON.stringify(x)}`);
}

export interface StoreOptions {
  /** The clock (coalescing windows, timestamps); tests pass a fake one. */
  now?: () => number;
  /** Start as if storage had been read (tests that do not exercise persistence). */
  ready?: boolean;
}

export function createStudioStore(sources: readonly GallerySource[] = GALLERY, options: StoreOptions = {}) {
  const now = options.now ?? Date.now;
  const gallery = sources.map(lazyEntry);
  const store = create<StudioState>()((...a) => ({
    ...docsSlice(now)(...a),
    ...navigationSlice(...a),
    ...uiSlice(...a),
    ...tabletsSlice(now)(...a),
    gallery,
  }));
  if (options.ready) store.getState().setPersist({ mode: 'saved' });
  return store;
}

export type StudioStore = ReturnType<typeof createStudioStore>;

export const useStudio = createStudioStore();
// Addresses name a renamed design by its name (documents/slugs.ts): every designHref asks this store.
setDesignSegments((id) => designSegment(useStudio.getState(), id));

// Selectors: each returns a value already held in the state, so references stay stable.
export const selectOpenDoc = (s: StudioState) => (s.openDesignId === null ? undefined : s.docs[s.openDesignId]);
export const selectCanUndo = (s: StudioState) => s.history.past.length > 0;
export const selectCanRedo = (s: StudioState) => s.history.future.length > 0;
export const selectUndoLabel = (s: StudioState) => s.history.past[s.history.past.length - 1]?.label ?? null;
export const selectRedoLabel = (s: StudioState) => s.history.future[s.history.future.length - 1]?.label ?? null;
