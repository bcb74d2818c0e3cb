// A fix is a proposal: before it is offered, the engine applies it and checks that (1) the
// finding is gone, (2) no error or warning is added, (3) every declared query is served at
// least as well (engine/plans.ts), and (4) the design is still valid. A proposal that fails is
// withheld, and the finding says why. The same check judges every suggestion a rule makes.
import { formatIssue, validateDesign } from '../../model/load-design';
import type { Design, Query } from '../../model/schema';
import type { DesignAnalysis, TableAnalysis } from '../analysis';
import type { Finding, PlanEffect } from '../types';
import { describe, served, worse, type Served } from './plans';

export type Verdict = { ok: true; design: Design; effects: PlanEffect[] } | { ok: false; reason: string };

/** A finding's kind on its table, by the table's index (a rename keeps it; added tables go last). */
const key = (f: Finding) => `${f.rule}|${f.path[0] === 'tables' ? f.path[1] : ''}|${f.messageId}`;

/** A finding's rule on its table, whatever its message. */
const ruleKey = (f: Finding) => `${f.rule}|${f.path[0] === 'tables' ? f.path[1] : ''}`;

function counts(findings: readonly Finding[], severities: readonly string[], by: (f: Finding) => string = key): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of findings) if (severities.includes(f.severity)) m.set(by(f), (m.get(by(f)) ?? 0) + 1);
  return m;
}

/** Where each declared query is served: its table and plan. */
function servings(analysis: DesignAnalysis): Map<string, { ta: TableAnalysis; q: Query; s: Served }[]> {
  const m = new Map<string, { ta: TableAnalysis; q: Query; s: Served }[]>();
  for (const ta of analysis.tables) {
    (ta.table.queries ?? []).forEach((q, i) => {
      const plan = ta.plans[i];
      if (!plan) return;
      const list = m.get(q.name) ?? [];
      // A query served elsewhere is ordered by the serving object's key.
      list.push({ ta, q, s: served(ta.servers?.get(i) ?? ta, q, plan) });
      m.set(q.name, list);
    });
  }
  return m;
}

export interface Linted {
  findings: readonly Finding[];
  analysis: DesignAnalysis;
}

/**
 * Checks the design a fix proposes for `finding`. `relint` lints a design without checking
 * fixes (the engine's own lint, so the comparison uses the same rules and severities).
 */
export function verifyFix(before: Linted, finding: Finding, fixed: Design | null, relint: (d: Design) => Linted): Verdict {
  if (fixed === null) return { ok: false, reason: 'the rule found no safe change for this design' };
  // (4) The fixed design must load as a design, like a file the user saved: its JSON form is
  // checked (JSON is YAML, so a file with this text loads the same). The lint after reads the
  // fixed design itself, whose unchanged tables are the same objects (analysis caches hit).
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(fixed));
  } catch (e) {
    return { ok: false, reason: `the changed design cannot be saved (${e instanceof Error ? e.message : String(e)})` };
  }
  const loaded = validateDesign(json, 'fixed.json');
  if (!loaded.ok) return { ok: false, reason: `the changed design would be invalid (${loaded.issues.map(formatIssue)[0] ?? 'unknown'})` };
  const after = relint(fixed);
  // (1) One finding fewer of this rule and message on this table.
  const had = counts(before.findings, ['error', 'warning', 'info']).get(key(finding)) ?? 0;
  const has = counts(after.findings, ['error', 'warning', 'info']).get(key(finding)) ?? 0;
  if (has >= had) return { ok: false, reason: 'the change would not remove this finding' };
  // (2) No error and no warning that was not there before: per rule and table, no more errors,
  // and no more errors and warnings together (an error the fix turns into a warning of the same
  // rule is an improvement, not a new warning). A table the fix adds inherits the source table's
  // families and fields: a finding there counts as new only if no table had it.
  const existing = before.analysis.tables.length;
  const anyTable = new Set(before.findings.filter((f) => f.severity !== 'info').map((f) => `${f.rule}|${f.messageId}`));
  const inherited = (f: Finding) => typeof f.path[1] === 'number' && f.path[1] >= existing && anyTable.has(`${f.rule}|${f.messageId}`);
  for (const levels of [['error'], ['error', 'warning']] as const) {
    const old = counts(before.findings, levels, ruleKey);
    for (const [k, n] of counts(after.findings.filter((f) => !inherited(f)), levels, ruleKey)) {
      if (n <= (old.get(k) ?? 0)) continue;
      const had = new Set(before.findings.filter((f) => ruleKey(f) === k && levels.includes(f.severity as never)).map((f) => f.message));
      const f = after.findings.find((x) => ruleKey(x) === k && levels.includes(x.severity as never) && !had.has(x.message)) ?? after.findings.find((x) => ruleKey(x) === k)!;
      return { ok: false, reason: `it would add the ${f.severity} ${f.rule}${f.table ? ` on ${f.table}` : ''}: ${f.message}` };
    }
  }
  // (3) Every declared query served at least as well, where it is served after the fix.
  const was = servings(before.analysis);
  const now = servings(after.analysis);
  const effects: PlanEffect[] = [];
  const touched = new Set(fixed.tables.filter((t, i) => before.analysis.tables[i]?.table !== t).map((t) => t.name));
  for (const [name, list] of was) {
    for (const b of list) {
      const candidates = now.get(name) ?? [];
      const a = candidates.find((c) => c.ta.table.name === b.ta.table.name) ?? candidates[0];
      if (!a) return { ok: false, reason: `query "${name}" would no longer be declared on any table` };
      const why = worse(b.q, b.s, a.s);
      if (why) return { ok: false, reason: why };
      const moved = a.ta.table.name !== b.ta.table.name;
      if (!touched.has(b.ta.table.name) && !moved) continue;
      const beforeText = describe(b.s);
      const afterText = describe(a.s);
      effects.push({ table: b.ta.table.name, query: name, before: beforeText, after: afterText, ...(moved ? { movedTo: a.ta.table.name } : {}), changed: moved || beforeText !== afterText });
    }
  }
  return { ok: true, design: fixed, effects };
}
