// The whole hostile-input corpus: every `*.cases.ts` here, each exporting arrays of
// HostileCase. Ids are unique and kebab-case, every group of entry points has cases, each
// case says in one line what its input is, and there are at least 150 in all.
import { describe, expect, test } from 'vitest';
import type { HostileCase, HostileGroup } from './case';

const GROUPS: HostileGroup[] = ['design', 'share', 'import', 'cli'];

const isCase = (x: unknown): x is HostileCase =>
  !!x && typeof x === 'object' && typeof (x as HostileCase).id === 'string' && typeof (x as HostileCase).run === 'function' && !!(x as HostileCase).expect;

const modules = import.meta.glob<Record<string, unknown>>('./*.cases.ts', { eager: true });
const cases: (HostileCase & { from: string })[] = Object.entries(modules).flatMap(([from, m]) =>
  Object.values(m)
    .filter((v): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every(isCase))
    .flatMap((list) => (list as HostileCase[]).map((c) => ({ ...c, from }))),
);

describe('the hostile-input corpus', () => {
  test('has at least 150 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });

  test('has cases for every group of entry points (design, share, import, cli)', () => {
    const count = Object.fromEntries(GROUPS.map((g) => [g, cases.filter((c) => c.group === g).length]));
    for (const g of GROUPS) expect(count[g], `no ${g} cases yet (${JSON.stringify(count)})`).toBeGreaterThan(0);
  });

  test('ids are unique and kebab-case', () => {
    const seen = new Map<string, string>();
    for (const c of cases) {
      expect(c.id, `${c.from}: ${c.id}`).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(seen.get(c.id), `${c.id} is in ${seen.get(c.id)} and ${c.from}`).toBeUndefined();
      seen.set(c.id, c.from);
    }
  });

  test('each case says in one line what its input is, and what answer it expects', () => {
    for (const c of cases) {
      expect(GROUPS, c.id).toContain(c.group);
      expect(c.what.trim().length, c.id).toBeGreaterThan(0);
      expect(c.what, c.id).not.toMatch(/\n/);
      if (c.expect.refused) {
        expect(c.expect.what, c.id).toBeInstanceOf(RegExp);
        expect(c.expect.where, c.id).toBeInstanceOf(RegExp);
      } else expect(c.expect.why.trim().length, c.id).toBeGreaterThan(0);
    }
  });
});
