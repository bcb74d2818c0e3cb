// A small RuleTester (ESLint's model): per rule, designs that must pass and designs that must
// produce given findings. It rejects unknown message ids and duplicate cases, demands at least
// one valid and two invalid cases, and checks that neither a visit nor a fix mutates its input.
import { describe, expect, it } from 'vitest';
import { formatIssue, formatPath, loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { applyFix, lint } from './lint';
import type { Rule, Severity } from './types';

export interface ValidCase {
  name: string;
  /** A design as YAML (must be a valid design). */
  yaml: string;
}

export interface ExpectedFinding {
  messageId: string;
  /** Formatted path, e.g. `tables[0].rowKey.fields.ts`. */
  path: string;
  severity?: Severity;
  /** Substring or pattern the message, or its expandable detail, must contain. */
  message?: string | RegExp;
}

export interface InvalidCase extends ValidCase {
  findings: ExpectedFinding[];
  /**
   * When given, the fix of the first finding is applied: `null` means no fix is offered (the
   * rule declines or the engine withholds it); a function receives the fixed design to assert
   * on (the engine has checked that the finding is gone and no declared query got worse).
   */
  fixed?: null | ((fixed: Design) => void);
}

/** The parts of a one-table design for a rule test, each YAML text at its own indentation. */
export interface TableFixture {
  /** The table's name (default `items`). */
  table?: string;
  template: string;
  /** `fields:` entries, indented 8 spaces. */
  fields: string;
  /** Extra `rowKey` lines (6 spaces), such as a delimiter or an encoding. */
  rowKey?: string;
  /** `families:` entries (6 spaces); the key is written only when given. */
  families?: string;
  /** `queries:` entries (6 spaces); the key is written only when given. */
  queries?: string;
  /** Raw lines after the table (4 spaces: `load:`, `splits:`, or a `queries:` block of its own). */
  after?: string;
  /** Design-level lines before `tables:` (`cluster: {nodes: 3}`). */
  top?: string;
}

/** The one fixture builder of the rule tests: the YAML of a one-table design. */
export function tableYaml(t: TableFixture): string {
  const block = (key: string, body: string | undefined) => (body === undefined ? '' : `    ${key}:\n${body.endsWith('\n') ? body : `${body}\n`}`);
  return `format: bigtable-studio/v1
name: t
${t.top ? (t.top.endsWith('\n') ? t.top : `${t.top}\n`) : ''}tables:
  - name: ${t.table ?? 'items'}
    rowKey:
      template: "${t.template}"
${t.rowKey ?? ''}      fields:
${t.fields}
${block('families', t.families)}${block('queries', t.queries)}${t.after ?? ''}`;
}

/**
 * The YAML of a one-table design for a key-rule test: the template, the `fields:` entries
 * (indented 8 spaces), and optional extra `rowKey` lines (6 spaces) such as a delimiter.
 */
export const keyDesign = (template: string, fields: string, extra = '', table = 'items') => tableYaml({ table, template, fields, rowKey: extra });

/** The longest message (one sentence; the explanation and sources go to the detail and the rule page). */
export const MAX_MESSAGE = 160;

export function parseCase(yaml: string): Design {
  const r = loadDesign(yaml, 'case.yaml');
  if (!r.ok) throw new Error(`test design is invalid:\n${r.issues.map(formatIssue).join('\n')}`);
  return r.design;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export function ruleTester(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const id = rule.meta.id;
  describe(`rule ${id}`, () => {
    it('has at least one valid and two invalid cases, none twice', () => {
      expect(cases.valid.length).toBeGreaterThanOrEqual(1);
      expect(cases.invalid.length).toBeGreaterThanOrEqual(2);
      const texts = [...cases.valid, ...cases.invalid].map((c) => c.yaml.trim());
      expect(new Set(texts).size).toBe(texts.length);
      const names = [...cases.valid, ...cases.invalid].map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
    });

    for (const c of cases.valid) {
      it(`passes: ${c.name}`, () => {
        const design = deepFreeze(parseCase(c.yaml));
        const found = lint(design).findings.filter((f) => f.rule === id);
        expect(found.map((f) => `${formatPath(f.path)}: ${f.message}`)).toEqual([]);
      });
    }

    for (const c of cases.invalid) {
      it(`reports: ${c.name}`, () => {
        for (const e of c.findings) {
          expect(Object.keys(rule.meta.messages), `unknown message id "${e.messageId}"`).toContain(e.messageId);
        }
        const design = deepFreeze(parseCase(c.yaml));
        const found = lint(design).findings.filter((f) => f.rule === id);
        expect(found.map((f) => ({ messageId: f.messageId, path: formatPath(f.path) }))).toEqual(
          c.findings.map((e) => ({ messageId: e.messageId, path: e.path })),
        );
        c.findings.forEach((e, i) => {
          const f = found[i]!;
          if (e.severity) expect(f.severity).toBe(e.severity);
          if (e.message) expect(`${f.message}\n${f.detail ?? ''}`).toMatch(e.message);
          // A message is one sentence a user can act on; the detail holds the rest.
          expect(f.message.length, f.message).toBeLessThanOrEqual(MAX_MESSAGE);
          // Every placeholder of the template is filled from the finding's data.
          for (const m of rule.meta.messages[f.messageId]!.matchAll(/\{(\w+)\}/g)) expect(f.data, `data.${m[1]} for ${f.messageId}`).toHaveProperty(m[1]!);
        });
        if (c.fixed !== undefined) {
          expect(rule.meta.fixable, `${id} has no fix`).toBe(true);
          const fixed = applyFix(design, found[0]!);
          if (c.fixed === null) {
            expect(found[0]!.fix).toBeUndefined();
            expect(fixed).toBeNull();
          } else {
            expect(found[0]!.fixWithheld).toBeUndefined();
            expect(found[0]!.fix).toBeDefined();
            expect(fixed).not.toBeNull();
            const again = loadDesign(JSON.stringify(fixed), 'fixed.json');
            expect(again.ok ? [] : again.issues.map(formatIssue)).toEqual([]);
            c.fixed(fixed!);
            const after = lint(fixed!).findings.filter(
              (f) => f.rule === id && formatPath(f.path) === formatPath(found[0]!.path) && f.messageId === found[0]!.messageId,
            );
            expect(after).toEqual([]);
          }
        }
      });
    }
  });
}
