// The maths of a fixed-row-height windowed list: which rows to render for a scroll position,
// and where. A million 24 px rows are 24,000,000 px, past what some browsers let an element
// be (Firefox stops near 17.9 million), so above `maxScrollHeight` the scrollbar is scaled:
// the spacer is capped and a scroll position maps linearly onto the real content, so the
// first and last rows are still reachable and the rows move by whole pixels as you scroll.

export interface WindowInput {
  count: number;
  rowHeight: number;
  viewportHeight: number;
  scrollTop: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
  /** The tallest spacer the list will create (default 8,000,000 px). */
  maxScrollHeight?: number;
}

export interface WindowLayout {
  /** Height of the scrolling spacer. */
  scrollHeight: number;
  /** Rows [first, last) to render. */
  first: number;
  last: number;
  /** Top of row `first`, in spacer coordinates. */
  offsetTop: number;
  /** Real content pixels per scrollbar pixel (1 unless scaled). */
  scale: number;
}

export const DEFAULT_MAX_SCROLL_HEIGHT = 8_000_000;

function geometry(count: number, rowHeight: number, viewportHeight: number, maxScrollHeight: number) {
  const contentHeight = Math.max(0, count * rowHeight);
  const scrollHeight = Math.min(contentHeight, maxScrollHeight);
  const realRange = Math.max(0, contentHeight - viewportHeight);
  const scrollRange = Math.max(0, scrollHeight - viewportHeight);
  const scale = scrollRange > 0 && realRange > scrollRange ? realRange / scrollRange : 1;
  return { contentHeight, scrollHeight, scrollRange, realRange, scale };
}

export function windowLayout(input: WindowInput): WindowLayout {
  const { count, rowHeight, viewportHeight } = input;
  const overscan = input.overscan ?? 4;
  const g = geometry(count, rowHeight, viewportHeight, input.maxScrollHeight ?? DEFAULT_MAX_SCROLL_HEIGHT);
  const scrollTop = Math.min(Math.max(0, input.scrollTop), g.scrollRange);
  if (count <= 0 || rowHeight <= 0) return { scrollHeight: 0, first: 0, last: 0, offsetTop: 0, scale: 1 };
  // Where the viewport's top edge is in the real (unscaled) content.
  const virtualTop = Math.min(scrollTop * g.scale, g.realRange);
  const firstVisible = Math.floor(virtualTop / rowHeight);
  const lastVisible = Math.ceil((virtualTop + viewportHeight) / rowHeight);
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(count, lastVisible + overscan);
  // Row i sits at i * rowHeight in real content, i.e. (i * rowHeight - virtualTop) below the viewport top.
  const offsetTop = scrollTop + first * rowHeight - virtualTop;
  return { scrollHeight: g.scrollHeight, first, last, offsetTop, scale: g.scale };
}

export interface ScrollInput {
  count: number;
  rowHeight: number;
  viewportHeight: number;
  scrollTop: number;
  maxScrollHeight?: number;
}

/**
 * The scroll position that shows row `index`: unchanged when it is already fully visible,
 * else the smallest move that brings it in ('nearest'), or with it at the top ('start') or
 * in the middle ('center').
 */
export function scrollTopForRow(index: number, input: ScrollInput, align: 'nearest' | 'start' | 'center' = 'nearest'): number {
  const { count, rowHeight, viewportHeight } = input;
  const g = geometry(count, rowHeight, viewportHeight, input.maxScrollHeight ?? DEFAULT_MAX_SCROLL_HEIGHT);
  const i = Math.min(Math.max(0, index), Math.max(0, count - 1));
  const rowTop = i * rowHeight;
  const virtualTop = Math.min(Math.max(0, input.scrollTop) * g.scale, g.realRange);
  let target: number;
  if (align === 'start') target = rowTop;
  else if (align === 'center') target = rowTop - (viewportHeight - rowHeight) / 2;
  else if (rowTop < virtualTop) target = rowTop;
  else if (rowTop + rowHeight > virtualTop + viewportHeight) target = rowTop + rowHeight - viewportHeight;
  else return input.scrollTop;
  const real = Math.min(Math.max(0, target), g.realRange);
  return Math.min(g.scrollRange, real / g.scale);
}

/** Whole rows in one viewport: how far Page Up and Page Down move. */
export function rowsPerPage(rowHeight: number, viewportHeight: number): number {
  return Math.max(1, Math.floor(viewportHeight / rowHeight));
}

/**
 * Items with extra rows between them (the sorter's tablet separators), all of one height:
 * separator s sits just above item `above[s]`. `above` is ascending, distinct, each in
 * 0..count. The list windows over `rows` = count + separators; items keep their own indexes
 * (the active row, scroll-to, query matches), and rows map to items through binary search.
 */
export interface RowMap {
  rows: number;
  /** The row that shows item i. */
  rowOfItem(i: number): number;
  /** What row r shows. */
  at(r: number): { kind: 'item'; index: number } | { kind: 'separator'; index: number };
}

export function rowMap(count: number, above: ArrayLike<number>): RowMap {
  const n = above.length;
  // Separators at or above item i: the first s with above[s] > i.
  const upTo = (i: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (above[mid]! <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    rows: count + n,
    rowOfItem: (i) => i + upTo(i),
    at: (r) => {
      // The last separator whose row (above[s] + s) is at or before r.
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (above[mid]! + mid <= r) lo = mid + 1;
        else hi = mid;
      }
      const s = lo - 1;
      if (s >= 0 && above[s]! + s === r) return { kind: 'separator', index: s };
      return { kind: 'item', index: r - lo };
    },
  };
}
