// The studio's one store, built from typed slices (zustand's slices pattern). Actions are
// plain functions on the state, callable outside React (`useStudio.getState().applyRoute`).
// Derived data (example keys, sample keys) is computed in components from the design and is
// not stored: it is cheap now, and keeping it out keeps persistence and undo simple later.
//
// What each key is for, and where it will live once persistence and links arrive:
//   designs        - session only for now (from the gallery); later saved locally.
//   view, openDesignId, selectedTable - come from the URL hash (routing.ts), never saved.
import { create, type StateCreator } from 'zustand';
import { loadDesign, type DesignIssue } from '../core/model/load';
import type { Design } from '../core/model/schema';
import { GALLERY } from './gallery';
import type { Route } from './routing';

export interface GallerySource {
  id: string;
  title: string;
  summary: string;
  yaml: string;
}

/** A design the studio knows, with the outcome of loading its text. */
export type DesignEntry = {
  id: string;
  title: string;
  summary: string;
  /** The name used in issue positions (`iot-telemetry.yaml:12:5`). */
  file: string;
  source: string;
} & ({ ok: true; design: Design } | { ok: false; issues: DesignIssue[] });

export type View = 'gallery' | 'design' | 'notFound';

export interface DesignsSlice {
  designs: DesignEntry[];
  /** Replaces the list with these sources, each loaded (parsed and validated) once. */
  setDesignSources(sources: readonly GallerySource[]): void;
}

export interface NavigationSlice {
  view: View;
  openDesignId: string | null;
  /** The table named in the URL; null means "the design's first table". */
  selectedTable: string | null;
  applyRoute(route: Route): void;
}

export type StudioState = DesignsSlice & NavigationSlice;

export function loadEntry(src: GallerySource): DesignEntry {
  const file = `${src.id}.yaml`;
  const base = { id: src.id, title: src.title, summary: src.summary, file, source: src.yaml };
  const result = loadDesign(src.yaml, file);
  return result.ok ? { ...base, ok: true, design: result.design } : { ...base, ok: false, issues: result.issues };
}

const designsSlice: StateCreator<StudioState, [], [], DesignsSlice> = (set) => ({
  designs: [],
  setDesignSources: (sources) => set({ designs: sources.map(loadEntry) }),
});

const navigationSlice: StateCreator<StudioState, [], [], NavigationSlice> = (set) => ({
  view: 'gallery',
  openDesignId: null,
  selectedTable: null,
  applyRoute: (route) => {
    switch (route.view) {
      case 'gallery':
        set({ view: 'gallery', openDesignId: null, selectedTable: null });
        return;
      case 'design':
        set({ view: 'design', openDesignId: route.designId, selectedTable: route.table });
        return;
      case 'notFound':
        set({ view: 'notFound', openDesignId: null, selectedTable: null });
        return;
      default:
        assertNever(route);
    }
  },
});

function assertNever(x: never): never {
  throw new Error(`unexpected route ${JSON.stringify(x)}`);
}

export function createStudioStore(sources: readonly GallerySource[] = GALLERY) {
  const store = create<StudioState>()((...a) => ({ ...designsSlice(...a), ...navigationSlice(...a) }));
  store.getState().setDesignSources(sources);
  return store;
}

export const useStudio = createStudioStore();

// Selectors: each returns a value already held in the state, so references stay stable.
export const selectOpenEntry = (s: StudioState): DesignEntry | undefined =>
  s.openDesignId === null ? undefined : s.designs.find((d) => d.id === s.openDesignId);
