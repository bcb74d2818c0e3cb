// "Add pre-split points": shown under a run that throttled writes while the new table split
// (launch day). The button proposes split keys from the key's generated distribution
// (core/sim/presplit.ts), runs the same workload again on the pre-split table (in the worker,
// like any run), and writes the keys to the table's `splits` only when that run confirms they
// help (core/sim/presplit-check.ts); otherwise it says why not. One undo step.
import { useEffect, useRef, useState } from 'react';
import { judgePreSplits, proposePreSplits, withSplits, type SimOptions, type SimResult } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { useChanged } from '../components/useChanged';
import { useStudio } from '../store';
import { formatPercent } from './describe';
import { isCancelled, runSimulation, type SimRun } from './runner';

type State = { status: 'idle' } | { status: 'checking'; count: number } | { status: 'added'; text: string } | { status: 'withheld'; text: string };

const seconds = (s: number) => `${Math.round(s).toLocaleString('en-US')} s`;

/** `stale`: the table changed since the run (after an add, too): the button goes, the status stays. */
export function PreSplit({ docId, table, options, result, stale }: { docId: string; table: Table; options: SimOptions; result: SimResult; stale: boolean }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  // The check in progress, and the result it checks.
  const run = useRef<{ of: SimResult; sim: SimRun } | null>(null);
  // A new run drops what was said about the one before...
  const newResult = useChanged(result);
  if (newResult) setState({ status: 'idle' });
  // ...and a check of it in progress; so does leaving the view.
  useEffect(
    () => () => {
      if (run.current?.of === result) run.current.sim.cancel();
    },
    [result],
  );
  const launch = result.launch;
  if (!launch || (stale && state.status === 'idle')) return null;

  const add = async () => {
    let splits: string[];
    try {
      splits = proposePreSplits(table, result);
    } catch (e) {
      setState({ status: 'withheld', text: `No pre-split points: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    setState({ status: 'checking', count: splits.length });
    let after: SimResult | null = null;
    if (splits.length) {
      const r = runSimulation({ ...table, splits }, options);
      run.current = { of: result, sim: r };
      try {
        after = await r.promise;
      } catch (e) {
        if (isCancelled(e)) return;
        setState({ status: 'withheld', text: `The check run failed: ${e instanceof Error ? e.message : String(e)}` });
        return;
      } finally {
        run.current = null;
      }
    }
    const check = judgePreSplits(table, result, splits, after);
    if (!check) return;
    if (!check.ok) {
      setState({ status: 'withheld', text: `Not added: ${check.reason}.` });
      return;
    }
    const name = table.name;
    const edited = useStudio.getState().editDesign(docId, (d) => (d.tables.some((t) => t.name === name) ? withSplits(d, name, check.splits) : d), {
      label: `Add ${check.splits.length} pre-split points to ${name}`,
    });
    if (!edited.ok) {
      setState({ status: 'withheld', text: `The design did not accept the split keys: ${edited.issues[0]?.message ?? 'unknown'}` });
      return;
    }
    setState({ status: 'added', text: `Added ${check.reason}. Run again to see the pre-split table.` });
  };

  return (
    <section className="sim-presplit" aria-labelledby="sim-presplit-title" data-testid="sim-presplit">
      <h4 id="sim-presplit-title">Launch day</h4>
      <p data-testid="sim-launch">
        {formatPercent(launch.share)} of this run's writes were throttled in its first {seconds(launch.seconds)} ({formatPercent(launch.shareWhileSplitting)} of
        the writes in that time), while the new table split from one tablet. Split keys given when the table is created start it on every node.
      </p>
      <p>
        {!stale && (
          <>
            <button type="button" onClick={() => void add()} disabled={state.status === 'checking'} data-testid="sim-presplit-add">
              Add pre-split points
            </button>{' '}
          </>
        )}
        <span role="status" data-testid="sim-presplit-status">
          {state.status === 'checking'
            ? `Checking ${state.count.toLocaleString('en-US')} split keys with a second run of the same workload…`
            : state.status === 'added' || state.status === 'withheld'
              ? state.text
              : ''}
        </span>
      </p>
    </section>
  );
}
