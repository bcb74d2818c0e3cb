import { describe, expect, it } from 'vitest';
import { buildPalette, EMPTY_RGB, LEVELS, packRGBA, paint, poolRows, quantise, toImageOrder } from './palette';

/** The RGBA bytes one palette entry puts into an ImageData buffer. */
const bytesOf = (word: number) => Array.from(new Uint8Array(new Uint32Array([word]).buffer));
const luminance = (word: number) => {
  const [r = 0, g = 0, b = 0] = bytesOf(word);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('the colour table', () => {
  it('packs a colour so ImageData reads it as red, green, blue, alpha', () => {
    expect(bytesOf(packRGBA(1, 2, 3))).toEqual([1, 2, 3, 255]);
    expect(bytesOf(packRGBA(250, 0, 128, 7))).toEqual([250, 0, 128, 7]);
  });

  it('has 256 entries, index 0 the empty-cell colour, all opaque', () => {
    const p = buildPalette();
    expect(p).toHaveLength(LEVELS);
    expect(bytesOf(p[0]!)).toEqual([...EMPTY_RGB, 255]);
    for (const w of p) expect(bytesOf(w)[3]).toBe(255);
  });

  it('gets brighter from the faintest level to the hottest', () => {
    const p = buildPalette();
    for (let i = 2; i < LEVELS; i++) expect(luminance(p[i]!)).toBeGreaterThanOrEqual(luminance(p[i - 1]!) - 1.5);
    expect(luminance(p[255]!)).toBeGreaterThan(luminance(p[1]!) + 150);
  });
});

describe('values in image order', () => {
  it('puts key buckets on rows and time slots on columns', () => {
    // 2 slots x 3 buckets, slot-major: slot 0 = [1, 2, 3], slot 1 = [4, 5, 6].
    const slotMajor = Float32Array.from([1, 2, 3, 4, 5, 6]);
    expect(Array.from(toImageOrder(slotMajor, 2, 3))).toEqual([1, 4, 2, 5, 3, 6]);
  });

  it('pools rows two by two by summing, keeping an odd last row', () => {
    // width 2, height 3.
    const pooled = poolRows(Float32Array.from([1, 9, 7, 2, 3, 4]), 2, 3);
    expect(pooled.height).toBe(2);
    expect(Array.from(pooled.values)).toEqual([8, 11, 3, 4]);
  });

  it('keeps a single hot bucket the hottest however far it is pooled', () => {
    const width = 3;
    let height = 1000;
    let values: Float32Array = new Float32Array(width * height).fill(1);
    values[737 * width + 1] = 500;
    while (height > 1) {
      const next = poolRows(values, width, height);
      values = next.values;
      height = next.height;
      const levels = quantise(values, { brightness: 1, max: Math.max(...values) });
      expect(Math.max(...levels)).toBe(255);
      expect(levels.indexOf(255) % width).toBe(1);
    }
  });
});

describe('quantising a heatmap into an ImageData buffer', () => {
  it('paints empty cells with the empty colour and the largest cell with the hottest', () => {
    const slots = 4;
    const buckets = 3;
    const values = new Float32Array(slots * buckets);
    values[1 * buckets + 2] = 1000; // slot 1, bucket 2: the max
    values[3 * buckets + 0] = 0.1; // four decades below: the faintest colour
    values[2 * buckets + 1] = 10; // in between
    const levels = quantise(toImageOrder(values, slots, buckets), { brightness: 1, max: 1000 });
    const at = (slot: number, bucket: number) => levels[bucket * slots + slot]!;
    expect(at(1, 2)).toBe(255);
    expect(at(3, 0)).toBe(1);
    expect(at(2, 1)).toBeGreaterThan(100);
    expect(at(2, 1)).toBeLessThan(160);
    expect(at(0, 0)).toBe(0);

    const palette = buildPalette();
    const data = new Uint8ClampedArray(slots * buckets * 4);
    paint(levels, palette, new Uint32Array(data.buffer));
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * slots + x) * 4, (y * slots + x) * 4 + 4));
    expect(pixel(1, 2)).toEqual(bytesOf(palette[255]!));
    expect(pixel(0, 0)).toEqual([...EMPTY_RGB, 255]);
  });

  it('brightens faint cells with the brightness factor', () => {
    const values = Float32Array.from([1, 100]);
    const dim = quantise(values, { brightness: 1, max: 100 });
    const bright = quantise(values, { brightness: 10, max: 100 });
    expect(bright[0]!).toBeGreaterThan(dim[0]!);
    expect(bright[1]).toBe(255);
  });

  it('quantises and paints 1,000 x 300 cells quickly (the canvas redraw budget is 8 ms in Chromium)', () => {
    const n = 300 * 1000;
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = (i * 2654435761) % 1000;
    const palette = buildPalette();
    const pixels = new Uint32Array(n);
    const out = new Uint8Array(n);
    let best = Infinity;
    for (let k = 0; k < 5; k++) {
      const t = performance.now();
      paint(quantise(values, { brightness: 1, max: 1000, out }), palette, pixels);
      best = Math.min(best, performance.now() - t);
    }
    // Generous for a shared test machine; the e2e test measures the real draw in Chromium.
    expect(best).toBeLessThan(30);
  });
});
