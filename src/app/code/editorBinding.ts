// Keeps one Monaco editor and one design doc of the store in step, both ways:
// - typing: the text goes to the store with `editText` 150 ms after the last keystroke (and
//   at once on blur, undo or redo), always with the same coalesce key, so a burst of typing is
//   one undo step in the studio's history;
// - the store: when the doc's text changes for any other reason (a form edit, a fix, undo,
//   another tab), the editor gets line edits that turn its text into the store's (a line diff),
//   with executeEdits between undo stops: the cursor, selection, scroll and Monaco's own undo stack
//   survive. The loop is guarded twice: edits applied here are not sent back, and the store
//   answering our own editText finds the model already equal to its text, so it applies nothing;
// - markers: the text's issues or the design's findings (markers.ts), once the store has the
//   model's text; - reveal: the store's revealTarget for this doc scrolls to the path's line.
import type { editor as MonacoEditor } from 'monaco-editor';
import type { StudioState, StudioStore } from '../store';
import type { DesignDoc } from '../studio/contract';
import { docText } from '../documents/docs';
import { lineOf, marksFor, type MarkSeverity } from './markers';
import type { Monaco } from './monacoSetup';
import { lineEdits } from './textEdits';
import { setPendingTyping } from '../live/live-state';

export const TYPING_DEBOUNCE_MS = 150;
const MARKERS_DELAY_MS = 100;
export const MARKER_OWNER = 'bigtable-studio';

export interface Binding {
  /** Sends pending typing to the store now. */
  flush(): void;
  dispose(): void;
}

export interface BindOptions {
  /** Called with each text the store holds for the doc (e.g. to register the schema its modeline names). */
  onStoreText?(text: string): void;
}

export function bindEditor(editor: MonacoEditor.IStandaloneCodeEditor, monaco: Monaco, store: StudioStore, docId: string, options: BindOptions = {}): Binding {
  const model = editor.getModel();
  if (!model) throw new Error('the editor has no model');
  let applyingStoreText = false;
  let typingTimer: ReturnType<typeof setTimeout> | null = null;
  let markersTimer: ReturnType<typeof setTimeout> | null = null;
  let lastRevealSeq = -1;

  const severity = (s: MarkSeverity) =>
    s === 'error' ? monaco.MarkerSeverity.Error : s === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info;

  const flush = () => {
    if (typingTimer === null || model.isDisposed()) return;
    clearTimeout(typingTimer);
    typingTimer = null;
    store.getState().editText(docId, model.getValue(), { label: 'Edit YAML', coalesceKey: `text:${docId}` });
  };

  const applyStoreText = (text: string) => {
    options.onStoreText?.(text);
    // The store moved on (another tab, undo): its text wins over typing not yet sent.
    if (typingTimer !== null) {
      clearTimeout(typingTimer);
      typingTimer = null;
    }
    const edits = lineEdits(model.getValue(), text);
    if (edits.length === 0) return;
    const ops = edits.map((e) => {
      const from = model.getPositionAt(e.start);
      const to = model.getPositionAt(e.end);
      return { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: e.text };
    });
    applyingStoreText = true;
    try {
      editor.pushUndoStop();
      editor.executeEdits('studio-store', ops);
      editor.pushUndoStop();
    } finally {
      applyingStoreText = false;
    }
  };

  const updateMarkers = () => {
    markersTimer = null;
    const doc = store.getState().docs[docId];
    // Marks are placed on the store's text; wait until the model shows the same text.
    if (!doc || model.isDisposed() || docText(doc) !== model.getValue()) return;
    const marks = marksFor(docText(doc), doc.textIssues, doc.design);
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      marks.map((m) => {
        const line = Math.min(m.line, model.getLineCount());
        return {
          startLineNumber: line,
          startColumn: Math.min(m.column, model.getLineMaxColumn(line)),
          endLineNumber: line,
          endColumn: model.getLineMaxColumn(line),
          severity: severity(m.severity),
          message: m.message,
          source: m.source === 'design' ? 'design' : 'lint',
          code: m.source === 'design' ? undefined : m.source,
        };
      }),
    );
  };
  const scheduleMarkers = () => {
    if (markersTimer !== null) clearTimeout(markersTimer);
    markersTimer = setTimeout(updateMarkers, MARKERS_DELAY_MS);
  };

  const reveal = (s: StudioState) => {
    const target = s.revealTarget;
    if (!target || target.docId !== docId || target.seq === lastRevealSeq) return;
    lastRevealSeq = target.seq;
    flush();
    const text = model.getValue();
    const doc = store.getState().docs[docId];
    const at = lineOf(text, target.path, doc && doc.textIssues.length === 0 && docText(doc) === text ? doc.design : undefined);
    if (!at) return; // text that does not load has no map of paths to lines
    const pos = { lineNumber: at.line, column: at.column };
    editor.setPosition(pos);
    editor.revealLineInCenter(at.line);
    editor.focus();
  };

  // A live room merges typing not yet sent before it hands the store someone else's change.
  setPendingTyping(docId, () => (typingTimer !== null && !model.isDisposed() ? model.getValue() : null));
  const contentSub = model.onDidChangeContent(() => {
    if (applyingStoreText) return;
    if (typingTimer !== null) clearTimeout(typingTimer);
    typingTimer = setTimeout(flush, TYPING_DEBOUNCE_MS);
  });
  const blurSub = editor.onDidBlurEditorText(flush);

  // Undo and redo in the editor are the studio's: one history for forms and text.
  const undoAction = editor.addAction({
    id: 'studio.undo',
    label: 'Undo (studio history)',
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ],
    run: () => {
      flush();
      store.getState().undo();
    },
  });
  const redoAction = editor.addAction({
    id: 'studio.redo',
    label: 'Redo (studio history)',
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY],
    run: () => {
      flush();
      store.getState().redo();
    },
  });

  const unsubscribe = store.subscribe((s, prev) => {
    const doc: DesignDoc | undefined = s.docs[docId];
    const before = prev.docs[docId];
    if (doc && doc !== before) {
      if (!before || docText(doc) !== docText(before)) applyStoreText(docText(doc));
      scheduleMarkers();
    }
    if (s.revealTarget !== prev.revealTarget) reveal(s);
  });

  // First sight: the model may hold an older text (a model kept from an earlier mount).
  const initial = store.getState().docs[docId];
  if (initial) applyStoreText(docText(initial));
  updateMarkers();
  reveal(store.getState());

  return {
    flush,
    dispose() {
      if (!model.isDisposed()) flush();
      else if (typingTimer !== null) clearTimeout(typingTimer);
      unsubscribe();
      setPendingTyping(docId, null);
      contentSub.dispose();
      blurSub.dispose();
      undoAction.dispose();
      redoAction.dispose();
      if (markersTimer !== null) clearTimeout(markersTimer);
    },
  };
}

/** Puts the cursor at a 1-based line and column and shows it (issue list clicks). */
export function goTo(editor: MonacoEditor.IStandaloneCodeEditor, line: number, column: number): void {
  editor.setPosition({ lineNumber: line, column });
  editor.revealLineInCenter(line);
  editor.focus();
}
