// Size estimates of one table and how each of its queries reads it, beside the form, in the
// words lint and the markdown review use (report/lint-report.ts: unknown says why, no figure past its bound).
import { memo, useMemo } from 'react';
import type { DesignAnalysis } from '../../core/analysis/design';
import { estimates, rowBytesText, rowCountText, storedText, writeRatesText } from '../../core/report/lint-report';
import { QueryPlanBadge } from './QueryPlanBadge';

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
          {rowBytesText(est.rowBytes)} typical, {rowBytesText(est.hottestRowBytes)} busiest
        </dd>
        <dt>Rows</dt>
        <dd>{rowCountText(est)}</dd>
        <dt>Table</dt>
        <dd data-testid="table-size">{storedText(est)}</dd>
        <dt>Writes</dt>
        <dd>
          {writeRatesText(est)}
          {est.writesPerNode === null ? '' : ` (${analysis.nodes} nodes)`}
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
                <QueryPlanBadge plan={p} /> <code>{p.query}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});
