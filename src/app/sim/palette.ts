// From heatmap values to pixels, without the DOM: values laid out once as image rows (one row
// per key bucket, one column per time slot; summed in pairs of rows for zoomed-out views),
// log-scaled into palette indexes (quantiseHeatmap) and painted through a precomputed
// 256-entry colour table into one Uint32 view of an ImageData buffer.
import { quantiseHeatmap } from '../../core/sim';

export const LEVELS = 256;

/** Colour stops of the ramp (Key Visualizer's dark-to-bright look), from faintest to hottest. */
const STOPS: readonly [number, number, number][] = [
  [24, 30, 66],
  [46, 38, 128],
  [120, 36, 140],
  [196, 48, 92],
  [240, 112, 40],
  [252, 196, 52],
  [255, 250, 200],
];
/** An empty cell (no writes). */
export const EMPTY_RGB: readonly [number, number, number] = [10, 12, 16];

const littleEndian = new Uint8Array(new Uint32Array([0x01020304]).buffer)[0] === 0x04;

/** One pixel as a Uint32 in the byte order of ImageData (RGBA in memory). */
export function packRGBA(r: number, g: number, b: number, a = 255): number {
  return littleEndian ? ((a << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}

/** The colour table: index 0 is an empty cell, 1..255 the ramp from faintest to hottest. */
export function buildPalette(levels = LEVELS): Uint32Array {
  const out = new Uint32Array(levels);
  out[0] = packRGBA(...EMPTY_RGB);
  const span = Math.max(1, levels - 2);
  for (let i = 1; i < levels; i++) {
    const t = ((i - 1) / span) * (STOPS.length - 1);
    const k = Math.min(STOPS.length - 2, Math.floor(t));
    const f = t - k;
    const a = STOPS[k]!;
    const b = STOPS[k + 1]!;
    out[i] = packRGBA(Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f));
  }
  return out;
}

/** CSS colour of a palette index (for the legend). */
export function cssColour(palette: Uint32Array, index: number): string {
  const v = palette[index] ?? 0;
  const [r, g, b] = littleEndian ? [v & 255, (v >>> 8) & 255, (v >>> 16) & 255] : [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255];
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * Slot-major values (values[slot * buckets + bucket], as the simulator gives them) in image
 * order: out[bucket * slots + slot], so the first key is the top row and time runs left to
 * right. Done once per result; every repaint then reads and writes linearly.
 */
export function toImageOrder(values: Float32Array, slots: number, buckets: number): Float32Array {
  const out = new Float32Array(slots * buckets);
  for (let s = 0; s < slots; s++) {
    const row = s * buckets;
    for (let b = 0, o = s; b < buckets; b++, o += slots) out[o] = values[row + b]!;
  }
  return out;
}

/**
 * Halves the rows (key buckets) of an image-order matrix, each new row the sum of two. Zoomed
 * out, several buckets share a screen pixel: summing keeps a hot bucket the brightest
 * (nearest-neighbour scaling could skip it) and averages out the speckle of sampled keys, as
 * Key Visualizer aggregates buckets when zoomed out.
 */
export function poolRows(values: Float32Array, width: number, height: number): { values: Float32Array; height: number } {
  const h = Math.ceil(height / 2);
  const out = new Float32Array(width * h);
  for (let y = 0; y < h; y++) {
    const a = 2 * y * width;
    const o = y * width;
    if (2 * y + 1 < height) {
      const b = a + width;
      for (let x = 0; x < width; x++) out[o + x] = values[a + x]! + values[b + x]!;
    } else out.set(values.subarray(a, a + width), o);
  }
  return { values: out, height: h };
}

/** Writes palette colours for levels into pixels (a Uint32 view of ImageData.data). */
export function paint(levels: Uint8Array, palette: Uint32Array, pixels: Uint32Array): void {
  const n = Math.min(levels.length, pixels.length);
  for (let i = 0; i < n; i++) pixels[i] = palette[levels[i]!]!;
}

/** Log-scales values into palette indexes (quantiseHeatmap: 256 levels over 4 decades below max). */
export function quantise(values: Float32Array, opts: { brightness: number; max: number; out?: Uint8Array }): Uint8Array {
  return quantiseHeatmap(values, { levels: LEVELS, max: opts.max, brightness: opts.brightness, decades: DECADES, ...(opts.out ? { out: opts.out } : {}) });
}

/** Orders of magnitude the colour scale spans below the brightest cell. */
export const DECADES = 4;
