// Where the keys come from: N generated from the table's template with a seed, or pasted (one
// per line, \xNN for any byte). Shows the running job's progress with a Cancel button.
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_KEYS, MIN_GENERATED, clampCount } from './keyset';
import { splitOffer } from './split';
import type { Phase } from './useSorter';

export type SourceChoice = { from: 'generate'; count: number; seed: number } | { from: 'paste'; text: string };

const STAGES: Record<string, string> = {
  generate: 'Generating keys',
  parse: 'Reading pasted keys',
  sort: 'Sorting in byte order',
  check: 'Checking numeric order',
  match: 'Matching the query',
  jsorder: 'Sorting as JavaScript would',
};

export function ProgressLine({ phase, onCancel, label }: { phase: Phase; onCancel(): void; label: string }) {
  if (phase.phase !== 'running') return null;
  const p = phase.progress;
  const stage = p ? (STAGES[p.stage] ?? p.stage) : 'Starting';
  const known = p && p.total > 0;
  return (
    <div className="sorter-progress" data-testid="sorter-progress">
      <label>
        <span>{stage}…</span> <progress aria-label={label} max={known ? p.total : undefined} value={known ? p.done : undefined} />
      </label>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

export function SorterControls({ busy, onRun, canGenerate }: { busy: boolean; onRun(choice: SourceChoice): void; canGenerate: boolean }) {
  const id = useId();
  const [from, setFrom] = useState<'generate' | 'paste'>(canGenerate ? 'generate' : 'paste');
  const [count, setCount] = useState('1000');
  const [seed, setSeed] = useState('1');
  // Uncontrolled: a paste of a million lines should not re-render React on every keystroke.
  const paste = useRef<HTMLTextAreaElement>(null);
  const [hasText, setHasText] = useState(false);
  const [split, setSplit] = useState<string[] | null>(null);
  const onPasteInput = (text: string) => {
    setHasText(text.trim() !== '');
    setSplit(splitOffer(text));
  };
  const doSplit = () => {
    if (!paste.current || !split) return;
    paste.current.value = split.join('\n');
    setSplit(null);
    paste.current.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (from === 'generate') onRun({ from, count: clampCount(Number(count)), seed: Math.trunc(Number(seed)) || 0 });
    else onRun({ from, text: paste.current?.value ?? '' });
  };

  return (
    <form className="sorter-controls" onSubmit={submit} aria-label="Keys to sort">
      <fieldset className="segmented-radio">
        <legend className="visually-hidden">Source of keys</legend>
        <label>
          <input type="radio" name={`${id}-from`} checked={from === 'generate'} disabled={!canGenerate} onChange={() => setFrom('generate')} /> Generate from
          the template
        </label>
        <label>
          <input type="radio" name={`${id}-from`} checked={from === 'paste'} onChange={() => setFrom('paste')} /> Paste keys
        </label>
      </fieldset>
      {from === 'generate' ? (
        <div className="sorter-fields">
          <label>
            Keys{' '}
            <input
              type="number"
              inputMode="numeric"
              min={MIN_GENERATED}
              max={MAX_KEYS}
              step={1}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              data-testid="sorter-count"
            />
          </label>
          <label>
            Seed <input type="number" inputMode="numeric" step={1} value={seed} onChange={(e) => setSeed(e.target.value)} data-testid="sorter-seed" />
          </label>
          <span className="muted">
            {MIN_GENERATED} to {MAX_KEYS.toLocaleString('en-US')}
          </span>
        </div>
      ) : (
        <label className="sorter-paste">
          <span>
            One key per line; write any byte as <code>\xNN</code> and a backslash as <code>\\</code>.
          </span>
          <textarea ref={paste} onInput={(e) => onPasteInput(e.currentTarget.value)} rows={6} spellCheck={false} data-testid="sorter-paste" />
        </label>
      )}
      {from === 'paste' && split && (
        <p className="notice sorter-split" role="status" data-testid="sorter-split-offer">
          This is one line with spaces or commas, so it is one key.{' '}
          <button type="button" onClick={doSplit}>
            Split it into {split.length} keys
          </button>
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || (from === 'paste' && !hasText)} data-testid="sorter-run">
        {from === 'generate' ? 'Generate and sort' : 'Sort these keys'}
      </button>
    </form>
  );
}
