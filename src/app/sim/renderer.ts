// The heatmap canvas. A result is laid out once in image order (rows = key buckets); a repaint
// (new result or brightness) quantises it into palette indexes and paints one ImageData per
// pooled level (level k sums 2^k buckets, for zoomed-out views; reused buffers) into an
// offscreen canvas; every view change is then a drawImage with smoothing off (plus the axis
// labels and the cursor box). `repaint` and `draw` time themselves for the e2e test.
import { buildPalette, paint, poolRows, quantise, toImageOrder } from './palette';
import { axisBuckets, clampView, poolLevel, prefixLabel, visible, WHOLE, type Dims, type View } from './viewport';

export interface HeatmapData extends Dims {
  values: Float32Array;
  max: number;
  bucketLabels: string[];
  slotSeconds: number;
}

export interface Layout {
  /** CSS pixels left of the plot for key labels, and below it for time. */
  left: number;
  bottom: number;
}

const TOP = 4;
const RIGHT = 4;
/** Pooled levels kept at most: 2^6 = 64 buckets per row, enough for 1,000 buckets in 16 px. */
const MAX_POOL = 6;
/** Colours of the frame and labels: the page's theme (light or dark), read from the DOM by the component. */
export interface FrameColours {
  text: string;
  muted: string;
  surface: string;
}
/** The light theme's, until the component says otherwise. */
export const LIGHT_FRAME: FrameColours = { text: '#1b2129', muted: '#5a6472', surface: '#ffffff' };
const PLOT_BG = '#0a0c10';

type Surface = HTMLCanvasElement | OffscreenCanvas;

interface Pool {
  values: Float32Array;
  height: number;
  max: number;
  image: ImageData | null;
  surface: Surface | null;
  painted: boolean;
}

