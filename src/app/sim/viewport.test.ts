import { describe, expect, it } from 'vitest';
import { axisBuckets, cellAt, clampView, maxZoom, panBy, poolLevel, prefixLabel, reveal, WHOLE, zoomAt } from './viewport';

const d = { slots: 300, buckets: 1000 };

describe('the heatmap view', () => {
  it('shows the whole heatmap at zoom 1 and cannot pan past its edges', () => {
    expect(clampView({ x: 50, y: -20, zoom: 1 }, d)).toEqual(WHOLE);
    expect(clampView({ x: 1e9, y: 1e9, zoom: 2 }, d)).toEqual({ x: 150, y: 500, zoom: 2 });
    expect(clampView({ x: Number.NaN, y: 0, zoom: Number.POSITIVE_INFINITY }, d).zoom).toBe(1);
  });

  it('keeps the cell under the pointer in place when zooming', () => {
    const before = cellAt(WHOLE, 0.3, 0.7, d)!;
    const v = zoomAt(WHOLE, 4, 0.3, 0.7, d);
    expect(v.zoom).toBe(4);
    expect(cellAt(v, 0.3, 0.7, d)).toEqual(before);
  });

  it('zooms no further than a few cells and no wider than the whole', () => {
    expect(zoomAt(WHOLE, 1e6, 0.5, 0.5, d).zoom).toBe(maxZoom(d));
    expect(zoomAt({ x: 10, y: 10, zoom: 2 }, 1e-6, 0.5, 0.5, d)).toEqual(WHOLE);
  });

  it('pans by a share of what is visible', () => {
    const v = panBy({ x: 0, y: 0, zoom: 4 }, 0.5, 0.25, d);
    expect(v).toEqual({ x: 37.5, y: 62.5, zoom: 4 });
  });

  it('finds the cell under a point and nothing outside the plot', () => {
    expect(cellAt(WHOLE, 0, 0, d)).toEqual({ slot: 0, bucket: 0 });
    expect(cellAt(WHOLE, 0.9999, 0.9999, d)).toEqual({ slot: 299, bucket: 999 });
    expect(cellAt(WHOLE, 1, 0.5, d)).toBeNull();
    expect(cellAt(WHOLE, -0.01, 0.5, d)).toBeNull();
  });

  it('pans just enough to keep a keyboard cursor in view', () => {
    const v = reveal({ x: 0, y: 0, zoom: 10 }, 40, 5, d);
    expect(v.x).toBe(40 + 1 - 30);
    expect(v.y).toBe(0);
  });

  it('draws from a pooled image once several buckets share a device pixel', () => {
    expect(poolLevel(0.5, 6)).toBe(0);
    expect(poolLevel(1, 6)).toBe(0);
    expect(poolLevel(2, 6)).toBe(1);
    expect(poolLevel(2.8, 6)).toBe(2);
    expect(poolLevel(1000, 6)).toBe(6);
  });

  it('labels buckets on the y axis about every 32 pixels', () => {
    const ticks = axisBuckets(WHOLE, d, 320);
    expect(ticks[0]).toBe(0);
    expect(ticks.length).toBeGreaterThanOrEqual(9);
    expect(ticks.length).toBeLessThanOrEqual(10);
  });
});

describe('key-prefix labels', () => {
  it('shows the first piece of the first key', () => {
    expect(prefixLabel('tenant_0412#sensor#00000042', null)).toBe('tenant_0412…');
  });

  it('cuts after the piece that differs from the label above', () => {
    expect(prefixLabel('tenant_0412#sensor#00000042', 'tenant_0412#meter#00000001')).toBe('tenant_0412#sensor…');
    expect(prefixLabel('1767225642000#0346504', '1767225600000#0811941')).toBe('1767225642000…');
  });

  it('keeps the end of a long label, where the keys differ', () => {
    const label = prefixLabel('a-very-long-tenant-name-here#x', 'a-very-long-tenant-name-herf#y', 12);
    expect(label.length).toBeLessThanOrEqual(13);
    expect(label.startsWith('…')).toBe(true);
  });
});
