// Accepted findings (lint.accept) and the stale-acceptance finding: matching by rule and names,
// expiry by day, stale and unknown acceptances.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../../test-support/design-arbitrary';
import { validateDesign } from '../load/load-design';
import { RULES } from './registry';
import { acceptanceIndexOf, acceptFinding, removeAcceptance } from './engine/accept';
import { fixAll, lint } from './lint';
import rule from './stale-acceptance';
import { parseCase, ruleTester, tableYaml } from './tester';
import { isAccepted } from './types';

/** A table led by a timestamp (timestamp-leading, an error), read by time unless `byTime` is false, plus `accept` entries. */
const design = (accept: string, byTime = true) =>
  tableYaml({
    table: 'events',
    template: '{ts}#{user}',
    fields: '        ts: {type: timestamp}\n        user: {type: string, cardinality: 1000}',
    families: '      - name: e\n        gc: {maxAge: 30d}',
    queries: byTime ? '      - name: by time\n        match: {ts: range}' : undefined,
    after: accept ? `lint:\n  accept:\n${accept}` : '',
  });

ruleTester(rule, {
  valid: [
    { name: 'no acceptances', yaml: design('') },
    {
      name: 'an acceptance that matches its finding',
      yaml: design('    - {rule: timestamp-leading, table: events, reason: "append-only audit log, 20 writes/s"}\n'),
    },
  ],
  invalid: [
    {
      name: 'an acceptance on another table matches nothing',
      yaml: design('    - {rule: timestamp-leading, table: audit, reason: "append-only"}\n'),
      findings: [
        {
          messageId: 'stale',
          path: 'lint.accept[0]',
          severity: 'warning',
          message: 'lint.accept accepts timestamp-leading on table "audit", but no such finding remains',
        },
      ],
    },
    {
      name: 'an acceptance of a rule that does not exist',
      yaml: design('    - {rule: timestamp-leadin, reason: "typo"}\n'),
      findings: [{ messageId: 'unknownRule', path: 'lint.accept[0]', message: 'names rule "timestamp-leadin", which does not exist' }],
    },
    {
      name: 'an acceptance on the right table but another query',
      yaml: design('    - {rule: timestamp-leading, table: events, reason: "ok"}\n    - {rule: query-full-scan, query: "by user", reason: "nightly export"}\n'),
      findings: [{ messageId: 'stale', path: 'lint.accept[1]', message: 'accepts query-full-scan on query "by user"' }],
    },
  ],
});

describe('accepted findings', () => {
  const found = (yaml: string, today?: string) => lint(parseCase(yaml), today ? { today } : {}).findings;

  it('carry the acceptance with its reason, who and until, and count as accepted', () => {
    const [f, ...rest] = found(design('    - {rule: timestamp-leading, table: events, reason: "audit log", by: ann, until: 2030-06-30}\n'), '2030-06-30');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      rule: 'timestamp-leading',
      severity: 'error',
      acceptance: { index: 0, reason: 'audit log', by: 'ann', until: '2030-06-30', expired: false },
    });
    expect(isAccepted(f!)).toBe(true);
  });

  it('expire the day after until: the finding is as it was, marked expired', () => {
    const [f] = found(design('    - {rule: timestamp-leading, reason: "audit log", until: 2030-06-30}\n'), '2030-07-01');
    expect(f).toMatchObject({ rule: 'timestamp-leading', severity: 'error', acceptance: { expired: true } });
    expect(isAccepted(f!)).toBe(false);
  });

  it('match by names, so reordering tables or moving lines keeps them', () => {
    const two = (accept: string) =>
      design(accept).replace('tables:\n', 'tables:\n  - name: first\n    rowKey: {template: "{id}", fields: {id: {type: uuid}}}\n');
    const fs = found(two('    - {rule: timestamp-leading, table: events, reason: "audit"}\n'));
    expect(fs.filter((f) => f.rule === 'timestamp-leading').map((f) => [f.path[1], isAccepted(f)])).toEqual([[1, true]]);
  });

  it('are stale when the rule is turned off, and stale-acceptance can be turned off or raised', () => {
    const off = design('    - {rule: timestamp-leading, reason: "audit"}\n').replace('lint:\n', 'lint:\n  rules: {timestamp-leading: off}\n');
    expect(found(off).map((f) => f.rule)).toEqual(['stale-acceptance']);
    expect(found(off.replace('{timestamp-leading: off}', '{timestamp-leading: off, stale-acceptance: off}'))).toEqual([]);
    expect(found(off.replace('{timestamp-leading: off}', '{timestamp-leading: off, stale-acceptance: error}'))[0]!.severity).toBe('error');
  });

  it('are refused by the loader without a reason, or with a day that does not exist', () => {
    expect(() => parseCase(design('    - {rule: timestamp-leading, reason: "  "}\n'))).toThrow(/lint\.accept\[0\]\.reason: must not be empty/);
    expect(() => parseCase(design('    - {rule: timestamp-leading, reason: x, until: 2026-02-30}\n'))).toThrow(/lint\.accept\[0\]\.until: .*a day that exists/);
    expect(() => parseCase(design('    - {rule: timestamp-leading, reason: x, until: 31/12/2026}\n'))).toThrow(/until: .*YYYY-MM-DD/);
    expect(() => parseCase(design('    - {rule: timestamp-leading, reason: x, line: 3}\n'))).toThrow(/lint\.accept\[0\]/);
  });
});

