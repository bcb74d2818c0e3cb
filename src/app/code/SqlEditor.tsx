// A view's SQL in Monaco (GoogleSQL highlighting), loaded lazily with the rest of Monaco. Each
// change is offered to the store (one undo step per typing burst); the view checks' problems
// are markers on the words they name (else the first line) and a list under the editor.
import { Editor } from '@monaco-editor/react';
import type { editor as MonacoEditor } from 'monaco-editor';
import * as sqlLanguage from 'monaco-editor/esm/vs/basic-languages/sql/sql.js';
import { useEffect, useId, useRef, useState } from 'react';
import { useStudio, type EditResult } from '../store';
import { useDarkTheme } from './MonacoPane';
import { monaco } from './monacoSetup';

if (!monaco.languages.getLanguages().some((l) => l.id === 'sql')) {
  monaco.languages.register({ id: 'sql', extensions: ['.sql'], aliases: ['SQL', 'sql'] });
  monaco.languages.setLanguageConfiguration('sql', sqlLanguage.conf);
  monaco.languages.setMonarchTokensProvider('sql', sqlLanguage.language);
}

const OWNER = 'view-sql';
const OPTIONS: MonacoEditor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  fontSize: 13,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  lineNumbers: 'on',
  wordWrap: 'on',
  fixedOverflowWidgets: true,
  renderLineHighlight: 'none',
  overviewRulerLanes: 0,
  // Word completion over one short query is noise that hides the text.
  quickSuggestions: false,
  suggestOnTriggerCharacters: false,
  wordBasedSuggestions: 'off',
};

interface Props {
  /** The model's address, one per view (`file:///views/<doc>/<kind>-<i>.sql`). */
  uri: string;
  label: string;
  value: string;
  /** What the view checks say about `value`. */
  problems: readonly string[];
  onCommit(text: string): EditResult;
}

/** Where a problem points: the first word of its message (in capitals, or quoted) found in the SQL. */
export function problemRange(sql: string, message: string): { start: number; end: number } | null {
  const words = [...message.matchAll(/"([^"]+)"|`([^`]+)`|\b([A-Z][A-Z_.]{2,})\b/g)]
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((w) => !['SELECT', 'SQL', 'GROUP', 'ORDER'].includes(w));
  for (const w of words) {
    const re = new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
    const m = re.exec(sql);
    if (m) return { start: m.index, end: m.index + m[0].length };
  }
  return null;
}

export default function SqlEditor({ uri, label, value, problems, onCommit }: Props) {
  const dark = useDarkTheme();
  const id = useId();
  const [editor, setEditor] = useState<MonacoEditor.IStandaloneCodeEditor | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // The design's text: an editor change equal to it (undo, the YAML tab, arriving here) is no edit.
  const current = useRef(value);
  current.current = value;

  // A change from elsewhere (undo, the YAML tab) replaces the text; the editor's own accepted
  // edits arrive back equal and change nothing.
  useEffect(() => {
    const model = editor?.getModel();
    if (model && model.getValue() !== value) {
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
      setRefused(null);
    }
  }, [editor, value]);

  // Undo and redo in the editor are the studio's, as in the YAML tab: one history for everything.
  useEffect(() => {
    if (!editor) return;
    const undo = editor.addAction({
      id: 'studio.undo',
      label: 'Undo (studio history)',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ],
      run: () => useStudio.getState().undo(),
    });
    const redo = editor.addAction({
      id: 'studio.redo',
      label: 'Redo (studio history)',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY],
      run: () => useStudio.getState().redo(),
    });
    return () => {
      undo.dispose();
      redo.dispose();
    };
  }, [editor]);

  const shown = refused ? [refused, ...problems] : problems;
  // The markers follow the messages, not the array (a new one each render): the effect is keyed
  // on their text and reads them back from it.
  const shownText = JSON.stringify(shown);
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const text = model.getValue();
    const messages: string[] = JSON.parse(shownText);
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      messages.map((message) => {
        const r = problemRange(text, message);
        const a = model.getPositionAt(r?.start ?? 0);
        const b = r ? model.getPositionAt(r.end) : { lineNumber: 1, column: model.getLineMaxColumn(1) };
        return {
          severity: monaco.MarkerSeverity.Error,
          message,
          startLineNumber: a.lineNumber,
          startColumn: a.column,
          endLineNumber: b.lineNumber,
          endColumn: b.column,
        };
      }),
    );
  }, [editor, shownText]);

  return (
    <div className={`field sql-field${shown.length ? ' field-invalid' : ''}`} data-testid="sql-editor">
      <span className="sql-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="sql-editor">
        <Editor
          path={uri}
          defaultValue={value}
          language="sql"
          theme={dark ? 'vs-dark' : 'vs'}
          options={{ ...OPTIONS, ariaLabel: label }}
          loading={<p className="code-loading">Loading the editor…</p>}
          onMount={setEditor}
          onChange={(text) => {
            if ((text ?? '') === current.current) {
              setRefused(null);
              return;
            }
            const r = onCommit(text ?? '');
            setRefused(r.ok ? null : (r.issues[0]?.message ?? 'not accepted'));
          }}
        />
      </div>
      {shown.length > 0 && (
        <ul className="field-error sql-problems" role="alert" data-testid="sql-problems">
          {shown.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
