// The simulator's public face: create a run, step it in slices (a Web Worker reports progress
// and checks for cancel between slices), read the result at any point, or run it to the end.
import type { Design, Table } from '../model/schema';
import { displayKey } from '../keys/bytes';
import { keyReader } from '../keys/readable';
import { SimEngine, type SimEvent } from './engine';
import { buildHeatmap, keyLabel, LABEL_BYTES, type Heatmap } from './heatmap';
import type { SimOptions, SimParams } from './params';
import { analyse, type Pattern, type PatternEvidence } from './pattern';
import { hotspotModel, type HotspotModel } from '../capacity/hotspot';
import { analyze, declaredWrites } from '../analysis/design';
import { clusterOf, NODE_FIGURES } from '../analysis/cluster';
import { planCapacity, tableLoad } from '../capacity/capacity-plan';
import { tableWorkload } from '../capacity/workload';
import { judge, type HottestRange, type Verdict } from './verdict';
import { readValues } from './reads';
import { launchDay, type LaunchDay } from './launch';

export interface SimResult {
  params: SimParams;
  /** False for a partial result (read before the run ended). */
  complete: boolean;
  /** Simulated seconds covered. */
  simulatedSeconds: number;
  /** Writes offered by the workload, and those refused because a node was over capacity. */
  writes: number;
  throttled: number;
  /** Share of the second half's writes refused: the steady state the verdict judges. */
  throttledShareSecondHalf: number;
  /** Writes refused while the new table split (launch.ts), or null when at most 1% of the run's were. */
  launch: LaunchDay | null;
  /** Tablets at the end, splits and balancer moves during the run. */
  tablets: number;
  splits: number;
  moves: number;
  /** Max node writes / mean node writes over the second half (1 even, `nodes` all on one). */
  hotspotScore: number;
  /** `even` only when the verdict is ok (verdict.ts). */
  pattern: Pattern;
  /** ok | at-risk | hotspot | over-capacity, and why (docs/simulator.md, "Verdicts"). */
  verdict: Verdict;
  verdictReason: string;
  /** The hotspot model lint reads too, at the simulated write rate. */
  unsplittable: HotspotModel;
  /** The hottest tablet at the end of the run: key bounds, share, rate, share of one node; null without writes. */
  hottestRange: HottestRange | null;
  evidence: PatternEvidence;
  /** Each node's share of the second half's writes (sums to 1; all 0 without writes). */
  nodeShare: number[];
  /** The table write rate this cluster serves without throttling, for this key distribution. */
  maxSustainableWritesPerSecond: number;
  /** Writes per cell; `reads` holds read requests per cell in the same layout (null without reads): heatmapOf picks a view. */
  heatmap: Heatmap;
  reads: Float32Array | null;
  /** Per slot (heatmap.slots of them, heatmap.slotSeconds each). */
  series: {
    /** Offered writes per node: nodeWrites[slot * nodes + node]. */
    nodeWrites: Float64Array;
    /** Refused writes per node, same layout. */
    nodeThrottled: Float64Array;
    /** Tablets at the end of each slot, and splits and moves within it. */
    tablets: Uint32Array;
    splits: Uint32Array;
    moves: Uint32Array;
  };
  /** The tablets at the end, in key order: first key, node and smoothed write rate. */
  /** label: the start's raw bytes (displayKey); readable: its fields decoded (keyReader). */
  tabletRanges: { start: Uint8Array; label: string; readable: string; node: number; writesPerSecond: number }[];
  /** The first split and move events (up to 2,000), in time order. */
  events: SimEvent[];
  /** Keys generated, and writes each stands for (1 when every write was generated). */
  sampledKeys: number;
  writesPerSample: number;
  /** What the run's byte budgets cut, one sentence each (docs/simulator.md, "Budgets"); empty for most designs. */
  cuts: string[];
}

export interface Simulation {
  readonly params: SimParams;
  readonly done: boolean;
  /** 0 to 1. */
  readonly progress: number;
  /** Runs up to `maxTicks` ticks (default 25); returns true when the run is complete. */
  step(maxTicks?: number): boolean;
  /** Cheap counters and per-slot series so far, for a progress bar and live charts. */
  snapshot(): SimSnapshot;
  /**
   * The result so far (complete once done). It sorts the generated keys (tens of ms for the
   * default budget): for live updates call it every few slices, not every slice.
   */
  result(): SimResult;
}

/** A run in progress: how far it is (0..1) and its counts and series so far. */
export type SimSnapshot = { progress: number } & Pick<SimResult, 'simulatedSeconds' | 'writes' | 'throttled' | 'tablets' | 'splits' | 'moves' | 'series'>;

/** Any object with an `aborted` flag: an AbortSignal, or a plain `{ aborted: false }`. */
export interface CancelFlag {
  readonly aborted: boolean;
}

