// Every hostile import (import.cases.ts) is refused with file:line:column and the proto path,
// or imported when the case says it is legal. Times are the bench's business (bench/hostile.bench.mjs);
// the timeout here only catches a hang.
import { describe, expect, it } from 'vitest';
import { runHostileCase } from './case';
import { importCases } from './import.cases';

describe('hostile imports', () => {
  it('has at least 25 cases with unique ids', () => {
    expect(importCases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(importCases.map((c) => c.id)).size).toBe(importCases.length);
  });

  it.each(importCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const r = await runHostileCase(c);
    expect(r.crash, c.what).toBeUndefined();
    const a = r.answer!;
    if (!c.expect.refused) {
      expect(a.refused, `${c.what}: ${a.message}`).toBe(false);
      return;
    }
    expect(a.refused, c.what).toBe(true);
    expect(a.message).toMatch(c.expect.what);
    expect(a.message).toMatch(c.expect.where);
  }, 20_000);
});

