// One finding in the findings panel (issue 17, item 2): one line (severity, the message, the Fix
// button); the rest on expand: where (click to reveal it), why, the rule's page, the simulation
// link, what the fix does to each query, and why a fix was withheld.
import { useState } from 'react';
import { formatPath } from '../../core/model/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Finding } from '../../core/rules/types';
import { requestRun, simulationLinkFor } from '../sim/link';
import { useStudio } from '../store';
import { FixEffects } from './FixEffects';

export const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

export function where(f: Finding): string {
  const p = f.path as PathPart[];
  const rest = p[0] === 'tables' && typeof p[1] === 'number' ? p.slice(2) : p;
  return [f.table, formatPath(rest)].filter(Boolean).join(' · ') || 'design';
}

export const findingKey = (f: Finding) => `${f.rule}|${formatPath(f.path as PathPart[])}|${f.messageId}`;

interface Props {
  docId: string;
  finding: Finding;
  rivals: readonly Finding[];
  problem: string | null;
  onFix(f: Finding): void;
  onRule(rule: string): void;
}

export function FindingItem({ docId, finding: f, rivals, problem, onFix, onRule }: Props) {
  const [open, setOpen] = useState(false);
  const key = findingKey(f);
  const sim = simulationLinkFor(docId, f);
  const bodyId = `finding-body-${key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <li className={`finding finding-${f.severity}`} data-testid="finding" data-rule={f.rule} data-severity={f.severity} data-open={open}>
      <div className="finding-line">
        <span className={`sev sev-${f.severity}`}>{SEVERITY_LABEL[f.severity]}</span>
        <button
          type="button"
          className="finding-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          data-testid="finding-toggle"
          title={open ? 'Less' : f.message}
        >
          <span className="finding-message">{f.message}</span>
        </button>
        {f.fix && (
          <button type="button" className="fix" onClick={() => onFix(f)} data-testid="fix" title={`Fix: ${f.fix}`}>
            Fix: {f.fix}
          </button>
        )}
      </div>
      <div className="finding-body" id={bodyId} hidden={!open}>
        <button
          type="button"
          className="link-button finding-where"
          onClick={() => useStudio.getState().reveal(docId, f.path as PathPart[])}
          title="Show it in the design"
        >
          {where(f)}
        </button>
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
          <button type="button" className="link-button" onClick={() => onRule(f.rule)}>
            Rule <code>{f.rule}</code>
          </button>
          {sim && (
            <a href={sim.href} data-testid="finding-sim" onClick={() => f.table && requestRun(docId, f.table)}>
              {sim.label}
            </a>
          )}
        </div>
        {f.fix && <FixEffects finding={f} rivals={rivals} />}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
