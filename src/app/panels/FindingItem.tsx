// One finding in the findings panel: one line (severity, the message, the Fix
// button); the rest on expand: where (click to reveal it), why, the rule's page, the simulation
// link, what the fix does to each query, and why a fix was withheld.
import { type FormEvent, useState } from 'react';
import { formatPath } from '../../core/load/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Finding } from '../../core/rules/types';
import { requestRun, simulationLinkFor } from '../sim/link';
import { useStudio } from '../store';
import { acceptanceIndexOf } from '../../core/rules/engine/accept';
import { isAccepted } from '../../core/rules/types';
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
  /** Accept the finding with a reason (one undo step). */
  onAccept(f: Finding, reason: string): void;
  /** Remove the acceptance the finding carries, or the stale one it reports (one undo step). */
  onUnaccept(f: Finding): void;
}

export function FindingItem({ docId, finding: f, rivals, problem, onFix, onRule, onAccept, onUnaccept }: Props) {
  const [open, setOpen] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const accepted = isAccepted(f);
  const unaccept = acceptanceIndexOf(f) !== null;
  const key = findingKey(f);
  const sim = simulationLinkFor(docId, f);
  const bodyId = `finding-body-${key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <li
      className={`finding finding-${f.severity}${accepted ? ' finding-is-accepted' : ''}`}
      data-testid="finding"
      data-rule={f.rule}
      data-severity={f.severity}
      data-open={open}
      data-accepted={accepted}
    >
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
        {f.fix && !accepted && (
          <button type="button" className="fix" onClick={() => onFix(f)} data-testid="fix" title={`Fix: ${f.fix}`}>
            Fix: {f.fix}
          </button>
        )}
        {unaccept && (
          <button
            type="button"
            className="link-button small"
            onClick={() => onUnaccept(f)}
            data-testid="unaccept"
            title="Remove this acceptance from the design's lint.accept"
          >
            {f.acceptance ? 'Un-accept' : 'Remove acceptance'}
          </button>
        )}
      </div>
      {f.acceptance && (
        <p className="finding-acceptance small" data-testid="finding-acceptance">
          {f.acceptance.expired ? `Acceptance expired on ${f.acceptance.until}` : 'Accepted'}
          {f.acceptance.by ? ` by ${f.acceptance.by}` : ''}
          {f.acceptance.until && !f.acceptance.expired ? ` until ${f.acceptance.until}` : ''}: {f.acceptance.reason}
        </p>
      )}
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
          {!f.acceptance && f.rule !== 'stale-acceptance' && (
            <button type="button" className="link-button" onClick={() => setAccepting(true)} data-testid="accept" aria-expanded={accepting}>
              Accept…
            </button>
          )}
          {sim && (
            <a href={sim.href} data-testid="finding-sim" onClick={() => f.table && requestRun(docId, f.table)}>
              {sim.label}
            </a>
          )}
        </div>
        {accepting && (
          <AcceptForm
            onCancel={() => setAccepting(false)}
            onAccept={(reason) => {
              setAccepting(false);
              onAccept(f, reason);
            }}
          />
        )}
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

/** "Accept…": the reason, asked for in place; an acceptance without one is not allowed. */
function AcceptForm({ onAccept, onCancel }: { onAccept(reason: string): void; onCancel(): void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim()) onAccept(reason.trim());
    else setMissing(true);
  };
  return (
    <form className="accept-form" data-testid="accept-form" onSubmit={submit}>
      <label>
        Why is this finding acceptable?{' '}
        <input
          value={reason}
          maxLength={2000}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          onKeyDown={(e) => e.key === 'Escape' && onCancel()}
          aria-invalid={missing}
          data-testid="accept-reason"
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click to ask one thing
          autoFocus
        />
      </label>{' '}
      <button type="submit" data-testid="accept-confirm">
        Accept
      </button>{' '}
      <button type="button" className="link-button" onClick={onCancel}>
        Cancel
      </button>
      {missing && (
        <p className="field-error" role="alert">
          Say why: the reason is kept in the design (lint.accept) for reviewers.
        </p>
      )}
    </form>
  );
}
