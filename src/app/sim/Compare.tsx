// Compare two tables (of this design or another of the user's designs), for example a key and
// its fix: both run under the same workload (nodes, duration, seed, write rate and storage),
// and their heatmaps, scores and patterns sit side by side.
import { useId, useMemo, useState } from 'react';
import type { DesignDoc } from '../studio/contract';
import { Heatmap } from './Heatmap';
import { ScoreLine } from './SimResults';
import { formatCount, formatPercent, PATTERNS } from './describe';
import { useSimulation, type SimJob } from './useSimulation';
import { optionsOf, type Workload } from './workload';

/** A table of a design, as a select value: `["<docId>","<table>"]`. */
const refOf = (docId: string, table: string) => JSON.stringify([docId, table]);

export interface CompareProps {
  docs: Record<string, DesignDoc>;
  docOrder: string[];
  docId: string;
  table: string;
  workload: Workload | null;
  storage: 'ssd' | 'hdd';
}

function resolve(docs: Record<string, DesignDoc>, ref: string) {
  let docId = '';
  let table = '';
  try {
    [docId = '', table = ''] = JSON.parse(ref) as string[];
  } catch {
    return null;
  }
  const doc = docs[docId];
  const t = doc?.design.tables.find((x) => x.name === table);
  return doc && t ? { doc, table: t } : null;
}

export function Compare(p: CompareProps) {
  const id = useId();
  const choices = useMemo(
    () => p.docOrder.flatMap((d) => (p.docs[d] ? [{ docId: d, name: p.docs[d].design.name, tables: p.docs[d].design.tables.map((t) => t.name) }] : [])),
    [p.docs, p.docOrder],
  );
  const defaultB = useMemo(() => {
    const own = choices.find((c) => c.docId === p.docId)?.tables.find((t) => t !== p.table);
    if (own) return refOf(p.docId, own);
    const other = choices.find((c) => c.docId !== p.docId && c.tables.length > 0);
    return other ? refOf(other.docId, other.tables[0]!) : refOf(p.docId, p.table);
  }, [choices, p.docId, p.table]);
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const refA = a && resolve(p.docs, a) ? a : refOf(p.docId, p.table);
  const refB = b && resolve(p.docs, b) ? b : defaultB;
  const { state, start, cancel } = useSimulation();
  const [labels, setLabels] = useState<string[]>([]);
  const running = state.status === 'running';

  const run = () => {
    const ta = resolve(p.docs, refA);
    const tb = resolve(p.docs, refB);
    if (!ta || !tb || !p.workload) return;
    const jobs: SimJob[] = [ta, tb].map((x) => ({ table: x.table, options: optionsOf(x.doc.design, p.workload!, p.storage, x.table) }));
    setLabels([ta, tb].map((x) => `${x.doc.design.name}: ${x.table.name}`));
    void start(jobs);
  };

  const picker = (label: string, value: string, set: (v: string) => void, suffix: string) => (
    <div className="sim-field">
      <label htmlFor={`${id}-${suffix}`}>{label}</label>
      <select id={`${id}-${suffix}`} value={value} onChange={(e) => set(e.target.value)} disabled={running}>
        {choices.map((c) => (
          <optgroup key={c.docId} label={c.name}>
            {c.tables.map((t) => (
              <option key={t} value={refOf(c.docId, t)}>
                {c.name}: {t}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );

  const w = p.workload;
  return (
    <section className="sim-compare" aria-labelledby={`${id}-title`} data-testid="sim-compare">
      <h3 id={`${id}-title`}>Compare two tables</h3>
      <p className="sim-hint">
        Run the same workload on two tables, for example a key before and after a fix. Workload from the settings above:{' '}
        {w
          ? `${w.nodes} ${p.storage.toUpperCase()} nodes, ${formatCount(w.seconds)} s, seed ${w.seed}, ${formatCount(w.writesPerSecond)} writes/s${w.detail > 1 ? `, ${w.detail}× keys` : ''}.`
          : 'fix the settings above first.'}
      </p>
      <div className="sim-controls">
        {picker('First table', refA, setA, 'a')}
        {picker('Second table', refB, setB, 'b')}
        <div className="sim-actions">
          {running ? (
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          ) : (
            <button type="button" onClick={run} disabled={!w} data-testid="sim-compare-run">
              Compare
            </button>
          )}
        </div>
        {running && (
          <div className="sim-status">
            <label htmlFor={`${id}-progress`}>{`Running ${state.job + 1} of ${state.jobs}`}</label>
            <progress id={`${id}-progress`} max={1} value={state.progress} />
            <span>{formatPercent(state.progress)}</span>
          </div>
        )}
        {state.status === 'failed' && (
          <p className="sim-problem" role="alert">
            The comparison failed: {state.message}
          </p>
        )}
        {state.status === 'cancelled' && <p role="status">Cancelled.</p>}
      </div>
      {state.status === 'done' && (
        <div className="sim-side-by-side">
          {state.results.map((r, i) => {
            const label = labels[i] ?? r.params.table;
            return (
              <div key={i} className="sim-side" data-testid={`sim-compare-${i === 0 ? 'a' : 'b'}`}>
                <h4>{label}</h4>
                <ScoreLine result={r} />
                <p className="sim-verdict-reason">{r.verdictReason}</p>
                <p className="sim-meaning">{PATTERNS[r.pattern].meaning}</p>
                <p className="small">
                  Max sustainable {formatCount(r.maxSustainableWritesPerSecond)} writes/s; {formatPercent(r.writes ? r.throttled / r.writes : 0)} throttled in
                  the whole run, {formatPercent(r.throttledShareSecondHalf)} after warm-up.
                </p>
                <Heatmap result={r} tableName={label} compact testId={`sim-compare-heatmap-${i === 0 ? 'a' : 'b'}`} />
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
