// Every hostile command line (cli.cases.ts) is refused as docs/cli.md promises: exit 2, nothing
// on stdout, one line on stderr naming the flag or value and what is allowed; a file given to
// -o is left as it was. Times are the bench's business (bench/hostile.bench.mjs);
// the timeout here only catches a hang.
import { afterAll, describe, expect, it } from 'vitest';
import { runHostileCase } from './case';
import { cliCases, removeCliFiles } from './cli.cases';

describe('hostile command lines', () => {
  afterAll(removeCliFiles);

  it('has at least 30 cases with unique ids', () => {
    expect(cliCases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cliCases.map((c) => c.id)).size).toBe(cliCases.length);
  });

  it.each(cliCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
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

