// The validator's findings, live, errors first: one line each (severity, the
// message, the Fix button), the rest on expand (FindingItem). A design with many findings shows
// them grouped per table with counts, the groups with errors first. A fix applies the checked
// fix as one undo step; one the engine withheld says why.
import { memo, useEffect, useRef, useState } from 'react';
import { plural } from '../../core/units';
import { acceptanceIndexOf, acceptFinding, removeAcceptance } from '../../core/rules/engine/accept';
import { applyFix, fixAll } from '../../core/rules/lint';
import { isAccepted, type Finding, type Severity } from '../../core/rules/types';
import { useStudio } from '../store';
import { FindingItem, findingKey } from './FindingItem';
import { RuleDocDialog } from './RuleDoc';
import '../form/form.css';
import './findings.css';

/** Above this many findings, spread over more than one table, the panel groups them per table. */
export const GROUP_AT = 6;

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

interface Props {
  docId: string;
  findings: readonly Finding[];
  /** The table shown in the form: its findings come first. */
  table: string | null;
}

export function countText(c: Record<Severity, number>): string {
  return `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info`;
}

/** Counts by severity of the findings not accepted (accepted ones are counted apart). */
function countsOf(findings: readonly Finding[]): Record<Severity, number> {
  const c = { error: 0, warning: 0, info: 0 };
  for (const f of findings) if (!isAccepted(f)) c[f.severity]++;
  return c;
}

/** Accepted findings last; then severity; within a severity the table shown in the form first; otherwise the lint's order. */
export function orderFindings(findings: readonly Finding[], table: string | null): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        Number(isAccepted(a.f)) - Number(isAccepted(b.f)) ||
        RANK[a.f.severity] - RANK[b.f.severity] ||
        Number(b.f.table === table) - Number(a.f.table === table) ||
        a.i - b.i,
    )
    .map((x) => x.f);
}

export interface FindingGroup {
  /** The table's name, or null for findings about the whole design. */
  table: string | null;
  findings: Finding[];
  counts: Record<Severity, number>;
}

/** Groups per table (design-wide findings as their own group), each severity-ordered; groups by their worst finding, then the shown table. */
export function groupFindings(sorted: readonly Finding[], table: string | null): FindingGroup[] {
  const by = new Map<string | null, Finding[]>();
  for (const f of sorted) by.set(f.table, [...(by.get(f.table) ?? []), f]);
  const groups = [...by].map(([t, fs]) => ({ table: t, findings: fs, counts: countsOf(fs) }));
  const worst = (g: FindingGroup) => Math.min(...g.findings.map((f) => RANK[f.severity]));
  return groups.sort((a, b) => worst(a) - worst(b) || Number(b.table === table) - Number(a.table === table));
}

