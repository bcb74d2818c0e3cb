// A fix that adds a table (an index table for a query) copies its source's families and fields,
// and so the source's findings: those do not count as new on the added table, unless the design
// accepts them only where they are (lint.accept with the source's table). Then the added table
// would carry an error nobody accepted, and the fix is withheld (fuzz seed 436631512).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Design } from '../../model/schema';
import { fixAll, lint } from '../lint';
import { isAccepted } from '../types';

const design = JSON.parse(readFileSync(new URL('./accepted-copy.json', import.meta.url), 'utf8')) as Design;
const TODAY = '2026-12-06';
const unacceptedErrors = (d: Design) =>
  new Set(
    lint(d, { today: TODAY })
      .findings.filter((f) => f.severity === 'error' && !isAccepted(f))
      .map((f) => f.rule),
  );
const newestFirst = (d: Design) => lint(d, { today: TODAY }).findings.find((f) => f.rule === 'query-newest-first')!;

describe("a table a fix adds does not inherit the source table's acceptances", () => {
  it('the source has a cell-size error the design accepts on that table only', () => {
    const accepted = lint(design, { today: TODAY }).findings.filter((f) => f.rule === 'cell-size');
    expect(accepted.length).toBe(1);
    expect(isAccepted(accepted[0]!)).toBe(true);
  });

  it('withholds the index table, which would carry that error unaccepted', () => {
    const f = newestFirst(design);
    expect(f.fix).toBeUndefined();
    expect(f.fixWithheld).toMatch(/is not offered: it would add the error cell-size on events_by_device/);
  });

  it('does not count it as new when the design accepts cell-size on every table', () => {
    const everywhere: Design = {
      ...design,
      lint: { ...design.lint, accept: design.lint!.accept!.map((a) => (a.rule === 'cell-size' ? { rule: a.rule, reason: a.reason } : a)) },
    };
    const f = newestFirst(everywhere);
    expect(f.fixWithheld ?? '').not.toMatch(/cell-size/);
  });

  it('"Fix all" adds no error the design did not have, accepted ones left out', () => {
    const fixed = fixAll(design).design;
    const was = unacceptedErrors(design);
    for (const rule of unacceptedErrors(fixed)) expect(was.has(rule), rule).toBe(true);
  });
});
