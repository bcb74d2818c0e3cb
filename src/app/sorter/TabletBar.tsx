// The sorter's line about tablet boundaries: what the last simulation of this table found
// (tablets, when, which workload), how many boundaries fall within the keys on the list, and
// the toggle; or, without a usable simulation, where to run one. The boundaries come from the
// store (sim/tablets-slice.ts), published by the Simulate tab when a run finishes.
import { formatCount } from '../../core/units';
import { useMemo } from 'react';
import { PATTERNS } from '../sim/describe';
import { requestRun, simulationHref } from '../sim/link';
import { tabletsFor, tabletsKey } from '../sim/tablets-slice';
import { useStudio, type TabletsView } from '../store';
import type { Placement } from './tablets';

const fmt = formatCount;

/** The latest simulation's tablets of this design's table, and whether they still hold. */
export function useTabletBoundaries(docId: string, table: string): TabletsView {
  const sim = useStudio((s) => s.simTablets[tabletsKey(docId, table)]);
  const design = useStudio((s) => s.docs[docId]?.design);
  return useMemo(() => tabletsFor(sim, design, table), [sim, design, table]);
}

export function runTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export interface TabletBarProps {
  view: TabletsView;
  docId: string;
  table: string;
  /** Where the boundaries fall among the listed keys (null while there are none). */
  placement: Placement | null;
  keyCount: number;
  show: boolean;
  onShow(show: boolean): void;
  /** The generated keys were spread across the run's seconds (not the declared rate), or null. */
  spreadSeconds?: number | null;
}

export function TabletBar({ view, docId, table, placement, keyCount, show, onShow, spreadSeconds = null }: TabletBarProps) {
  const href = simulationHref(docId, table);
  const ask = () => requestRun(docId, table);
  if (view.status === 'none')
    return (
      <p className="sorter-tablets muted" data-testid="sorter-tablets" data-status="none">
        No simulation of this table yet:{' '}
        <a href={href} onClick={ask}>
          run one in the Simulate tab
        </a>{' '}
        to see where its tablets would start among these keys.
      </p>
    );
  const { sim } = view;
  const when = `the simulation of ${runTime(sim.finishedAt)}`;
  if (view.status === 'stale')
    return (
      <p className="sorter-tablets notice" data-testid="sorter-tablets" data-status="stale">
        The tablet boundaries from {when} are from an earlier version of this table, so they are not shown.{' '}
        <a href={href} onClick={ask}>
          Simulate it again
        </a>{' '}
        to see the current ones.
      </p>
    );
  const { run } = sim;
  const within = placement?.within ?? 0;
  const outside = placement ? placement.before + placement.after : 0;
  return (
    <div className="sorter-tablets" data-testid="sorter-tablets" data-status="current" data-tablets={sim.tablets} data-within={within}>
      <label>
        <input type="checkbox" checked={show} onChange={(e) => onShow(e.target.checked)} data-testid="sorter-tablets-show" /> Show tablet boundaries
      </label>
      <span data-testid="sorter-tablets-status">
        {fmt(sim.tablets)} {sim.tablets === 1 ? 'tablet' : 'tablets'} from {when} ({PATTERNS[sim.pattern].title.toLowerCase()}; {fmt(run.nodes)}{' '}
        {run.nodes === 1 ? 'node' : 'nodes'}, {fmt(run.writesPerSecond)} writes/s for {fmt(run.seconds)} s, seed {run.seed});{' '}
        {within === 1 ? '1 boundary falls' : `${fmt(within)} boundaries fall`} within these {fmt(keyCount)} keys
        {outside > 0 && `, ${fmt(outside)} outside them`}.
        {spreadSeconds !== null && ` The keys are sampled across the run's ${fmt(spreadSeconds)} s, as it wrote them, so its tablets show among them.`}
      </span>
    </div>
  );
}
