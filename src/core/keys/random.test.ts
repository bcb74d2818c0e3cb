// Rng is sfc32 seeded through splitmix32, as documented: its words are part of the format
// (every generated value comes from them). Checked against the textbook algorithm written
// plainly with unsigned fields, over generated seeds and stream names (fixed seed, printed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes';
import { fnv1a32 } from './hash';
import { Rng } from './random';

const SEED = 20261201;

/** sfc32 (Doty-Humphrey) over splitmix32, every word kept unsigned with >>> 0. */
function textbook(seed: number, stream: string): () => number {
  let x = ((seed >>> 0) ^ fnv1a32(utf8(stream))) >>> 0;
  const splitmix = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = (splitmix() | 1) >>> 0;
  const next = () => {
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = (((c << 21) | (c >>> 11)) + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

describe('Rng', () => {
  it('draws the words of sfc32 seeded by splitmix32 from the seed and the stream (fixed seed)', () => {
    console.log(`fast-check seed ${SEED}`);
    fc.assert(
      fc.property(fc.nat(0xffffffff), fc.string({ maxLength: 12 }), (seed, stream) => {
        const rng = new Rng(seed, stream);
        const want = textbook(seed, stream);
        for (let i = 0; i < 64; i++) expect(rng.nextU32()).toBe(want());
        // words() draws the same words in one call.
        const into = new Int32Array(5);
        rng.words(into, 5);
        for (let i = 0; i < 5; i++) expect(into[i]! >>> 0).toBe(want());
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('next() is the 53-bit fraction of two words, below() its floor times n', () => {
    const a = new Rng(7, 'f');
    const want = textbook(7, 'f');
    for (let i = 0; i < 1000; i++) {
      const hi = want() >>> 5;
      const lo = want() >>> 6;
      expect(a.next()).toBe((hi * 67108864 + lo) / 9007199254740992);
    }
  });
});
