// btstudio simulate DESIGN --table T: the tablet simulator on one table (docs/simulator.md).
import { within } from '../../core/capacity/bounds';
import { COUNT_BOUND, formatCount, formatPercent } from '../../core/units';
import { planCapacity } from '../../core/capacity/capacity-plan';
import { needsSentence } from '../../core/capacity/wording';
import { analyze } from '../../core/analysis/design';
import { TemplateError } from '../../core/keys/template';
import { KeyCodecError } from '../../core/keys/values';
import type { Design } from '../../core/model/schema';
import {
  checkPreSplits,
  durationText,
  heatmapOf,
  LIMITS,
  optionsFor,
  quantiseHeatmap,
  simulate,
  type HeatmapMetric,
  type Pattern,
  type PreSplitCheck,
  type SimResult,
} from '../../core/sim/index';
import { failedError, intFlag, parseFlags, terminalSafe, UserError, write, type Io } from '../io';
import { designFileArg, readTable, seedFlag } from '../table-args';

export const usage = `usage: btstudio simulate DESIGN [--table T] [--nodes N] [--seconds S] [--seed X]
                         [--wps W] [--buckets B] [--slots K] [--heatmap writes|reads|both]
                         [--pre-split] [--format text|json]

Simulates the table's write load (load.writesPerSecond, or --wps) on a cluster of N nodes
(default: the design's cluster, else 3) for S simulated seconds (default 600): tablets split and
move between nodes, writes beyond a node's capacity are throttled. Prints the hotspot score
(max node writes / mean node writes over the second half; 1 = even), the pattern (even,
sequential, sequential-in-prefix, hot-key, hot-range, periodic, saturated), the verdict (ok,
at-risk, hotspot, over-capacity) with its reason, the hottest key range, the max sustainable write rate and a heatmap of
writes over time and key buckets (--buckets, default 100; --slots, default 60); --heatmap reads
or both shows the table's read requests (its queries) instead of, or with, the writes. Reads and
the design's other tables count against each node's capacity. When the new table throttles
writes while it splits (launch day), --pre-split proposes split keys from the key's generated
distribution, runs the same workload again with them, and prints them (as a design's \`splits:\`)
when that run confirms they help.
A simulation, not a promise: docs/simulator.md lists its assumptions.`;

