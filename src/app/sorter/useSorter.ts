// React state around the sort client: one client (one worker) per kind of job, so a running
// match does not cancel a sort. Results (typed arrays of up to a million keys) live here, in
// component state: never in the store, never saved, never in undo history.
import { useEffect, useRef, useState } from 'react';
import type { RowKey, Table } from '../../core/model/schema';
import type { JsOrder, JsOrderMode } from './analysis';
import type { Analysis, KeySource, MatchResult, Prepared, Progress, SortedKeys } from './jobs';
import { createSortClient, isCancelled, type SortClient } from './sortClient';

export type Phase = { phase: 'idle' } | { phase: 'running'; progress: Progress | null } | { phase: 'done' } | { phase: 'error'; message: string };

export interface SortRun {
  prepared: Prepared;
  /** Numeric-order flags and the order's checksum, computed after the list is shown; null until then. */
  analysis: Analysis | null;
  source: 'generate' | 'paste';
  /** The row key the keys were generated from or read with. */
  rowKey: RowKey | null;
  /** Wall time from request to result, as the user felt it. */
  totalMs: number;
  mode: 'worker' | 'main';
}

function useClient(): SortClient {
  const ref = useRef<SortClient | null>(null);
  if (ref.current === null) ref.current = createSortClient();
  const client = ref.current;
  useEffect(() => () => client.dispose(), [client]);
  return client;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useSortRun() {
  const client = useClient();
  const [phase, setPhase] = useState<Phase>({ phase: 'idle' });
  const [run, setRun] = useState<SortRun | null>(null);

  // The sorted keys show as soon as they arrive; the analysis follows on the same client (so a
  // new run or a cancel stops it too), started once the list is on screen: its keys go to the
  // worker as a copy (the list keeps them), and copying them must not hold up the first paint.
  const start = (source: KeySource, rowKey: RowKey | null) => {
    const t0 = performance.now();
    setPhase({ phase: 'running', progress: null });
    client.run({ kind: 'prepare', source }, { onProgress: (progress) => setPhase({ phase: 'running', progress }) }).then(
      (prepared) => {
        setRun({ prepared, analysis: null, source: source.from, rowKey, totalMs: performance.now() - t0, mode: client.mode });
        setPhase({ phase: 'done' });
      },
      (e: unknown) => setPhase(isCancelled(e) ? { phase: 'idle' } : { phase: 'error', message: messageOf(e) }),
    );
  };

  // Not while keys are being built (that job would be cancelled); again when a new build is cancelled.
  const pendingAnalysis = run && !run.analysis ? run : null;
  const building = phase.phase === 'running';
  useEffect(() => {
    if (!pendingAnalysis || building) return;
    const { prepared, rowKey } = pendingAnalysis;
    client.run({ kind: 'analyze', keys: prepared.keys, rowKey }).then(
      (analysis) => setRun((r) => (r && r.prepared === prepared ? { ...r, analysis } : r)),
      (e: unknown) => {
        if (!isCancelled(e)) setPhase({ phase: 'error', message: messageOf(e) });
      },
    );
  }, [client, pendingAnalysis, building]);

  return { phase, run, start, cancel: () => client.cancel() };
}

/** The rows the selected query reads, recomputed when the keys, query or anchor row change (not when the analysis arrives). */
export function useMatch(keys: SortedKeys | null, table: Table | undefined, queryIndex: number | null, anchor: number) {
  const client = useClient();
  const [state, setState] = useState<{ phase: Phase; result: MatchResult | null }>({ phase: { phase: 'idle' }, result: null });
  useEffect(() => {
    if (!keys || !table || queryIndex === null || !table.queries?.[queryIndex]) {
      client.cancel();
      setState({ phase: { phase: 'idle' }, result: null });
      return;
    }
    setState((s) => ({ phase: { phase: 'running', progress: null }, result: s.result }));
    client.run({ kind: 'match', keys, match: { table, queryIndex, anchor } }).then(
      (result) => setState({ phase: { phase: 'done' }, result }),
      (e: unknown) => {
        if (!isCancelled(e)) setState({ phase: { phase: 'error', message: messageOf(e) }, result: null });
      },
    );
  }, [client, keys, table, queryIndex, anchor]);
  return state;
}

/** Where JavaScript's sort would put each key, when asked for. */
export function useJsOrder(keys: SortedKeys | null, mode: JsOrderMode | null) {
  const client = useClient();
  const [state, setState] = useState<{ phase: Phase; result: JsOrder | null }>({ phase: { phase: 'idle' }, result: null });
  useEffect(() => {
    if (!keys || mode === null) {
      client.cancel();
      setState({ phase: { phase: 'idle' }, result: null });
      return;
    }
    setState({ phase: { phase: 'running', progress: null }, result: null });
    client.run({ kind: 'jsorder', keys, mode }, { onProgress: (progress) => setState({ phase: { phase: 'running', progress }, result: null }) }).then(
      (result) => setState({ phase: { phase: 'done' }, result }),
      (e: unknown) => {
        if (!isCancelled(e)) setState({ phase: { phase: 'error', message: messageOf(e) }, result: null });
      },
    );
  }, [client, keys, mode]);
  return state;
}
