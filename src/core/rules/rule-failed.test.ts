// rule-failed is the engine's finding, not a check's: the tests drive lint with a rule that
// throws (LintOptions.extraRules), so they do not use ruleTester (registry.test.ts exempts it).
import { describe, expect, it } from 'vitest';
import { lint } from './lint';
import { keyDesign, parseCase } from './tester';
import { defineTableRule, defineVisitorRule, type Rule } from './types';

const twoTables = parseCase(`format: bigtable-studio/v1
name: t
tables:
  - name: good
    rowKey:
      template: "{ts}"
      fields:
        ts: {type: timestamp}
  - name: bad
    rowKey:
      template: "{ts}"
      fields:
        ts: {type: timestamp}
`);

/** A rule that reports on every table and throws on the table named `bad`. */
const throwsOnBad: Rule = defineTableRule({
  meta: { id: 'test-throws', severity: 'warning', description: 'test', messages: { seen: 'seen {name}' }, fixable: false },
  table(ta, { report }) {
    if (ta.table.name === 'bad') throw new TypeError("Cannot read properties of undefined (reading 'name')\n    at somewhere");
    report({ path: [], messageId: 'seen', data: { name: ta.table.name } });
  },
});

/** Throws on every visit: of each table, and of the design when `design` is set. */
const throwsAlways = (design: boolean): Rule =>
  defineVisitorRule({
    meta: { id: 'test-always', severity: 'warning', description: 'test', messages: { x: 'x' }, fixable: false },
    create: () => ({
      ...(design
        ? {
            design() {
              throw new Error('boom');
            },
          }
        : {}),
      table() {
        throw new Error('boom');
      },
    }),
  });

describe('rule rule-failed', () => {
  it("names the rule and the table it failed on, keeps its findings on the other tables and every other rule's findings", () => {
    const plain = lint(twoTables).findings;
    const { findings } = lint(twoTables, { extraRules: [throwsOnBad] });
    const failed = findings.filter((f) => f.rule === 'rule-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ severity: 'error', table: 'bad', path: ['tables', 1], messageId: 'table' });
    expect(failed[0]!.message).toBe(
      "rule test-throws failed on table bad (TypeError: Cannot read properties of undefined (reading 'name')), so its findings for this table are missing; every other rule ran. Please report it.",
    );
    expect(findings.filter((f) => f.rule === 'test-throws').map((f) => f.table)).toEqual(['good']);
    // Every registered rule's findings are still there (timestamp-leading on both tables).
    expect(findings.filter((f) => f.rule !== 'rule-failed' && f.rule !== 'test-throws')).toEqual(plain);
    expect(plain.filter((f) => f.rule === 'timestamp-leading')).toHaveLength(2);
  });

  it('names the table a table visit failed on, the design when its design visit failed, and carries no stack', () => {
    const { findings } = lint(parseCase(keyDesign('{id}', '        id: {type: uuid}')), { extraRules: [throwsAlways(false)] });
    const failed = findings.filter((f) => f.rule === 'rule-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ table: 'items', messageId: 'table' });
    // A rule whose design visit throws is not visited further: one finding, for the design.
    const once = lint(twoTables, { extraRules: [throwsAlways(true)] }).findings.filter((f) => f.rule === 'rule-failed');
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ table: null, path: [], messageId: 'design' });
    const none = lint({ ...twoTables, tables: [] }, { extraRules: [throwsAlways(true)] }).findings.filter((f) => f.rule === 'rule-failed');
    expect(none).toHaveLength(1);
    expect(none[0]).toMatchObject({ table: null, path: [], messageId: 'design' });
    expect(none[0]!.message).toBe('rule test-always failed on this design (Error: boom), so its findings are missing; every other rule ran. Please report it.');
    expect(none[0]!.message).not.toMatch(/\n|at /);
  });

  it('reports nothing when every rule runs', () => {
    expect(lint(twoTables).findings.filter((f) => f.rule === 'rule-failed')).toEqual([]);
  });
});