const PATTERN_TEXT: Record<Pattern, string> = {
  even: 'writes spread over the key space and the cluster balances them',
  sequential: 'the newest key range is always hot (a timestamp or counter leads the key, overall or in a few prefixes)',
  'hot-key': 'one row takes a large share of the writes, and a row never splits',
  'hot-range': 'one key range (a prefix) takes a large share of the writes',
  periodic: 'the hot key range moves and comes back at a regular period',
  'sequential-in-prefix': 'the newest key range of each busy prefix is hot (a timestamp or counter behind a skewed or small prefix)',
  saturated: 'writes spread over every node, but the nodes cannot take them all',
};

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    table: { type: 'string', short: 't' },
    nodes: { type: 'string' },
    seconds: { type: 'string' },
    seed: { type: 'string' },
    wps: { type: 'string' },
    buckets: { type: 'string' },
    slots: { type: 'string' },
    format: { type: 'string' },
    heatmap: { type: 'string' },
    'pre-split': { type: 'boolean' },
  });
  const file = designFileArg(positionals);
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UserError(`--format is text or json, not "${format}"`);
  const metric = (values.heatmap ?? 'writes') as HeatmapMetric;
  if (metric !== 'writes' && metric !== 'reads' && metric !== 'both') throw new UserError(`--heatmap is writes, reads or both, not "${values.heatmap}"`);
  const nodes = values.nodes === undefined ? undefined : intFlag(values.nodes, '--nodes', 3, LIMITS.nodes[0], LIMITS.nodes[1]);
  const seconds = intFlag(values.seconds, '--seconds', 600, LIMITS.seconds[0], LIMITS.seconds[1]);
  const seed = seedFlag(values.seed);
  const wps = values.wps === undefined ? undefined : intFlag(values.wps, '--wps', 0, 0, 1_000_000_000);
  const buckets = intFlag(values.buckets, '--buckets', 100, 1, LIMITS.maxBuckets[1]);
  const slots = intFlag(values.slots, '--slots', 60, 1, LIMITS.maxSlots[1]);
  const { design, table } = await readTable(file, values.table);
  let result: SimResult;
  let preSplit: PreSplitCheck | null = null;
  try {
    const options = optionsFor(design, { nodes, seconds, seed, writesPerSecond: wps, maxBuckets: buckets, maxSlots: slots }, table);
    result = simulate(table, options);
    if (values['pre-split']) preSplit = checkPreSplits(table, options, result);
  } catch (e) {
    if (e instanceof TemplateError || e instanceof KeyCodecError) throw new UserError(`${file}: table ${table.name}: ${e.message}`);
    throw failedError(`${file}: simulation of table ${table.name}`, e);
  }
  if (metric !== 'writes' && !result.reads)
    throw new UserError(`--heatmap ${metric}: table ${table.name} declares no reads (queries with perSecond, or load.readsPerSecond)`);
  const view: SimResult = { ...result, heatmap: heatmapOf(result.heatmap, result.reads, metric) };
  // The text heatmap prints one row per bucket asked for (--buckets); without the flag, 16 rows.
  const rows = values.buckets === undefined ? DEFAULT_TEXT_ROWS : buckets;
  const asked = values['pre-split'] === true;
  const text =
    format === 'json'
      ? JSON.stringify({ ...toJson(design, view), heatmapMetric: metric, ...(asked ? { preSplit: preSplitJson(preSplit) } : {}) }) + '\n'
      : toText(design, view, metric, rows) + (asked ? preSplitText(preSplit) : '');
  await write(io.stdout, text);
  return 0;
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The JSON of a run; heatmap.values is nested: values[slot][bucket], writes per cell. */
export function toJson(design: Design, r: SimResult) {
  const p = r.params;
  const h = r.heatmap;
  const perSlot = (a: ArrayLike<number>) => Array.from(a, (x) => Math.round(x));
  return {
    design: design.name,
    table: p.table,
    nodes: p.nodes,
    /** The capacity plan's recommended count per cluster, worded as every surface words it. */
    plan: needsSentence(planCapacity(design, analyze(design))),
    storage: p.storage,
    seconds: p.seconds,
    seed: p.seed,
    writesPerSecond: p.writesPerSecond,
    rowBytes: Math.round(p.rowBytes),
    nodeCapacity: Math.round(p.nodeCapacity),
    otherLoadShare: round(p.otherShare),
    writes: Math.round(r.writes),
    throttled: Math.round(r.throttled),
    throttledShareSecondHalf: round(r.throttledShareSecondHalf, 4),
    tablets: r.tablets,
    splits: r.splits,
    moves: r.moves,
    hotspotScore: round(r.hotspotScore, 3),
    pattern: r.pattern,
    verdict: r.verdict,
    verdictReason: r.verdictReason,
    launch: r.launch && {
      throttled: r.launch.throttled,
      share: round(r.launch.share),
      seconds: round(r.launch.seconds, 1),
      shareWhileSplitting: round(r.launch.shareWhileSplitting),
    },
    hottestRange: r.hottestRange && {
      start: r.hottestRange.start,
      end: r.hottestRange.end,
      startBytes: r.hottestRange.startBytes,
      endBytes: r.hottestRange.endBytes,
      share: round(r.hottestRange.share),
      writesPerSecond: Math.round(r.hottestRange.writesPerSecond),
      nodeFraction: round(r.hottestRange.nodeFraction),
    },
    unsplittable: {
      kind: r.unsplittable.hottest.kind,
      prefix: r.unsplittable.hottest.prefix,
      stop: r.unsplittable.hottest.stop,
      // Null when unbounded or past 10^15 (a product of key cardinalities, not a count anyone reads).
      ranges: within(r.unsplittable.hottest.ranges, COUNT_BOUND),
      share: round(r.unsplittable.hottest.share, 6),
      writesPerSecond: r.unsplittable.writesPerSecond === null ? null : Math.round(r.unsplittable.writesPerSecond),
      nodeFraction: r.unsplittable.nodeFraction === null ? null : round(r.unsplittable.nodeFraction),
      risk: r.unsplittable.risk,
    },
    evidence: Object.fromEntries(Object.entries(r.evidence).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])),
    nodeShare: r.nodeShare.map((x) => round(x)),
    maxSustainableWritesPerSecond: Math.round(r.maxSustainableWritesPerSecond),
    sampledKeys: r.sampledKeys,
    writesPerSample: round(r.writesPerSample),
    /** What the run's budgets cut, one sentence each (docs/simulator.md, "Budgets"); empty for most designs. */
    cuts: r.cuts,
    series: {
      slots: h.slots,
      slotSeconds: round(h.slotSeconds, 3),
      nodeWrites: Array.from({ length: h.slots }, (_, s) => perSlot(r.series.nodeWrites.subarray(s * p.nodes, (s + 1) * p.nodes))),
      throttled: Array.from({ length: h.slots }, (_, s) =>
        Math.round(r.series.nodeThrottled.subarray(s * p.nodes, (s + 1) * p.nodes).reduce((a, b) => a + b, 0)),
      ),
      tablets: Array.from(r.series.tablets),
      splits: Array.from(r.series.splits),
      moves: Array.from(r.series.moves),
    },
    heatmap: {
      slots: h.slots,
      buckets: h.buckets,
      slotSeconds: round(h.slotSeconds, 3),
      bucketLabels: h.bucketLabels,
      bucketReadable: h.bucketReadable,
      values: Array.from({ length: h.slots }, (_, s) => perSlot(h.values.subarray(s * h.buckets, (s + 1) * h.buckets))),
    },
  };
}

