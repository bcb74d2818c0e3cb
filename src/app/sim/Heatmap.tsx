// The Key-Visualizer-style heatmap of a run: time left to right, key buckets top to bottom in
// key order, log colour scale. Drag, wheel and the keyboard pan and zoom at display rate (the
// view lives in the renderer, not in React state); hovering or Shift+arrows show a cell.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { heatmapOf, type HeatmapMetric, type SimResult } from '../../core/sim';
import { cellInfo, cellLines } from './cells';
import { heatmapSummary } from './describe';
import { HeatmapLegend } from './HeatmapLegend';
import { HeatmapRenderer } from './renderer';
import { cellAt, cellRect, panBy, reveal, WHOLE, zoomAt, type View } from './viewport';

export interface HeatmapProps {
  result: SimResult;
  tableName: string;
  /** Side by side: a narrower key gutter and a lower plot. */
  compact?: boolean;
  testId?: string;
}

type Cell = { slot: number; bucket: number };

export function Heatmap({ result, tableName, compact = false, testId = 'sim-heatmap' }: HeatmapProps) {
  const id = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<HeatmapRenderer | null>(null);
  const frame = useRef(0);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const [brightness, setBrightness] = useState(0);
  // Key Visualizer's metric choice: writes, reads, or both (the table's declared queries).
  const [metric, setMetric] = useState<HeatmapMetric>('writes');
  const shown = useMemo(() => heatmapOf(result.heatmap, result.reads, result.reads ? metric : 'writes'), [result, metric]);
  const [cell, setCell] = useState<Cell | null>(null);
  const summary = useMemo(() => heatmapSummary(result, tableName), [result, tableName]);
  const height = compact ? 300 : 380;

  // The canvas's data attributes say what the last paint cost (read by the e2e tests and the
  // benchmark). Both helpers read refs only, so they keep one identity for the heatmap's life and
  // the renderer's effect below runs once.
  const record = useCallback(() => {
    const r = rendererRef.current;
    const c = canvasRef.current;
    if (!r || !c) return;
    c.dataset.drawMs = r.lastRepaintMs.toFixed(3);
    c.dataset.repaints = String(r.repaints);
    c.dataset.viewMs = r.lastDrawMs.toFixed(3);
    c.dataset.painted = 'true';
  }, []);
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      rendererRef.current?.draw();
      record();
    });
  }, [record]);
  const setView = (v: View) => {
    rendererRef.current?.setView(v);
    schedule();
  };
  const { slots, buckets } = result.heatmap;
  const dims = useMemo(() => ({ slots, buckets }), [slots, buckets]);
  // The plot's layout is fixed for a heatmap's life (Compare always passes `compact`, the run view
  // never): the renderer is made once per canvas with the layout of its first render.
  const layout = useRef({ left: compact ? 112 : 168, height });

  // One renderer per canvas; it follows the element's width.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const wrap = wrapRef.current!;
    const { left, height } = layout.current;
    const r = new HeatmapRenderer(canvas, { left, bottom: 20 });
    rendererRef.current = r;
    // The frame and labels take the theme's colours (computed, so light-dark() is resolved), again on every theme change.
    const theme = () => {
      const figure = wrap.closest('figure') ?? wrap;
      const muted = wrap.parentElement?.querySelector('.sim-hint');
      r.colours = {
        surface: getComputedStyle(figure).backgroundColor,
        text: getComputedStyle(figure).color,
        muted: muted ? getComputedStyle(muted).color : getComputedStyle(figure).color,
      };
      canvas.dataset.surface = r.colours.surface;
      schedule();
    };
    theme();
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', theme);
    const mo = new MutationObserver(theme);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    const fitToWidth = () => r.resize(Math.max(200, wrap.clientWidth), height, window.devicePixelRatio || 1);
    fitToWidth();
    const ro = new ResizeObserver(() => {
      fitToWidth();
      record();
    });
    ro.observe(wrap);
    // Wheel zoom needs a non-passive listener to keep the page from scrolling.
    const onWheel = (e: WheelEvent) => {
      const p = r.plot();
      const rect = canvas.getBoundingClientRect();
      const fx = (e.clientX - rect.left - p.x) / p.w;
      const fy = (e.clientY - rect.top - p.y) / p.h;
      if (!r.dims || fx < 0 || fx > 1 || fy < 0 || fy > 1) return;
      e.preventDefault();
      r.setView(zoomAt(r.view, Math.exp(-e.deltaY * 0.0015), fx, fy, r.dims));
      setCell(null);
      schedule();
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      ro.disconnect();
      mo.disconnect();
      scheme.removeEventListener('change', theme);
      canvas.removeEventListener('wheel', onWheel);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      rendererRef.current = null;
    };
  }, [record, schedule]);

  useEffect(() => {
    const h = shown;
    rendererRef.current?.setData({
      slots: h.slots,
      buckets: h.buckets,
      values: h.values,
      max: h.max,
      bucketLabels: h.bucketReadable ?? h.bucketLabels,
      slotSeconds: h.slotSeconds,
    });
    if (canvasRef.current) canvasRef.current.dataset.cells = String(h.slots * h.buckets);
    setCell(null);
    record();
  }, [shown, record]);

  useEffect(() => {
    rendererRef.current?.setBrightness(10 ** brightness);
    record();
  }, [brightness, record]);

  // The renderer draws the cursor box; the tooltip follows it (positioned through CSSOM, which a strict CSP allows).
  useEffect(() => {
    const r = rendererRef.current;
    if (!r) return;
    r.cursor = cell;
    schedule();
    const tip = tipRef.current;
    if (tip && cell) {
      const p = r.plot();
      const box = cellRect(r.view, cell.slot, cell.bucket, dims);
      const x = p.x + Math.min(1, Math.max(0, box.x + box.w)) * p.w + 8;
      const y = p.y + Math.min(1, Math.max(0, box.y + box.h)) * p.h + 8;
      const wrapW = wrapRef.current?.clientWidth ?? 600;
      tip.style.transform = `translate(${Math.round(Math.min(x, wrapW - 300))}px, ${Math.round(Math.min(y, height - 90))}px)`;
    }
  }, [cell, dims, height, schedule]);

  const pointAt = (e: { clientX: number; clientY: number }) => {
    const r = rendererRef.current!;
    const rect = canvasRef.current!.getBoundingClientRect();
    const p = r.plot();
    return { fx: (e.clientX - rect.left - p.x) / p.w, fy: (e.clientY - rect.top - p.y) / p.h, p };
  };

  const onKey = (e: React.KeyboardEvent) => {
    const r = rendererRef.current;
    if (!r) return;
    const step: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = step[e.key];
    if (d && e.shiftKey) {
      const c = cell ?? { slot: Math.floor(r.view.x + dims.slots / r.view.zoom / 2), bucket: Math.floor(r.view.y + dims.buckets / r.view.zoom / 2) };
      const next = { slot: Math.min(dims.slots - 1, Math.max(0, c.slot + d[0])), bucket: Math.min(dims.buckets - 1, Math.max(0, c.bucket + d[1])) };
      r.setView(reveal(r.view, next.slot, next.bucket, dims));
      setCell(next);
    } else if (d) setView(panBy(r.view, d[0] * 0.1, d[1] * 0.1, dims));
    else if (e.key === '+' || e.key === '=') setView(zoomAt(r.view, 1.5, 0.5, 0.5, dims));
    else if (e.key === '-' || e.key === '_') setView(zoomAt(r.view, 1 / 1.5, 0.5, 0.5, dims));
    else if (e.key === '0') setView(WHOLE);
    else if (e.key === 'Escape' && cell) setCell(null);
    else return;
    e.preventDefault();
  };

  const info = cell ? cellInfo(result, cell.slot, cell.bucket) : null;
  return (
    <figure className={compact ? 'sim-heatmap compact' : 'sim-heatmap'} aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`} className="sim-heatmap-caption">
        {result.reads && metric === 'reads' ? 'Reads' : result.reads && metric === 'both' ? 'Reads and writes' : 'Writes'} by key range and time:{' '}
        <span className="mono">{tableName}</span>
      </figcaption>
      <div
        ref={wrapRef}
        className="sim-canvas-wrap"
        tabIndex={0}
        role="group"
        aria-label={`Heatmap of ${tableName}: arrow keys pan, plus and minus zoom, 0 resets, Shift and arrow keys move a cell cursor`}
        aria-describedby={`${id}-help`}
        onKeyDown={onKey}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={summary}
          data-testid={testId}
          onPointerDown={(e) => {
            if (e.button !== 0) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, view: rendererRef.current!.view, moved: false };
          }}
          onPointerMove={(e) => {
            const r = rendererRef.current;
            if (!r || !r.dims) return;
            const g = drag.current;
            const { fx, fy, p } = pointAt(e);
            if (g) {
              const dx = (e.clientX - g.x) / p.w;
              const dy = (e.clientY - g.y) / p.h;
              if (!g.moved && Math.abs(dx) + Math.abs(dy) > 0.003) {
                g.moved = true;
                setCell(null);
              }
              if (g.moved) return setView(panBy(g.view, -dx, -dy, r.dims));
            }
            const c = cellAt(r.view, fx, fy, r.dims);
            if (c?.slot !== cell?.slot || c?.bucket !== cell?.bucket) setCell(c);
          }}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onPointerLeave={() => !drag.current && setCell(null)}
        />
        <div ref={tipRef} className="sim-tooltip" hidden={!info} aria-live="polite" data-testid={`${testId}-tooltip`}>
          {info && (
            <dl>
              {cellLines(info).map((l) => (
                <div key={l.label}>
                  <dt>{l.label}</dt>
                  <dd>{l.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
      <div className="sim-heatmap-tools">
        <button type="button" onClick={() => setView(zoomAt(rendererRef.current!.view, 1.5, 0.5, 0.5, dims))}>
          Zoom in
        </button>
        <button type="button" onClick={() => setView(zoomAt(rendererRef.current!.view, 1 / 1.5, 0.5, 0.5, dims))}>
          Zoom out
        </button>
        <button type="button" onClick={() => setView(WHOLE)}>
          Reset view
        </button>
        <label className="sim-brightness">
          Brightness
          <input
            type="range"
            min={-1}
            max={2}
            step={0.1}
            value={brightness}
            onChange={(e) => setBrightness(Number(e.target.value))}
            aria-valuetext={`${(10 ** brightness).toFixed(1)} times`}
          />
          <output>×{(10 ** brightness).toFixed(1)}</output>
        </label>
        <label className="sim-metric">
          Show
          <select
            value={result.reads ? metric : 'writes'}
            onChange={(e) => setMetric(e.target.value as HeatmapMetric)}
            disabled={!result.reads}
            data-testid={`${testId}-metric`}
            title={result.reads ? undefined : 'The table declares no queries or reads'}
          >
            <option value="writes">writes</option>
            <option value="reads">reads</option>
            <option value="both">reads and writes</option>
          </select>
        </label>
        <HeatmapLegend max={shown.max} brightness={10 ** brightness} />
      </div>
      <p id={`${id}-help`} className="sim-hint">
        Drag or use the arrow keys to pan; wheel or + and − to zoom; 0 resets. Shift+arrows move a cell cursor.
      </p>
      <p className="sim-summary" data-testid={`${testId}-summary`}>
        {summary}
      </p>
    </figure>
  );
}
