import { describe, expect, it } from 'vitest';
import { Rng, zipfCurve, zipfSampler } from './random';

/** The sampler as it was before its cells (every draw through Math.pow): the reference. */
function referenceZipf(n: number, s: number): (rng: Rng) => number {
  if (n <= 1) return () => 0;
  const { h, hInv, hIntegralX1, hIntegralN, sTest } = zipfCurve(n, s);
  return (rng) => {
    for (;;) {
      const u = hIntegralN + rng.next() * (hIntegralX1 - hIntegralN);
      const x = hInv(u);
      let k = Math.floor(x + 0.5);
      if (k < 1) k = 1;
      else if (k > n) k = n;
      if (k - x <= sTest || u >= h(k + 0.5) - Math.pow(k, -s)) return k - 1;
    }
  };
}

const SEED = 0x2f19;

describe(`zipfSampler draws exactly the reference's ranks (random seed ${SEED})`, () => {
  const cases: [number, number][] = [
    [2, 1.1],
    [10, 1.2],
    [100, 0.8],
    [5000, 1],
    [20000, 1.1],
    [65537, 1.3],
    [1_000_000, 1.1],
    [1e9, 1.5],
    // Ranks past 2^30, which the cells do not write down.
    [4e9, 0.2],
    [50, 3],
    [400000, 0.5],
  ];
  for (const [n, s] of cases) {
    it(`n=${n}, skew ${s}`, () => {
      const a = new Rng(SEED, `zipf-${n}-${s}`);
      const b = new Rng(SEED, `zipf-${n}-${s}`);
      const fast = zipfSampler(n, s);
      const ref = referenceZipf(n, s);
      let mismatches = 0;
      let firstMismatch = '';
      for (let i = 0; i < 200_000; i++) {
        const x = fast(a);
        const y = ref(b);
        if (x !== y && mismatches++ === 0) firstMismatch = `draw ${i}: ${x} != ${y}`;
      }
      expect(firstMismatch).toBe('');
      // Both consumed the same random numbers: the next one agrees too.
      expect(a.nextU32()).toBe(b.nextU32());
    });
  }
});
