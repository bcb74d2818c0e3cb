// Every hostile command line (cli.cases.ts) is refused as docs/cli.md promises: exit 2, nothing
// on stdout, one line on stderr naming the flag or value and what is allowed; a file given to
// -o is left as it was.
import { afterAll, describe, it } from 'vitest';
import { expectCaseList, expectHostileAnswer, HANG_GUARD_MS } from './expect-case';
import { cliCases, removeCliFiles } from './cli.cases';

describe('hostile command lines', () => {
  afterAll(removeCliFiles);

  it('has at least 30 cases with unique ids', () => expectCaseList(cliCases, 30));

  it.each(cliCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => void (await expectHostileAnswer(c)), HANG_GUARD_MS);
});
