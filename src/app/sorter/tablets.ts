// Tablet boundaries in the key list: where the simulator (core/sim, `result().tabletRanges`)
// split the table, drawn as separators between rows. The hook is the one place the sorter
// asks for them; until the simulation view shares its result through the store it returns
// none, and the list draws no separators. To wire it: return the `start` keys of the last
// simulation of this doc's table (sorted, the first tablet's empty start left out).
import { compareBytes } from '../../core/sort/byteSort';
import { sortedKeyAt, type SortedKeys } from './keyset';

const NONE: readonly Uint8Array[] = [];

export function useTabletBoundaries(_docId: string, _table: string): readonly Uint8Array[] {
  return NONE;
}

/**
 * The index of the boundary that starts at the key at sorted position k, i.e. the first
 * boundary b with key[k-1] < b <= key[k]; -1 when no tablet starts there.
 */
export function tabletStartingAt(keys: SortedKeys, k: number, boundaries: readonly Uint8Array[]): number {
  if (boundaries.length === 0 || k <= 0 || k >= keys.count) return -1;
  const prev = sortedKeyAt(keys, k - 1);
  const cur = sortedKeyAt(keys, k);
  // The first boundary greater than prev (binary search), then: does it reach cur?
  let lo = 0;
  let hi = boundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareBytes(boundaries[mid]!, prev) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < boundaries.length && compareBytes(boundaries[lo]!, cur) <= 0 ? lo : -1;
}
