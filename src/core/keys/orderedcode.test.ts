import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareBytes, toHex } from './bytes';
import {
  decodeBigEndianInt64,
  decodeOrderedInt64,
  encodeBigEndianInt64,
  encodeOrderedInt64,
  joinOrderedCodeStruct,
  splitOrderedCodeStruct,
} from './orderedcode';

const int64 = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
const sign = (x: number | bigint) => (x > 0 ? 1 : x < 0 ? -1 : 0);
const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('Int64 ordered code', () => {
  it('encodes the worked examples of the OrderedCode format', () => {
    expect(toHex(encodeOrderedInt64(0x424242n))).toBe('f0424242');
    expect(toHex(encodeOrderedInt64(-0x800n))).toBe('3800');
    expect(toHex(encodeOrderedInt64(0n))).toBe('80');
    expect(toHex(encodeOrderedInt64(-1n))).toBe('7f');
    expect(toHex(encodeOrderedInt64(63n))).toBe('bf');
    expect(toHex(encodeOrderedInt64(64n))).toBe('c040');
    expect(toHex(encodeOrderedInt64(-64n))).toBe('40');
    expect(toHex(encodeOrderedInt64(-65n))).toBe('3fbf');
  });

  it('uses 10 bytes at the extremes of int64', () => {
    expect(encodeOrderedInt64((1n << 63n) - 1n).length).toBe(10);
    expect(encodeOrderedInt64(-(1n << 63n)).length).toBe(10);
    expect(toHex(encodeOrderedInt64((1n << 63n) - 1n))).toBe('ffc07fffffffffffffff');
  });

  it('round-trips every int64', () => {
    fc.assert(
      fc.property(int64, (v) => {
        const enc = encodeOrderedInt64(v);
        expect(decodeOrderedInt64(enc)).toEqual({ value: v, length: enc.length });
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps numeric order in byte order, negatives included', () => {
    fc.assert(
      fc.property(int64, int64, (a, b) => {
        expect(sign(compareBytes(encodeOrderedInt64(a), encodeOrderedInt64(b)))).toBe(sign(a - b));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects truncated and non-minimal encodings', () => {
    expect(decodeOrderedInt64(bytes(0xf0, 0x42))).toBeNull();
    expect(decodeOrderedInt64(bytes(0xc0, 0x01))).toBeNull();
  });
});

describe('Int64 big-endian', () => {
  it('round-trips and sorts non-negative values in order', () => {
    fc.assert(
      fc.property(int64, int64, (a, b) => {
        expect(decodeBigEndianInt64(encodeBigEndianInt64(a))).toBe(a);
        if (a >= 0n && b >= 0n) expect(sign(compareBytes(encodeBigEndianInt64(a), encodeBigEndianInt64(b)))).toBe(sign(a - b));
      }),
    );
  });

  it('puts negative values after positive ones, which is why sorted mode allows only non-negative values', () => {
    expect(compareBytes(encodeBigEndianInt64(-1n), encodeBigEndianInt64(1n))).toBeGreaterThan(0);
  });
});

describe('Struct ordered code', () => {
  it('matches the examples in types.proto', () => {
    expect(toHex(joinOrderedCodeStruct([]))).toBe('0000');
    expect(toHex(joinOrderedCodeStruct([ascii('')]))).toBe('0000');
    expect(toHex(joinOrderedCodeStruct([ascii(''), ascii('')]))).toBe('0000');
    expect(toHex(joinOrderedCodeStruct([ascii(''), ascii('B')]))).toBe('0000000142');
    expect(toHex(joinOrderedCodeStruct([ascii('A'), ascii('')]))).toBe('41');
    expect(toHex(joinOrderedCodeStruct([ascii(''), ascii('B'), ascii('')]))).toBe('0000000142');
    expect(toHex(joinOrderedCodeStruct([ascii('A'), ascii(''), ascii('C')]))).toBe('41000100000001' + '43');
  });

  it('escapes null bytes inside a field', () => {
    expect(toHex(joinOrderedCodeStruct([bytes(1, 0, 2), ascii('x')]))).toBe('0100ff02' + '0001' + '78');
  });

  it('splits a key into its fields, and refuses bytes that break the rules', () => {
    const split = (b: Uint8Array, count: number) => splitOrderedCodeStruct(b, count)?.map(toHex) ?? null;
    expect(split(bytes(0x61, 0, 0xff, 0x62, 0, 1, 0, 0, 0, 1, 0x63), 3)).toEqual(['6100' + '62', '', '63']);
    expect(split(bytes(0x61), 3)).toEqual(['61', '', '']);
    expect(split(bytes(0, 0), 2)).toEqual(['', '']);
    expect(split(bytes(0, 0), 0)).toEqual([]);
    expect(split(bytes(0, 0, 0, 0, 0, 1, 0x61), 2)).toEqual(['', '61']);
    expect(split(bytes(), 1)).toBeNull();
    expect(split(bytes(0x61, 0, 1), 2)).toBeNull();
    expect(split(bytes(0, 1, 0x61), 2)).toBeNull();
    expect(split(bytes(0x61, 0), 1)).toBeNull();
    expect(split(bytes(0x61, 0, 2), 1)).toBeNull();
    expect(split(bytes(0x61, 0, 0), 1)).toBeNull();
    expect(split(bytes(0, 0, 0x61), 1)).toBeNull();
    expect(split(bytes(0, 0, 0, 0xff), 1)).toBeNull();
    expect(split(bytes(0x61, 0, 1, 0x62), 1)).toBeNull();
  });

  it('splits what it joins, and keeps element-wise order', () => {
    const field = fc.uint8Array({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 4 }), fc.array(field, { minLength: 1, maxLength: 4 }), (a, b) => {
        const n = Math.max(a.length, b.length);
        const pa = [...a, ...Array.from({ length: n - a.length }, () => new Uint8Array(0))];
        const pb = [...b, ...Array.from({ length: n - b.length }, () => new Uint8Array(0))];
        const ea = joinOrderedCodeStruct(pa);
        expect(splitOrderedCodeStruct(ea, n)!.map(toHex)).toEqual(pa.map(toHex));
        // Tuple order: the first differing field decides.
        const i = pa.findIndex((x, k) => compareBytes(x, pb[k]!) !== 0);
        const expected = i < 0 ? 0 : sign(compareBytes(pa[i]!, pb[i]!));
        // Empty fields are special (0x00 0x00 sorts before any non-empty field), so compare only when both sides are non-empty at i.
        if (i >= 0 && pa[i]!.length > 0 && pb[i]!.length > 0) expect(sign(compareBytes(ea, joinOrderedCodeStruct(pb)))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
