// The heatmap's view, as plain numbers: which cells are visible (a window of the slots x
// buckets grid, zoomed and panned) and where a screen point falls. No DOM, so it is testable.

export interface Dims {
  slots: number;
  buckets: number;
}

/** Top-left visible cell (fractional) and zoom (1 = the whole heatmap fits the plot). */
export interface View {
  x: number;
  y: number;
  zoom: number;
}

export const WHOLE: View = { x: 0, y: 0, zoom: 1 };

/** Zoomed in as far as this, a few cells still fill the plot. */
export function maxZoom(d: Dims): number {
  return Math.max(1, Math.min(d.slots, d.buckets) / 3);
}

export function visible(v: View, d: Dims): { w: number; h: number } {
  return { w: d.slots / v.zoom, h: d.buckets / v.zoom };
}

export function clampView(v: View, d: Dims): View {
  const zoom = Math.min(maxZoom(d), Math.max(1, Number.isFinite(v.zoom) ? v.zoom : 1));
  const { w, h } = visible({ ...v, zoom }, d);
  const x = Math.min(d.slots - w, Math.max(0, Number.isFinite(v.x) ? v.x : 0));
  const y = Math.min(d.buckets - h, Math.max(0, Number.isFinite(v.y) ? v.y : 0));
  return { x, y, zoom };
}

/** Zooms by `factor` keeping the cell under (fx, fy) (0..1 across the plot) in place. */
export function zoomAt(v: View, factor: number, fx: number, fy: number, d: Dims): View {
  const before = visible(v, d);
  const zoom = Math.min(maxZoom(d), Math.max(1, v.zoom * factor));
  const after = visible({ ...v, zoom }, d);
  return clampView({ x: v.x + fx * (before.w - after.w), y: v.y + fy * (before.h - after.h), zoom }, d);
}

/** Pans by a share of the visible window (dx = 0.1: a tenth of the width to the right). */
export function panBy(v: View, dx: number, dy: number, d: Dims): View {
  const { w, h } = visible(v, d);
  return clampView({ x: v.x + dx * w, y: v.y + dy * h, zoom: v.zoom }, d);
}

/** The cell under (fx, fy), 0..1 across the plot; null outside it. */
export function cellAt(v: View, fx: number, fy: number, d: Dims): { slot: number; bucket: number } | null {
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return null;
  const { w, h } = visible(v, d);
  const slot = Math.floor(v.x + fx * w);
  const bucket = Math.floor(v.y + fy * h);
  if (slot < 0 || slot >= d.slots || bucket < 0 || bucket >= d.buckets) return null;
  return { slot, bucket };
}

/** Where cell (slot, bucket) sits in the plot, 0..1 (may fall outside when not visible). */
export function cellRect(v: View, slot: number, bucket: number, d: Dims): { x: number; y: number; w: number; h: number } {
  const { w, h } = visible(v, d);
  return { x: (slot - v.x) / w, y: (bucket - v.y) / h, w: 1 / w, h: 1 / h };
}

/** Keeps a cell in view, panning as little as needed (for the keyboard cursor). */
export function reveal(v: View, slot: number, bucket: number, d: Dims): View {
  const { w, h } = visible(v, d);
  let { x, y } = v;
  if (slot < x) x = slot;
  else if (slot + 1 > x + w) x = slot + 1 - w;
  if (bucket < y) y = bucket;
  else if (bucket + 1 > y + h) y = bucket + 1 - h;
  return clampView({ x, y, zoom: v.zoom }, d);
}

/**
 * Which pooled image to draw from: pooled level k halves the rows k times (each row the max of
 * the rows it covers). Pick the shallowest level whose rows are at least one device pixel
 * tall: nearest-neighbour scaling then skips no row, so no hot bucket disappears.
 */
export function poolLevel(rowsPerPixel: number, maxLevel: number): number {
  if (!(rowsPerPixel > 1)) return 0;
  return Math.min(maxLevel, Math.ceil(Math.log2(rowsPerPixel) - 1e-9));
}

/** Buckets to label on the y axis: about one per `minGap` pixels, at whole buckets in view. */
export function axisBuckets(v: View, d: Dims, plotHeight: number, minGap = 32): number[] {
  const { h } = visible(v, d);
  const count = Math.max(1, Math.floor(plotHeight / minGap));
  const step = Math.max(1, Math.ceil(h / count));
  const first = Math.ceil(v.y / step) * step;
  const out: number[] = [];
  for (let b = first; b < v.y + h && b < d.buckets; b += step) out.push(b);
  return out;
}

const DELIMS = /[#:/|;,= ]/;

/**
 * A key-prefix label: the key cut after the first delimited piece that differs from the label
 * above it (`tenant_0412#sensor#0042…` under `tenant_0412#meter…` reads `tenant_0412#sensor`).
 */
export function prefixLabel(label: string, above: string | null, maxChars = 24): string {
  let common = 0;
  if (above !== null) while (common < label.length && common < above.length && label[common] === above[common]) common++;
  let end = common + 1;
  while (end < label.length && !DELIMS.test(label[end]!)) end++;
  const cut = Math.max(Math.min(label.length, end), Math.min(label.length, 6));
  const text = label.slice(0, cut);
  if (text.length <= maxChars) return text + (cut < label.length ? '…' : '');
  return '…' + text.slice(text.length - maxChars + 1);
}
