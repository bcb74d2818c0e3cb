// The run form: the table, the workload (nodes, duration, seed, write rate), Run and Cancel,
// and the progress of a run. Every field is labelled; a field that does not parse says why.
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Options, options } from '../form/fields';
import { formatCount, formatPercent } from './describe';
import type { RunState } from './useSimulation';
import { DETAILS, type WorkloadField, type WorkloadText } from './workload';

const FIELDS: { key: WorkloadField; label: string; hint: string }[] = [
  { key: 'nodes', label: 'Nodes', hint: 'cluster size' },
  { key: 'seconds', label: 'Seconds', hint: 'simulated duration' },
  { key: 'seed', label: 'Seed', hint: 'same seed, same result' },
  { key: 'writesPerSecond', label: 'Writes per second', hint: 'table write rate' },
];

export interface SimControlsProps {
  tables: string[];
  table: string;
  onTable(name: string): void;
  text: WorkloadText;
  problems: Partial<Record<WorkloadField, string>>;
  onText(key: keyof WorkloadText, value: string): void;
  onRun(): void;
  onCancel(): void;
  onReset(): void;
  state: RunState;
}

export function SimControls(p: SimControlsProps) {
  const id = useId();
  const running = p.state.status === 'running';
  // Run and Cancel swap places: when the pressed one goes away, focus moves to the other.
  const action = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current === running) return;
    wasRunning.current = running;
    if (document.activeElement === null || document.activeElement === document.body) action.current?.focus();
  }, [running]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!running) p.onRun();
  };
  return (
    <form className="sim-controls" aria-label="Simulation settings" onSubmit={submit}>
      <div className="sim-field">
        <label htmlFor={`${id}-table`}>Table</label>
        <select id={`${id}-table`} value={p.table} onChange={(e) => p.onTable(e.target.value)} disabled={running}>
          <Options options={options(p.tables)} />
        </select>
      </div>
      {FIELDS.map((f) => {
        const problem = p.problems[f.key];
        return (
          <div className="sim-field" key={f.key}>
            <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
            <input
              id={`${id}-${f.key}`}
              name={f.key}
              inputMode="decimal"
              value={p.text[f.key]}
              onChange={(e) => p.onText(f.key, e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-${f.key}-hint`}
              disabled={running}
            />
            <span id={`${id}-${f.key}-hint`} className={problem ? 'sim-problem' : 'sim-hint'}>
              {problem ?? f.hint}
            </span>
          </div>
        );
      })}
      <div className="sim-field">
        <label htmlFor={`${id}-detail`}>Detail</label>
        <select
          id={`${id}-detail`}
          value={p.text.detail}
          onChange={(e) => p.onText('detail', e.target.value)}
          disabled={running}
          aria-describedby={`${id}-detail-hint`}
        >
          <Options options={DETAILS} />
        </select>
        <span id={`${id}-detail-hint`} className="sim-hint">
          more keys: a finer heatmap, a slower run
        </span>
      </div>
      <div className="sim-actions">
        {/* Distinct keys: reusing one element would turn the Cancel click's button into a submit
            button before the browser's default action runs, starting a new run. */}
        {running ? (
          <button key="cancel" ref={action} type="button" onClick={p.onCancel} data-testid="sim-cancel">
            Cancel
          </button>
        ) : (
          <button key="run" ref={action} type="submit" className="primary" data-testid="sim-run">
            Run simulation
          </button>
        )}
        <button type="button" onClick={p.onReset} disabled={running}>
          Defaults
        </button>
      </div>
      <RunStatus state={p.state} />
    </form>
  );
}

function RunStatus({ state }: { state: RunState }) {
  const id = useId();
  switch (state.status) {
    case 'running': {
      const d = state.detail;
      return (
        <div className="sim-status" data-testid="sim-progress">
          <label htmlFor={id}>{state.jobs > 1 ? `Running ${state.job + 1} of ${state.jobs}` : 'Running'}</label>
          <progress id={id} max={1} value={state.progress} />
          <span aria-live="polite">
            {formatPercent(state.progress)}
            {d && ` · ${formatCount(d.writes)} writes, ${formatCount(d.tablets)} tablets`}
          </span>
        </div>
      );
    }
    case 'cancelled':
      return (
        <p className="sim-status" role="status" data-testid="sim-cancelled">
          Cancelled.
        </p>
      );
    case 'failed':
      return (
        <p className="sim-status sim-problem" role="alert">
          The simulation failed: {state.message}
        </p>
      );
    case 'done':
      return (
        <p className="sim-status muted" role="status">
          Done in {(state.wallMs / 1000).toFixed(2)} s{state.mode === 'main' ? ' (on the page: no worker available)' : ''}.
        </p>
      );
    case 'idle':
      return null;
    default: {
      const never: never = state;
      throw new Error(`unknown run state ${String(never)}`);
    }
  }
}
