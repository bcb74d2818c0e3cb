// The example row key, each segment coloured by the field it holds, with a legend and the
// key's length in bytes (what Bigtable counts, not characters).
import { useMemo } from 'react';
import type { RowKey } from '../../core/model/schema';
import { buildExampleKey, colourSlot, type ExampleKey, type KeyPiece } from '../keyview';

type Outcome = { ok: true; example: ExampleKey } | { ok: false; message: string };

function pieceClass(p: KeyPiece, ex: ExampleKey): string {
  if (p.kind === 'field' && p.field) return `key-field seg-${colourSlot(ex.layout, p.field)}`;
  return p.kind === 'separator' ? 'key-sep' : 'key-lit';
}

/** An example key's pieces, each coloured by its field (the summary and the key panel share it). */
export function KeyPieces({ example, testId }: { example: ExampleKey; testId: string }) {
  const readable = example.pieces.filter((p) => p.readable);
  return (
    <>
      <code className="key" data-testid={testId} data-hex={example.hex}>
        {example.pieces.map((p, i) => (
          <span key={i} className={pieceClass(p, example)} title={p.readable ? `${p.field}: ${p.readable}` : (p.field ?? undefined)}>
            {p.text}
          </span>
        ))}
      </code>
      {readable.map((p) => (
        <span key={p.field} className="key-readable muted small" data-testid={`${testId}-readable`} data-field={p.field}>
          {' '}
          ({p.field} = <time dateTime={p.readable}>{p.readable}</time>)
        </span>
      ))}
    </>
  );
}

export function KeyExample({ rowKey }: { rowKey: RowKey }) {
  const outcome = useMemo<Outcome>(() => {
    try {
      return { ok: true, example: buildExampleKey(rowKey) };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  }, [rowKey]);

  if (!outcome.ok) {
    return (
      <p className="error-box" role="alert" data-testid="example-key-error">
        No example key: {outcome.message}
      </p>
    );
  }
  const ex = outcome.example;
  return (
    <div className="key-example">
      <div className="key-example-row">
        <span className="label">Example key</span>
        <KeyPieces example={ex} testId="example-key" />
        <span className="key-length">
          <span data-testid="example-key-bytes">{ex.key.length}</span> bytes
        </span>
      </div>
      <ul className="legend" aria-label="Key fields">
        {ex.layout.fields.map((name) => (
          <li key={name}>
            <span className={`swatch seg-${colourSlot(ex.layout, name)}`} aria-hidden="true" />
            <code>{name}</code> <span className="muted">{rowKey.fields[name]?.type ?? ''}</span>
          </li>
        ))}
        {ex.layout.delimiter !== null && ex.layout.encoding !== 'orderedCode' && (
          <li>
            <span className="swatch swatch-sep" aria-hidden="true" />
            delimiter <code>{ex.layout.delimiter}</code>
            {ex.layout.inferredDelimiter && <span className="muted"> (inferred)</span>}
          </li>
        )}
        {ex.layout.encoding === 'orderedCode' && (
          <li>
            <span className="swatch swatch-sep" aria-hidden="true" />
            separator <code>\x00\x01</code>
          </li>
        )}
      </ul>
    </div>
  );
}
