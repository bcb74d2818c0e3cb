// The validator's findings, live, errors first: severity, message, where (click to reveal it in
// the form or the code view), the longer explanation on request, the rule's documentation, and
// a Fix button that applies the checked fix as one undo step, with what it does to each query
// (and the other fixes on the same table, to compare). A fix the engine withheld says why.
import { memo, useState } from 'react';
import { formatPath } from '../../core/model/load-design';
import type { PathPart } from '../../core/model/positions';
import { plural } from '../../core/report/words';
import { applyFix } from '../../core/rules/lint';
import type { Finding } from '../../core/rules/types';
import { simulationLinkFor } from '../sim/link';
import { useStudio } from '../store';
import { FixEffects } from './FixEffects';
import { RuleDocDialog } from './RuleDoc';
import '../form/form.css';

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

function where(f: Finding): string {
  const p = f.path as PathPart[];
  const rest = p[0] === 'tables' && typeof p[1] === 'number' ? p.slice(2) : p;
  return [f.table, formatPath(rest)].filter(Boolean).join(' · ') || 'design';
}

interface Props {
  docId: string;
  findings: readonly Finding[];
  /** The table shown in the form: its findings come first. */
  table: string | null;
}

export const FindingsPanel = memo(function FindingsPanel({ docId, findings, table }: Props) {
  const [doc, setDoc] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ key: string; text: string } | null>(null);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  // By severity first (the lint order); within a severity the table shown in the form first.
  const rank = { error: 0, warning: 1, info: 2 } as const;
  const sorted = table === null ? findings : [...findings].sort((a, b) => rank[a.severity] - rank[b.severity] || Number(b.table === table) - Number(a.table === table));
  // Fixes that change how some query is served compete when they touch the same table.
  const fixesOn = new Map<string, Finding[]>();
  for (const f of findings) if (f.fix && f.table && f.effects?.some((e) => e.changed)) fixesOn.set(f.table, [...(fixesOn.get(f.table) ?? []), f]);
  const fix = (f: Finding, key: string) => {
    const st = useStudio.getState();
    let declined = false;
    const r = st.editDesign(
      docId,
      (d) => {
        const next = applyFix(d, f);
        declined = next === null;
        return next ?? d;
      },
      { label: `Apply fix: ${f.fix ?? f.rule}` },
    );
    setProblem(declined ? { key, text: 'This fix no longer applies to the design as it is now.' } : r.ok ? null : { key, text: r.issues[0]?.message ?? 'The fix was not accepted.' });
  };
  return (
    <section className="panel findings" aria-labelledby="findings-heading" data-testid="findings">
      <h2 id="findings-heading">
        Findings{' '}
        <span className="muted small" data-testid="findings-count">
          {findings.length === 0 ? 'none' : `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`}
        </span>
      </h2>
      {findings.length === 0 ? (
        <p className="hint">No findings: the validator has nothing to say about this design.</p>
      ) : (
        <ol className="finding-list" aria-live="polite">
          {sorted.map((f) => {
            const key = `${f.rule}|${formatPath(f.path as PathPart[])}|${f.messageId}`;
            const sim = simulationLinkFor(docId, f);
            return (
              <li key={key} className={`finding finding-${f.severity}`} data-testid="finding" data-rule={f.rule}>
                <div className="finding-head">
                  <span className={`sev sev-${f.severity}`}>{SEVERITY_LABEL[f.severity]}</span>
                  <button type="button" className="link-button finding-where" onClick={() => useStudio.getState().reveal(docId, f.path as PathPart[])} title="Show it in the design">
                    {where(f)}
                  </button>
                </div>
                <p className="finding-message">{f.message}</p>
                {f.detail && (
                  <details className="finding-detail" data-testid="finding-detail">
                    <summary>Why</summary>
                    <p>{f.detail}</p>
                  </details>
                )}
                {f.fixWithheld && (
                  <p className="hint small" data-testid="fix-withheld">
                    {f.fixWithheld}
                  </p>
                )}
                <div className="finding-actions">
                  <button type="button" className="link-button" onClick={() => setDoc(f.rule)}>
                    Rule <code>{f.rule}</code>
                  </button>
                  {sim && (
                    <a href={sim.href} data-testid="finding-sim">
                      {sim.label}
                    </a>
                  )}
                  {f.fix && (
                    <button type="button" className="fix" onClick={() => fix(f, key)} data-testid="fix">
                      Fix: {f.fix}
                    </button>
                  )}
                </div>
                {f.fix && <FixEffects finding={f} rivals={(f.table ? (fixesOn.get(f.table) ?? []) : []).filter((r) => r !== f && fixesOn.get(f.table!)?.includes(f))} />}
                {problem?.key === key && (
                  <p className="field-error" role="alert">
                    {problem.text}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <RuleDocDialog rule={doc} onClose={() => setDoc(null)} />
    </section>
  );
});