function makeSurface(w: number, h: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

const now = () => performance.now();

export class HeatmapRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly palette = buildPalette();
  private data: HeatmapData | null = null;
  private brightness = 1;
  /** Image-order values per pooled level (0 = one row per bucket), made on demand, with their reused pixels; a repaint marks them stale. */
  private pools: Pool[] = [];
  private levels: Uint8Array | null = null;
  private cssW = 300;
  /** The frame around the plot and its labels follow the page's theme (a white frame in dark mode was a bug). */
  colours: FrameColours = LIGHT_FRAME;
  private cssH = 150;
  private dpr = 1;
  view: View = WHOLE;
  cursor: { slot: number; bucket: number } | null = null;
  /** Milliseconds of the last full repaint (quantise, paint, upload, draw) and of the last view draw. */
  lastRepaintMs = 0;
  lastDrawMs = 0;
  /** Full repaints so far (a test waits for the next one). */
  repaints = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly layout: Layout = { left: 150, bottom: 20 },
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
  }

  get dims(): Dims | null {
    return this.data && { slots: this.data.slots, buckets: this.data.buckets };
  }

  /** The plot area in CSS pixels, relative to the canvas. */
  plot(): { x: number; y: number; w: number; h: number } {
    return { x: this.layout.left, y: TOP, w: Math.max(1, this.cssW - this.layout.left - RIGHT), h: Math.max(1, this.cssH - TOP - this.layout.bottom) };
  }

  setData(data: HeatmapData | null): void {
    this.data = data;
    this.pools = data
      ? [{ values: toImageOrder(data.values, data.slots, data.buckets), height: data.buckets, max: data.max, image: null, surface: null, painted: false }]
      : [];
    this.view = data ? clampView(this.view, data) : WHOLE;
    this.cursor = null;
    this.repaint();
  }

  setBrightness(b: number): void {
    if (b === this.brightness) return;
    this.brightness = b;
    this.repaint();
  }

  resize(cssW: number, cssH: number, dpr: number): void {
    const w = Math.max(1, Math.round(cssW * dpr));
    const h = Math.max(1, Math.round(cssH * dpr));
    this.cssW = cssW;
    this.cssH = cssH;
    this.dpr = dpr;
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    this.draw();
  }

  setView(v: View): void {
    if (this.data) this.view = clampView(v, this.data);
    this.draw();
  }

  /**
   * Quantises and paints the whole heatmap again (every one of its slots x buckets cells, even
   * when a pooled level is on screen, so a zoom-in needs no repaint), then draws.
   */
  repaint(): void {
    const t0 = now();
    for (const p of this.pools) p.painted = false;
    this.surface(0);
    this.draw(true);
    this.lastRepaintMs = now() - t0;
    this.repaints++;
  }

  /** The surface for pooled level k, made (summed, quantised, painted, uploaded) when first needed after a repaint. */
  private surface(k: number): { surface: Surface; height: number } | null {
    const d = this.data;
    if (!d || this.pools.length === 0) return null;
    while (this.pools.length <= k) {
      const prev = this.pools[this.pools.length - 1]!;
      const next = poolRows(prev.values, d.slots, prev.height);
      let max = 0;
      for (const v of next.values) if (v > max) max = v;
      this.pools.push({ values: next.values, height: next.height, max, image: null, surface: null, painted: false });
    }
    const pool = this.pools[k]!;
    if (!pool.painted || !pool.surface) {
      const n = d.slots * pool.height;
      if (!this.levels || this.levels.length < n) this.levels = new Uint8Array(n);
      const levels = quantise(pool.values, { brightness: this.brightness, max: pool.max, out: this.levels });
      pool.image ??= new ImageData(d.slots, pool.height);
      paint(levels, this.palette, new Uint32Array(pool.image.data.buffer, 0, n));
      pool.surface ??= makeSurface(d.slots, pool.height);
      const sctx = pool.surface.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      sctx?.putImageData(pool.image, 0, 0);
      pool.painted = true;
    }
    return { surface: pool.surface, height: pool.height };
  }

  /** Draws the current view: the heatmap, axis labels and the cursor box. */
  draw(fromRepaint = false): void {
    const t0 = now();
    const { ctx, dpr } = this;
    const p = this.plot();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = this.colours.surface;
    ctx.fillRect(0, 0, this.cssW, this.cssH);
    ctx.fillStyle = PLOT_BG;
    ctx.fillRect(p.x, p.y, p.w, p.h);
    const d = this.data;
    if (d) {
      const { w, h } = visible(this.view, d);
      const level = poolLevel(h / (p.h * dpr), Math.min(MAX_POOL, Math.ceil(Math.log2(d.buckets))));
      const s = this.surface(level);
      if (s) {
        const f = d.buckets / s.height;
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(s.surface, this.view.x, this.view.y / f, w, h / f, p.x, p.y, p.w, p.h);
      }
      this.drawAxes(d, p);
      this.drawCursor(d, p);
    }
    const ms = now() - t0;
    if (!fromRepaint) this.lastDrawMs = ms;
  }

  private drawAxes(d: HeatmapData, p: { x: number; y: number; w: number; h: number }): void {
    const { ctx } = this;
    const { w, h } = visible(this.view, d);
    ctx.font = '11px ui-monospace, Menlo, Consolas, monospace';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    let above: string | null = null;
    for (const b of axisBuckets(this.view, d, p.h)) {
      const y = p.y + ((b - this.view.y) / h) * p.h;
      const label = d.bucketLabels[b] ?? '';
      ctx.fillStyle = this.colours.muted;
      ctx.fillRect(p.x - 4, y, 4, 1);
      ctx.fillStyle = this.colours.text;
      const maxChars = Math.max(4, Math.floor((this.layout.left - 8) / 6.7));
      ctx.fillText(prefixLabel(label, above, maxChars), p.x - 6, Math.min(p.y + p.h - 6, Math.max(p.y + 6, y)));
      above = label;
    }
    // Time ticks: about one per 90 px, at whole slots.
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const step = Math.max(1, Math.ceil(w / Math.max(1, Math.floor(p.w / 90))));
    for (let s = Math.ceil(this.view.x / step) * step; s <= this.view.x + w; s += step) {
      const x = p.x + ((s - this.view.x) / w) * p.w;
      ctx.fillStyle = this.colours.muted;
      ctx.fillRect(x, p.y + p.h, 1, 4);
      ctx.fillStyle = this.colours.text;
      ctx.fillText(formatSeconds(s * d.slotSeconds), Math.min(this.cssW - 20, Math.max(p.x + 12, x)), p.y + p.h + 5);
    }
  }

  private drawCursor(d: HeatmapData, p: { x: number; y: number; w: number; h: number }): void {
    const c = this.cursor;
    if (!c) return;
    const { w, h } = visible(this.view, d);
    const x = p.x + ((c.slot - this.view.x) / w) * p.w;
    const y = p.y + ((c.bucket - this.view.y) / h) * p.h;
    const cw = Math.max(3, p.w / w);
    const ch = Math.max(3, p.h / h);
    const { ctx } = this;
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x, p.y, p.w, p.h);
    ctx.clip();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeRect(x - 1, y - 1, cw + 2, ch + 2);
    ctx.strokeStyle = '#000000';
    ctx.strokeRect(x - 2.5, y - 2.5, cw + 5, ch + 5);
    ctx.restore();
  }
}

export function formatSeconds(s: number): string {
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172_800) return `${Math.round(s / 360) / 10} h`;
  return `${Math.round(s / 8640) / 10} d`;
}
