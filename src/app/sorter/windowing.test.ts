import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowMap, rowsPerPage, scrollTopForRow, windowLayout } from './windowing';

const base = { rowHeight: 24, viewportHeight: 480 };

describe('windowLayout', () => {
  it('renders the rows in view plus the overscan, from the top', () => {
    const w = windowLayout({ ...base, count: 1000, scrollTop: 0, overscan: 3 });
    expect(w).toEqual({ scrollHeight: 24_000, first: 0, last: 23, offsetTop: 0, scale: 1 });
  });

  it('places the first rendered row at its own offset when not scaled', () => {
    const w = windowLayout({ ...base, count: 1000, scrollTop: 2410, overscan: 2 });
    expect(w.first).toBe(98); // row 100 is at 2400, partly scrolled off; 2 rows of overscan above
    expect(w.offsetTop).toBe(98 * 24);
    expect(w.last).toBe(Math.ceil((2410 + 480) / 24) + 2);
  });

  it('renders nothing for an empty list', () => {
    expect(windowLayout({ ...base, count: 0, scrollTop: 100 })).toMatchObject({ scrollHeight: 0, first: 0, last: 0 });
  });

  it('clamps a scroll position past the end (elastic scrolling, a shrinking list)', () => {
    const w = windowLayout({ ...base, count: 30, scrollTop: 99_999, overscan: 0 });
    expect(w.last).toBe(30);
    expect(w.first).toBe(10);
    expect(w.offsetTop).toBe(240);
  });

  it('caps the spacer of a million rows and still reaches the first and the last row', () => {
    const count = 1_000_000;
    const top = windowLayout({ ...base, count, scrollTop: 0, overscan: 0, maxScrollHeight: 1_000_000 });
    expect(top.scrollHeight).toBe(1_000_000);
    expect(top.scale).toBeGreaterThan(20);
    expect(top.first).toBe(0);
    const end = windowLayout({ ...base, count, scrollTop: 1_000_000 - 480, overscan: 0, maxScrollHeight: 1_000_000 });
    expect(end.last).toBe(count);
    expect(end.first).toBe(count - 20);
    // The last row's bottom edge is the viewport's bottom edge.
    expect(end.offsetTop + (end.last - end.first) * 24).toBeCloseTo(1_000_000, 6);
  });

  it('keeps rendered rows covering the viewport at every scroll position (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 50, max: 1200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, rowHeight, viewportHeight, at) => {
          const maxScrollHeight = 500_000;
          const contentHeight = Math.min(count * rowHeight, maxScrollHeight);
          const scrollTop = Math.max(0, contentHeight - viewportHeight) * at;
          const w = windowLayout({ count, rowHeight, viewportHeight, scrollTop, overscan: 0, maxScrollHeight });
          expect(w.first).toBeGreaterThanOrEqual(0);
          expect(w.last).toBeLessThanOrEqual(count);
          expect(w.first).toBeLessThan(w.last);
          // Rendered rows start at or above the viewport top and end at or below its bottom (or the list's end).
          expect(w.offsetTop).toBeLessThanOrEqual(scrollTop + 1e-6);
          const bottom = w.offsetTop + (w.last - w.first) * rowHeight;
          if (w.last < count) expect(bottom).toBeGreaterThanOrEqual(scrollTop + Math.min(viewportHeight, contentHeight) - 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('scrollTopForRow', () => {
  const input = { ...base, count: 1000, scrollTop: 2400 };

  it('leaves the position alone when the row is fully in view', () => {
    expect(scrollTopForRow(105, input)).toBe(2400);
  });

  it('moves up to a row above the viewport, and just far enough down to one below', () => {
    expect(scrollTopForRow(50, input)).toBe(1200);
    expect(scrollTopForRow(130, input)).toBe(131 * 24 - 480);
  });

  it('aligns to the start or the centre on request, clamped to the list', () => {
    expect(scrollTopForRow(500, input, 'start')).toBe(12_000);
    expect(scrollTopForRow(500, input, 'center')).toBe(12_000 - 228);
    expect(scrollTopForRow(999, input, 'start')).toBe(24_000 - 480);
    expect(scrollTopForRow(-5, input, 'start')).toBe(0);
  });

  it('finds rows of a scaled list: the row it asks for is the one rendered in view', () => {
    const scaled = { ...base, count: 1_000_000, scrollTop: 0, maxScrollHeight: 1_000_000 };
    for (const row of [0, 1, 123_456, 500_000, 999_999]) {
      const scrollTop = scrollTopForRow(row, scaled, 'start');
      const w = windowLayout({ ...scaled, scrollTop, overscan: 0 });
      expect(w.first).toBeLessThanOrEqual(row);
      expect(w.last).toBeGreaterThan(row);
    }
  });

  it('counts whole rows per page, at least one', () => {
    expect(rowsPerPage(24, 480)).toBe(20);
    expect(rowsPerPage(24, 10)).toBe(1);
  });
});

describe('rowMap', () => {
  it('interleaves separator rows above their items', () => {
    // items 0..4, separators above items 1 and 3: rows i0 s0 i1 i2 s1 i3 i4
    const m = rowMap(5, [1, 3]);
    expect(m.rows).toBe(7);
    expect(Array.from({ length: 7 }, (_, r) => m.at(r))).toEqual([
      { kind: 'item', index: 0 },
      { kind: 'separator', index: 0 },
      { kind: 'item', index: 1 },
      { kind: 'item', index: 2 },
      { kind: 'separator', index: 1 },
      { kind: 'item', index: 3 },
      { kind: 'item', index: 4 },
    ]);
    expect([0, 1, 2, 3, 4].map(m.rowOfItem)).toEqual([0, 2, 3, 5, 6]);
  });

  it('is the identity without separators', () => {
    const m = rowMap(3, []);
    expect(m.rows).toBe(3);
    expect([0, 1, 2].map((r) => m.at(r))).toEqual([0, 1, 2].map((index) => ({ kind: 'item', index })));
    expect([0, 1, 2].map(m.rowOfItem)).toEqual([0, 1, 2]);
  });

  it('maps every item to a row showing it, and back, for any separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 20 }), (count, raw) => {
        const above = raw.filter((x) => x <= count).sort((a, b) => a - b);
        const m = rowMap(count, above);
        expect(m.rows).toBe(count + above.length);
        const seen: string[] = [];
        for (let r = 0; r < m.rows; r++) {
          const w = m.at(r);
          seen.push(`${w.kind}${w.index}`);
          if (w.kind === 'item') expect(m.rowOfItem(w.index)).toBe(r);
          else expect(m.at(r + 1).kind === 'item' ? (m.at(r + 1) as { index: number }).index : count).toBe(above[w.index]);
        }
        // Items in order, each once; separators in order, each once.
        expect(seen.filter((x) => x.startsWith('item'))).toEqual(Array.from({ length: count }, (_, i) => `item${i}`));
        expect(seen.filter((x) => x.startsWith('separator'))).toEqual(above.map((_, s) => `separator${s}`));
      }),
    );
  });
});