export const FindingsPanel = memo(function FindingsPanel({ docId, findings, table }: Props) {
  const [doc, setDoc] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ key: string; text: string } | null>(null);
  const counts = countsOf(findings);
  const sorted = orderFindings(findings, table);
  // Fixes that change how some query is served compete when they touch the same table.
  const fixesOn = new Map<string, Finding[]>();
  for (const f of findings) if (f.fix && f.table && f.effects?.some((e) => e.changed)) fixesOn.set(f.table, [...(fixesOn.get(f.table) ?? []), f]);
  const rivalsOf = (f: Finding) => (f.table && fixesOn.get(f.table)?.includes(f) ? fixesOn.get(f.table)!.filter((r) => r !== f) : []);
  const ref = useRef<HTMLElement>(null);
  // After a fix, focus stays in the list: on the finding now at the fixed one's place (the next
  // one), else the one before, else the panel's heading; never the page body.
  const refocus = useRef<number | null>(null);
  // The finding's toggle focused while its fix was still being checked: moved to the Fix once shown.
  const toFix = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once each new list of findings is in the DOM; it reads that DOM and the refs above, not the list
  useEffect(() => {
    const root = ref.current;
    const waiting = toFix.current;
    if (waiting && document.activeElement === waiting) {
      const button = waiting.closest('[data-testid="finding"]')?.querySelector<HTMLElement>('[data-testid="fix"]');
      if (button) {
        toFix.current = null;
        button.focus();
      }
    }
    const at = refocus.current;
    if (at === null || !root) return;
    refocus.current = null;
    if (root.contains(document.activeElement)) return; // the fixed finding is still there, and focused
    const items = [...root.querySelectorAll<HTMLElement>('[data-testid="finding"]')];
    const target = items[Math.min(at, items.length - 1)];
    const button = target?.querySelector<HTMLElement>('[data-testid="fix"]');
    const toggle = target?.querySelector<HTMLElement>('[data-testid="finding-toggle"]');
    if (!button && toggle) toFix.current = toggle;
    (button ?? toggle ?? root.querySelector<HTMLElement>('#findings-heading'))?.focus();
  }, [findings]);
  const fix = (f: Finding) => {
    const key = findingKey(f);
    const items = [...(ref.current?.querySelectorAll('[data-testid="finding"]') ?? [])];
    const at = items.findIndex((li) => li.contains(document.activeElement));
    if (at >= 0) refocus.current = at;
    let declined = false;
    const r = useStudio.getState().editDesign(
      docId,
      (d) => {
        const next = applyFix(d, f);
        declined = next === null;
        return next ?? d;
      },
      { label: `Apply fix: ${f.fix ?? f.rule}` },
    );
    setProblem(
      declined
        ? { key, text: 'This fix no longer applies to the design as it is now.' }
        : r.ok
          ? null
          : { key, text: r.issues[0]?.message ?? 'The fix was not accepted.' },
    );
  };
  const accept = (f: Finding, reason: string) => {
    const r = useStudio.getState().editDesign(docId, (d) => acceptFinding(d, f, reason), { label: `Accept finding: ${f.rule}` });
    setProblem(r.ok ? null : { key: findingKey(f), text: r.issues[0]?.message ?? 'The acceptance was not kept.' });
  };
  const unaccept = (f: Finding) => {
    const i = acceptanceIndexOf(f);
    if (i !== null) useStudio.getState().editDesign(docId, (d) => removeAcceptance(d, i), { label: `Un-accept finding: ${f.rule}` });
  };
  const [fixedAll, setFixedAll] = useState<string | null>(null);
  // Fix all leaves accepted findings alone (fixAll does too), so they are not counted here.
  const fixable = findings.filter((f) => f.fix && !isAccepted(f)).length;
  // Every offered fix, planned together (core/rules/engine/fix-plan.ts): one undo step.
  const fixEverything = () => {
    let text = '';
    const r = useStudio.getState().editDesign(
      docId,
      (d) => {
        const plan = fixAll(d);
        const withheld = plan.withheld.length
          ? ` ${plural(plan.withheld.length, 'fix', 'fixes')} withheld: ${plan.withheld.map((f) => f.fixWithheld).join(' ')}`
          : '';
        const decide = plan.decisions.length
          ? ` Left for you (they change what the application gets back): ${plan.decisions.map((f) => f.fix).join('; ')}.`
          : '';
        text = `Applied ${plural(plan.applied.length, 'fix', 'fixes')}: ${plan.applied.map((s) => s.label).join('; ')}.${withheld}${decide}`;
        return plan.design;
      },
      { label: 'Fix all' },
    );
    setFixedAll(r.ok ? text : (r.issues[0]?.message ?? 'The fixes were not accepted.'));
  };
  const item = (f: Finding) => {
    const key = findingKey(f);
    return (
      <FindingItem
        key={key}
        docId={docId}
        finding={f}
        rivals={rivalsOf(f)}
        problem={problem?.key === key ? problem.text : null}
        onFix={fix}
        onRule={setDoc}
        onAccept={accept}
        onUnaccept={unaccept}
      />
    );
  };
  const acceptedCount = findings.filter(isAccepted).length;
  const groups = findings.length > GROUP_AT ? groupFindings(sorted, table) : [];
  return (
    <section ref={ref} className="panel findings" aria-labelledby="findings-heading" data-testid="findings" data-grouped={groups.length > 1}>
      <h2 id="findings-heading" tabIndex={-1}>
        Findings{' '}
        <span className="muted small" data-testid="findings-count">
          {findings.length === 0 ? 'none' : countText(counts)}
          {acceptedCount > 0 && <span data-testid="findings-accepted">, {acceptedCount} accepted</span>}
        </span>
      </h2>
      {fixable > 1 && (
        <p className="findings-actions">
          <button
            type="button"
            data-testid="fix-all"
            onClick={fixEverything}
            title="The design's own fixes first, node counts last, sized from the design the other fixes make; one undo step"
          >
            Fix all ({fixable})
          </button>
        </p>
      )}
      {fixedAll && (
        <p className="hint" role="status" data-testid="fix-all-result">
          {fixedAll}
        </p>
      )}
      {findings.length === 0 ? (
        <p className="hint">No findings: the validator has nothing to say about this design.</p>
      ) : groups.length > 1 ? (
        groups.map((g) => (
          <details key={g.table ?? '\u0000design'} className="finding-group" open data-testid="finding-group" data-table={g.table ?? ''}>
            <summary>
              {g.table === null ? 'The design' : <code>{g.table}</code>} <span className="finding-group-counts">{countText(g.counts)}</span>
            </summary>
            <ol className="finding-list">{g.findings.map(item)}</ol>
          </details>
        ))
      ) : (
        <ol className="finding-list" aria-live="polite">
          {sorted.map(item)}
        </ol>
      )}
      <RuleDocDialog rule={doc} onClose={() => setDoc(null)} />
    </section>
  );
});
