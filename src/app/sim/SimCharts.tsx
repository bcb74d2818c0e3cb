// Side charts of a run (recharts): writes per node over time (one line per node; the busiest
// eight and the mean of the rest on a large cluster), tablets over time, throttled writes.
import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SimResult } from '../../core/sim';
import { formatTime } from './cells';
import { formatCount } from './describe';

const COLOURS = ['#1857b6', '#d0591b', '#2f8f46', '#a4308c', '#8a6d00', '#14808a', '#b3261e', '#5b4bb7', '#6b7280'];
const MAX_LINES = 8;

type Row = Record<string, number>;

interface ChartData {
  rows: Row[];
  nodeLines: { key: string; name: string }[];
}

/** Per-slot rows: t (seconds), n<i> (writes/s of node i), rest (mean of the others), tablets, throttled (writes/s). */
export function chartData(r: SimResult): ChartData {
  const slots = r.heatmap.slots;
  const nodes = r.params.nodes;
  const dt = r.heatmap.slotSeconds || 1;
  const { nodeWrites, nodeThrottled, tablets } = r.series;
  const totals = new Float64Array(nodes);
  for (let s = 0; s < slots; s++) for (let n = 0; n < nodes; n++) totals[n]! += nodeWrites[s * nodes + n]!;
  const order = Array.from(totals.keys()).sort((a, b) => totals[b]! - totals[a]! || a - b);
  const shown = nodes <= MAX_LINES + 1 ? order.sort((a, b) => a - b) : order.slice(0, MAX_LINES).sort((a, b) => a - b);
  const rest = nodes - shown.length;
  const rows: Row[] = [];
  for (let s = 0; s < slots; s++) {
    const row: Row = { t: s * dt, tablets: tablets[s] ?? 0 };
    let all = 0;
    let throttled = 0;
    for (let n = 0; n < nodes; n++) {
      all += nodeWrites[s * nodes + n]!;
      throttled += nodeThrottled[s * nodes + n]!;
    }
    let inShown = 0;
    for (const n of shown) {
      const v = nodeWrites[s * nodes + n]!;
      inShown += v;
      row[`n${n}`] = v / dt;
    }
    if (rest > 0) row.rest = (all - inShown) / rest / dt;
    row.throttled = throttled / dt;
    rows.push(row);
  }
  const nodeLines = shown.map((n) => ({ key: `n${n}`, name: `node ${n + 1}` }));
  if (rest > 0) nodeLines.push({ key: 'rest', name: `mean of ${rest} other nodes` });
  return { rows, nodeLines };
}

const axisProps = {
  x: { dataKey: 't', type: 'number' as const, domain: ['dataMin', 'dataMax'] as [string, string], tickFormatter: (v: number) => formatTime(v), fontSize: 11 },
  y: { tickFormatter: (v: number) => formatCount(v), fontSize: 11, width: 64 },
};

function Chart({ title, desc, rows, lines, testId }: { title: string; desc: string; rows: Row[]; lines: { key: string; name: string }[]; testId: string }) {
  return (
    <figure className="sim-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={200}>
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} title={title} desc={desc}>
          <CartesianGrid stroke="#e4e8ee" vertical={false} />
          <XAxis {...axisProps.x} />
          <YAxis {...axisProps.y} />
          <Tooltip formatter={(v) => formatCount(Number(v))} labelFormatter={(v) => `at ${formatTime(Number(v))}`} isAnimationActive={false} />
          {lines.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {lines.map((l, i) => (
            <Line
              key={l.key}
              dataKey={l.key}
              name={l.name}
              type="linear"
              dot={false}
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <p className="sim-hint">{desc}</p>
    </figure>
  );
}

export function SimCharts({ result }: { result: SimResult }) {
  const data = useMemo(() => chartData(result), [result]);
  const peakTablets = result.tablets;
  const throttled = result.throttled;
  return (
    <section className="sim-charts" aria-labelledby="sim-charts-title">
      <h3 id="sim-charts-title">Over time</h3>
      <div className="sim-chart-grid">
        <Chart
          title="Writes per second by node"
          desc={`Offered writes per second on each of ${result.params.nodes} nodes; a node far above the others is a hotspot.`}
          rows={data.rows}
          lines={data.nodeLines}
          testId="sim-chart-nodes"
        />
        <Chart
          title="Tablets"
          desc={`Tablets at the end of each time slot: ${formatCount(peakTablets)} at the end, after ${formatCount(result.splits)} splits.`}
          rows={data.rows}
          lines={[{ key: 'tablets', name: 'tablets' }]}
          testId="sim-chart-tablets"
        />
        <Chart
          title="Throttled writes per second"
          desc={`Writes refused because a node was over its capacity: ${formatCount(throttled)} in all.`}
          rows={data.rows}
          lines={[{ key: 'throttled', name: 'throttled writes/s' }]}
          testId="sim-chart-throttled"
        />
      </div>
    </section>
  );
}
