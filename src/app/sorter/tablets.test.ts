import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../core/keys/bytes';
import { compareBytes } from '../../core/sort/byteSort';
import { normaliseBoundaries } from '../sim/tablets-slice';
import { KeyPacker, type SortedKeys } from './keyset';
import { lowerBound, placeBoundaries, separatorAbove, tabletNumber } from './tablets';

/** Keys packed in a scrambled order, with `order` giving their byte order (as the sort worker does). */
function sortedKeys(keys: Uint8Array[]): SortedKeys {
  const p = new KeyPacker();
  const packed = [...keys].reverse();
  for (const k of packed) p.push(k);
  const set = p.finish();
  const idx = Array.from({ length: set.count }, (_, i) => i);
  idx.sort((a, b) => compareBytes(packed[a]!, packed[b]!));
  return { ...set, order: Uint32Array.from(idx) };
}

const strs = (xs: string[]) => sortedKeys(xs.map(utf8));
const bytes = (...xs: number[]) => Uint8Array.from(xs);

describe('tablet boundaries among sorted keys', () => {
  const keys = strs(['a1', 'a5', 'b2', 'c0', 'c9']);

  it('puts a separator above the first key at or after each boundary', () => {
    const p = placeBoundaries(keys, ['a3', 'c'].map(utf8));
    expect([...p.at]).toEqual([1, 3]); // a1 | a3 | a5 ... b2 | c | c0
    expect([...p.first]).toEqual([0, 1]);
    expect([...p.last]).toEqual([0, 1]);
    expect(p).toMatchObject({ before: 0, after: 0, within: 2 });
  });

  it('puts a key equal to a boundary below it: the key is the first row of the new tablet', () => {
    const p = placeBoundaries(keys, ['b2'].map(utf8));
    expect([...p.at]).toEqual([2]); // a5 < b2 <= b2
  });

  it('counts boundaries at or before the first key and after the last as outside the keys', () => {
    const p = placeBoundaries(keys, ['0', 'a1', 'b', 'd', 'z'].map(utf8));
    expect([...p.at]).toEqual([2]);
    expect(p).toMatchObject({ before: 2, after: 2, within: 1 });
  });

  it('makes one separator of several boundaries between the same two keys, naming the last', () => {
    const p = placeBoundaries(keys, ['a6', 'a7', 'b0', 'c5'].map(utf8));
    expect([...p.at]).toEqual([2, 4]);
    expect([...p.first]).toEqual([0, 3]);
    expect([...p.last]).toEqual([2, 3]);
    expect(p.within).toBe(4);
    expect(tabletNumber(p.last[0]!)).toBe(4); // tablets 1 [, a6), 2 [a6, a7), 3 [a7, b0), 4 [b0, c5): b2 is in tablet 4
  });

  it('compares bytes, not JavaScript strings: U+FF01 sorts before an emoji in UTF-8', () => {
    // In UTF-16 '\u{1F600}' (a surrogate pair, 0xD83D...) sorts before '\uFF01'; in UTF-8 bytes it is after.
    const k = strs(['\uFF01x', '\u{1F600}x']);
    expect(lowerBound(k, utf8('\u{1F600}'))).toBe(1);
    const p = placeBoundaries(k, [utf8('\u{1F600}')]);
    expect([...p.at]).toEqual([1]);
  });

  it('treats a strict prefix as smaller and 0xff as the largest byte', () => {
    const k = sortedKeys([bytes(0x61), bytes(0x61, 0x00), bytes(0x61, 0xff), bytes(0x62)]);
    const p = placeBoundaries(k, [bytes(0x61, 0x00), bytes(0x61, 0x80)]);
    expect([...p.at]).toEqual([1, 2]);
  });

  it('draws nothing without boundaries, and places nothing among no keys', () => {
    expect(placeBoundaries(keys, [])).toMatchObject({ at: new Uint32Array(0), before: 0, after: 0, within: 0 });
    const none = placeBoundaries(strs([]), ['a'].map(utf8));
    expect(none.at.length).toBe(0);
    expect(none.within).toBe(0);
    expect(none.before + none.after).toBe(1);
  });

  it('finds the separator above a key, or none', () => {
    const p = placeBoundaries(keys, ['a3', 'c'].map(utf8));
    expect([0, 1, 2, 3, 4].map((k) => separatorAbove(p, k))).toEqual([-1, 0, -1, 1, -1]);
  });

  it('agrees with a linear scan on any keys and boundaries', () => {
    const key = fc.uint8Array({ minLength: 0, maxLength: 4, max: 3 }).map((a) => a.map((b) => [0x00, 0x61, 0x62, 0xff][b]!));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), fc.array(key, { maxLength: 12 }), (ks, bs) => {
        const k = sortedKeys(ks);
        const sorted = [...ks].sort(compareBytes);
        const boundaries = normaliseBoundaries(bs);
        const p = placeBoundaries(k, boundaries);
        // Every boundary falls exactly between key[i-1] < b <= key[i], by a scan.
        const expected = new Map<number, number[]>();
        let before = 0;
        let after = 0;
        boundaries.forEach((b, j) => {
          const i = sorted.findIndex((x) => compareBytes(x, b) >= 0);
          if (i === 0) before++;
          else if (i < 0) after++;
          else expected.set(i, [...(expected.get(i) ?? []), j]);
        });
        expect([...p.at]).toEqual([...expected.keys()]);
        expect([...p.first]).toEqual([...expected.values()].map((js) => js[0]));
        expect([...p.last]).toEqual([...expected.values()].map((js) => js[js.length - 1]));
        expect([p.before, p.after, p.within]).toEqual([before, after, boundaries.length - before - after]);
      }),
    );
  });
});
