// The "Export a file" tab: format and options, a live preview (text in a <pre>, never HTML),
// the exporter's notes, Copy and Download, or every reason the design cannot be expressed.
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { SimulationSummary } from '../../core/outputs';
import type { Design } from '../../core/model/schema';
import { Options, options } from '../form/fields';
import { copyMessage, copyText, downloadText } from '../share/browser';
import {
  CODE_LANGS,
  EXPORT_FORMATS,
  EXPORTERS,
  choosesWholeDesign,
  exportView,
  LANG_LABELS,
  tableFor,
  EITHER_FORMATS,
  type CodeLang,
  type ExportChoice,
  type ExportFormat,
} from './preview';

export interface ExportPanelProps {
  design: Design;
  tableName?: string | null;
  simulations?: Record<string, SimulationSummary>;
  /** The format picked first (default: row-key-schema). */
  initialFormat?: ExportFormat;
}

const isFormat = (s: string): s is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(s);
const isLang = (s: string): s is CodeLang => (CODE_LANGS as readonly string[]).includes(s);
const FORMAT_OPTIONS = EXPORT_FORMATS.map((f) => ({ value: f, label: EXPORTERS[f].label }));
const LANG_OPTIONS = options(CODE_LANGS, LANG_LABELS);

export function ExportPanel({ design, tableName, simulations, initialFormat = 'row-key-schema' }: ExportPanelProps) {
  const id = useId();
  const [choice, setChoice] = useState<ExportChoice>(() => ({
    format: initialFormat,
    table: tableFor(design, tableName),
    preEncoded: false,
    lang: 'ts',
    as: 'yaml',
    wholeDesign: true,
    allTables: false,
  }));
  const [status, setStatus] = useState('');
  const preRef = useRef<HTMLPreElement>(null);
  const table = tableFor(design, choice.table);
  const view = useMemo(() => exportView(design, { ...choice, table }, simulations), [design, choice, table, simulations]);
  const set = (patch: Partial<ExportChoice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setStatus('');
  };
  const { format } = choice;
  const canAll = EITHER_FORMATS.includes(format) && format !== 'markdown';
  const usesTable = !choosesWholeDesign({ ...choice, table });

  const copy = async () => {
    if (view.ok) setStatus(copyMessage(await copyText(view.text, preRef.current), 'The export'));
  };
  const download = () => {
    if (!view.ok) return;
    downloadText(view.text, view.filename, view.mime);
    setStatus(`Saved ${view.filename}.`);
  };

  return (
    <div className="export-panel">
      <div className="export-options">
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            data-testid="export-format"
            data-autofocus
            value={format}
            onChange={(e) => isFormat(e.target.value) && set({ format: e.target.value })}
          >
            <Options options={FORMAT_OPTIONS} />
          </select>
        </div>
        {format === 'markdown' && (
          <Check checked={choice.wholeDesign} onChange={(v) => set({ wholeDesign: v })} testId="export-whole-design">
            The whole design (every table)
          </Check>
        )}
        {canAll && (
          <Check checked={choice.allTables === true} onChange={(v) => set({ allTables: v })} testId="export-all-tables">
            All tables (and the instance and app profiles) in one file
          </Check>
        )}
        {usesTable && design.tables.length > 1 && (
          <div className="field">
            <label htmlFor={`${id}-table`}>Table</label>
            <select id={`${id}-table`} data-testid="export-table" value={table ?? ''} onChange={(e) => set({ table: e.target.value })}>
              <Options options={options(design.tables.map((t) => t.name))} />
            </select>
          </div>
        )}
        {format === 'row-key-schema' && (
          <Check checked={choice.preEncoded} onChange={(v) => set({ preEncoded: v })} testId="export-pre-encoded">
            Pre-encoded: the delimiter in base64, for <code>--row-key-schema-pre-encoded-bytes</code>
          </Check>
        )}
        {format === 'code' && (
          <div className="field">
            <label htmlFor={`${id}-lang`}>Language</label>
            <select id={`${id}-lang`} data-testid="export-lang" value={choice.lang} onChange={(e) => isLang(e.target.value) && set({ lang: e.target.value })}>
              <Options options={LANG_OPTIONS} />
            </select>
          </div>
        )}
        {format === 'design' && (
          <fieldset className="field radios">
            <legend>File type</legend>
            {(['yaml', 'json'] as const).map((a) => (
              <label key={a} className="check">
                <input type="radio" name={`${id}-as`} value={a} checked={choice.as === a} onChange={() => set({ as: a })} data-testid={`export-as-${a}`} />
                {a.toUpperCase()}
              </label>
            ))}
          </fieldset>
        )}
      </div>

      {view.ok ? (
        <>
          <div className="preview-head">
            <span>
              Preview of <code data-testid="export-filename">{view.filename}</code>
            </span>
            <span className="muted small">{view.text.split('\n').length.toLocaleString('en-US')} lines</span>
          </div>
          <pre
            ref={preRef}
            className="export-preview"
            tabIndex={0}
            aria-label={`Preview of ${view.filename}`}
            data-testid="export-preview"
            data-format={format}
          >
            {view.text}
          </pre>
          {view.notes.length > 0 && (
            <div className="export-notes" data-testid="export-notes">
              <h3>Notes</h3>
              <ul>
                {view.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <div className="error-box" role="alert" data-testid="export-error">
          <h3>{view.title}</h3>
          <ul>
            {view.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          <p className="small">Nothing was written. Change the design, or pick another format.</p>
        </div>
      )}

      <div className="button-row">
        <button type="button" className="primary" onClick={download} disabled={!view.ok} data-testid="export-download">
          Download{view.ok ? ` ${view.filename}` : ''}
        </button>
        <button type="button" onClick={copy} disabled={!view.ok} data-testid="export-copy">
          Copy
        </button>
      </div>
      <p className="status-line small" role="status" aria-live="polite" data-testid="export-status">
        {status}
      </p>
    </div>
  );
}

/** A checkbox choice of the export, its label the children. */
function Check({ checked, onChange, testId, children }: { checked: boolean; onChange: (checked: boolean) => void; testId: string; children: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {children}
    </label>
  );
}
