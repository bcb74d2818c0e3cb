// Runs every rule over a design: one analysis, each rule's findings at its configured
// severity (rule default < design's `lint.rules` < the caller's overrides), sorted by table
// and path so the order is stable.
import type { Design } from '../model/schema';
import { analyze, type DesignAnalysis } from './analysis';
import { RULES, ruleById } from './registry';
import { formatMessage, type Finding, type SeveritySetting } from './types';

export interface LintOptions {
  /** Severity per rule id, over the design's own `lint.rules`. */
  rules?: Record<string, SeveritySetting>;
}

export interface LintResult {
  findings: Finding[];
  analysis: DesignAnalysis;
}

export function lint(design: Design, options: LintOptions = {}): LintResult {
  const analysis = analyze(design);
  const settings: Record<string, SeveritySetting> = { ...(design.lint?.rules ?? {}), ...(options.rules ?? {}) };
  const findings: Finding[] = [];
  for (const rule of RULES) {
    const setting = settings[rule.meta.id];
    if (setting === 'off') continue;
    rule.check({
      design,
      analysis,
      report(r) {
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
