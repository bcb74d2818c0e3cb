// Pick a declared query and see which rows it reads: the plan's promise (one range, N scans,
// a full scan) beside what the keys show (how many runs of adjacent rows), and a strip that
// maps the whole list, so "contiguous" and "scattered" are visible even for a million rows.
import { formatCount } from '../../core/units';
import { useEffect, useRef } from 'react';
import type { Table } from '../../core/model/schema';
import type { MatchResult } from './jobs';
import type { Phase } from './useSorter';

const fmt = formatCount;

const PLAN_TEXT: Record<MatchResult['plan']['kind'], string> = {
  point: 'point read: one row',
  prefix: 'prefix scan: one contiguous range',
  range: 'range scan: one contiguous range',
  'multi-scan': 'one scan per salt bucket',
  'full-scan': 'FULL SCAN: every row is read and filtered',
};

export function planText(plan: MatchResult['plan']): string {
  return plan.kind === 'multi-scan' ? `${fmt(plan.scans)} scans: ${PLAN_TEXT[plan.kind]}` : PLAN_TEXT[plan.kind];
}

const HEIGHT = 300;

/** The whole list in HEIGHT pixel rows beside it; a pixel row is lit when any key in its slice matches. */
export function MatchStrip({ mask, onJump }: { mask: Uint8Array; onJump(k: number): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.fillStyle = getComputedStyle(c).color;
    const n = mask.length;
    for (let y = 0; y < HEIGHT; y++) {
      const from = Math.floor((y * n) / HEIGHT);
      const to = Math.max(from + 1, Math.floor(((y + 1) * n) / HEIGHT));
      for (let k = from; k < to && k < n; k++) {
        if (mask[k] === 1) {
          ctx.fillRect(0, y, c.width, 1);
          break;
        }
      }
    }
  }, [mask]);
  return (
    <canvas
      ref={canvas}
      className="match-strip"
      width={14}
      height={HEIGHT}
      role="img"
      aria-label="Where the matching rows are in the list, top to bottom. Click to jump."
      onClick={(e) => {
        const r = e.currentTarget.getBoundingClientRect();
        onJump(Math.floor(((e.clientY - r.top) / r.height) * mask.length));
      }}
    />
  );
}

export interface QueryBarProps {
  table: Table;
  queryIndex: number | null;
  onQuery(i: number | null): void;
  phase: Phase;
  result: MatchResult | null;
  anchor: number;
  /** Moves to the next matching row after the active one. */
  onNext(): void;
}

export function QueryBar({ table, queryIndex, onQuery, phase, result, anchor, onNext }: QueryBarProps) {
  const queries = table.queries ?? [];
  return (
    <div className="query-bar">
      <label>
        Light up the rows of a query{' '}
        <select
          value={queryIndex ?? ''}
          onChange={(e) => onQuery(e.target.value === '' ? null : Number(e.target.value))}
          disabled={queries.length === 0}
          data-testid="sorter-query"
        >
          <option value="">{queries.length === 0 ? 'This table declares no queries' : 'None'}</option>
          {queries.map((q, i) => (
            <option key={i} value={i}>
              {q.name}
            </option>
          ))}
        </select>
      </label>
      {queryIndex !== null && phase.phase === 'error' && (
        <p className="error-box" role="alert">
          {phase.message}
        </p>
      )}
      {queryIndex !== null && result && (
        <div className="query-result" data-testid="sorter-match" data-runs={result.runs} data-matched={result.matched} data-plan={result.plan.kind}>
          <div>
            <p>
              <strong>Query plan:</strong> {planText(result.plan)}. <strong>Here:</strong> {fmt(result.matched)} {result.matched === 1 ? 'row' : 'rows'} in{' '}
              {fmt(result.runs)} {result.runs === 1 ? 'run' : 'runs'}
              {result.unfit > 0 && `, ${fmt(result.unfit)} ${result.unfit === 1 ? 'key that does' : 'keys that do'} not fit the template left out`}
              {phase.phase === 'running' && ' (updating…)'}.{' '}
              {result.matched > 0 && (
                <button type="button" onClick={onNext}>
                  Next matching row
                </button>
              )}
            </p>
            {result.bindings.length > 0 && (
              <p className="muted">
                Values from row {fmt(anchor + 1)} (pick another with a click or Enter):{' '}
                {result.bindings.map((b, i) => (
                  <span key={b.field}>
                    {i > 0 && ', '}
                    <code>{b.field}</code> {b.how} <code>{b.value}</code>
                    {b.readable && (
                      <span data-testid="sorter-binding-readable" data-field={b.field}>
                        {' '}
                        (<time>{b.readable}</time>)
                      </span>
                    )}
                  </span>
                ))}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
