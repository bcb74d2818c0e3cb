// The assertions every corpus test makes of a case (test code only: imports Vitest's expect).
import { expect } from 'vitest';
import { runHostileCase, type HostileAnswer, type HostileCase } from './case';

/** A per-case timeout that only catches a hang; times are the bench's business (bench/hostile.bench.mjs). */
export const HANG_GUARD_MS = 20_000;

/** A group's list: at least `min` cases, ids unique. */
export function expectCaseList(cases: readonly HostileCase[], min: number): void {
  expect(cases.length).toBeGreaterThanOrEqual(min);
  expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
}

/** Runs a case: no crash; refused with a message that says what and where, or accepted as it expects. */
export async function expectHostileAnswer(c: HostileCase): Promise<HostileAnswer> {
  const r = await runHostileCase(c);
  expect(r.crash, `${c.what}: crashed`).toBeUndefined();
  const a = r.answer!;
  if (!c.expect.refused) {
    expect(a.refused, `${c.what} should be accepted (${c.expect.why}), but: ${a.message.slice(0, 500)}`).toBe(false);
    return a;
  }
  expect(a.refused, `${c.what}: accepted`).toBe(true);
  expect(a.message).toMatch(c.expect.what);
  expect(a.message).toMatch(c.expect.where);
  return a;
}