const fmt = formatCount;
const pct = (x: number) => formatPercent(x, 'tenths');

/** Rows of the text heatmap when --buckets is not given (each row sums neighbouring buckets). */
export const DEFAULT_TEXT_ROWS = 16;

export function toText(design: Design, r: SimResult, metric: HeatmapMetric = 'writes', rows = DEFAULT_TEXT_ROWS): string {
  const p = r.params;
  const lines = [
    `design "${design.name}", table ${p.table}: a simulation, not a promise (docs/simulator.md)`,
    `cluster     ${p.nodes} ${p.storage.toUpperCase()} node${p.nodes === 1 ? '' : 's'}, ${fmt(p.nodeCapacity)} writes/s each for ${fmt(p.rowBytes)}-byte writes` +
      (p.otherShare > 0 ? `, ${pct(p.otherShare)} of each taken by reads and other tables` : ''),
    `plan        ${needsSentence(planCapacity(design, analyze(design)))} (the capacity plan; this run uses the ${fmt(p.nodes)} simulated here)`,
    `workload    ${fmt(p.writesPerSecond)} writes/s for ${fmt(p.seconds)} s: ${fmt(r.writes)} writes` +
      (r.writesPerSample > 1 ? ` (${fmt(r.sampledKeys)} keys generated, each for ${r.writesPerSample.toFixed(1)} writes)` : ''),
    ...r.cuts.map((c) => `budget      ${c}`),
    `verdict     ${r.verdict}: ${r.verdictReason}`,
    `pattern     ${r.pattern}: ${PATTERN_TEXT[r.pattern]}`,
    `hotspot     ${r.hotspotScore.toFixed(2)} (1 = even, ${p.nodes} = all writes on one node; second half of the run)`,
    `node share  ${r.nodeShare
      .slice(0, 16)
      .map((x) => `${Math.round(x * 100)}%`)
      .join(' ')}${r.nodeShare.length > 16 ? ' ...' : ''}`,
    `throttled   ${fmt(r.throttled)} (${pct(r.writes > 0 ? r.throttled / r.writes : 0)}) in the whole run; ${pct(r.throttledShareSecondHalf)} in its second half, which the verdict judges (the first is warm-up: tablets still splitting)`,
    ...(r.launch
      ? [
          `launch      ${pct(r.launch.share)} of the run's writes throttled in its first ${durationText(r.launch.seconds)} while the new table splits (--pre-split proposes split keys)`,
        ]
      : []),
    `tablets     ${fmt(r.tablets)} at the end; ${fmt(r.splits)} splits, ${fmt(r.moves)} moves`,
    ...(r.hottestRange
      ? [
          `hottest     ${r.hottestRange.start || '(start)'} to ${r.hottestRange.end ?? '(end)'}: ${pct(r.hottestRange.share)} of writes, ${fmt(r.hottestRange.writesPerSecond)} writes/s, ${r.hottestRange.nodeFraction.toFixed(2)} of one node`,
        ]
      : []),
    `max rate    ${fmt(r.maxSustainableWritesPerSecond)} writes/s sustainable on this cluster with this key distribution`,
    '',
    ...asciiHeatmap(r, rows, 60, metric),
  ];
  return lines.map(terminalSafe).join('\n') + '\n';
}

