// Open or drop a file to import it: a design, a row_key_schema.yaml (or JSON, or Terraform's
// structType) or `gcloud bigtable instances tables describe` output. The result is shown first;
// the user then opens it as a new design (the default) or, only after confirming, replaces the
// open design. This component never touches the store: it calls onNewDesign / onReplace.
import { useId, useRef, useState, type DragEvent } from 'react';
import { plural } from '../../core/units';
import type { Design } from '../../core/model/schema';
import '../share/dialogs.css';
import { Modal } from '../share/Modal';
import { IMPORT_KIND_LABELS, importFile, type FileLike, type ImportFileResult } from './importFile';

export type ImportedFile = Extract<ImportFileResult, { ok: true }>;

export interface ImportDropZoneProps {
  /** Add the design as a new design (undoable; the store gives a clashing name a suffix). */
  onNewDesign(design: Design, info: ImportedFile): void;
  /** The open design's name; with onReplace the zone offers to replace it, after asking. */
  openDesignName?: string | null;
  /** Replace the open design with the imported one (undoable). */
  onReplace?(design: Design, info: ImportedFile): void;
}

type Phase =
  | { at: 'idle' }
  | { at: 'reading'; name: string }
  | { at: 'failed'; result: Extract<ImportFileResult, { ok: false }>; extra?: string }
  | { at: 'ready'; result: ImportedFile; confirmReplace: boolean; extra?: string };

export function ImportDropZone({ onNewDesign, openDesignName, onReplace }: ImportDropZoneProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ at: 'idle' });
  const [preEncoded, setPreEncoded] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const run = useRef(0);

  const take = async (files: FileList | readonly FileLike[] | null) => {
    const file = files?.[0];
    if (!file) return;
    const extra = files.length > 1 ? `Only the first of ${files.length} files was read: ${file.name}.` : undefined;
    const mine = ++run.current;
    setDone('');
    setPhase({ at: 'reading', name: file.name });
    const result = await importFile(file, { preEncoded });
    if (mine !== run.current) return; // a later file won
    setPhase(result.ok ? { at: 'ready', result, confirmReplace: false, ...(extra ? { extra } : {}) } : { at: 'failed', result, ...(extra ? { extra } : {}) });
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files);
  };

  const finish = (how: 'new' | 'replace') => {
    if (phase.at !== 'ready') return;
    const { result } = phase;
    if (how === 'new') onNewDesign(result.design, result);
    else onReplace?.(result.design, result);
    setDone(
      how === 'new'
        ? `Imported ${result.fileName} as a new design.`
        : `Replaced ${openDesignName ?? 'the open design'} with ${result.fileName}. Undo brings it back.`,
    );
    setPhase({ at: 'idle' });
  };

  const canReplace = !!onReplace && !!openDesignName;
  return (
    <section className="import-zone" aria-label="Import a file" data-testid="import-zone">
      <div
        className={`drop-area${dragging ? ' dragging' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="import-drop"
      >
        <p>Drop a design (YAML or JSON), a row_key_schema.yaml or gcloud describe output here, or</p>
        <label htmlFor={`${id}-file`} className="button-like">
          Open a file…
        </label>
        <input
          id={`${id}-file`}
          ref={inputRef}
          className="visually-hidden"
          type="file"
          accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml,text/plain"
          data-testid="import-file"
          onChange={(e) => void take(e.target.files)}
        />
        <label className="check small">
          <input type="checkbox" checked={preEncoded} onChange={(e) => setPreEncoded(e.target.checked)} data-testid="import-pre-encoded" />A row key schema's
          delimiter is base64 (pre-encoded)
        </label>
      </div>

      {phase.at === 'reading' && <p role="status">Reading {phase.name}…</p>}
      {phase.at === 'failed' && (
        <div className="error-box" role="alert" data-testid="import-error">
          <h3>{phase.result.fileName} could not be imported</h3>
          <ul>
            {phase.result.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
          {phase.extra && <p className="small">{phase.extra}</p>}
          <p className="small">Nothing was changed.</p>
        </div>
      )}
      {phase.at === 'ready' && (
        // A dialog, where the user is looking, not a box in the sidebar.
        <Modal title={`Import ${phase.result.fileName}`} onClose={() => setPhase({ at: 'idle' })} testId="import-dialog">
          <div className="import-ready" data-testid="import-ready">
            <p>
              <strong>{phase.result.fileName}</strong> is {IMPORT_KIND_LABELS[phase.result.kind]}: <q data-testid="import-name">{phase.result.design.name}</q>,{' '}
              {plural(phase.result.design.tables.length, 'table')}.
            </p>
            {phase.extra && <p className="small">{phase.extra}</p>}
            {phase.result.notes.length > 0 && (
              <ul className="small" data-testid="import-notes">
                {phase.result.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            )}
            {phase.confirmReplace ? (
              <div className="confirm" role="group" aria-label="Confirm replace">
                <p>
                  Replace <q>{openDesignName}</q> with the imported design? Undo brings it back.
                </p>
                <div className="button-row">
                  <button type="button" className="danger" onClick={() => finish('replace')} data-testid="import-replace-confirm">
                    Replace it
                  </button>
                  <button type="button" onClick={() => setPhase({ ...phase, confirmReplace: false })}>
                    Keep it
                  </button>
                </div>
              </div>
            ) : (
              <div className="button-row">
                <button type="button" className="primary" onClick={() => finish('new')} data-testid="import-new">
                  Open as a new design
                </button>
                {canReplace && (
                  <button type="button" onClick={() => setPhase({ ...phase, confirmReplace: true })} data-testid="import-replace">
                    Replace the open design…
                  </button>
                )}
                <button type="button" onClick={() => setPhase({ at: 'idle' })}>
                  Cancel
                </button>
              </div>
            )}
          </div>
        </Modal>
      )}
      <p className="status-line small" role="status" aria-live="polite" data-testid="import-status">
        {done}
      </p>
    </section>
  );
}