describe("the studio's Accept and Un-accept (pure edits)", () => {
  it('accept a finding on its names with the reason, then un-accept it back to the design it was', () => {
    const d = parseCase(design('').replace('queries:\n', 'queries:\n      - name: by user\n        match: {user: eq}\n'));
    const full = lint(d).findings.find((f) => f.rule === 'query-full-scan')!;
    const accepted = acceptFinding(d, full, '  nightly export only  ', 'ann');
    expect(accepted.lint!.accept).toEqual([{ rule: 'query-full-scan', table: 'events', query: 'by user', reason: 'nightly export only', by: 'ann' }]);
    expect(d.lint).toBeUndefined();
    const again = lint(accepted).findings.find((f) => f.rule === 'query-full-scan')!;
    expect(isAccepted(again)).toBe(true);
    expect(removeAcceptance(accepted, acceptanceIndexOf(again)!)).toEqual(d);
  });

  it('un-accept of a stale acceptance removes that entry and keeps lint.rules', () => {
    const d = parseCase(
      design('    - {rule: timestamp-leading, reason: a}\n    - {rule: key-length, reason: b}\n').replace(
        'lint:\n',
        'lint:\n  rules: {key-general-to-specific: off}\n',
      ),
    );
    const stale = lint(d).findings.find((f) => f.rule === 'stale-acceptance')!;
    expect(acceptanceIndexOf(stale)).toBe(1);
    expect(removeAcceptance(d, 1).lint).toEqual({ rules: { 'key-general-to-specific': 'off' }, accept: [{ rule: 'timestamp-leading', reason: 'a' }] });
    expect(removeAcceptance(removeAcceptance(d, 1), 0).lint).toEqual({ rules: { 'key-general-to-specific': 'off' } });
    expect(removeAcceptance(d, 7)).toBe(d);
  });
});

describe('fix all', () => {
  it('leaves accepted findings as the design accepts them, unless their rule is named', () => {
    // No query: moving ts back would make the time-range read a full scan, so its fix would be withheld.
    const d = parseCase(design('    - {rule: timestamp-leading, reason: audit log}\n    - {rule: key-general-to-specific, reason: audit log}\n', false));
    expect(
      lint(d)
        .findings.filter((f) => f.fix)
        .map((f) => [f.rule, isAccepted(f)]),
    ).toEqual([
      ['timestamp-leading', true],
      ['key-general-to-specific', true],
    ]);
    expect(fixAll(d).applied).toEqual([]);
    expect(fixAll(d, { rules: new Set(['timestamp-leading']) }).applied.map((s) => s.rule)).toEqual(['timestamp-leading']);
  });
});

describe('acceptances on generated designs (fixed fast-check seed, see fc-seed.ts)', () => {
  const acceptances = (tables: string[]) =>
    fc.array(
      fc.record(
        {
          rule: fc.constantFrom(...RULES.map((r) => r.meta.id), 'no-such-rule'),
          table: fc.constantFrom(...tables, 'elsewhere'),
          reason: fc.constantFrom('known', 'accepted at review'),
          until: fc.constantFrom('2020-01-01', '2999-12-31'),
        },
        { requiredKeys: ['rule', 'reason'] },
      ),
      { maxLength: 6 },
    );

  it('every acceptance either accepts its findings or is reported stale, once; nothing else changes', () => {
    let accepted = 0;
    let staleSeen = 0;
    fc.assert(
      fc.property(
        validDesign.chain((d) => acceptances(d.tables.map((t) => t.name)).map((accept) => ({ ...d, lint: { ...d.lint, accept } }))),
        (d) => {
          expect(validateDesign(d).ok).toBe(true);
          const { lint: _, ...plain } = d;
          const before = lint({ ...plain, ...(d.lint.rules ? { lint: { rules: d.lint.rules } } : {}) }, { verifyFixes: false }).findings;
          const after = lint(d, { verifyFixes: false, today: '2026-12-05' }).findings;
          const stale = after.filter((f) => f.rule === 'stale-acceptance' && f.path[0] === 'lint');
          const rest = after.filter((f) => !stale.includes(f));
          // The rules' findings are the same, in the same order; only acceptances are added to them.
          expect(rest.map((f) => `${f.rule} ${f.message}`)).toEqual(before.map((f) => `${f.rule} ${f.message}`));
          const used = new Set(rest.flatMap((f) => (f.acceptance ? [f.acceptance.index] : [])));
          accepted += used.size;
          staleSeen += stale.length;
          const staleAt = stale.map((f) => f.path[2] as number);
          expect(new Set(staleAt).size).toBe(staleAt.length);
          if (d.lint.rules?.['stale-acceptance'] !== 'off') expect([...used, ...staleAt].sort()).toEqual(d.lint.accept.map((_, i) => i));
          for (const f of rest) {
            if (!f.acceptance) continue;
            const a = d.lint.accept[f.acceptance.index]!;
            expect(a.rule).toBe(f.rule);
            if (a.table) expect(a.table).toBe(f.table);
            expect(f.acceptance.expired).toBe(a.until === '2020-01-01');
          }
        },
      ),
      { numRuns: 60 },
    );
    // The property is not vacuous: the generated acceptances both matched and went stale.
    expect(accepted).toBeGreaterThan(0);
    expect(staleSeen).toBeGreaterThan(0);
  });
});
