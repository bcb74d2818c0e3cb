// The code view of a design: its text in Monaco (YAML, or JSON), checked against the format's
// JSON Schema by monaco-yaml as you type, with the studio's own checks (the text's issues and
// the rule findings) as markers. Form and text stay in step through the store (editorBinding).
// Monaco is heavy: this view shows its toolbar and the text's issues at once and loads the
// editor (MonacoPane, with monacoSetup) as a separate chunk.
import { Suspense, useCallback, useRef } from 'react';
import { preloadable } from '../components/preloadable';
import { useStudio } from '../store';
import type { EditorHandle } from './MonacoPane';
import { designAs, textFormat, type TextFormat } from './textEdits';
import './code.css';
import { docText } from '../documents/docs';

const monacoPane = preloadable(() => import('./MonacoPane'));
const MonacoPane = monacoPane.Component;

/** Loads the editor's chunk ahead of the first render (the YAML tab's prefetch). */
export const preloadEditor = (): Promise<unknown> => monacoPane.load();

/** The code view's root element carries the editor handle, so tests can reach the model. */
export interface CodeViewElement extends HTMLElement {
  studioEditor?: EditorHandle | null;
}

export default function CodeView({ docId }: { docId: string }) {
  const doc = useStudio((s) => s.docs[docId]);
  const editText = useStudio((s) => s.editText);
  const root = useRef<CodeViewElement>(null);
  const handle = useRef<EditorHandle | null>(null);
  const onReady = useCallback((h: EditorHandle | null) => {
    handle.current = h;
    if (root.current) root.current.studioEditor = h;
  }, []);

  if (!doc) {
    return (
      <section className="code-view notice" data-testid="code-view">
        <p>There is no design with the id {docId}.</p>
      </section>
    );
  }

  const format = textFormat(docText(doc));
  const issues = doc.textIssues;
  const first = issues[0];
  const convert = (to: TextFormat) => {
    if (to === format || issues.length > 0) return;
    editText(docId, designAs(doc.design, to), { label: to === 'json' ? 'Show the design as JSON' : 'Show the design as YAML' });
  };

  return (
    <section className="code-view" data-testid="code-view" data-format={format} aria-label="Design text" ref={root}>
      <div className="code-toolbar">
        <div className="segmented" role="group" aria-label="Text format">
          {(['yaml', 'json'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={format === f}
              disabled={format !== f && issues.length > 0}
              title={format !== f && issues.length > 0 ? 'Fix the problems in the text first' : `Write the design as ${f.toUpperCase()}`}
              onClick={() => convert(f)}
            >
              {f.toUpperCase()}
            </button>
          ))}
        </div>
        <p className={issues.length ? 'code-status has-issues' : 'code-status'} role="status" data-testid="code-status">
          {first === undefined ? (
            'The text and the design agree.'
          ) : (
            <>
              {issues.length === 1 ? 'One problem' : `${issues.length} problems`} in the text: the other views keep the last valid design until it loads.{' '}
              <button type="button" className="linklike" onClick={() => handle.current?.goTo(first.line, first.column)}>
                Go to line {first.line}
              </button>{' '}
              (F8 in the editor moves through them).
            </>
          )}
        </p>
      </div>
      <div className="code-editor-host">
        <Suspense fallback={<p className="code-loading">Loading the editor…</p>}>
          <MonacoPane key={docId} docId={docId} format={format} onReady={onReady} />
        </Suspense>
      </div>
    </section>
  );
}
