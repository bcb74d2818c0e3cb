// The simulation view of a design: pick a table and a workload, run the tablet
// simulator in a worker, and read the result as numbers, a Key-Visualizer-style heatmap and
// side charts; then compare two tables under the same workload. Mounted lazily by the design
// view with `{ docId }`; it reads the design from the store and writes to it only through
// "Add pre-split points" (PreSplit.tsx), a user's edit like any other. A finished
// run's tablet boundaries go to the store (publishTablets) for the key sorter's separators.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { clusterOf } from '../../core/sim';
import type { Table } from '../../core/model/schema';
import { designHref, navigate } from '../routing';
import { useStudio } from '../store';
import { useChanged } from '../components/useChanged';
import { Assumptions } from './Assumptions';
import { Compare } from './Compare';
import { Heatmap } from './Heatmap';
import { PreSplit } from './PreSplit';
import { SimCharts } from './SimCharts';
import { SimControls } from './SimControls';
import { SimResults } from './SimResults';
import { planCapacity } from '../../core/capacity/capacity-plan';
import { needsSentence } from '../../core/capacity/wording';
import { analyze, peakWrites } from '../../core/analysis/design';
import { simulationHref, takeRunRequest } from './link';
import { useSimulation } from './useSimulation';
import { defaultWorkload, startingWrites, optionsOf, parseWorkload, type WorkloadText } from './workload';
import './sim.css';

const HeatmapMemo = memo(Heatmap);
const ChartsMemo = memo(SimCharts);

export default function SimView({ docId }: { docId: string }) {
  // Keyed by design: another design starts with its own settings and no results.
  return <SimPanel key={docId} docId={docId} />;
}

function SimPanel({ docId }: { docId: string }) {
  const doc = useStudio((s) => s.docs[docId]);
  const docs = useStudio((s) => s.docs);
  const docOrder = useStudio((s) => s.docOrder);
  const routeTable = useStudio((s) => s.selectedTable);
  const [picked, setPicked] = useState<string | null>(null);
  // Another table in the address drops the table picked here.
  const otherRoute = useChanged(routeTable);
  if (otherRoute) setPicked(null);

  const design = doc?.design;
  const tables = design?.tables ?? [];
  const wanted = picked ?? routeTable;
  const table: Table | undefined = tables.find((t) => t.name === wanted) ?? tables[0];
  const [text, setText] = useState<WorkloadText | null>(null);
  const [shownProblems, setShownProblems] = useState(false);
  const { state, last, start, cancel } = useSimulation();
  const landOnResult = useRef(false);
  const output = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!landOnResult.current || !last || state.status === 'running') return;
    landOnResult.current = false;
    output.current?.scrollIntoView({ block: 'start' });
    output.current?.focus({ preventScroll: true });
  }, [last, state.status]);
  const publishTablets = useStudio((s) => s.publishTablets);

  // Each finished run of this view (not Compare's) shares where its tablets start.
  useEffect(() => {
    const job = last?.jobs.length === 1 ? last.jobs[0] : undefined;
    const result = last?.results[0];
    if (job && result) publishTablets(docId, job.table, result);
  }, [last, docId, publishTablets]);

  // Picking another table brings its declared write rate; the other settings stay. Keyed on
  // the name only, so an edit elsewhere in the design does not undo what the user typed.
  const tableName = table?.name;
  const otherTable = useChanged(tableName);
  if (otherTable && design) setText((old) => (old ? { ...old, writesPerSecond: String(startingWrites(design, table)) } : null));

  const form = text ?? (design ? defaultWorkload(design, table) : null);
  const parsed = useMemo(() => (form ? parseWorkload(form) : null), [form]);

  // A link asked for this table's simulation ("See it in the simulation"): run it, then land on
  // the result. In a task of its own, so a StrictMode remount (which cancels runs) runs it once.
  const runRef = useRef<() => void>(() => {});
  useEffect(() => {
    if (!tableName) return;
    const timer = setTimeout(() => {
      if (!takeRunRequest(docId, tableName)) return;
      landOnResult.current = true;
      runRef.current();
    }, 0);
    return () => clearTimeout(timer);
  }, [docId, tableName]);

  if (!doc || !design || !form || !parsed) {
    return (
      <section className="view sim-view" data-testid="sim-view">
        <p className="notice">There is no design with this id.</p>
      </section>
    );
  }

  const run = () => {
    setShownProblems(true);
    if (!table || !parsed.ok) return;
    void start([{ table, options: optionsOf(design, parsed.workload, undefined, table) }]);
  };
  runRef.current = run;

  const result = last?.results[0];
  const ranTable = last?.jobs[0]?.table;
  const stale = ranTable && ranTable !== table;

  return (
    <section className="sim-view" data-testid="sim-view" aria-labelledby="sim-title">
      <h2 id="sim-title">Simulate writes</h2>
      <Assumptions />
      {tables.length === 0 ? (
        <p className="notice">This design has no tables to simulate yet.</p>
      ) : (
        <SimControls
          tables={tables.map((t) => t.name)}
          table={table?.name ?? ''}
          onTable={(name) => {
            setPicked(name);
            navigate(simulationHref(docId, name));
          }}
          text={form}
          problems={shownProblems && !parsed.ok ? parsed.problems : {}}
          onText={(key: keyof WorkloadText, value: string) => setText({ ...form, [key]: value })}
          onRun={run}
          onCancel={cancel}
          onReset={() => {
            setText(defaultWorkload(design, table));
            setShownProblems(false);
          }}
          state={state}
        />
      )}
      {result && ranTable && (
        <div className={state.status === 'running' ? 'sim-output sim-busy' : 'sim-output'} data-testid="sim-output" ref={output} tabIndex={-1}>
          {stale && (
            <p className="notice" role="status">
              {ranTable.name === table?.name ? 'The table changed since this run: run again to update.' : `These results are for the table ${ranTable.name}.`}
            </p>
          )}
          <SimResults result={result} declared={peakWrites(design, ranTable) ?? undefined} plan={needsSentence(planCapacity(design, analyze(design)))} />
          {last?.jobs[0] && ranTable.name === table?.name && (
            <PreSplit docId={docId} table={ranTable} options={last.jobs[0].options} result={result} stale={!!stale} />
          )}
          <p className="sim-to-sorter">
            <a href={designHref(docId, ranTable.name, 'sorter')} data-testid="sim-to-sorter">
              {result.tablets === 1 ? 'See the keys of its one tablet' : `See where its ${result.tablets.toLocaleString('en-US')} tablets start among the keys`}
              , in the Sorter
            </a>
          </p>
          <HeatmapMemo result={result} tableName={ranTable.name} />
          <ChartsMemo result={result} />
        </div>
      )}
      {tables.length > 0 && table && (
        <Compare
          docs={docs}
          docOrder={docOrder}
          docId={docId}
          table={table.name}
          workload={parsed.ok ? parsed.workload : null}
          storage={clusterOf(design).storage}
        />
      )}
    </section>
  );
}
