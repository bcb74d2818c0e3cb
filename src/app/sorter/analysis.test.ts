import { describe, expect, it } from 'vitest';
import { utf8 } from '../../core/keys/bytes';
import type { RowKey } from '../../core/model/schema';
import { compareDecimal, digitRunInverted, flagAt, jsOrder, numericFlags } from './analysis';
import { KeyPacker, type SortedKeys } from './keyset';
import { createSpanner } from './spans';

const drain = <T>(gen: Generator<unknown, T>): T => {
  for (;;) {
    const s = gen.next();
    if (s.done) return s.value;
  }
};

/** Keys already in byte order (as the sorter hands them over). */
function sorted(keys: (string | Uint8Array)[]): SortedKeys {
  const p = new KeyPacker();
  const bytes = keys.map((k) => (typeof k === 'string' ? utf8(k) : k)).sort((a, b) => Buffer.compare(a, b));
  for (const k of bytes) p.push(k);
  const set = p.finish();
  return { ...set, order: Uint32Array.from({ length: set.count }, (_, i) => i) };
}

const flagged = (keys: SortedKeys, rowKey: RowKey | null) => Array.from(drain(numericFlags(keys, rowKey ? createSpanner(rowKey) : null)).flags);

describe('numeric order flags', () => {
  it('compares signed decimal text as numbers', () => {
    const cmp = (a: string, b: string) => compareDecimal(utf8(a), 0, a.length, utf8(b), 0, b.length);
    expect(cmp('10', '2')).toBe(1);
    expect(cmp('0042', '42')).toBe(0);
    expect(cmp('-1', '-2')).toBe(1);
    expect(cmp('-5', '3')).toBe(-1);
    expect(cmp('1a', '2')).toBeNaN();
  });

  it('flags 10 before 2 in an unpadded decimal field, and nothing in a padded one', () => {
    const rowKey: RowKey = { template: '{user}#{n}', fields: { user: { type: 'string' }, n: { type: 'int' } } };
    expect(flagged(sorted(['u#1', 'u#10', 'u#2', 'v#3']), rowKey)).toEqual([0, 0, 1, 0]);
    const padded: RowKey = { ...rowKey, fields: { ...rowKey.fields, n: { type: 'int', pad: 3 } } };
    expect(flagged(sorted(['u#001', 'u#002', 'u#010']), padded)).toEqual([0, 0, 0]);
  });

  it('does not flag digits inside text fields (a uuid or a name is not a number)', () => {
    const rowKey: RowKey = { template: '{id}', fields: { id: { type: 'string' } } };
    expect(flagged(sorted(['a39', 'a4']), rowKey)).toEqual([0, 0]);
  });

  it('flags a negative big-endian int sorting after the non-negative ones', () => {
    const rowKey: RowKey = { template: '{n}', fields: { n: { type: 'int', encoding: 'bigEndian' } } };
    const be = (v: bigint) => {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigInt64(0, v);
      return b;
    };
    expect(flagged(sorted([be(5n), be(-1n), be(7n)]), rowKey)).toEqual([0, 0, 1]);
  });

  it('falls back to digit runs for keys that do not fit the template', () => {
    expect(digitRunInverted(utf8('item10'), utf8('item9'))).toBe(true);
    expect(digitRunInverted(utf8('item1#'), utf8('item10'))).toBe(false);
    expect(digitRunInverted(utf8('ab'), utf8('ac'))).toBe(false);
    expect(flagged(sorted(['x10', 'x2', 'y1']), null)).toEqual([0, 1, 0]);
  });

  it('gives one row the flag the whole pass gives it (what the list shows before the pass ends)', () => {
    const rowKey: RowKey = { template: '{user}#{n}', fields: { user: { type: 'string' }, n: { type: 'int' } } };
    // Unpadded numbers, keys that fit the template and keys that do not (digit runs then).
    const keys = sorted(['u#1', 'u#10', 'u#2', 'u#9', 'u#100', 'x10', 'x9', 'nohash', 'u#-3', 'u#-20', 'v#7', 'v#07']);
    for (const spanner of [createSpanner(rowKey), null]) {
      const all = Array.from(drain(numericFlags(keys, spanner)).flags);
      const one = all.map((_, k) => (flagAt(keys, spanner, k) ? 1 : 0));
      expect(one).toEqual(all);
      expect(all.filter(Boolean).length).toBeGreaterThan(1);
    }
    expect(flagAt(keys, null, 0)).toBe(false);
    expect(flagAt(keys, null, keys.count)).toBe(false);
  });
});

describe('JavaScript string order', () => {
  it('agrees with byte order for ASCII keys', () => {
    const r = drain(jsOrder(sorted(['b', 'a', 'C', '#']), 'codeUnits'));
    expect(r.moved).toBe(0);
  });

  it('moves astral characters (UTF-16 surrogates sort before U+E000..U+FFFF)', () => {
    const keys = sorted(['\uff21', '\u{1f600}']); // bytes: EF BC A1 < F0 9F 98 80
    const r = drain(jsOrder(keys, 'codeUnits'));
    expect(Array.from(r.rank)).toEqual([1, 0]);
    expect(r.moved).toBe(2);
  });

  it('with localeCompare, ignores case and punctuation the way people do not expect', () => {
    const r = drain(jsOrder(sorted(['B', 'a']), 'locale'));
    expect(Array.from(r.rank)).toEqual([1, 0]);
  });
});
