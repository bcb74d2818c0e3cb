// The store's public surface, agreed between the editor (forms, findings, persistence, undo)
// and the other views (YAML code view, key sorter, simulation). src/app/store.ts implements
// it; views import these types and `useStudio` from '../store' and never reach into internals.
import type { DesignIssue } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';

/** One design the user has, saved locally. */
export interface DesignDoc {
  id: string;
  /** The last valid design: what every view and the validator show. */
  design: Design;
  /**
   * The YAML text as the user last typed it (or as a file, an example or storage gave it).
   * Absent after a form edit, a fix or a share link: the text is then the design's generated
   * YAML, made only when something reads it (`docText` in documents/docs.ts), not per keystroke.
   */
  text?: string;
  /** Problems of `text` when it does not load; empty when `text` and `design` agree. */
  textIssues: DesignIssue[];
  /** A shared copy opened from a link, not yet saved to the user's designs. */
  shared?: boolean;
  updatedAt: number;
}

export type DesignView = 'form' | 'yaml' | 'sorter' | 'simulate' | 'diagram';

export interface EditOptions {
  /** The undo label ("Rename table", "Apply fix: …"). */
  label?: string;
  /** Consecutive edits with the same key within ~1 s merge into one undo step (typing, dragging). */
  coalesceKey?: string;
}

export interface StudioActions {
  /** A structured edit (forms, fixes): one undo step; drops `text` (generated from the new design when read). */
  editDesign(id: string, recipe: (d: Design) => Design, opts?: EditOptions): void;
  /** A text edit (code view): keeps the text; updates `design` only when the text loads. */
  editText(id: string, text: string, opts?: EditOptions): void;
  undo(): void;
  redo(): void;
  /** Focus a place in the design (from a finding): the form scrolls to it, the code view to its line. */
  reveal(id: string, path: (string | number)[]): void;
}

// ---- Added by the editor (additions only; the surface above is unchanged) ----

/** A place to focus, set by `reveal`: `seq` grows on every call so the same path can be revealed twice. */
export interface RevealTarget {
  docId: string;
  path: (string | number)[];
  seq: number;
}

/**
 * What views read from the store. Select narrowly, e.g.
 * `const doc = useStudio((s) => s.docs[docId])`, `useStudio((s) => s.revealTarget)`.
 */
export interface StudioDocsState {
  /** The user's designs by id (immutable values: an edit replaces the doc and the changed parts of its design). */
  docs: Record<string, DesignDoc>;
  /** Design ids in list order. */
  docOrder: string[];
  /** The latest `reveal` request, or null. */
  revealTarget: RevealTarget | null;
}
