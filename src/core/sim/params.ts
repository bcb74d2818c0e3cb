// The simulator's knobs, their defaults and the capacity model. Every default is written
// down in docs/simulator.md; change both together.
import type { Table } from '../model/schema';
import { DEFAULT_NODES } from '../model/schema';
import { cellBytesPerWrite, declaredWrites } from '../analysis/design';
import { DEFAULT_START_MS } from '../keys/generate';
import { CPU_TARGET, NODE_FIGURES, rowCost, type NodeFigures } from '../analysis/cluster';

export type Storage = 'ssd' | 'hdd';

export interface SimOptions {
  /** Nodes in the cluster (default: the design's cluster, else 3). */
  nodes?: number;
  /** Storage type (default: the design's cluster, else ssd). */
  storage?: Storage;
  /** Per-node figures (default: Google's for the storage type, analysis/cluster.ts; optionsFor passes the design's overrides). */
  capacity?: NodeFigures;
  /** Recommended average CPU utilization, 0-1 (default: Google's single-cluster target, 0.7). */
  cpuTarget?: number;
  /**
   * Load the cluster carries besides this table's writes, in nodes at 100% CPU: this table's
   * reads and scans and the other tables of the design (optionsFor computes it from the
   * capacity model; default 0). Spread evenly over the nodes, it lowers what each takes of writes.
   */
  otherLoad?: number;
  /** Read requests per second of this table, for the heatmap's reads view (default 0; optionsFor: the queries). */
  readsPerSecond?: number;
  /** Simulated duration in seconds (default 600). */
  seconds?: number;
  /** Seed of the key generators and of the simulator's own choices (default 1). */
  seed?: number;
  /** Table write rate; default the table's load.writesPerSecond, else 1,000. */
  writesPerSecond?: number;
  /** Start of simulated time in epoch ms (default 2026-01-01T00:00:00Z, as `btstudio keys`). */
  startMs?: number;
  /** Key buckets of the heatmap, at most (default 1,000). */
  maxBuckets?: number;
  /** Time slots of the heatmap, at most (default 300). */
  maxSlots?: number;
  /** How many keys are generated over the whole run (default 2,000 per node, 30,000 to 300,000); see docs/simulator.md. */
  samples?: number;
  /** Bytes one write moves (default: mean key length + cellBytesPerWrite of the table). */
  rowBytes?: number;
  /** A tablet whose write rate over a window exceeds this share of a node's capacity splits (default 0.25). */
  splitLoadShare?: number;
  /** The size threshold is set so an evenly written table ends with about this many tablets per node (default 32). */
  tabletsPerNode?: number;
  /** Length of the load window: splits are decided at its end (default max(tick, seconds / 60)). */
  windowSeconds?: number;
  /** The balancer runs every this many seconds (default = windowSeconds). */
  balanceSeconds?: number;
  /** Hard cap on the number of tablets (default 20,000). */
  maxTablets?: number;
}

export const DEFAULTS = {
  seconds: 600,
  seed: 1,
  writesPerSecond: 1000,
  maxBuckets: 1000,
  maxSlots: 300,
  samples: 30_000,
  samplesPerNode: 2000,
  maxDefaultSamples: 300_000,
  splitLoadShare: 0.25,
  tabletsPerNode: 32,
  maxTablets: 20_000,
  /** At most this many ticks; a longer run uses longer ticks. */
  maxTicks: 600,
  /** At least this many keys per tick, budget permitting less (then the run is slower). */
  minSamplesPerTick: 32,
} as const;

/**
 * What a run may hold whatever the design: the generated keys (samples x key bytes) and the
 * tablets' start keys (tablets x key bytes) each fit a byte budget, and the bytes of a write are
 * clamped to a finite range. A run that a budget cuts says so (SimParams.cuts).
 */
export const BUDGETS = {
  /** Bytes of generated keys kept over a run (16 MiB). */
  sampleKeyBytes: 16 * 1024 * 1024,
  /** Bytes of tablet start keys (4 MiB). */
  tabletKeyBytes: 4 * 1024 * 1024,
  /** At least this many tablets allowed, whatever the key length. */
  minTablets: 64,
  /** Keys longer than this (64 KiB) get floors of hugeKeyFloor samples and tablets instead. */
  hugeKeyBytes: 65_536,
  /** Samples and tablets at least, for keys past hugeKeyBytes: 16 keys of the format's longest (4 MB) are 64 MiB. */
  hugeKeyFloor: 16,
  /** Bytes of one write, at most (1 TiB): every figure derived from it stays finite. */
  maxRowBytes: 2 ** 40,
} as const;

