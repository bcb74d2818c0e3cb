// The shapes of the validator: a rule is a module (ESLint's model) with `meta`, a `check` that
// reports findings through its context, and an optional `fix` (design -> design, or null to
// decline when no safe fix exists).
import type { PathPart } from '../model/positions';
import type { Design } from '../model/schema';
import type { DesignAnalysis } from './analysis';

export type Severity = 'info' | 'warning' | 'error';
export type SeveritySetting = Severity | 'off';

export interface RuleMeta {
  /** Public contract: ids never change. */
  id: string;
  severity: Severity;
  description: string;
  /** Message templates by id; `{name}` is replaced from the finding's data. */
  messages: Record<string, string>;
  fixable: boolean;
}

export interface Finding {
  rule: string;
  severity: Severity;
  /** The table the finding concerns, or null for the whole design. */
  table: string | null;
  path: PathPart[];
  messageId: string;
  message: string;
  data: Record<string, string | number | boolean>;
  /** A short label for the fix button, when the rule offers a fix for this finding. */
  fix?: string;
}

export interface Report {
  /** Index of the table in design.tables; omit for design-level findings. */
  table?: number;
  path: PathPart[];
  messageId: string;
  data?: Record<string, string | number | boolean>;
  /** Overrides the rule's default severity for this finding (e.g. warning -> error). */
  severity?: Severity;
  /** Label of the fix for this finding; only when the rule's fix will accept it. */
  fix?: string;
}

export interface RuleContext {
  design: Design;
  analysis: DesignAnalysis;
  report(r: Report): void;
}

export interface Rule {
  meta: RuleMeta;
  check(ctx: RuleContext): void;
  /** Returns a new design with the finding fixed, or null when no safe fix applies. Never mutates. */
  fix?(design: Design, finding: Finding, analysis: DesignAnalysis): Design | null;
}

export function defineRule(rule: Rule): Rule {
  return rule;
}

/** Fills `{name}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number | boolean>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in data ? String(data[k]) : m));
}
