// Accepted findings (the design's `lint.accept`): each acceptance names a rule and, optionally,
// the table, family, query or view its findings are on; every finding it matches carries the
// acceptance (with its reason) and fails nothing, unless its `until` day has passed. Matching is
// by rule and names, never by line. An acceptance that matches no finding becomes a
// `stale-acceptance` finding at its own place in the design.
import type { Acceptance, Design } from '../../model/schema';
import { formatMessage, type Finding, type SeveritySetting } from '../types';
import STALE from '../stale-acceptance';
import { findingTarget, TARGET_KEYS, type FindingTarget } from './targets';

/** Today as YYYY-MM-DD in UTC, the day `until` is compared with. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export function acceptanceMatches(a: Acceptance, rule: string, target: FindingTarget): boolean {
  return a.rule === rule && TARGET_KEYS.every((k) => a[k] === undefined || a[k] === target[k]);
}

/**
 * Whether `design` accepts finding `f` on `today`: its first matching acceptance (the one lint
 * marks it with) has no `until` before today.
 */
export function acceptsFinding(design: Design, f: Finding, today: string): boolean {
  const accept = design.lint?.accept ?? [];
  const a = accept[acceptanceOf(accept, design, f)];
  return a !== undefined && !expired(a, today);
}

/** The index of the acceptance that takes finding `f`: the first that matches it, or -1. */
function acceptanceOf(accept: readonly Acceptance[], design: Design, f: Finding): number {
  if (accept.length === 0) return -1;
  const target = findingTarget(design, f);
  return accept.findIndex((a) => acceptanceMatches(a, f.rule, target));
}

const expired = (a: Acceptance, today: string): boolean => a.until !== undefined && a.until < today;

/** Where an acceptance points, in words: ` on table events, query "by user"`. */
export function acceptanceWhere(a: Pick<Acceptance, 'table' | 'family' | 'query' | 'view'>): string {
  const parts = TARGET_KEYS.filter((k) => a[k] !== undefined).map((k) => `${k} ${JSON.stringify(a[k])}`);
  return parts.length ? ` on ${parts.join(', ')}` : '';
}

/**
 * Marks the findings the design accepts (in place: lint's results are fresh objects) and returns
 * the stale-acceptance findings to add. `knownRule` says whether a rule id exists.
 */
export function applyAcceptances(
  design: Design,
  findings: readonly Finding[],
  options: { today: string; settings: Record<string, SeveritySetting>; knownRule(id: string): boolean },
): Finding[] {
  const accept = design.lint?.accept ?? [];
  if (accept.length === 0) return [];
  const used = new Set<number>();
  for (const f of findings) {
    const i = acceptanceOf(accept, design, f);
    if (i < 0) continue;
    used.add(i);
    const a = accept[i]!;
    f.acceptance = {
      index: i,
      reason: a.reason,
      ...(a.by ? { by: a.by } : {}),
      ...(a.until ? { until: a.until } : {}),
      expired: expired(a, options.today),
    };
  }
  const setting = options.settings[STALE.meta.id];
  if (setting === 'off') return [];
  const stale: Finding[] = [];
  accept.forEach((a, i) => {
    if (used.has(i)) return;
    const messageId = options.knownRule(a.rule) ? 'stale' : 'unknownRule';
    const data = { rule: a.rule, where: acceptanceWhere(a), reason: a.reason.length > 120 ? `${a.reason.slice(0, 119)}…` : a.reason };
    stale.push({
      rule: STALE.meta.id,
      severity: setting ?? STALE.meta.severity,
      table: null,
      path: ['lint', 'accept', i],
      messageId,
      message: formatMessage(STALE.meta.messages[messageId]!, data),
      data,
    });
  });
  return stale;
}

/**
 * The design with `finding` accepted for `reason`: an acceptance of its rule on the names it is
 * about (table, and family, query or view where it has one). Pure; the studio's "Accept…".
 */
export function acceptFinding(design: Design, finding: Finding, reason: string, by?: string): Design {
  const entry: Acceptance = { rule: finding.rule, ...findingTarget(design, finding), reason: reason.trim(), ...(by?.trim() ? { by: by.trim() } : {}) };
  return { ...design, lint: { ...design.lint, accept: [...(design.lint?.accept ?? []), entry] } };
}

/** The design without `lint.accept[index]` (and without an emptied `accept` or `lint`); the studio's "Un-accept". */
export function removeAcceptance(design: Design, index: number): Design {
  const accept = design.lint?.accept;
  if (!accept || index < 0 || index >= accept.length) return design;
  const rest = accept.filter((_, i) => i !== index);
  const { accept: _, ...lint } = design.lint!;
  const nextLint = rest.length ? { ...lint, accept: rest } : lint;
  const { lint: __, ...others } = design;
  return Object.keys(nextLint).length ? { ...others, lint: nextLint } : others;
}

/** The index in `lint.accept` a finding's "Un-accept" removes: its acceptance, or the stale entry it reports. */
export function acceptanceIndexOf(finding: Finding): number | null {
  if (finding.acceptance) return finding.acceptance.index;
  const [a, b, i] = finding.path;
  return finding.rule === STALE.meta.id && a === 'lint' && b === 'accept' && typeof i === 'number' ? i : null;
}
