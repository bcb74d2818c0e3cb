// Size estimates of one table and how each of its queries reads it, beside the form.
import { memo, useMemo } from 'react';
import type { DesignAnalysis } from '../../core/analysis/design';
import { estimates, formatBytes, NO_LOAD, storedText } from '../../core/report/lint-report';
import { PlanBadge } from './PlanBadge';

const short = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1).replace(/\.0$/, ''));
const count = (n: number) =>
  !Number.isFinite(n)
    ? 'unbounded'
    : n >= 1e9
      ? `${short(n / 1e9)} billion`
      : n >= 1e6
        ? `${short(n / 1e6)} million`
        : n >= 1e4
          ? `${short(n / 1e3)}k`
          : String(Math.round(n * 10) / 10);

export const EstimatesPanel = memo(function EstimatesPanel({ analysis, ti }: { analysis: DesignAnalysis; ti: number }) {
  const ta = analysis.tables[ti];
  const est = useMemo(() => (ta ? estimates({ ...analysis, tables: [ta] })[0] : undefined), [analysis, ta]);
  if (!ta || !est) return null;
  return (
    <section className="panel estimates" aria-labelledby="estimates-heading" data-testid="estimates">
      <h2 id="estimates-heading">
        Estimates for <code>{ta.table.name}</code>
      </h2>
      <dl className="facts">
        <dt>Row key</dt>
        <dd>
          {est.keyBytes.min === est.keyBytes.max ? `${est.keyBytes.min} B` : `${est.keyBytes.min}–${est.keyBytes.max} B (typical ${est.keyBytes.typical})`}
        </dd>
        <dt>Row</dt>
        <dd>
          {formatBytes(est.rowBytes)} typical, {formatBytes(est.hottestRowBytes)} busiest
        </dd>
        <dt>Rows</dt>
        <dd>{est.rows === null ? `unknown: ${est.unknown ?? (est.storage === 'unbounded' ? 'no GC rule deletes' : NO_LOAD)}` : count(est.rows)}</dd>
        <dt>Table</dt>
        <dd data-testid="table-size">{storedText(est)}</dd>
        <dt>Writes</dt>
        <dd>
          {count(est.writesPerSecond)}/s
          {est.averageWritesPerSecond !== est.writesPerSecond ? ` at peak, ${count(est.averageWritesPerSecond)}/s on average (storage)` : ''},{' '}
          {count(est.writesPerNode)}/s per node ({analysis.nodes} nodes)
        </dd>
        <dt>Retention</dt>
        <dd>{est.retention}</dd>
      </dl>
      {ta.layoutError && <p className="field-error">The key template has a problem: {ta.layoutError}</p>}
      {ta.plans.length > 0 && (
        <>
          <h3>Queries</h3>
          <ul className="plans">
            {ta.plans.map((p) => (
              <li key={p.index}>
                <PlanBadge plan={p} /> <code>{p.query}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});
