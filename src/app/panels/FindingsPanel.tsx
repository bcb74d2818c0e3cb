// The validator's findings, live: severity, message, where (click to reveal it in the form or
// the code view), the rule's documentation, and a Fix button that applies the rule's fix as
// one undo step.
import { memo, useState } from 'react';
import { formatPath } from '../../core/model/load-design';
import type { PathPart } from '../../core/model/positions';
import { applyFix } from '../../core/rules/lint';
import type { Finding } from '../../core/rules/types';
import { simulationLinkFor } from '../sim/link';
import { useStudio } from '../store';
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
  const sorted = table === null ? findings : [...findings.filter((f) => f.table === table), ...findings.filter((f) => f.table !== table)];
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
    setProblem(declined ? { key, text: 'The rule declined to fix this design as it is now.' } : r.ok ? null : { key, text: r.issues[0]?.message ?? 'The fix was not accepted.' });
  };
  return (
    <section className="panel findings" aria-labelledby="findings-heading" data-testid="findings">
      <h2 id="findings-heading">
        Findings{' '}
        <span className="muted small" data-testid="findings-count">
          {findings.length === 0 ? 'none' : `${counts.error} errors, ${counts.warning} warnings, ${counts.info} info`}
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
