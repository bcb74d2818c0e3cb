// The Diagram tab: the design as boxes and arrows (layout.ts), drawn as plain SVG. Every box
// is a button: it opens the form at what it draws. Export as SVG (the drawing with its colours
// written in, so it looks the same outside the studio) or PNG (that SVG drawn on a canvas).
import { useMemo, useRef, useState } from 'react';
import type { PathPart } from '../../core/model/positions';
import { useLint } from '../form/hooks';
import { designHref, navigate } from '../routing';
import { useStudio } from '../store';
import type { DesignDoc } from '../studio/contract';
import { layoutDiagram, type DiagramEdge, type DiagramNode } from './layout';
import { svgFileName, svgText, toPng } from './export';
import './diagram.css';

const EDGE_TEXT: Record<DiagramEdge['kind'], string> = {
  'routes-to': 'routes to',
  'via-profile': 'goes through',
  'served-by': 'served by',
  'written-with': 'written with',
  'view-over': 'view over',
};

const KIND_TEXT: Record<DiagramNode['kind'], string> = {
  cluster: 'cluster',
  profile: 'app profile',
  query: 'query',
  table: 'table',
  materialized: 'materialized view',
  logical: 'logical view',
  authorized: 'authorized view',
};

/** Waits for the form to be on screen, then asks it to reveal `path`. */
function openInForm(docId: string, table: string | null, path: PathPart[]): void {
  navigate(designHref(docId, table, 'form'));
  let tries = 0;
  const go = () => {
    if (document.querySelector('[data-testid="design-form"]') || tries++ > 120) useStudio.getState().reveal(docId, path);
    else requestAnimationFrame(go);
  };
  requestAnimationFrame(go);
}

function edgePath(e: DiagramEdge): string {
  if (e.kind === 'written-with') {
    // Two boxes of one lane: a loop out to the right and back.
    const out = Math.max(e.x1, e.x2) + 28;
    return `M ${e.x1} ${e.y1} C ${out} ${e.y1}, ${out} ${e.y2}, ${e.x2} ${e.y2}`;
  }
  const mid = (e.x1 + e.x2) / 2;
  return `M ${e.x1} ${e.y1} C ${mid} ${e.y1}, ${mid} ${e.y2}, ${e.x2} ${e.y2}`;
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function DiagramView({ doc }: { doc: DesignDoc }) {
  const { analysis } = useLint(doc.design);
  const diagram = useMemo(
    () =>
      layoutDiagram(
        doc.design,
        analysis.tables.map((t) => t?.plans),
      ),
    [doc.design, analysis],
  );
  const svg = useRef<SVGSVGElement>(null);
  const [status, setStatus] = useState('');
  const byId = useMemo(() => new Map(diagram.nodes.map((n) => [n.id, n])), [diagram]);

  const exportSvg = () => {
    if (!svg.current) return;
    download(svgFileName(doc.design.name, 'svg'), new Blob([svgText(svg.current)], { type: 'image/svg+xml' }));
    setStatus('Downloaded the diagram as SVG.');
  };
  const exportPng = async () => {
    if (!svg.current) return;
    try {
      download(svgFileName(doc.design.name, 'png'), await toPng(svg.current));
      setStatus('Downloaded the diagram as PNG.');
    } catch (e) {
      setStatus(`Could not draw the PNG: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <div className="diagram-view" data-testid="diagram-view">
      <div className="diagram-toolbar">
        <p className="hint">
          Queries are coloured by their query plan: <span className="diagram-legend diagram-legend-ok">point, prefix or range</span>,{' '}
          <span className="diagram-legend diagram-legend-warning">several scans</span>, <span className="diagram-legend diagram-legend-error">full scan</span>.
          Click a box to open its form.
        </p>
        <span className="diagram-actions">
          <button type="button" onClick={exportSvg} data-testid="diagram-export-svg">
            Export SVG
          </button>{' '}
          <button type="button" onClick={() => void exportPng()} data-testid="diagram-export-png">
            Export PNG
          </button>
        </span>
        <p className="diagram-status" role="status">
          {status}
        </p>
      </div>
      <div className="diagram-scroll">
        <svg
          ref={svg}
          className="diagram"
          xmlns="http://www.w3.org/2000/svg"
          width={diagram.width}
          height={diagram.height}
          viewBox={`0 0 ${diagram.width} ${diagram.height}`}
          aria-labelledby="diagram-title"
          data-testid="diagram"
        >
          <title id="diagram-title">Diagram of {doc.design.name}</title>
          <defs>
            <marker id="diagram-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="arrow-head" />
            </marker>
          </defs>
          <rect className="diagram-bg" x={0} y={0} width={diagram.width} height={diagram.height} />
          {diagram.lanes.map((l) => (
            <text key={l.title} className="lane-title" x={l.x} y={24}>
              {l.title}
            </text>
          ))}
          <g className="edges">
            {diagram.edges.map((e) => (
              <path
                key={e.id}
                d={edgePath(e)}
                className={`edge edge-${e.kind}${e.plan ? ` plan-edge-${e.plan}` : ''}`}
                markerEnd="url(#diagram-arrow)"
                data-testid="diagram-edge"
                data-kind={e.kind}
                data-from={e.from}
                data-to={e.to}
              >
                <title>{`${byId.get(e.from)?.label ?? e.from} ${EDGE_TEXT[e.kind]} ${byId.get(e.to)?.label ?? e.to}`}</title>
              </path>
            ))}
          </g>
          <g className="nodes">
            {diagram.nodes.map((n) => (
              <g
                key={n.id}
                className={`node node-${n.kind}${n.plan ? ` plan-node-${n.plan}` : ''}`}
                transform={`translate(${n.x} ${n.y})`}
                role="button"
                tabIndex={0}
                aria-roledescription={`${KIND_TEXT[n.kind]} (opens its form)`}
                data-testid="diagram-node"
                data-id={n.id}
                data-kind={n.kind}
                onClick={() => openInForm(doc.id, n.table, n.path)}
                onKeyDown={(ev) => {
                  if (ev.key === 'Enter' || ev.key === ' ') {
                    ev.preventDefault();
                    openInForm(doc.id, n.table, n.path);
                  }
                }}
              >
                <rect className="box" width={n.w} height={n.h} rx={6} />
                <text className="node-label" x={10} y={24}>
                  {n.label}
                </text>
                {n.lines.map((line, li) => (
                  <text key={li} className={li === 0 && n.kind === 'query' ? 'node-plan' : 'node-line'} x={10} y={24 + 16 * (li + 1)}>
                    {line}
                  </text>
                ))}
              </g>
            ))}
          </g>
        </svg>
      </div>
    </div>
  );
}
