// The summary at the top of every design page: each table's key as coloured
// field chips with an example key and its bytes, where the table's writes land (the core's
// hotspot model), the capacity plan's verdict and the finding counts. What a newcomer needs to
// know first: what the key is and whether it is sound. The long form follows below it.
import { memo, useMemo } from 'react';
import type { Design } from '../../core/model/schema';
import type { DesignAnalysis } from '../../core/analysis/design';
import { plural } from '../../core/units';
import type { Finding, Severity } from '../../core/rules/types';
import { KeyPieces } from '../components/KeyExample';
import { buildExampleKey, colourSlot, type ExampleKey } from '../keyview';
import { designHref } from '../routing';
import { requestRun, simulationHref } from '../sim/link';
import { designSummary, type TableSummary, type Tone } from './summary';
import './summary.css';

function exampleOf(design: Design, name: string): ExampleKey | string {
  const t = design.tables.find((x) => x.name === name);
  if (!t) return 'no such table';
  try {
    return buildExampleKey(t.rowKey);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export function countsText(c: Record<Severity, number>): string {
  return c.error + c.warning + c.info === 0 ? 'no findings' : `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info`;
}

function Verdict({ tone, label, text, testId, data }: { tone: Tone; label: string; text: string; testId: string; data?: string }) {
  return (
    <p className={`summary-verdict tone-${tone}`} data-testid={testId} data-verdict={data ?? tone}>
      <span className="summary-label">{label}</span> {text}
    </p>
  );
}

function TableRow({ docId, design, t, selected }: { docId: string; design: Design; t: TableSummary; selected: boolean }) {
  const ex = useMemo(() => exampleOf(design, t.name), [design, t.name]);
  const layout = typeof ex === 'string' ? null : ex.layout;
  return (
    <li className={selected ? 'summary-table selected' : 'summary-table'} data-testid="summary-table" data-table={t.name}>
      <div className="summary-table-head">
        <a href={designHref(docId, t.name)} className="summary-table-name" aria-current={selected ? 'true' : undefined}>
          {t.name}
        </a>
        <ol className="summary-chips" aria-label={`Key fields of ${t.name} in key order`}>
          {t.fields.map((f, i) => (
            <li key={f.name} className={`summary-chip seg-${layout ? colourSlot(layout, f.name) : i % 8}`} data-testid="summary-chip">
              {f.name} <span className="chip-type">{f.type}</span>
            </li>
          ))}
        </ol>
      </div>
      {typeof ex === 'string' ? (
        <p className="summary-key-error" data-testid="summary-key-error">
          No example key: {ex}
        </p>
      ) : (
        <p className="summary-key">
          <KeyPieces example={ex} testId="summary-key" />{' '}
          <span className="key-length">
            <span data-testid="summary-key-bytes">{ex.key.length}</span> bytes
          </span>
        </p>
      )}
      <div className="summary-writes-row">
        <Verdict tone={t.writes.tone} label="Writes" text={t.writes.text} testId="summary-writes" data={t.writes.risk} />
        <a href={simulationHref(docId, t.name)} onClick={() => requestRun(docId, t.name)} className="summary-sim" data-testid="summary-sim">
          Simulate {t.name}
        </a>
      </div>
    </li>
  );
}

interface Props {
  docId: string;
  design: Design;
  analysis: DesignAnalysis;
  findings: readonly Finding[];
  /** The table the page shows (null: the first). */
  selected: string | null;
  onFindings?: () => void;
}

export const DesignSummary = memo(function DesignSummary({ docId, design, analysis, findings, selected, onFindings }: Props) {
  const s = useMemo(() => designSummary(design, analysis, findings), [design, analysis, findings]);
  const shown = selected ?? design.tables[0]?.name ?? null;
  const tone: Tone = s.counts.error > 0 ? 'bad' : s.counts.warning > 0 ? 'warn' : 'ok';
  return (
    <section className="design-summary" aria-label="Summary of the design" data-testid="design-summary">
      <div className="summary-design">
        <Verdict tone={s.capacity.tone} label="Capacity" text={s.capacity.text} testId="summary-capacity" data={s.capacity.state} />
        <p
          className={`summary-verdict tone-${tone}`}
          data-testid="summary-findings"
          data-errors={s.counts.error}
          data-warnings={s.counts.warning}
          data-info={s.counts.info}
        >
          <span className="summary-label">Findings</span>{' '}
          {onFindings && findings.length > 0 ? (
            <button type="button" className="link-button" onClick={onFindings}>
              {countsText(s.counts)}
            </button>
          ) : (
            countsText(s.counts)
          )}
        </p>
      </div>
      {s.tables.length === 0 ? (
        <p className="hint">No tables yet: add one in the form to design its row key.</p>
      ) : (
        <ul className="summary-tables">
          {s.tables.map((t) => (
            <TableRow key={t.name} docId={docId} design={design} t={t} selected={t.name === shown} />
          ))}
        </ul>
      )}
    </section>
  );
});
