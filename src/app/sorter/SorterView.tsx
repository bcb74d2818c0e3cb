// The key sorter: keys of the open table (generated from its template, or pasted) in true
// byte order, sorted in a worker, in a windowed list with fields coloured, byte lengths, and
// the surprises of byte order flagged: numbers out of numeric order, where JavaScript's sort
// would have put a key, which rows a declared query reads, and where the last simulation of
// the table started its tablets.
import { peakWrites } from '../../core/analysis/design';
import { formatCount } from '../../core/units';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { toHex } from '../../core/keys/bytes';
import { useStudio } from '../store';
import type { JsOrderMode } from './analysis';
import { KeyList, type ShownTablets } from './KeyList';
import { keyReader, needsDecoding } from '../../core/keys/readable';
import { spannerFor } from './jobs';
import { sortedKeyAt } from './keyset';
import { MatchStrip, QueryBar } from './QueryBar';
import { ProgressLine, SorterControls, type SourceChoice } from './SorterControls';
import { createSpanner, type Spanner } from './spans';
import { TabletBar, useTabletBoundaries } from './TabletBar';
import { placeBoundaries, rateAcrossRun } from './tablets';
import { useJsOrder, useMatch, useSortRun, type SortRun } from './useSorter';
import './sorter.css';

const fmt = formatCount;
const ms = (t: number) => (t < 10 ? t.toFixed(1) : fmt(Math.round(t)));

function Summary({ run }: { run: SortRun }) {
  const { keys, timings } = run.prepared;
  const analysis = run.analysis;
  const first = keys.count > 0 ? toHex(sortedKeyAt(keys, 0)) : '';
  const last = keys.count > 0 ? toHex(sortedKeyAt(keys, keys.count - 1)) : '';
  const flagged = analysis?.flags.count ?? 0;
  return (
    <p
      className="sorter-summary"
      data-testid="sorter-summary"
      data-count={keys.count}
      data-first-hex={first}
      data-last-hex={last}
      data-checksum={analysis?.checksum}
      data-checked={analysis ? 'true' : 'false'}
      data-build-ms={timings.build.toFixed(1)}
      data-sort-ms={timings.sort.toFixed(1)}
      data-mode={run.mode}
      data-total-ms={run.totalMs.toFixed(0)}
    >
      <strong>{fmt(keys.count)}</strong> {run.source === 'generate' ? 'generated' : 'pasted'} {keys.count === 1 ? 'key' : 'keys'} in byte order:{' '}
      {run.source === 'generate' ? 'generated' : 'read'} in {ms(timings.build)} ms, sorted in {ms(timings.sort)} ms
      {run.mode === 'worker' ? ' in a worker' : ' on the main thread'}
      {analysis ? `, checked in ${ms(analysis.timings.check)} ms. ` : '. '}
      {!analysis ? (
        <span className="muted">Checking the whole list for keys out of numeric order…</span>
      ) : flagged === 0 ? (
        'No adjacent keys out of numeric order.'
      ) : (
        <span className="note-flag-text">
          {fmt(flagged)} adjacent {flagged === 1 ? 'pair sorts' : 'pairs sort'} out of numeric order (↯).
        </span>
      )}
    </p>
  );
}

