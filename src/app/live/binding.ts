// Keeps one design doc of the store and one room's Y.Text (the design as YAML) in step:
// - the store changed here (a form edit, typing, a fix, an import into this doc): the change
//   goes into the Y.Text as line edits (code/textEdits.ts), with this binding as the origin, so
//   the room's undo manager tracks it as this person's;
// - the Y.Text changed otherwise (another person, this person's undo, IndexedDB): the store
//   takes the new text without an undo step; text that is not a valid design shows as today's
//   invalid draft, with positions. Typing in the code view not yet handed to the store is put
//   into the room first, at the place the remote change moved it to, so nothing typed is lost.
// - a view link: the room never takes a change from here; the store goes back to the room's text.
import * as Y from 'yjs';
import { lineEdits, type TextEdit } from '../code/textEdits';
import { designText, docText } from '../documents/docs';
import { model } from '../model';
import { mergeFormEdit } from './merge';
import type { StudioStore } from '../store';
import { readPendingTyping } from './live-state';

export interface DocBinding {
  undoManager: Y.UndoManager;
  /** The origin of every change this binding makes to the Y.Text. */
  origin: object;
  dispose(): void;
}

type Delta = { insert?: unknown; delete?: number; retain?: number }[];

/** Where offset `at` of the text before `delta` is after it (`assoc` -1 keeps it before an insertion at that place). */
export function mapThrough(delta: Delta, at: number, assoc: -1 | 1): number {
  let oldPos = 0;
  let shift = 0;
  for (const op of delta) {
    if (op.retain !== undefined) {
      if (oldPos + op.retain > at) break;
      oldPos += op.retain;
    } else if (op.insert !== undefined) {
      const n = typeof op.insert === 'string' ? op.insert.length : 1;
      if (oldPos === at && assoc < 0) break;
      shift += n;
    } else if (op.delete !== undefined) {
      if (oldPos + op.delete > at) {
        shift -= at - oldPos;
        break;
      }
      oldPos += op.delete;
      shift -= op.delete;
    }
  }
  return at + shift;
}

/** Applies edits (offsets of the text before, ascending, non-overlapping) to a Y.Text, last first. */
function applyToY(text: Y.Text, edits: readonly TextEdit[]): void {
  for (const e of [...edits].sort((a, b) => b.start - a.start)) {
    if (e.end > e.start) text.delete(e.start, e.end - e.start);
    if (e.text) text.insert(e.start, e.text);
  }
}

/** Whether `text` loads to the design whose canonical YAML is `canonical`. */
function saysExactly(text: string, canonical: string): boolean {
  const r = model().loadDesign(text, 'live.yaml');
  return r.ok && designText(r.design) === canonical;
}

export interface BindOptions {
  readOnly: () => boolean;
  /** Called when a view link's change is put back. */
  onRefused?: () => void;
  /** Sharing: an empty room takes the doc's text. Joining (false): the doc waits for the room's text, and never writes its own placeholder into the room. */
  share: boolean;
  /** Typing not yet handed to the store (default: the code view's, live-state.ts). */
  pendingTyping?: () => string | null;
}

export function bindDoc(store: StudioStore, docId: string, text: Y.Text, opts: BindOptions): DocBinding {
  const pending = opts.pendingTyping ?? (() => readPendingTyping(docId));
  const origin = { binding: docId };
  const ydoc = text.doc!;
  /** The text the store and the room last agreed on. */
  let synced = text.toString();
  let applying = false;

  const toStore = (t: string) => {
    synced = t;
    applying = true;
    try {
      store.getState().applyRemoteText(docId, t);
    } finally {
      applying = false;
    }
  };

  const observer = (event: Y.YTextEvent, tr: Y.Transaction) => {
    if (tr.origin === origin) return;
    const typed = opts.readOnly() ? null : pending();
    if (typed !== null && typed !== synced) {
      const delta = event.delta as Delta;
      const edits = lineEdits(synced, typed).map((e) => {
        const start = mapThrough(delta, e.start, 1);
        return { start, end: Math.max(start, mapThrough(delta, e.end, -1)), text: e.text };
      });
      ydoc.transact(() => applyToY(text, edits), origin);
    }
    toStore(text.toString());
  };
  text.observe(observer);

  const unsubscribe = store.subscribe((s, prev) => {
    if (applying) return;
    const doc = s.docs[docId];
    if (!doc || doc === prev.docs[docId]) return;
    const t = docText(doc);
    if (t === synced) return;
    if (opts.readOnly()) {
      opts.onRefused?.();
      toStore(synced);
      return;
    }
    const current = text.toString();
    // A form edit (the doc has no text of its own now): change only the lines it changed, keeping
    // the room's comments, layout and other people's lines, if that says exactly the new design.
    const before = prev.docs[docId];
    let target = t;
    if (doc.text === undefined && before) {
      const merged = mergeFormEdit(current, designText(before.design), t);
      if (merged !== null && merged !== t && saysExactly(merged, t)) target = merged;
    }
    const edits = lineEdits(current, target);
    synced = target;
    ydoc.transact(() => applyToY(text, edits), origin);
    if (target !== t) toStore(target);
  });

  // First sight: a room's text wins over the doc; an empty room takes the doc's when sharing.
  const first = store.getState().docs[docId];
  if (text.length === 0 && first && opts.share && !opts.readOnly()) {
    synced = docText(first);
    ydoc.transact(() => text.insert(0, synced), origin);
  } else if (text.length > 0) toStore(text.toString());

  const undoManager = new Y.UndoManager(text, { trackedOrigins: new Set([origin]), captureTimeout: 600 });
  undoManager.clear();
  return {
    undoManager,
    origin,
    dispose() {
      text.unobserve(observer);
      unsubscribe();
      undoManager.destroy();
    },
  };
}
