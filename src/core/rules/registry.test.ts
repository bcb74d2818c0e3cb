// Every rule file is in the registry, in order, with tests and a doc page (ESLint's
// checkRuleFiles); ids are a public contract.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from './registry';

const here = new URL('.', import.meta.url);
const NOT_RULES = new Set(['analysis', 'edit', 'lint', 'plan', 'registry', 'tester', 'types', 'estimates', 'corpus', 'sarif', 'report']);
const ruleFiles = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((f) => !NOT_RULES.has(f));

describe('rule registry', () => {
  it('lists every rule file, sorted by id, each once', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ruleFiles].sort()).toEqual(ids);
  });

  for (const rule of RULES) {
    const id = rule.meta.id;
    it(`${id}: has a test, a doc page with a bad and a good example, and message templates`, () => {
      expect(existsSync(new URL(`${id}.test.ts`, here)), `src/core/rules/${id}.test.ts`).toBe(true);
      const doc = new URL(`../../../docs/rules/${id}.md`, here);
      expect(existsSync(doc), `docs/rules/${id}.md`).toBe(true);
      const text = readFileSync(doc, 'utf8');
      expect(text).toMatch(new RegExp(`^# ${id}\\b`));
      expect(text).toMatch(/## Bad/);
      expect(text).toMatch(/## Good/);
      expect(Object.keys(rule.meta.messages).length).toBeGreaterThan(0);
      // rule-failed is reported by the lint engine when another rule throws, never by its own
      // check, so ruleTester (which lints designs with the registered rules only) cannot drive
      // it; its test injects a throwing rule through lint's extraRules instead.
      if (id === 'rule-failed') expect(readFileSync(new URL(`${id}.test.ts`, here), 'utf8')).toMatch(/extraRules/);
      else expect(readFileSync(new URL(`${id}.test.ts`, here), 'utf8')).toMatch(/ruleTester\(/);
    });
  }
});

describe('rule index', () => {
  it('docs/rules/README.md lists every rule with its default severity', () => {
    const index = readFileSync(new URL('../../../docs/rules/README.md', here), 'utf8');
    for (const rule of RULES)
      expect(index).toContain(`| [${rule.meta.id}](${rule.meta.id}.md) | ${rule.meta.severity} | ${rule.meta.fixable ? 'yes' : 'no'} |`);
  });
});
