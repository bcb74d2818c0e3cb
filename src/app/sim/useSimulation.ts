// A React hook over runSimulation: runs one or more simulations one after another (a compare
// runs two under the same workload), with progress, cancel, and a cancel on unmount. Results
// stay in component state, never in the store (typed arrays are not design state).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SimOptions, SimResult } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { isCancelled, runSimulation, type RunnerDeps, type SimProgress, type SimRun } from './runner';

export interface SimJob {
  table: Table;
  options: SimOptions;
}

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; progress: number; detail: SimProgress | null; job: number; jobs: number }
  | { status: 'done'; results: SimResult[]; jobs: SimJob[]; wallMs: number; mode: 'worker' | 'main' }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export type Finished = Extract<RunState, { status: 'done' }>;

export function useSimulation(deps?: RunnerDeps) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  /** The latest finished run: it stays on screen while a new run goes or after a cancel. */
  const [last, setLast] = useState<Finished | null>(null);
  const current = useRef<SimRun | null>(null);
  const generation = useRef(0);

  const cancel = useCallback(() => {
    generation.current++;
    const run = current.current;
    current.current = null;
    if (run) {
      run.cancel();
      setState({ status: 'cancelled' });
    }
  }, []);

  const start = useCallback(
    async (jobs: SimJob[]) => {
      cancel();
      const gen = ++generation.current;
      const results: SimResult[] = [];
      const t0 = performance.now();
      let mode: 'worker' | 'main' = 'worker';
      setState({ status: 'running', progress: 0, detail: null, job: 0, jobs: jobs.length });
      try {
        for (let i = 0; i < jobs.length; i++) {
          const job = jobs[i]!;
          const run = runSimulation(
            job.table,
            job.options,
            (p) => {
              if (gen === generation.current) setState({ status: 'running', progress: (i + p.progress) / jobs.length, detail: p, job: i, jobs: jobs.length });
            },
            deps,
          );
          current.current = run;
          results.push(await run.promise);
          if (run.mode === 'main') mode = 'main';
          if (gen !== generation.current) return;
        }
        current.current = null;
        const done: Finished = { status: 'done', results, jobs, wallMs: performance.now() - t0, mode };
        setState(done);
        setLast(done);
      } catch (e) {
        if (gen !== generation.current) return;
        current.current = null;
        if (isCancelled(e)) setState({ status: 'cancelled' });
        else setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      }
    },
    [cancel, deps],
  );

  useEffect(
    () => () => {
      generation.current++;
      current.current?.cancel();
    },
    [],
  );

  return { state, last, start, cancel };
}