/** The --pre-split proposal: null when the run had no launch-day throttling. */
export function preSplitJson(c: PreSplitCheck | null) {
  if (!c) return null;
  return {
    ok: c.ok,
    reason: c.reason,
    splits: c.splits,
    after: c.after && {
      launch: c.after.launch && { share: round(c.after.launch.share), seconds: round(c.after.launch.seconds, 1) },
      throttledShare: round(c.after.throttledShare),
      verdict: c.after.verdict,
    },
  };
}

/** The --pre-split section of the text output: the verdict on the proposal, and the keys to paste. */
export function preSplitText(c: PreSplitCheck | null): string {
  if (!c) return '\npre-split   nothing to propose: the run throttled no more than 1% of its writes while the table split\n';
  const lines = ['', `pre-split   ${c.ok ? '' : 'not offered: '}${c.reason}`];
  if (c.ok) lines.push("The table's split keys, to put in the design (they replace any it has):", `splits: ${JSON.stringify(c.splits)}`);
  return lines.map(terminalSafe).join('\n') + '\n';
}

const SHADES = ' .:-=+*#%@';

/** Key buckets top to bottom in key order, time left to right; log scale of writes. */
export function asciiHeatmap(r: SimResult, rows = 16, cols = 60, metric: HeatmapMetric = 'writes'): string[] {
  const h = r.heatmap;
  const R = Math.min(rows, h.buckets);
  const C = Math.min(cols, h.slots);
  const cells = new Float64Array(R * C);
  for (let s = 0; s < h.slots; s++) {
    const c = Math.floor((s * C) / h.slots);
    for (let b = 0; b < h.buckets; b++) cells[Math.floor((b * R) / h.buckets) * C + c]! += h.values[s * h.buckets + b]!;
  }
  const shade = quantiseHeatmap(cells, { levels: SHADES.length, decades: 3 });
  // Labels read as the key's fields (ISO dates, salt buckets), as the studio's heatmap labels do.
  const shown = h.bucketReadable ?? h.bucketLabels;
  const labels = Array.from({ length: R }, (_, row) => shown[Math.ceil((row * h.buckets) / R)] ?? '');
  const width = Math.min(28, Math.max(8, ...labels.map((l) => l.length)));
  const what = metric === 'writes' ? 'writes' : metric === 'reads' ? 'read requests' : 'reads and writes';
  const out = [`heatmap: ${what} by key range (rows, in key order) and time (${fmt(r.params.seconds)} s, left to right), log scale over 3 decades "${SHADES}"`];
  if (rows > h.buckets)
    out.push(`${fmt(h.buckets)} rows, not ${fmt(rows)}: the run wrote only ${fmt(h.buckets)} distinct key${h.buckets === 1 ? '' : 's'}, one bucket each.`);
  else if (R < h.buckets)
    out.push(`${fmt(R)} rows, each summing about ${fmt(h.buckets / R)} of the ${fmt(h.buckets)} key buckets (--buckets N prints N rows).`);
  for (let row = 0; row < R; row++) {
    let line = '';
    for (let c = 0; c < C; c++) {
      const v = cells[row * C + c]!;
      line += v > 0 ? SHADES[shade[row * C + c]!] : ' ';
    }
    const label = labels[row]!;
    out.push(`${(label.length > width ? label.slice(0, width - 1) + '…' : label).padEnd(width)} |${line}|`);
  }
  return out;
}
