// Runs every rule over a design: one analysis, each rule's findings at its configured
// severity (rule default < design's `lint.rules` < the caller's overrides), sorted by table
// and path so the order is stable.
import type { Design } from '../model/schema';
import { analyze, type DesignAnalysis } from './analysis';
import { RULES, ruleById } from './registry';
import { ruleFailed } from './rule-failed';
import { formatMessage, type Finding, type Rule, type Severity, type SeveritySetting } from './types';

export interface LintOptions {
  /** Severity per rule id, over the design's own `lint.rules`. */
  rules?: Record<string, SeveritySetting>;
  /** Rules run after the registry's: tests inject a rule that throws here (rule-failed.test.ts). */
  extraRules?: readonly Rule[];
}

export interface LintResult {
  findings: Finding[];
  analysis: DesignAnalysis;
}

export function lint(design: Design, options: LintOptions = {}): LintResult {
  const analysis = analyze(design);
  const settings: Record<string, SeveritySetting> = { ...(design.lint?.rules ?? {}), ...(options.rules ?? {}) };
  const findings: Finding[] = [];
  for (const rule of options.extraRules ? [...RULES, ...options.extraRules] : RULES) {
    const setting = settings[rule.meta.id];
    if (setting === 'off') continue;
    // A rule that throws loses its findings, never the report: it runs again table by table,
    // keeping its findings on the tables it gets through; rule-failed (an error, so lint exits 1)
    // names each table it fails on, or the design when no one table makes it fail.
    const before = findings.length;
    try {
      runRule(rule, setting as Severity | undefined, analysis, null);
    } catch (e) {
      findings.length = before;
      let failed = 0;
      for (const ta of analysis.tables) {
        const mark = findings.length;
        try {
          runRule(rule, setting as Severity | undefined, { ...analysis, tables: [ta] }, ta.index);
        } catch (err) {
          findings.length = mark;
          findings.push(ruleFailed(design, rule.meta.id, ta.index, err));
          failed++;
        }
      }
      if (failed === 0) {
        findings.length = before;
        findings.push(ruleFailed(design, rule.meta.id, undefined, e));
      }
    }
  }
  function runRule(rule: Rule, setting: Severity | undefined, scope: DesignAnalysis, only: number | null) {
    rule.check({
      design,
      analysis: scope,
      report(r) {
        if (only !== null && r.table !== only) return;
        const template = rule.meta.messages[r.messageId];
        if (template === undefined) throw new Error(`rule ${rule.meta.id} reported unknown message id "${r.messageId}"`);
        const data = r.data ?? {};
        findings.push({
          rule: rule.meta.id,
          severity: setting ?? r.severity ?? rule.meta.severity,
          table: r.table === undefined ? null : (design.tables[r.table]?.name ?? null),
          path: r.table === undefined ? r.path : ['tables', r.table, ...r.path],
          messageId: r.messageId,
          message: formatMessage(template, data),
          data,
          ...(r.fix && rule.fix ? { fix: r.fix } : {}),
        });
      },
    });
  }
  const order = { error: 0, warning: 1, info: 2 } as const;
  findings.sort((a, b) => pathKey(a.path).localeCompare(pathKey(b.path)) || order[a.severity] - order[b.severity] || a.rule.localeCompare(b.rule));
  return { findings, analysis };
}

function pathKey(path: readonly (string | number)[]): string {
  return path.map((p) => (typeof p === 'number' ? String(p).padStart(6, '0') : p)).join('\u0000');
}

/** Applies a finding's fix: a new design, or null when the rule declines. */
export function applyFix(design: Design, finding: Finding): Design | null {
  const rule = ruleById(finding.rule);
  if (!rule?.fix) return null;
  return rule.fix(design, finding, analyze(design));
}
