import { describe, expect, it } from 'vitest';
import { sampleKeys } from '../../core/keys/generate';
import type { RowKey } from '../../core/model/schema';
import { clampCount, generateKeys, keyAt, KeyPacker, KeyParseError, orderChecksum, parseKeys, type KeySet } from './keyset';

const drain = <T>(gen: Generator<unknown, T>): T => {
  for (;;) {
    const s = gen.next();
    if (s.done) return s.value;
  }
};
const all = (set: KeySet) => Array.from({ length: set.count }, (_, i) => Buffer.from(keyAt(set, i)).toString('latin1'));

const rowKey: RowKey = {
  template: '{device}#{ts}',
  fields: { device: { type: 'string', length: 4, cardinality: 20 }, ts: { type: 'timestamp' } },
};

describe('key sets', () => {
  it('generates exactly the keys sampleKeys gives for the same seed and write rate', () => {
    const set = drain(generateKeys({ rowKey, count: 300, seed: 7, writesPerSecond: 50 }));
    const expected = sampleKeys(rowKey, 300, { seed: 7, writesPerSecond: 50 }).map((k) => Buffer.from(k).toString('latin1'));
    expect(all(set)).toEqual(expected);
  });

  it('clamps the generated count to 10 .. 1,000,000', () => {
    expect(clampCount(3)).toBe(10);
    expect(clampCount(5_000_000)).toBe(1_000_000);
    expect(clampCount(Number.NaN)).toBe(10);
    expect(clampCount(1234.4)).toBe(1234);
  });

  it('reads pasted keys one per line with \\xNN escapes, dropping CR and blank lines', () => {
    const set = drain(parseKeys('a#1\r\n\nb\\x00c\n\\\\d\n'));
    expect(all(set)).toEqual(['a#1', 'b\u0000c', '\\d']);
  });

  it('names the line of a bad escape', () => {
    expect(() => drain(parseKeys('ok\nbad\\q\n'))).toThrow(KeyParseError);
    expect(() => drain(parseKeys('ok\nbad\\q\n'))).toThrow(/line 2/);
  });

  it('keeps keys that hold newline bytes whole once packed', () => {
    const p = new KeyPacker(1, 1);
    p.push(Uint8Array.of(0x61, 0x0a, 0x62));
    p.push(Uint8Array.of(0x63));
    expect(all(p.finish())).toEqual(['a\nb', 'c']);
  });

  it('fingerprints the order, not just the set of keys', () => {
    const set = drain(parseKeys('b\na\n'));
    const sorted = orderChecksum({ ...set, order: Uint32Array.of(1, 0) });
    const unsorted = orderChecksum({ ...set, order: Uint32Array.of(0, 1) });
    expect(sorted).not.toBe(unsorted);
    expect(sorted).toBe(orderChecksum({ ...set, order: Uint32Array.of(1, 0) }));
  });
});
