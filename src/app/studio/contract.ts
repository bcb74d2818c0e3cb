// The store's public surface, agreed between the editor (forms, findings, persistence, undo)
// and the other views (YAML code view, key sorter, simulation). src/app/store.ts implements
// it; views import these types and `useStudio` from '../store' and never reach into internals.
import type { DesignIssue } from '../../core/model/load';
import type { Design } from '../../core/model/schema';

/** One design the user has, saved locally. */
export interface DesignDoc {
  id: string;
  /** The last valid design: what every view and the validator show. */
  design: Design;
  /** The YAML text as the user last typed it (or as generated from the design after a form edit). */
  text: string;
  /** Problems of `text` when it does not load; empty when `text` and `design` agree. */
  textIssues: DesignIssue[];
  /** A shared copy opened from a link, not yet saved to the user's designs. */
  shared?: boolean;
  updatedAt: number;
}

export type DesignView = 'form' | 'yaml' | 'sorter' | 'simulate';

export interface EditOptions {
  /** The undo label ("Rename table", "Apply fix: …"). */
  label?: string;
  /** Consecutive edits with the same key within ~1 s merge into one undo step (typing, dragging). */
  coalesceKey?: string;
}

export interface StudioActions {
  /** A structured edit (forms, fixes): one undo step; regenerates `text` from the new design. */
  editDesign(id: string, recipe: (d: Design) => Design, opts?: EditOptions): void;
  /** A text edit (code view): keeps the text; updates `design` only when the text loads. */
  editText(id: string, text: string, opts?: EditOptions): void;
  undo(): void;
  redo(): void;
  /** Focus a place in the design (from a finding): the form scrolls to it, the code view to its line. */
  reveal(id: string, path: (string | number)[]): void;
}
