import { describe, expect, it } from 'vitest';
import type { Finding, Severity } from '../../core/rules/types';
import { groupFindings, orderFindings } from './FindingsPanel';

const f = (severity: Severity, table: string | null, rule = `r-${severity}-${table}`): Finding => ({
  rule,
  severity,
  table,
  path: [],
  messageId: 'm',
  message: rule,
  data: {},
});

describe('findings order and groups', () => {
  const all = [f('info', 'a'), f('warning', 'b'), f('error', 'b'), f('info', null), f('warning', 'a'), f('error', 'a', 'e2')];

  it('puts errors first, then warnings, then info; the shown table first within a severity', () => {
    const sorted = orderFindings(all, 'a');
    expect(sorted.map((x) => x.severity)).toEqual(['error', 'error', 'warning', 'warning', 'info', 'info']);
    expect(sorted[0]!.table).toBe('a');
    expect(sorted[2]!.table).toBe('a');
  });

  it('groups per table with counts, groups with errors first, each group severity-ordered', () => {
    const groups = groupFindings(orderFindings(all, null), null);
    expect(groups.map((g) => g.table)).toEqual(['b', 'a', null]);
    expect(groups[1]!.counts).toEqual({ error: 1, warning: 1, info: 1 });
    for (const g of groups)
      expect(g.findings.map((x) => x.severity)).toEqual(
        [...g.findings.map((x) => x.severity)].sort((x, y) => ['error', 'warning', 'info'].indexOf(x) - ['error', 'warning', 'info'].indexOf(y)),
      );
    expect(groups.flatMap((g) => g.findings)).toHaveLength(all.length);
  });

  it('puts the shown table first among groups with the same worst severity', () => {
    expect(groupFindings(orderFindings(all, 'a'), 'a').map((g) => g.table)).toEqual(['a', 'b', null]);
  });
});
