// Every hostile share link (share.cases.ts) is refused with the kind and the place, or opened
// when the case says it is legal.
import { describe, expect, it } from 'vitest';
import { expectCaseList, expectHostileAnswer, HANG_GUARD_MS } from './expect-case';
import { shareCases } from './share.cases';

describe('hostile share links', () => {
  it('has at least 25 cases with unique ids', () => expectCaseList(shareCases, 25));

  it.each(shareCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => void (await expectHostileAnswer(c)), HANG_GUARD_MS);
});

describe('the corpus bomb is a real one', () => {
  it('unpacks to exactly the spaces its checksum covers', async () => {
    const { inflateSync } = await import('fflate');
    const { crc32 } = await import('../core/share/share');
    const { bombForTest } = await import('./share.cases');
    const data = bombForTest.deflateBomb(1000);
    const out = inflateSync(data);
    expect(out.length).toBe(1 + 258 * 1000);
    expect(out.every((b) => b === 0x20)).toBe(true);
    expect(bombForTest.crc32OfRun(0x20, out.length)).toBe(crc32(out));
    expect(data.length).toBeLessThan(300); // about 1,032 : 1
  });
});