export class SimulationCancelled extends Error {
  constructor() {
    super('simulation cancelled');
    this.name = 'SimulationCancelled';
  }
}

export interface RunOptions extends SimOptions {
  /** Called after each slice with the share done (0 to 1). */
  onProgress?: (progress: number) => void;
  /** Checked between slices; when set the run throws SimulationCancelled. */
  signal?: CancelFlag;
  /** Ticks per slice (default 25). */
  sliceTicks?: number;
}

/**
 * Options from a design: its smallest cluster's nodes (as planned: fixed, or maxNodes), storage,
 * per-node figures and that cluster's CPU target in the capacity plan (an autoscaled cluster's
 * own target when lower), and, for `table`, its declared peak write rate (a table written with
 * another takes that table's) and the load the rest of the design puts on the cluster (the
 * plan's load on that cluster less this table's writes; on the other storage type, the tables'
 * tableLoad), then the caller's overrides.
 */
export function optionsFor(design: Design, overrides: SimOptions = {}, table?: Table): SimOptions {
  const cluster = clusterOf(design);
  const analysis = analyze(design);
  const storage = overrides.storage ?? cluster.storage;
  // Another storage type (the studio's SSD/HDD compare) gets that type's published figures.
  const capacity = storage === cluster.storage ? cluster.capacity : NODE_FIGURES[storage];
  const simulated = planCapacity(design, analysis)
    .clusterPlans.filter((c) => c.nodes === cluster.nodes)
    .sort((a, b) => a.cpuTarget - b.cpuTarget)[0];
  const opts: SimOptions = { nodes: cluster.nodes, storage, capacity, cpuTarget: simulated?.cpuTarget ?? cluster.cpuTarget };
  if (table) {
    const peak = declaredWrites(table).peak;
    if (peak !== null) opts.writesPerSecond = peak;
    // On the design's own storage, the rest is the plan's load on the simulated cluster (its
    // routed reads, the materialized views' writes) less this table's writes, which the run
    // makes: the verdict's node count is then the plan's for that cluster. On the other storage
    // type, the tables' loads with its figures.
    const ofPlan = simulated !== undefined && storage === cluster.storage;
    let other = 0;
    for (const ta of analysis.tables) {
      const w = tableWorkload(ta);
      const load = tableLoad(w, capacity);
      if (ta.table === table) {
        opts.readsPerSecond = w.pointReadsPerSecond + w.scansPerSecond;
        if (ofPlan) other = Math.max(0, simulated.load.total - load.writes);
        else other += load.reads + load.scans;
      } else if (!ofPlan) other += load.total;
    }
    if (Number.isFinite(other) && other > 0) opts.otherLoad = other;
  }
  return { ...opts, ...stripUndefined(overrides) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Prepares a run of `table` (its key template, load and pre-splits). Throws the key engine's
 * TemplateError or KeyCodecError when the key cannot be generated.
 */
export function createSimulation(table: Table, options: SimOptions = {}): Simulation {
  const engine = new SimEngine(table, options);
  return {
    params: engine.params,
    get done() {
      return engine.done;
    },
    get progress() {
      return engine.tick / engine.params.ticks;
    },
    step: (maxTicks = 25) => engine.run(maxTicks),
    snapshot: () => snapshotOf(engine),
    result: () => resultOf(engine),
  };
}

/** Runs to the end in slices, reporting progress; throws SimulationCancelled when signalled. */
export function simulate(table: Table, options: RunOptions = {}): SimResult {
  const sim = createSimulation(table, options);
  const slice = Math.max(1, options.sliceTicks ?? 25);
  while (!sim.done) {
    if (options.signal?.aborted) throw new SimulationCancelled();
    sim.step(slice);
    options.onProgress?.(sim.progress);
  }
  return sim.result();
}

function snapshotOf(engine: SimEngine): SimSnapshot {
  const p = engine.params;
  const st = engine.state;
  return {
    progress: engine.tick / p.ticks,
    simulatedSeconds: Math.min(p.seconds, engine.tick * p.tickSeconds),
    // Sums of fractional shares: whole writes.
    writes: Math.round(st.writes),
    throttled: Math.round(st.throttled),
    tablets: engine.tablets.size,
    splits: st.splits,
    moves: st.moves,
    series: {
      // Copies: a snapshot may be posted (transferred) while the run goes on.
      nodeWrites: st.nodeWrites.slice(),
      nodeThrottled: st.nodeThrottled.slice(),
      tablets: st.tabletsBySlot.slice(),
      splits: st.splitsBySlot.slice(),
      moves: st.movesBySlot.slice(),
    },
  };
}

function resultOf(engine: SimEngine): SimResult {
  const p = engine.params;
  const st = engine.state;
  const rows = engine.samples.rows();
  const heatmap = buildHeatmap(engine.samples, rows, {
    slots: st.slots,
    maxBuckets: p.maxBuckets,
    slotOf: (t) => st.slotOf(t),
    weight: p.writesPerSample,
    slotSeconds: p.seconds / st.slots,
    read: keyReader(engine.table.rowKey),
  });
  const { pattern: measured, evidence } = analyse({
    samples: engine.samples,
    rows,
    nodes: p.nodes,
    secondHalf: st.secondHalf,
    blocks: st.blocks.totals,
    halfTick: st.halfTick,
    ticks: engine.done ? p.ticks : Math.max(st.halfTick, engine.tick),
    tickSeconds: p.tickSeconds,
  });
  const half = st.secondHalf.reduce((a, b) => a + b, 0);
  const busiest = evidence.busiestNodeShare;
  const fullCluster = p.nodes * p.nodeCapacity * (1 - p.otherShare);
  const { progress: _, series, ...counts } = snapshotOf(engine);
  const unsplittable = modelOf(engine);
  const launch = launchDay(series, p.nodes, p.seconds / st.slots);
  const judged = judge({
    launch,
    measured,
    hottestTabletShare: evidence.hottestTabletShare,
    writes: half,
    throttled: st.throttledSecondHalf,
    nodes: p.nodes,
    writesPerSecond: p.writesPerSecond,
    nodeCapacity: p.nodeCapacity,
    utilization: p.writesPerSecond / (p.nodes * p.nodeCapacity) + p.otherShare,
    cpuTarget: p.cpuTarget,
    otherShare: p.otherShare,
    otherLoad: p.otherLoad,
    model: unsplittable,
  });
  const { verdict, pattern } = judged;
  // Unknown stays unknown: say which rate the verdict judged.
  const reason = p.writesAssumed
    ? `${judged.reason} No write load declared: judged at the default ${p.writesPerSecond.toLocaleString('en-US')} writes/s.`
    : judged.reason;
  const read = keyLabel(keyReader(engine.table.rowKey));
  const label = keyLabel(displayKey);
  const tabletRanges = engine.tablets.tablets.map((t) => ({
    start: t.start,
    label: label(t.start),
    readable: read(t.start),
    node: t.node,
    writesPerSecond: t.load,
  }));
  return {
    params: p,
    complete: engine.done,
    ...counts,
    hotspotScore: evidence.hotspotScore,
    pattern,
    verdict,
    verdictReason: reason,
    throttledShareSecondHalf: half > 0 ? st.throttledSecondHalf / half : 0,
    launch,
    unsplittable,
    hottestRange: hottestTablet(tabletRanges, p),
    evidence,
    nodeShare: Array.from(st.secondHalf, (x) => (half > 0 ? x / half : 0)),
    maxSustainableWritesPerSecond: busiest > 0 ? Math.min(fullCluster, (p.nodeCapacity * (1 - p.otherShare)) / busiest) : fullCluster,
    heatmap,
    reads: readValues(engine.table, p, heatmap, (t) => st.slotOf(t)),
    series,
    tabletRanges,
    events: st.events.slice(),
    sampledKeys: engine.samples.count,
    writesPerSample: p.writesPerSample,
    cuts: [
      ...p.cuts,
      ...(p.tabletCut !== null && engine.tablets.size >= p.maxTablets ? [p.tabletCut] : []),
      ...(heatmap.bucketStarts.some((k) => k.length > LABEL_BYTES) || tabletRanges.some((t) => t.start.length > LABEL_BYTES)
        ? [`key labels show the first ${LABEL_BYTES.toLocaleString('en-US')} bytes of keys longer than that`]
        : []),
    ],
  };
}

/** The hotspot model of the simulated table at the simulated rate, on the simulated cluster. */
function modelOf(engine: SimEngine): HotspotModel {
  const p = engine.params;
  const design = { format: 'bigtable-studio/v1', name: p.table, cluster: { nodes: p.nodes, storage: p.storage }, tables: [engine.table] } as const;
  const t = analyze(design as unknown as Design).tables[0]!;
  return hotspotModel(t, p.writesPerSecond, p.nodes, p.nodeCapacity);
}

/** The tablet with the highest smoothed write rate, with the start of the next as its end. */
function hottestTablet(ranges: SimResult['tabletRanges'], p: SimParams): HottestRange | null {
  let total = 0;
  let top = -1;
  ranges.forEach((r, i) => {
    total += r.writesPerSecond;
    if (top < 0 || r.writesPerSecond > ranges[top]!.writesPerSecond) top = i;
  });
  if (top < 0 || !(total > 0)) return null;
  const share = ranges[top]!.writesPerSecond / total;
  const wps = share * p.writesPerSecond;
  const next = ranges[top + 1];
  return {
    start: ranges[top]!.readable,
    end: next?.readable ?? null,
    startBytes: ranges[top]!.label,
    endBytes: next?.label ?? null,
    share,
    writesPerSecond: wps,
    nodeFraction: p.nodeCapacity > 0 ? wps / p.nodeCapacity : 0,
  };
}