export default function SorterView({ docId }: { docId: string }) {
  const doc = useStudio((s) => s.docs[docId]);
  const selectedTable = useStudio((s) => s.selectedTable);
  const tables = doc?.design.tables ?? [];
  const [tableName, setTableName] = useState<string | null>(null);
  const table = tables.find((t) => t.name === (tableName ?? selectedTable)) ?? tables[0];
  const tabletView = useTabletBoundaries(docId, table?.name ?? '');
  const [showTablets, setShowTablets] = useState(true);

  const rowKey = table?.rowKey;
  const spanner = useMemo<Spanner | null>(() => {
    if (!rowKey) return null;
    try {
      return createSpanner(rowKey);
    } catch {
      return null; // a template that does not lay out: keys show uncoloured
    }
  }, [rowKey]);
  // Tablet boundaries and row hovers read the key's fields (dates, salt buckets) for this table's keys.
  const read = useMemo(() => (rowKey && needsDecoding(rowKey) ? keyReader(rowKey) : null), [rowKey]);

  const { phase, run, start, cancel } = useSortRun();
  // The template the keys were read with: what the flags of rows on screen use until the whole list is checked.
  const runRowKey = run?.rowKey ?? null;
  const runSpanner = useMemo(() => spannerFor(runRowKey), [runRowKey]);
  const [queryIndex, setQueryIndex] = useState<number | null>(null);
  const [jsMode, setJsMode] = useState<JsOrderMode | null>(null);
  const [active, setActive] = useState(0);
  const [anchor, setAnchor] = useState(0);
  const [scrollRequest, setScrollRequest] = useState(0);
  // The keys, not the run: the run changes again when its analysis arrives, the keys do not.
  const keys = run?.prepared.keys ?? null;
  const match = useMatch(keys, table, queryIndex, anchor);
  const js = useJsOrder(keys, jsMode);

  // Boundaries of an earlier version of the table are never placed: they would be wrong.
  const current = tabletView.status === 'current' ? tabletView.sim : null;
  const placement = useMemo(() => (keys && current ? placeBoundaries(keys, current.boundaries) : null), [keys, current]);
  const shownTablets = useMemo<ShownTablets | null>(
    () => (current && placement && showTablets ? { boundaries: current.boundaries, placement, total: current.tablets } : null),
    [current, placement, showTablets],
  );

  // With a simulation of this table, generated keys span its run, so its boundaries fall among them.
  const [spread, setSpread] = useState<number | null>(null);
  const runChoice = (c: SourceChoice) => {
    setActive(0);
    setAnchor(0);
    if (c.from === 'generate' && table) {
      const seconds = current?.run.seconds ?? null;
      const declared = doc ? (peakWrites(doc.design, table) ?? undefined) : undefined;
      const writesPerSecond = rateAcrossRun(c.count, seconds, declared);
      setSpread(seconds !== null && writesPerSecond !== declared ? seconds : null);
      start({ from: 'generate', rowKey: table.rowKey, count: c.count, seed: c.seed, writesPerSecond }, table.rowKey);
    } else if (c.from === 'paste') {
      setSpread(null);
      start({ from: 'paste', text: c.text }, table?.rowKey ?? null);
    }
  };

  // First visit: a thousand keys of the table, so there is something to look at. Until the
  // user runs or cancels a job, an idle sorter with no keys starts this again (a StrictMode
  // remount cancels the first one).
  const auto = useRef(true);
  // An Effect Event: it reads this render's runChoice (a fresh closure each render) without making
  // it a reason to start again; what decides a start is listed below.
  const startFirst = useEffectEvent(() => runChoice({ from: 'generate', count: 1000, seed: 1 }));
  useEffect(() => {
    if (!auto.current || run || phase.phase !== 'idle' || !table || !spanner) return;
    startFirst();
  }, [run, phase, table, spanner]);

  const userRun = (c: SourceChoice) => {
    auto.current = false;
    runChoice(c);
  };
  const userCancel = () => {
    auto.current = false;
    cancel();
  };

  // A query's anchor defaults to the middle of the list: a prefix in the middle shows its run best.
  useEffect(() => {
    if (keys) setAnchor(Math.floor(keys.count / 2));
  }, [keys]);

  const jump = (k: number) => {
    if (!run) return;
    const i = Math.min(Math.max(0, k), run.prepared.keys.count - 1);
    setActive(i);
    setScrollRequest((n) => n + 1);
  };
  const nextMatch = () => {
    const mask = match.result?.mask;
    if (!mask) return;
    const from = active + 1;
    let k = mask.indexOf(1, from);
    if (k < 0) k = mask.indexOf(1);
    if (k >= 0) jump(k);
  };

  if (!doc)
    return (
      <section className="sorter notice" data-testid="sorter-view">
        There is no design with the id {docId}.
      </section>
    );

  return (
    <section className="sorter" data-testid="sorter-view" aria-labelledby="sorter-title">
      <header className="sorter-header">
        <h2 id="sorter-title">Key sorter</h2>
        {tables.length > 1 && (
          <label>
            Table{' '}
            <select
              value={table?.name ?? ''}
              onChange={(e) => {
                setTableName(e.target.value);
                setQueryIndex(null);
              }}
              data-testid="sorter-table"
            >
              {tables.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {table && (
          <p className="muted">
            Template <code>{table.rowKey.template}</code>. Bigtable keeps rows in the unsigned byte order of their keys; this is that order.
          </p>
        )}
      </header>
      <SorterControls busy={phase.phase === 'running'} onRun={userRun} canGenerate={!!table && !!spanner} />
      <ProgressLine phase={phase} onCancel={userCancel} label="Sort progress" />
      {phase.phase === 'error' && (
        <p className="error-box" role="alert" data-testid="sorter-error">
          {phase.message}
        </p>
      )}
      {run && (
        <>
          <Summary run={run} />
          {run.source === 'generate' && run.rowKey !== rowKey && (
            <p className="notice" data-testid="sorter-stale">
              The row key changed since these keys were generated: generate them again to see the new template.
            </p>
          )}
          <div className="sorter-options">
            <label>
              <input type="checkbox" checked={jsMode !== null} onChange={(e) => setJsMode(e.target.checked ? 'codeUnits' : null)} data-testid="sorter-js" />{' '}
              Show where JavaScript's string sort would put each key
            </label>
            {jsMode !== null && (
              <select value={jsMode} onChange={(e) => setJsMode(e.target.value as JsOrderMode)} aria-label="JavaScript comparison">
                <option value="codeUnits">a &lt; b (UTF-16 code units, Array.prototype.sort)</option>
                <option value="locale">a.localeCompare(b)</option>
              </select>
            )}
            {js.result && (
              <span className="muted" data-testid="sorter-js-moved" data-moved={js.result.moved}>
                {js.result.moved === 0 ? 'Same order as the bytes.' : `${fmt(js.result.moved)} ${js.result.moved === 1 ? 'key lands' : 'keys land'} elsewhere.`}
              </span>
            )}
            <ProgressLine phase={js.phase} onCancel={() => setJsMode(null)} label="JavaScript sort progress" />
          </div>
          {table && (
            <QueryBar
              table={table}
              queryIndex={queryIndex}
              onQuery={setQueryIndex}
              phase={match.phase}
              result={match.result}
              anchor={anchor}
              onNext={nextMatch}
            />
          )}
          {table && (
            <TabletBar
              view={tabletView}
              docId={docId}
              table={table.name}
              placement={placement}
              keyCount={run.prepared.keys.count}
              show={showTablets}
              onShow={setShowTablets}
              spreadSeconds={run.source === 'generate' ? spread : null}
            />
          )}
          {spanner && <FieldLegend spanner={spanner} />}
          <div className="sorter-list-row">
            <KeyList
              keys={run.prepared.keys}
              flags={run.analysis?.flags.flags ?? null}
              flagSpanner={runSpanner}
              spanner={spanner}
              match={queryIndex === null ? null : match.result}
              js={jsMode === null ? null : js.result}
              tablets={shownTablets}
              active={active}
              onActiveChange={setActive}
              anchor={anchor}
              onAnchor={setAnchor}
              scrollRequest={scrollRequest}
              read={read}
            />
            {queryIndex !== null && match.result && <MatchStrip mask={match.result.mask} onJump={jump} />}
          </div>
        </>
      )}
    </section>
  );
}

function FieldLegend({ spanner }: { spanner: Spanner }) {
  return (
    <ul className="legend" aria-label="Key fields">
      {spanner.fields.map((name, i) => (
        <li key={name}>
          <span className={`swatch seg-${i % 8}`} aria-hidden="true" />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}
