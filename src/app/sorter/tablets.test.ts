import { describe, expect, it } from 'vitest';
import { utf8 } from '../../core/keys/bytes';
import { KeyPacker, type SortedKeys } from './keyset';
import { tabletStartingAt } from './tablets';

function sorted(keys: string[]): SortedKeys {
  const p = new KeyPacker();
  for (const k of keys) p.push(utf8(k));
  const set = p.finish();
  return { ...set, order: Uint32Array.from({ length: set.count }, (_, i) => i) };
}

describe('tablet separators', () => {
  const keys = sorted(['a1', 'a5', 'b2', 'c0', 'c9']);
  const boundaries = ['a3', 'c'].map(utf8);

  it('starts a tablet at the first key at or after each boundary', () => {
    expect([0, 1, 2, 3, 4].map((k) => tabletStartingAt(keys, k, boundaries))).toEqual([-1, 0, -1, 1, -1]);
  });

  it('draws nothing without boundaries', () => {
    expect(tabletStartingAt(keys, 1, [])).toBe(-1);
  });
});
