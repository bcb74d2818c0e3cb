// A documented, portable PRNG so the same design and seed give the same keys everywhere:
// sfc32 (Chris Doty-Humphrey's Small Fast Counter, 32-bit), seeded through splitmix32 from
// the seed and a stream name (so each field draws from its own stream and adding a field
// does not change the values of the others). Only 32-bit integer arithmetic is used.
import { fnv1a32 } from './hash';
import { utf8 } from './bytes';

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Rng {
  /**
   * The four 32-bit words a, b, c, d of sfc32, held as int32 (every step wraps to 32 bits):
   * in a typed array they stay machine integers, where fields that start above 2^31 would be
   * doubles, and each draw would box its result.
   */
  private readonly s = new Int32Array(4);

  constructor(seed: number, stream = '') {
    const mix = splitmix32((seed >>> 0) ^ fnv1a32(utf8(stream)));
    const s = this.s;
    s[0] = mix();
    s[1] = mix();
    s[2] = mix();
    s[3] = mix() | 1;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  nextU32(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /** The next n words into `into`, as n calls of nextU32 draw them (as int32: `>>> 0` reads one). */
  words(into: Int32Array, n: number): void {
    for (let k = 0; k < n; k++) into[k] = this.nextU32();
  }

  /** Uniform in [0, 1) with 53 random bits. */
  next(): number {
    // Two steps of nextU32 on locals, the words read and stored once (most draws come here,
    // and nextU32 called from a large caller is often not inlined).
    const s = this.s;
    let a = s[0]!;
    let b = s[1]!;
    let c = s[2]!;
    let d = s[3]!;
    const hi = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + hi) | 0;
    const lo = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + lo;
    return ((hi >>> 5) * 67108864 + (lo >>> 6)) / 9007199254740992;
  }

  /** Uniform integer in [0, n) for n up to 2^53. */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  fill(bytes: Uint8Array): Uint8Array {
    for (let i = 0; i < bytes.length; i += 4) {
      const v = this.nextU32();
      for (let k = 0; k < 4 && i + k < bytes.length; k++) bytes[i + k] = (v >>> (8 * k)) & 0xff;
    }
    return bytes;
  }
}

/**
 * The pieces of rejection-inversion (Hörmann and Derflinger 1996) for n ranks and skew s: the
 * integral h of x^-s and its inverse, the integral's ends, and the bound under which a rank is
 * accepted without computing its exact acceptance test. The sampler below and its test's
 * reference (which draws through these alone) share them.
 */
export function zipfCurve(n: number, s: number) {
  const h = (x: number) => (Math.abs(s - 1) < 1e-9 ? Math.log(x) : (Math.pow(x, 1 - s) - 1) / (1 - s));
  const hInv = (x: number) => (Math.abs(s - 1) < 1e-9 ? Math.exp(x) : Math.pow(1 + x * (1 - s), 1 / (1 - s)));
  return { h, hInv, hIntegralX1: h(1.5) - 1, hIntegralN: h(n + 0.5), sTest: 2 - hInv(h(2.5) - Math.pow(2, -s)) };
}

/**
 * Zipf-distributed rank in [0, n) with P(k) proportional to 1/(k+1)^s, by rejection-inversion
 * (Hörmann and Derflinger 1996), so it costs O(1) per draw for any n.
 */
export function zipfSampler(n: number, s: number): (rng: Rng) => number {
  if (n <= 1) return () => 0;
  const { h, hInv, hIntegralX1, hIntegralN, sTest } = zipfCurve(n, s);
  // The acceptance bound of rank k, h(k + 0.5) - k^-s, remembered for the small ranks that
  // most draws land on (the same doubles as computing it each time: draws do not change).
  const cached = Math.min(n, 65536);
  const bound = new Float64Array(cached + 1).fill(NaN);
  const boundOf = (k: number): number => {
    if (k > cached) return h(k + 0.5) - Math.pow(k, -s);
    let b = bound[k]!;
    if (Number.isNaN(b)) b = bound[k] = h(k + 0.5) - Math.pow(k, -s);
    return b;
  };
  const span = hIntegralX1 - hIntegralN;
  const draw = (u: number): number => {
    const x = hInv(u);
    let k = Math.floor(x + 0.5);
    if (k < 1) k = 1;
    else if (k > n) k = n;
    return k - x <= sTest || u >= boundOf(k) ? k : 0;
  };
  // With skew 1, hInv is an exp, cheaper than looking up a cell (measured). The draw is
  // written out here rather than called: a double passed to a call that is not inlined is a
  // new heap number each time.
  if (Math.abs(s - 1) < 1e-9) {
    return (rng) => {
      for (;;) {
        const u = hIntegralN + rng.next() * span;
        const x = Math.exp(u);
        let k = Math.floor(x + 0.5);
        if (k < 1) k = 1;
        else if (k > n) k = n;
        if (k - x <= sTest || u >= boundOf(k)) return k - 1;
      }
    };
  }
  const cells = new RankCells(n, cellsFor(n), hIntegralN, span, hInv, sTest);
  const count = cells.cells;
  const state = cells.state;
  return (rng) => {
    for (;;) {
      const r = rng.next();
      const u = hIntegralN + r * span;
      // Most draws fall in a cell of r whose rank, and often its acceptance, is already known.
      const c = Math.floor(r * count);
      let known = state[c]!;
      if (known === 0) known = cells.decided(c);
      if (known >= 2) {
        // Integer halves and parity: on a double, % is a call into the runtime.
        const k = known >> 1;
        if ((known & 1) === 1 || (k <= cached && u >= boundOf(k))) return k - 1;
      }
      const k = draw(u);
      if (k > 0) return k - 1;
    }
  };
}

/**
 * Cells of r for a sampler of n ranks: a power of two (so r * cells is exact), up to 2^14
 * (more cost more edges to compute than they saved, measured on 1M draws).
 */
function cellsFor(n: number): number {
  let cells = 64;
  while (cells < 16384 && cells < 64 * n) cells *= 2;
  return cells;
}

/**
 * What the draws of one cell [c/cells, (c+1)/cells) of r decide without Math.pow, found
 * from the cell's two edges. u = hN + r * span rounds monotonically in r, and hInv (a pow or
 * an exp of a base that rounds monotonically in u) is monotone up to its rounding error, a
 * few units in the last place; so when both edges' x lie inside (k - 0.5, k + 0.5) with a
 * margin of 1e-9 k (millions of those units) every x of the cell rounds to the same rank k,
 * exactly as hInv would have made it. The acceptance test k - x <= sTest is decided for the
 * whole cell the same way when the smallest x passes it with the margin to spare.
 * Entries: 0 not looked at yet, 1 not decided (compute hInv), 2k rank k, 2k + 1 rank k accepted
 * (int32: ranks below 2^30).
 */
class RankCells {
  /** Per cell: what its draws decide (see above), an int32; read by the sampler directly. */
  readonly state: Int32Array;
  private readonly edge: Float64Array;

  constructor(
    private readonly n: number,
    readonly cells: number,
    private readonly hN: number,
    private readonly span: number,
    private readonly hInv: (u: number) => number,
    private readonly sTest: number,
  ) {
    this.state = new Int32Array(cells);
    this.edge = new Float64Array(cells + 1).fill(NaN);
  }

  /** Decides cell c (not looked at yet) and remembers it. */
  decided(c: number): number {
    return (this.state[c] = this.decide(c));
  }

  private edgeX(c: number): number {
    let x = this.edge[c]!;
    if (Number.isNaN(x)) x = this.edge[c] = this.hInv(this.hN + (c / this.cells) * this.span);
    return x;
  }

  private decide(c: number): number {
    const a = this.edgeX(c);
    const b = this.edgeX(c + 1);
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    const k = Math.floor(lo + 0.5);
    const margin = 1e-9 * Math.max(1, k);
    // Ranks from 2^30 on are not written down (2k + 1 would not fit an int32): computed each time.
    if (!(k >= 1 && k <= this.n && k < 2 ** 30)) return 1;
    if (!(lo - (k - 0.5) > margin && k + 0.5 - hi > margin)) return 1;
    return 2 * k + (k - lo + 2 * margin <= this.sTest ? 1 : 0);
  }
}
