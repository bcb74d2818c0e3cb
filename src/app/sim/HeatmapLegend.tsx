// The colour scale of the heatmap: the palette painted once into a 256 x 1 canvas (scaled by
// CSS, pixelated), with the values at its ends.
import { useEffect, useRef } from 'react';
import { formatCount } from './describe';
import { buildPalette, LEVELS } from './palette';

const palette = buildPalette();

export function HeatmapLegend({ max, brightness }: { max: number; brightness: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    const img = new ImageData(LEVELS - 1, 1);
    new Uint32Array(img.data.buffer).set(palette.subarray(1));
    ctx.putImageData(img, 0, 0);
  }, []);
  const top = max / brightness;
  const faint = top / 1e4;
  return (
    <span className="sim-legend">
      <span className="sim-legend-empty" aria-hidden="true" />
      <span>no writes;</span>
      <span>{faint < 1 ? faint.toPrecision(1) : formatCount(faint)}</span>
      <canvas ref={ref} width={LEVELS - 1} height={1} className="sim-legend-ramp" aria-hidden="true" />
      <span>{formatCount(top)} or more writes per cell (log scale)</span>
    </span>
  );
}