export const LIMITS = {
  nodes: [1, 1000],
  seconds: [1, 30 * 86_400],
  maxBuckets: [1, 1000],
  maxSlots: [1, 1000],
  samples: [100, 5_000_000],
  writesPerSecond: [0, 1e9],
} as const;

/**
 * Writes per second one node sustains for writes of `writeBytes`: the published 1 KB figure
 * (analysis/cluster.ts), scaled down for larger writes, never up for smaller ones.
 */
export function nodeWriteCapacity(capacity: NodeFigures, writeBytes: number): number {
  return capacity.writesPerSecond / rowCost(writeBytes);
}

export interface SimParams {
  table: string;
  nodes: number;
  storage: Storage;
  seconds: number;
  seed: number;
  writesPerSecond: number;
  startMs: number;
  maxBuckets: number;
  maxSlots: number;
  samples: number;
  /** Bytes per write: key plus cells. */
  rowBytes: number;
  /** Bytes of the cells alone (cellBytesPerWrite). */
  cellBytes: number;
  /** Writes per second per node for rowBytes (throttling starts beyond it). */
  nodeCapacity: number;
  /** Recommended average CPU utilization, 0-1. */
  cpuTarget: number;
  /** Share of each node's capacity taken by reads and other tables (0-1). */
  otherShare: number;
  /**
   * The same load in nodes at 100% CPU, not capped at the cluster: with this table's writes,
   * what the verdict's node count is made of (the capacity plan's cluster load).
   */
  otherLoad: number;
  /** Read requests per second of this table (point reads and scans). */
  readsPerSecond: number;
  /** True when neither the table nor the caller gave a write rate (the default was simulated). */
  writesAssumed: boolean;
  tickSeconds: number;
  ticks: number;
  /** Keys generated per simulated second; each stands for writesPerSecond / sampleRate writes. */
  sampleRate: number;
  /** Writes one generated key stands for (1 = every write is generated). */
  writesPerSample: number;
  splitLoadShare: number;
  /** Tablets larger than this (bytes) split. */
  splitBytes: number;
  windowTicks: number;
  balanceTicks: number;
  maxTablets: number;
  /** Mean generated key length in bytes. */
  keyBytes: number;
  /** One line per budget that cut this run before it started (BUDGETS), saying what and why; empty for most designs. */
  cuts: string[];
  /** What the tablet budget says when the run reaches maxTablets, or null when the budget lowered nothing. */
  tabletCut: string | null;
}

function clamp(x: number, [lo, hi]: readonly [number, number]): number {
  return Math.min(hi, Math.max(lo, x));
}

function finiteOr(x: number | undefined, def: number): number {
  return x !== undefined && Number.isFinite(x) ? x : def;
}

