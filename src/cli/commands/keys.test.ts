// btstudio keys within its budget: the keys stop at the output budget (src/cli/budgets.ts) and
// a "budget:" line says how many were printed. The budget is lowered here to 2 MiB so the cut
// shows without writing 256 MiB; the code path is the one every run takes.
import { afterEach, describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { KEYS_OUTPUT_BYTES, LIVE_BUDGETS } from '../budgets';
import { runCli } from '../run-in-memory';
import { tempFolder } from '../../test-support/temp-files';

const folder = tempFolder('keys-budget');
const MiB = 1024 * 1024;
/** One table whose key is a 4,096-byte bytes field: about 12 KB a key once escaped. */
const longKeys = folder.write(
  'long.yaml',
  dump({ format: 'bigtable-studio/v1', name: 'long', tables: [{ name: 't', rowKey: { template: '{k}', fields: { k: { type: 'bytes', length: 4096 } } } }] }),
);

afterEach(() => {
  LIVE_BUDGETS.keysOutputBytes = KEYS_OUTPUT_BYTES;
});

describe('keys within its budget', () => {
  for (const flags of [[], ['--sorted'], ['--hex'], ['--sorted', '--hex']]) {
    it(`stops at the output budget and says how many keys it printed (${flags.join(' ') || 'unsorted'})`, async () => {
      LIVE_BUDGETS.keysOutputBytes = 2 * MiB;
      const r = await runCli('keys', longKeys, '-n', '1000000', ...flags);
      expect(r.code).toBe(0);
      const lines = r.out.split('\n').slice(0, -1);
      const m = /^budget: printed ([\d,]+) of 1,000,000 keys: keys stop at 2 MiB of output/.exec(r.err);
      expect(m, r.err).not.toBeNull();
      expect(Number(m![1]!.replace(/,/g, ''))).toBe(lines.length);
      // Past the budget by at most the chunk under way (1 MiB) and one key.
      expect(r.out.length).toBeGreaterThanOrEqual(2 * MiB - 20_000);
      expect(r.out.length).toBeLessThan(3 * MiB + 20_000);
      expect(lines.length).toBeLessThan(1000);
      // Hex text sorts as its bytes do.
      if (flags.includes('--sorted') && flags.includes('--hex')) expect([...lines].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(lines);
    });
  }

  it('prints every key, and no budget line, when they fit', async () => {
    const r = await runCli('keys', longKeys, '-n', '100', '--sorted');
    expect(r.err).toBe('');
    expect(r.out.split('\n')).toHaveLength(101);
  });

  it('is stated in the usage', async () => {
    const r = await runCli('keys', '--help');
    expect(r.out + r.err).toMatch(/Budget: at most 256 MiB of output/);
  });
});
