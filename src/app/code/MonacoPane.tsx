// The Monaco editor of one design, loaded lazily with everything Monaco needs (monacoSetup).
// The editor owns its text while mounted; editorBinding keeps it and the store in step.
import { Editor } from '@monaco-editor/react';
import type { editor as MonacoEditor } from 'monaco-editor';
import { useEffect, useState } from 'react';
import { useStudio } from '../store';
import { bindEditor, goTo } from './editorBinding';
import { aliasSchemaOf, modelUri, monaco } from './monacoSetup';
import type { TextFormat } from './textEdits';
import { docText } from '../documents/docs';

export interface EditorHandle {
  goTo(line: number, column: number): void;
  /** The editor's model (e2e tests set text through it, as a user's edit would arrive). */
  model(): MonacoEditor.ITextModel | null;
  /** The cursor (1-based), or null before the editor has one. */
  position(): { line: number; column: number } | null;
  /** Every marker on the model, from monaco-yaml and from the studio (owner MARKER_OWNER). */
  markers(): { owner: string; line: number; severity: 'error' | 'warning' | 'info' | 'hint'; message: string }[];
}

const SEVERITY = { 8: 'error', 4: 'warning', 2: 'info', 1: 'hint' } as const;

const OPTIONS: MonacoEditor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'Design text',
  automaticLayout: true,
  fontSize: 13,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  tabSize: 2,
  insertSpaces: true,
  wordWrap: 'off',
  renderWhitespace: 'selection',
  fixedOverflowWidgets: true,
  quickSuggestions: { other: true, comments: false, strings: true },
};

/** The studio's theme: <html data-theme="light|dark"> when the user chose one, else the system's. */
function isDark(): boolean {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const update = () => setDark(isDark());
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    query?.addEventListener('change', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      query?.removeEventListener('change', update);
      observer.disconnect();
    };
  }, []);
  return dark;
}

function handleFor(editor: MonacoEditor.IStandaloneCodeEditor): EditorHandle {
  return {
    goTo: (line, column) => goTo(editor, line, column),
    model: () => editor.getModel(),
    position: () => {
      const p = editor.getPosition();
      return p ? { line: p.lineNumber, column: p.column } : null;
    },
    markers: () => {
      const model = editor.getModel();
      if (!model) return [];
      return monaco.editor
        .getModelMarkers({ resource: model.uri })
        .map((m) => ({ owner: m.owner, line: m.startLineNumber, severity: SEVERITY[m.severity], message: m.message }));
    },
  };
}

export default function MonacoPane({ docId, format, onReady }: { docId: string; format: TextFormat; onReady?: (handle: EditorHandle | null) => void }) {
  const dark = useDarkTheme();
  const [editor, setEditor] = useState<MonacoEditor.IStandaloneCodeEditor | null>(null);
  // The text the model starts with; later changes reach the editor as edits, never as a new value.
  const [initialText] = useState(() => {
    const doc = useStudio.getState().docs[docId];
    const text = doc ? docText(doc) : '';
    aliasSchemaOf(text, modelUri(docId)); // before the model exists, so its first validation finds the schema
    return text;
  });

  // The binding lives as long as this editor and doc (an effect, so a StrictMode remount rebinds).
  useEffect(() => {
    if (!editor) return;
    const binding = bindEditor(editor, monaco, useStudio, docId, { onStoreText: (text) => aliasSchemaOf(text, modelUri(docId)) });
    onReady?.(handleFor(editor));
    return () => {
      binding.dispose();
      onReady?.(null);
    };
  }, [editor, docId, onReady]);

  return (
    <Editor
      className="code-editor"
      path={modelUri(docId)}
      defaultValue={initialText}
      language={format}
      theme={dark ? 'vs-dark' : 'vs'}
      options={OPTIONS}
      loading={<p className="code-loading">Loading the editor…</p>}
      onMount={setEditor}
    />
  );
}
