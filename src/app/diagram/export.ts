// The diagram as a file: an SVG with every colour and font written into it (the page's CSS,
// light or dark, does not travel with the file), and a PNG drawn from that SVG on a canvas.
const STYLE_PROPS = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'fill-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
] as const;

/** A file name from the design's name: letters, digits, - and _ only. */
export function svgFileName(designName: string, ext: 'svg' | 'png'): string {
  const stem =
    designName
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'design';
  return `${stem}-diagram.${ext}`;
}

/** The SVG's markup, standalone: computed styles inlined, the studio's attributes for focus and tests left out. */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const target = to[i];
    if (!(target instanceof Element)) return;
    const cs = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', style);
    for (const a of ['tabindex', 'role', 'class', 'data-testid', 'data-id', 'data-kind', 'data-from', 'data-to']) target.removeAttribute(a);
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The SVG drawn on a canvas at twice its size, as a PNG. */
export async function toPng(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const text = svgText(svg);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(svg.width.baseVal.value * scale);
  canvas.height = Math.ceil(svg.height.baseVal.value * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser has no 2D canvas');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas made no PNG'))), 'image/png'));
}