/** Resolves options against the table; `keyBytes` is the mean generated key length. */
export function resolveParams(table: Table, opts: SimOptions, keyBytes: number): SimParams {
  const nodes = Math.round(clamp(finiteOr(opts.nodes, DEFAULT_NODES), LIMITS.nodes));
  const storage: Storage = opts.storage === 'hdd' ? 'hdd' : 'ssd';
  const seconds = clamp(finiteOr(opts.seconds, DEFAULTS.seconds), LIMITS.seconds);
  const wps = clamp(finiteOr(opts.writesPerSecond, declaredWrites(table).peak ?? DEFAULTS.writesPerSecond), LIMITS.writesPerSecond);
  const cellBytes = cellBytesPerWrite(table);
  const keyLength = Math.max(1, finiteOr(keyBytes, 1));
  const cuts: string[] = [];
  const rowBytes = Math.min(BUDGETS.maxRowBytes, Math.max(1, finiteOr(opts.rowBytes, keyBytes + cellBytes)));
  if (rowBytes === BUDGETS.maxRowBytes) cuts.push(`writes of more than ${bytesText(BUDGETS.maxRowBytes)} are simulated as ${bytesText(BUDGETS.maxRowBytes)}`);
  // More nodes need more keys for the busiest node to stand out from sampling noise.
  const defaultSamples = Math.min(DEFAULTS.maxDefaultSamples, Math.max(DEFAULTS.samples, DEFAULTS.samplesPerNode * nodes));
  const samples = Math.round(clamp(finiteOr(opts.samples, defaultSamples), LIMITS.samples));

  const tickSeconds = Math.max(1, seconds / DEFAULTS.maxTicks);
  const ticks = Math.max(1, Math.ceil(seconds / tickSeconds - 1e-9));
  // Every write is generated when the budget allows; otherwise a fixed number of keys per
  // tick, each standing for an equal share of the tick's writes.
  // The byte budget bounds the keys kept: long keys get fewer samples.
  const huge = keyLength > BUDGETS.hugeKeyBytes;
  const byteRate = Math.max(huge ? BUDGETS.hugeKeyFloor : LIMITS.samples[0], Math.floor(BUDGETS.sampleKeyBytes / keyLength)) / seconds;
  const askedRate = Math.max(samples / seconds, DEFAULTS.minSamplesPerTick / tickSeconds);
  const budgetRate = Math.min(byteRate, askedRate);
  const sampleRate = wps <= budgetRate ? wps : budgetRate;
  const writesPerSample = sampleRate > 0 ? wps / sampleRate : 0;
  if (wps > byteRate && askedRate > byteRate) {
    const kept = Math.floor(sampleRate * seconds + 1e-9);
    cuts.push(
      `sampled ${count(kept)} keys of ${count(Math.round(keyLength))} bytes (a byte budget of ${bytesText(BUDGETS.sampleKeyBytes)}), each standing for ${writesPerSample < 100 ? writesPerSample.toFixed(1) : count(writesPerSample)} writes`,
    );
  }
  const requestedTablets = Math.round(clamp(finiteOr(opts.maxTablets, DEFAULTS.maxTablets), [1, 1_000_000]));
  const tabletCap = Math.max(huge ? BUDGETS.hugeKeyFloor : BUDGETS.minTablets, Math.floor(BUDGETS.tabletKeyBytes / keyLength));
  const maxTablets = Math.min(requestedTablets, tabletCap);
  const tabletCut =
    maxTablets < requestedTablets
      ? `at most ${count(maxTablets)} tablets of ${count(Math.round(keyLength))}-byte keys (a byte budget of ${bytesText(BUDGETS.tabletKeyBytes)} for their start keys)`
      : null;

  const windowSeconds = Math.max(tickSeconds, finiteOr(opts.windowSeconds, Math.max(tickSeconds, seconds / 60)));
  const balanceSeconds = Math.max(tickSeconds, finiteOr(opts.balanceSeconds, windowSeconds));
  const tabletsPerNode = Math.max(1, finiteOr(opts.tabletsPerNode, DEFAULTS.tabletsPerNode));
  return {
    table: table.name,
    nodes,
    storage,
    seconds,
    seed: Math.trunc(finiteOr(opts.seed, DEFAULTS.seed)) >>> 0,
    writesPerSecond: wps,
    startMs: finiteOr(opts.startMs, DEFAULT_START_MS),
    maxBuckets: Math.round(clamp(finiteOr(opts.maxBuckets, DEFAULTS.maxBuckets), LIMITS.maxBuckets)),
    maxSlots: Math.round(clamp(finiteOr(opts.maxSlots, DEFAULTS.maxSlots), LIMITS.maxSlots)),
    samples,
    rowBytes,
    cellBytes,
    nodeCapacity: nodeWriteCapacity(opts.capacity ?? NODE_FIGURES[storage], rowBytes),
    cpuTarget: Math.min(1, Math.max(0.01, finiteOr(opts.cpuTarget, CPU_TARGET.singleCluster))),
    otherShare: Math.min(1, Math.max(0, finiteOr(opts.otherLoad, 0) / nodes)),
    otherLoad: Math.max(0, finiteOr(opts.otherLoad, 0)),
    readsPerSecond: clamp(finiteOr(opts.readsPerSecond, 0), [0, 1e9]),
    writesAssumed: !(opts.writesPerSecond !== undefined && Number.isFinite(opts.writesPerSecond)) && declaredWrites(table).peak === null,
    tickSeconds,
    ticks,
    sampleRate,
    writesPerSample,
    splitLoadShare: Math.max(0.001, finiteOr(opts.splitLoadShare, DEFAULTS.splitLoadShare)),
    // Scaled for simulation: a run lasts minutes, not the months a real table takes to grow.
    splitBytes: Math.min(Number.MAX_VALUE, Math.max(1, (wps * seconds * rowBytes) / (tabletsPerNode * nodes))),
    windowTicks: Math.max(1, Math.round(windowSeconds / tickSeconds)),
    balanceTicks: Math.max(1, Math.round(balanceSeconds / tickSeconds)),
    maxTablets,
    keyBytes: keyLength,
    cuts,
    tabletCut,
  };
}

const count = (x: number) => Math.round(x).toLocaleString('en-US');

/** 16777216 -> "16 MiB". */
function bytesText(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let u = 0;
  while (u < units.length - 1 && bytes >= 1024 && bytes % 1024 === 0) {
    bytes /= 1024;
    u++;
  }
  return `${count(bytes)} ${units[u]}`;
}
