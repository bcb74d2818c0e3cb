// Every hostile import (import.cases.ts) is refused with file:line:column and the proto path,
// or imported when the case says it is legal.
import { describe, it } from 'vitest';
import { expectCaseList, expectHostileAnswer, HANG_GUARD_MS } from './expect-case';
import { importCases } from './import.cases';

describe('hostile imports', () => {
  it('has at least 25 cases with unique ids', () => expectCaseList(importCases, 25));

  it.each(importCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => void (await expectHostileAnswer(c)), HANG_GUARD_MS);
});
