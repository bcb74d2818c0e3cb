// Not a check of the design: the finding the lint engine (lint.ts) reports when a rule throws,
// so one broken rule costs its own findings and never the report. It is registered like every
// rule so that it has an id, a severity, a doc page and a SARIF entry; its check finds nothing.
import type { Design } from '../model/schema';
import { defineVisitorRule, formatMessage, type Finding } from './types';

const rule = defineVisitorRule({
  meta: {
    id: 'rule-failed',
    severity: 'error',
    description: 'A rule failed while checking the design, so its findings are missing; the other rules ran.',
    messages: {
      table: 'rule {rule} failed on table {table} ({error}), so its findings for this table are missing; every other rule ran. Please report it.',
      design: 'rule {rule} failed on this design ({error}), so its findings are missing; every other rule ran. Please report it.',
    },
    fixable: false,
    // Reported by the engine, never by its check: it reads no table.
    reads: () => null,
  },
  // Reported by the engine, never by a visit.
  create: () => ({}),
});

export default rule;

/** One line of what went wrong: the error's message, cut to 100 characters, no stack. */
function errorText(e: unknown): string {
  const raw = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  const line = raw.split('\n')[0]!.trim() || 'unknown error';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** The rule-failed finding for `ruleId` throwing `e` on table index `table` (or the design). */
export function ruleFailed(design: Design, ruleId: string, table: number | undefined, e: unknown): Finding {
  const name = table === undefined ? null : (design.tables[table]?.name ?? null);
  const messageId = name === null ? 'design' : 'table';
  const data = { rule: ruleId, error: errorText(e), ...(name === null ? {} : { table: name }) };
  return {
    rule: rule.meta.id,
    severity: 'error',
    table: name,
    path: name === null ? [] : ['tables', table!],
    messageId,
    message: formatMessage(rule.meta.messages[messageId]!, data),
    data,
  };
}
