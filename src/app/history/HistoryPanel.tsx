// The History panel: a design's versions (automatic snapshots, named versions, the versions
// sent and received as links), newest first, with the current design on top. Any two can be
// compared (the diff of src/core/diff, with what Bigtable allows for each change), a version
// can be restored (one undo step, the current design kept as a version first), and the current
// design can be saved under a name.
import { plural } from '../../core/units';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { CLASS_LABEL, diffDesigns, type Change } from '../../core/diff';
import type { Design } from '../../core/model/schema';
import { Options, type Option } from '../form/fields';
import { Modal } from '../share/Modal';
import { useStudio } from '../store';
import { versionLabel, type Version } from './versions';
import { loadBook, recordVersion, useVersions } from './versions-store';
import './history.css';

export interface HistoryPanelProps {
  docId: string;
  onClose(): void;
}

const CURRENT = 'current';
const show = (v: unknown) => {
  const s = v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
};
const when = (at: number) => new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function ChangeLines({ changes }: { changes: readonly Change[] }) {
  if (!changes.length)
    return (
      <p role="status" data-testid="history-same">
        The two versions describe the same design.
      </p>
    );
  return (
    <ul className="compare-changes history-changes" aria-label="Changes" data-testid="history-diff">
      {changes.map((c) => (
        <li key={c.path.join('\u0000')} data-testid="history-change" data-class={c.class}>
          <span className={`compare-class compare-${c.class}`}>{CLASS_LABEL[c.class]}</span> <code>{c.path.join('.')}</code>:{' '}
          {c.kind === 'added' ? `added ${show(c.after)}` : c.kind === 'removed' ? `removed ${show(c.before)}` : `${show(c.before)} → ${show(c.after)}`}
        </li>
      ))}
    </ul>
  );
}

export function HistoryPanel({ docId, onClose }: HistoryPanelProps) {
  const id = useId();
  const current = useStudio((s) => s.docs[docId]?.design);
  const book = useVersions((s) => s.books[docId]);
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const versions = useMemo(() => [...(book?.list ?? [])].reverse(), [book]);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>(CURRENT);
  useEffect(() => {
    void loadBook(docId);
  }, [docId]);
  const keyOf = (v: Version) => `${v.id}@${v.at}`;
  const pick = (k: string): Design | undefined => (k === CURRENT ? current : versions.find((v) => keyOf(v) === k)?.design);
  const fromKey = from || (versions[0] ? keyOf(versions[0]) : CURRENT);
  const a = pick(fromKey);
  const b = pick(to);
  const diff = useMemo(() => (a && b ? diffDesigns(a, b) : null), [a, b]);
  if (!current) return null;

  const saveNamed = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) {
      setStatus('Give the version a name first.');
      return;
    }
    await recordVersion(docId, current, 'named', n);
    setName('');
    setStatus(`Saved the current design as "${n}".`);
  };
  const restore = async (v: Version) => {
    await recordVersion(docId, current, 'restore');
    const r = useStudio.getState().editDesign(docId, () => v.design, { label: `Restore ${versionLabel(v)}` });
    if (!r.ok) {
      setStatus(`This version cannot be restored: ${r.issues[0]?.message ?? 'it is not a valid design'}.`);
      return;
    }
    setStatus(`Restored ${versionLabel(v)} of ${when(v.at)}. Undo brings back the design as it was.`);
  };
  const options = [{ value: CURRENT, label: 'Current design' }, ...versions.map((v) => ({ value: keyOf(v), label: `${versionLabel(v)}, ${when(v.at)}` }))];

  return (
    <Modal
      title="History"
      onClose={onClose}
      testId="history-panel"
      className="modal-wide"
      subtitle={`${plural(versions.length, 'saved version')} of "${current.name}", kept in this browser.`}
    >
      <form className="field history-name" onSubmit={saveNamed}>
        <label htmlFor={`${id}-name`}>Save the current design as a named version</label>
        <div className="inline-row">
          <input
            id={`${id}-name`}
            data-autofocus
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            data-testid="history-name"
            placeholder="e.g. before launch"
          />
          <button type="submit" data-testid="history-save">
            Save version
          </button>
        </div>
      </form>
      <p className="status-line small" role="status" aria-live="polite" data-testid="history-status">
        {status}
      </p>
      {versions.length === 0 ? (
        <p data-testid="history-empty">No versions yet: the studio keeps one automatically before you edit, and every link you send or merge.</p>
      ) : (
        <ol className="history-list" aria-label="Versions, newest first" data-testid="history-list">
          {versions.map((v) => (
            <li key={keyOf(v)} data-testid="history-version" data-kind={v.kind} data-version={v.id}>
              <div className="history-what">
                <strong>{versionLabel(v)}</strong>
                {v.kind === 'named' && <span className="muted small"> named version</span>}
                <div className="muted small">
                  <time dateTime={new Date(v.at).toISOString()}>{when(v.at)}</time> · {v.design.name} · {plural(v.design.tables.length, 'table')}
                </div>
              </div>
              <div className="history-actions">
                <button type="button" onClick={() => setFrom(keyOf(v))} aria-pressed={fromKey === keyOf(v)} data-testid="history-compare">
                  Compare with…
                </button>
                <button type="button" onClick={() => void restore(v)} data-testid="history-restore">
                  Restore
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <section className="history-compare" aria-labelledby={`${id}-cmp`}>
        <h3 id={`${id}-cmp`}>Compare two versions</h3>
        <div className="inline-row history-pickers">
          <VersionPicker label="From" value={fromKey} options={options} onChange={setFrom} testId="history-from" />
          <VersionPicker label="To" value={to} options={options} onChange={setTo} testId="history-to" />
        </div>
        {diff && <ChangeLines changes={diff.changes} />}
      </section>
    </Modal>
  );
}

/** One end of the comparison: the current design or a saved version. */
function VersionPicker(props: { label: string; value: string; options: readonly Option<string>[]; onChange: (key: string) => void; testId: string }) {
  return (
    <label>
      {props.label}{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
        <Options options={props.options} />
      </select>
    </label>
  );
}
