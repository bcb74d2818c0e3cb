// "New design from sample keys": keys pasted or dropped as a file (one a line, \xNN escapes as
// `btstudio sort --escaped` reads them), a design inferred by the core (src/core/infer), shown
// first, then opened as a new design. Never touches the store: it calls onNewDesign.
import { useId, useState, type DragEvent } from 'react';
import { InferError, inferFromText, type InferResult } from '../../core/infer';
import type { Design } from '../../core/model/schema';
import { Modal } from '../share/Modal';
import '../share/dialogs.css';

/** The largest input read, in bytes (a sample, not a table). */
export const MAX_KEYS_BYTES = 64 * 1024 * 1024;

export interface SampleKeysDialogProps {
  onNewDesign(design: Design): void;
  onClose(): void;
}

export function SampleKeysDialog({ onNewDesign, onClose }: SampleKeysDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [bytes, setBytes] = useState<{ name: string; data: Uint8Array } | null>(null);
  const [result, setResult] = useState<InferResult | null>(null);
  const [error, setError] = useState('');

  const close = onClose;
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_KEYS_BYTES) {
      setError(
        `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; the studio reads up to ${MAX_KEYS_BYTES / 1048576} MB of keys (btstudio infer reads more)`,
      );
      return;
    }
    setBytes({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
    setText('');
    setResult(null);
    setError('');
  };
  const infer = () => {
    const input = bytes?.data ?? new TextEncoder().encode(text);
    try {
      setResult(inferFromText(input));
      setError('');
    } catch (e) {
      setResult(null);
      setError(e instanceof InferError ? e.message : `the keys could not be read: ${(e as Error).message}`);
    }
  };
  const openAsNew = (design: Design) => {
    onNewDesign(design);
    close();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    void readFile(e.dataTransfer.files[0]);
  };

  return (
    <Modal
      title="New design from sample keys"
      onClose={close}
      testId="infer-dialog"
      className="modal-wide"
      subtitle="Paste row keys, one a line (\xNN for any byte), or drop a file of them."
    >
      <div onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        <label htmlFor={`${id}-keys`}>Sample keys</label>
        <textarea
          id={`${id}-keys`}
          data-testid="infer-keys"
          data-autofocus
          rows={10}
          spellCheck={false}
          value={bytes ? '' : text}
          placeholder={bytes ? `${bytes.name} (${bytes.data.length} bytes)` : 'tenant_0001#9223370269629175807'}
          onChange={(e) => {
            setBytes(null);
            setText(e.target.value);
            setResult(null);
          }}
        />
        <label htmlFor={`${id}-file`}>Or a file of keys</label>
        <input id={`${id}-file`} type="file" data-testid="infer-file" onChange={(e) => void readFile(e.target.files?.[0])} />
      </div>
      <div className="button-row">
        <button type="button" className="primary" data-testid="infer-run" disabled={!bytes && text.trim() === ''} onClick={infer}>
          Infer the design
        </button>
      </div>
      {error && (
        <p role="alert" data-testid="infer-error">
          {error}
        </p>
      )}
      {result && <InferSummary result={result} />}
      {result && (
        <div className="button-row">
          <button type="button" className="primary" data-testid="infer-create" onClick={() => openAsNew(result.design)}>
            Open as a new design
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </div>
      )}
    </Modal>
  );
}

function InferSummary({ result }: { result: InferResult }) {
  return (
    <section data-testid="infer-summary" aria-label="What was inferred">
      <p role="status">
        {result.keys} keys ({result.sampled} sampled): {result.fitted} fit <code data-testid="infer-template">{result.table.rowKey.template}</code>,{' '}
        {result.misfitCount} do not.
      </p>
      <ul>
        {result.fields.map((f) => (
          <li key={f.name}>
            <strong>{f.name}</strong>: {f.type}, confidence {f.confidence}: {f.note}
          </li>
        ))}
        {result.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {result.misfits.length > 0 && (
        <>
          <p>Keys that do not fit:</p>
          <ul data-testid="infer-misfits">
            {result.misfits.slice(0, 20).map((m) => (
              <li key={m.line}>
                line {m.line}: <code>{m.key}</code>: {m.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
