// The capacity and cost plan: what the design's load needs of its cluster, read by the
// cluster-capacity, storage-capacity and hdd-reads rules, `btstudio plan`, and the studio's
// Capacity and Estimates panels (one model: none of them does its own arithmetic).
//
// API:
// - `tableLoad(w, capacity)`: a table's load in nodes at 100% CPU (writes, reads, scans).
// - `skewedScans(workload)`: the lines the plan's assumptions give for scans of skewed fields.
// - `planCapacity(design, analysis, options)`: the plan of docs/cli.md (`btstudio plan
//   --format json`): cluster, tables, nodesNeeded, utilization, monthlyCost, assumptions.
//   `options.storage` plans the same design on the other storage type (SSD vs HDD side by side);
//   `options.prices` replaces the list prices.
import type { Design, Table } from '../model/schema';
import type { DesignAnalysis } from '../analysis/design';
import {
  clusterOf,
  CPU_TARGET,
  NODE_FIGURES,
  rowCost,
  SOURCES,
  STORAGE_TARGET,
  GiB,
  type ClusterModel,
  type NodeFigures,
  type StorageType,
} from '../analysis/cluster';
import { formatCount, formatPercent } from '../units';
import { instanceOf, profileOfLoad, profileOfQuery, type InstanceOf } from '../model/instance';
import { designWorkload, MONTH_HOURS, type DesignWorkload, type TableWorkload } from './workload';
import {
  BEYOND,
  MAX_CLUSTER_NODES,
  storedBytesText,
  readRowsBound,
  SCAN_BYTES_BOUND,
  STORED_BYTES_BOUND,
  storageCoverage,
  unknownReason,
  within,
  type StorageCoverage,
} from './bounds';

export interface Prices {
  currency: string;
  /** Per node per hour. */
  nodeHour: number;
  /** Per GiB per month ("GB" on the pricing page is a binary gigabyte). */
  ssdGbMonth: number;
  hddGbMonth: number;
  source: string;
  asOf: string;
}

/**
 * On-demand list prices of one region (us-central1, Iowa) from the "Bigtable pricing" page.
 * Prices vary by region and change: editable in the studio and by `btstudio plan` flags.
 */
export const DEFAULT_PRICES: Readonly<Prices> = {
  currency: 'USD',
  nodeHour: 0.65,
  ssdGbMonth: 0.17,
  hddGbMonth: 0.026,
  source: `${SOURCES.pricing.title} (${SOURCES.pricing.url}), us-central1 on-demand list prices`,
  asOf: '2026-12-01',
};

/** Unbounded tables are sized for storage at this many months of growth. */
export const SIZING_MONTHS = 12;

export interface NodeLoad {
  writes: number;
  reads: number;
  scans: number;
  total: number;
}

/** The nodes a load (in nodes at 100% CPU) needs at a CPU target: at least 1, rounded up. */
export function cpuNodesFor(load: number, cpuTarget: number): number {
  return Math.max(1, Math.ceil(load / cpuTarget - 1e-9));
}

export function tableLoad(w: TableWorkload, cap: NodeFigures): NodeLoad {
  const writes = ((w.writeRowsPerSecond ?? 0) * rowCost(w.bytesPerWrite)) / cap.writesPerSecond;
  // A scan request costs one seek (a read) plus its bytes at the scan rate.
  const reads = (w.pointReadsPerSecond * rowCost(w.readBytes) + w.scansPerSecond) / cap.readsPerSecond;
  const scans = (w.scanBytesPerSecond ?? 0) / cap.scanBytesPerSecond;
  return { writes, reads, scans, total: writes + reads + scans };
}

export interface CapacityPlanTable {
  table: string;
  /** The peak write rate, which CPU is sized by. */
  writeRowsPerSecond: number | null;
  /** The average write rate, which storage and growth are sized by (the peak unless declared). */
  averageWriteRowsPerSecond: number | null;
  readRowsPerSecond: number | null;
  scanBytesPerSecond: number | null;
  storedBytes: number | null;
  storedBytesGrowthPerMonth: number | null;
  storage: 'bounded' | 'unbounded' | 'unknown';
  /** Nodes this table's load takes at 100% CPU (its reads on the cluster they are routed to); null beyond MAX_CLUSTER_NODES. */
  cpuNodes: number | null;
  /** Why a figure above is null, by its name: unknown (no write load declared) or past what 1,000 nodes serve (capacity/bounds.ts). Absent when none is. */
  why?: Record<string, string>;
}

export { MAX_CLUSTER_NODES } from './bounds';

/** Node counts as the plan's JSON gives them: null beyond MAX_CLUSTER_NODES (then `overLimit` says why). */
export interface NodesNeeded {
  cpu: number | null;
  storage: number | null;
  recommended: number | null;
}

/** One cluster's plan: every write of every table, the reads its app profiles route to it, a full copy of the data. */
export interface ClusterCapacityPlan {
  /** The cluster's id; null for the `cluster:` shorthand or a design that declares none. */
  id: string | null;
  /** How the design declares it: a fixed count, autoscaling, or not at all (Bigtable's default of 3 is assumed). */
  declared: 'fixed' | 'autoscaling' | 'none';
  /** The nodes it is planned at: the fixed count, or maxNodes (model/instance.ts planNodes). */
  nodes: number;
  autoscaling: { minNodes: number; maxNodes: number; cpuTarget: number } | null;
  routing: 'single-cluster' | 'multi-cluster';
  cpuTarget: number;
  /** The load on it, in nodes at 100% CPU. */
  load: NodeLoad;
  /** Exact figures; may exceed what a cluster can have (see `bounded`). */
  need: { cpu: number; storage: number; recommended: number };
  /** An autoscaled cluster: the nodes the autoscaler settles at under the declared peak. */
  settlesAt: number | null;
  utilization: { cpu: number; storage: number };
  cpuState: CapacityState;
  storageState: CapacityState;
}

export interface CapacityPlan {
  cluster: { nodes: number; storage: StorageType };
  tables: CapacityPlanTable[];
  nodesNeeded: NodesNeeded;
  utilization: { cpu: number | null; storage: number | null };
  monthlyCost: { currency: string; nodes: number | null; storage: number | null; total: number | null; prices: Prices };
  /** When a cluster would need more than MAX_CLUSTER_NODES: what costs most. Null otherwise. */
  overLimit: string | null;
  /** Which tables the storage figures (utilization, cost) cover: those with a known size. */
  storageCovers: StorageCoverage;
  clusters: ClusterCapacityPlanJson[];
  assumptions: string[];
}

export interface ClusterCapacityPlanJson {
  id: string | null;
  declared: ClusterCapacityPlan['declared'];
  nodes: number;
  autoscaling: ClusterCapacityPlan['autoscaling'];
  routing: ClusterCapacityPlan['routing'];
  cpuTarget: number;
  cpuNodes: number | null;
  nodesNeeded: NodesNeeded;
  settlesAt: number | null;
  utilization: { cpu: number | null; storage: number | null };
}

/** Internal figures the rules read besides the JSON plan. */
export interface CapacityPlanDetail extends CapacityPlan {
  model: ClusterModel;
  workload: DesignWorkload;
  /** Every cluster's own plan, in the design's order. */
  clusterPlans: ClusterCapacityPlan[];
  /** The cluster the top-level figures describe: the one furthest from carrying its load. */
  binding: ClusterCapacityPlan;
  /** Nodes the binding cluster's load takes at 100% CPU, and its parts. */
  cpuNodes: number;
  load: NodeLoad;
  /** Bytes the plan sizes storage for (bounded tables, plus SIZING_MONTHS of growth). */
  sizedBytes: number;
  /** The exact recommended count (may exceed MAX_CLUSTER_NODES; nodesNeeded is bounded). */
  recommendedExact: number;
  /** The declared cluster against the load: within target, above the target, over 100%. */
  cpuState: CapacityState;
  storageState: CapacityState;
  /** The single biggest cost: the query, writes or storage of one table. */
  topCost: CostPart | null;
}

export interface CostPart {
  table: string;
  kind: 'writes' | 'query' | 'reads' | 'storage';
  query?: string;
  /** Nodes it takes (CPU nodes at the cluster's target, or storage nodes). */
  nodes: number;
  text: string;
}

export type CapacityState = 'ok' | 'target' | 'over';

/** Within `target` of `capacity`, above it, or above the capacity (a relative tolerance for float noise). */
function stateOf(need: number, capacity: number, target: number): CapacityState {
  const eps = 1e-9 * Math.max(1, capacity);
  return need > capacity + eps ? 'over' : need > capacity * target + eps ? 'target' : 'ok';
}

export interface CapacityPlanOptions {
  storage?: StorageType;
  prices?: Partial<Prices>;
}

/** The cluster on another storage type: the published figures of that type, same nodes. */
function clusterFor(design: Design, storage: StorageType | undefined): ClusterModel {
  const c = clusterOf(design);
  if (!storage || storage === c.storage) return c;
  return { ...c, storage, capacity: { ...NODE_FIGURES[storage] }, overridden: c.overridden.filter((k) => k === 'cpuTarget') };
}

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** A count within the format's limit, else null. */
export const bounded = (n: number): number | null => (Number.isFinite(n) && n <= MAX_CLUSTER_NODES ? n : null);

const memo = new WeakMap<DesignAnalysis, { design: Design; plan: CapacityPlanDetail }>();

export function planCapacity(design: Design, analysis: DesignAnalysis, options: CapacityPlanOptions = {}): CapacityPlanDetail {
  // Three rules read the plan on every keystroke: compute the default plan once per lint.
  const plain = options.storage === undefined && options.prices === undefined;
  const hit = plain ? memo.get(analysis) : undefined;
  if (hit && hit.design === design) return hit.plan;
  const plan = computeCapacityPlan(design, analysis, options);
  if (plain) memo.set(analysis, { design, plan });
  return plan;
}

/** Each query's read load, in nodes at 100% CPU, with the clusters it is routed to. */
interface RoutedRead {
  table: string;
  query: string | null;
  kind: string;
  /** Point reads and scan seeks, and scanned bytes, in nodes at 100% CPU. */
  reads: number;
  scans: number;
  nodes: number;
  clusters: string[] | null; // null: every cluster (the one cluster of a design without ids)
  multi: boolean;
}

/**
 * One table's routed reads, kept per table workload while the table, the instance and the node
 * figures are the same objects and values: a fix check plans an edit of a few tables, and the
 * other tables' reads are the ones the last plan made.
 */
const routedByTable = new WeakMap<
  TableWorkload,
  { table: Table; instance: Design['instance']; cluster: Design['cluster']; readsPerSecond: number; scanBytesPerSecond: number; reads: RoutedRead[] }
>();

function tableReads(design: Design, i: InstanceOf, w: TableWorkload, table: Table, cap: NodeFigures): RoutedRead[] {
  const hit = routedByTable.get(w);
  if (
    hit &&
    hit.table === table &&
    hit.instance === design.instance &&
    hit.cluster === design.cluster &&
    hit.readsPerSecond === cap.readsPerSecond &&
    hit.scanBytesPerSecond === cap.scanBytesPerSecond
  )
    return hit.reads;
  const out: RoutedRead[] = [];
  let declaredPoint = 0;
  for (const q of w.queries) {
    if (q.perSecond === null || q.perSecond === 0) continue;
    const query = table.queries?.[q.index];
    const servedHere = q.servedOn ?? w.table;
    const p = query ? profileOfQuery(i, table, query) : i.defaultProfile;
    const r = q.kind === 'point' ? (q.perSecond * rowCost(q.readBytes)) / cap.readsPerSecond : q.perSecond / cap.readsPerSecond;
    const sc = q.kind === 'point' ? 0 : (q.scanBytesPerSecond ?? 0) / cap.scanBytesPerSecond;
    if (q.kind === 'point') declaredPoint += q.perSecond;
    out.push({
      table: servedHere,
      query: q.query,
      kind: q.kind,
      reads: r,
      scans: sc,
      nodes: r + sc,
      clusters: p.clusters.length ? p.clusters : null,
      multi: p.routing === 'multi' && i.clusters.length > 1,
    });
  }
  const extra = w.pointReadsPerSecond - declaredPoint;
  if (extra > 1e-9) {
    const p = profileOfLoad(i, table);
    const r = (extra * rowCost(w.readBytes)) / cap.readsPerSecond;
    out.push({
      table: w.table,
      query: null,
      kind: 'point',
      reads: r,
      scans: 0,
      nodes: r,
      clusters: p.clusters.length ? p.clusters : null,
      multi: p.routing === 'multi' && i.clusters.length > 1,
    });
  }
  routedByTable.set(w, {
    table,
    instance: design.instance,
    cluster: design.cluster,
    readsPerSecond: cap.readsPerSecond,
    scanBytesPerSecond: cap.scanBytesPerSecond,
    reads: out,
  });
  return out;
}

/**
 * Every table's routed reads, a list per table in the workload's order (kept lists: tableReads).
 * A workload's table is the last table of its name, else the table at its index; with every name
 * distinct (distinctNames) that is the table at its index.
 */
function routedReads(design: Design, workload: DesignWorkload, cap: NodeFigures, inst: InstanceOf, distinct: boolean): RoutedRead[][] {
  const out: RoutedRead[][] = [];
  let byName: Map<string, Table> | undefined;
  if (!distinct) {
    byName = new Map();
    for (const t of design.tables) byName.set(t.name, t);
  }
  for (const w of workload.tables) {
    const table = byName?.get(w.table) ?? design.tables[w.index];
    if (table) out.push(tableReads(design, inst, w, table, cap));
  }
  return out;
}

/** The names of the last workload distinctNames saw, and its answer. */
let seenNames: readonly string[] = [];
let seenDistinct = false;

/**
 * Whether every table and view of the workload has a name of its own, and each table's workload
 * is the design's table at its index. The names are compared with the last design's first (a
 * fix check plans an edit that renames nothing: the same strings in the same order).
 */
function distinctNames(design: Design, workload: DesignWorkload): boolean {
  const ws = workload.tables;
  let tables = 0;
  for (const w of ws) {
    if (w.view !== undefined) continue;
    if (design.tables[w.index]?.name !== w.table) return false;
    tables++;
  }
  if (tables !== design.tables.length) return false;
  let same = seenNames.length === ws.length;
  for (let i = 0; same && i < ws.length; i++) same = seenNames[i] === ws[i]!.table;
  if (!same) {
    seenNames = ws.map((w) => w.table);
    seenDistinct = new Set(seenNames).size === ws.length;
  }
  return seenDistinct;
}

function computeCapacityPlan(design: Design, analysis: DesignAnalysis, options: CapacityPlanOptions): CapacityPlanDetail {
  const model = clusterFor(design, options.storage);
  const workload = designWorkload(analysis);
  const cap = model.capacity;
  const inst = instanceOf(design);
  let sizedBytes = 0;
  // Each table's writes, in nodes at 100% CPU, by name: the last table of a name counts, where
  // the first stood. With every name distinct that is every table's, in the tables' order, kept
  // in a list (a fix check plans the whole design: a map by name cost it most of its time).
  const distinct = distinctNames(design, workload);
  const writeList: number[] = [];
  const writeNodes = new Map<string, number>();
  for (const w of workload.tables) {
    const n = ((w.writeRowsPerSecond ?? 0) * rowCost(w.bytesPerWrite)) / cap.writesPerSecond;
    if (distinct) writeList.push(n);
    else writeNodes.set(w.table, n);
    sizedBytes += w.storage === 'bounded' ? w.storedBytes! : w.storage === 'unbounded' ? w.storedBytesGrowthPerMonth! * SIZING_MONTHS : 0;
  }
  const writesOf = (i: number, name: string) => (distinct ? writeList[i]! : (writeNodes.get(name) ?? 0));
  const reads = routedReads(design, workload, cap, inst, distinct);
  // Clusters that a multi-cluster profile sends writes to (every cluster takes the writes; the
  // lower CPU target applies where a profile can fail traffic over to it).
  const multiWrites = new Set<string | null>();
  for (const t of design.tables) {
    const p = profileOfLoad(inst, t);
    if (p.routing === 'multi' && inst.clusters.length > 1) for (const id of p.clusters) multiWrites.add(id);
  }
  const storageNodesExact = Math.max(1, Math.ceil(sizedBytes / (cap.storageBytes * STORAGE_TARGET) - 1e-9));

  const clusterPlans: ClusterCapacityPlan[] = inst.clusters.map((c) => {
    const load: NodeLoad = { writes: 0, reads: 0, scans: 0, total: 0 };
    for (const n of distinct ? writeList : writeNodes.values()) load.writes += n;
    let multiReads = false;
    for (const list of reads)
      for (const r of list) {
        if (!(r.clusters === null || c.id === null || r.clusters.includes(c.id))) continue;
        multiReads ||= r.multi;
        // A scan's seek is a read; its bytes are scan work (tableLoad's split).
        load.reads += r.reads;
        load.scans += r.scans;
      }
    const multi = multiReads || multiWrites.has(c.id);
    const overrideTarget = design.cluster?.nodeCapacity?.cpuTarget;
    const recommendedTarget = overrideTarget ?? (multi ? CPU_TARGET.multiCluster : CPU_TARGET.singleCluster);
    // An autoscaled cluster is sized at the lower of its own target and the recommended one.
    const cpuTarget = c.autoscaling ? Math.min(recommendedTarget, c.autoscaling.cpuTarget / 100) : recommendedTarget;
    load.total = load.writes + load.reads + load.scans;
    const cpu = cpuNodesFor(load.total, cpuTarget);
    const recommended = Math.max(cpu, storageNodesExact);
    const declared: ClusterCapacityPlan['declared'] = inst.source === 'none' ? 'none' : c.autoscaling ? 'autoscaling' : 'fixed';
    const nodes = c.planNodes;
    const settlesAt = c.autoscaling
      ? Math.min(c.autoscaling.maxNodes, Math.max(c.autoscaling.minNodes, Math.ceil(load.total / (c.autoscaling.cpuTarget / 100) - 1e-9)))
      : null;
    return {
      id: c.id,
      declared,
      nodes,
      autoscaling: c.autoscaling ? { minNodes: c.autoscaling.minNodes, maxNodes: c.autoscaling.maxNodes, cpuTarget: c.autoscaling.cpuTarget } : null,
      routing: multi ? 'multi-cluster' : 'single-cluster',
      cpuTarget,
      load,
      need: { cpu, storage: storageNodesExact, recommended },
      settlesAt,
      utilization: { cpu: load.total / nodes, storage: sizedBytes / (nodes * cap.storageBytes) },
      cpuState: stateOf(load.total, nodes, cpuTarget),
      storageState: stateOf(sizedBytes, nodes * cap.storageBytes, STORAGE_TARGET),
    };
  });
  // The binding cluster: the largest shortfall (recommended over declared), then the largest load.
  const binding = clusterPlans.reduce((a, b) =>
    b.need.recommended - b.nodes > a.need.recommended - a.nodes ||
    (b.need.recommended - b.nodes === a.need.recommended - a.nodes && b.load.total > a.load.total)
      ? b
      : a,
  );

  // Each table's figures are written when read (`btstudio plan`, the Capacity panel): the rules
  // read the sums, and a fix check plans the whole design for an edit of a few tables.
  const tableRows = (): CapacityPlanTable[] => {
    // Each table's reads on the binding cluster, summed once (not a pass over every read per table).
    const readNodes = new Map<string, number>();
    for (const list of reads)
      for (const r of list)
        if (r.clusters === null || binding.id === null || r.clusters.includes(binding.id)) readNodes.set(r.table, (readNodes.get(r.table) ?? 0) + r.nodes);
    return workload.tables.map((w, i) => tableRow(w, writesOf(i, w.table) + (readNodes.get(w.table) ?? 0)));
  };
  const tableRow = (w: TableWorkload, own: number): CapacityPlanTable => {
    // Figures past what 1,000 nodes read, scan or hold are null, and `why` says so (bounds.ts).
    const why: Record<string, string> = {};
    const unknown = unknownReason(w);
    const bound = (name: string, n: number | null, limit: number, beyond: string, digits = 0): number | null => {
      if (n === null) {
        why[name] = unknown;
        return null;
      }
      const v = within(n, limit);
      if (v === null) why[name] = beyond;
      return v === null ? null : round(v, digits);
    };
    const readRowsPerSecond = bound('readRowsPerSecond', w.readRowsPerSecond, readRowsBound(w.readBytes), BEYOND.rowsRead, 1);
    const scanBytesPerSecond = bound('scanBytesPerSecond', w.scanBytesPerSecond, SCAN_BYTES_BOUND, BEYOND.scanned);
    const storedBytes = w.storage === 'unbounded' ? null : bound('storedBytes', w.storedBytes, STORED_BYTES_BOUND, BEYOND.stored);
    const storedBytesGrowthPerMonth = bound('storedBytesGrowthPerMonth', w.storedBytesGrowthPerMonth, STORED_BYTES_BOUND, BEYOND.stored);
    if (w.writeRowsPerSecond === null) why['writeRowsPerSecond'] = unknown;
    return {
      table: w.table,
      writeRowsPerSecond: w.writeRowsPerSecond,
      averageWriteRowsPerSecond: w.averageWriteRowsPerSecond,
      readRowsPerSecond,
      scanBytesPerSecond,
      storedBytes,
      storedBytesGrowthPerMonth,
      storage: w.storage,
      cpuNodes: bounded(own) === null ? null : round(own, 3),
      ...(Object.keys(why).length ? { why } : {}),
    };
  };
  const prices: Prices = { ...DEFAULT_PRICES, ...options.prices };
  const perGb = model.storage === 'ssd' ? prices.ssdGbMonth : prices.hddGbMonth;
  const over = clusterPlans.some((c) => c.need.recommended > MAX_CLUSTER_NODES);
  const nodeCost = over ? null : clusterPlans.reduce((a, c) => a + c.need.recommended, 0) * prices.nodeHour * MONTH_HOURS;
  // Storage that needs more than 1,000 nodes (of the design's figures) has no price: no cluster
  // stores it (overLimit says why). Nodes whose own figures hold more store more than 16 PiB.
  const storageCost = clusterPlans.some((c) => c.need.storage > MAX_CLUSTER_NODES) ? null : (sizedBytes / GiB) * perGb * clusterPlans.length;
  const topCost = costliest(workload, writesOf, reads, binding, cap);
  const overLimit = over ? overLimitText(topCost) : null;
  const json = (c: ClusterCapacityPlan): ClusterCapacityPlanJson => ({
    id: c.id,
    declared: c.declared,
    nodes: c.nodes,
    autoscaling: c.autoscaling,
    routing: c.routing,
    cpuTarget: c.cpuTarget,
    cpuNodes: bounded(c.load.total) === null ? null : round(c.load.total, 3),
    nodesNeeded: { cpu: bounded(c.need.cpu), storage: bounded(c.need.storage), recommended: bounded(c.need.recommended) },
    settlesAt: c.settlesAt,
    utilization: {
      cpu: bounded(c.load.total) === null ? null : round(c.utilization.cpu, 4),
      storage: bounded(c.need.storage) === null ? null : round(c.utilization.storage, 4),
    },
  });
  const top = json(binding);
  let tables: CapacityPlanTable[] | undefined;
  let said: string[] | undefined;
  return {
    cluster: { nodes: binding.nodes, storage: model.storage },
    get tables() {
      return (tables ??= tableRows());
    },
    nodesNeeded: top.nodesNeeded,
    utilization: top.utilization,
    monthlyCost: {
      currency: prices.currency,
      nodes: nodeCost === null ? null : round(nodeCost, 2),
      storage: storageCost === null ? null : round(storageCost, 2),
      total: nodeCost === null || storageCost === null ? null : round(nodeCost + storageCost, 2),
      prices,
    },
    overLimit,
    storageCovers: storageCoverage(workload),
    clusters: clusterPlans.map(json),
    get assumptions() {
      return (said ??= assumptions(model, workload, prices, clusterPlans));
    },
    model: { ...model, nodes: binding.nodes, cpuTarget: binding.cpuTarget, routing: binding.routing },
    workload,
    clusterPlans,
    binding,
    cpuNodes: binding.load.total,
    load: binding.load,
    sizedBytes,
    recommendedExact: binding.need.recommended,
    cpuState: binding.cpuState,
    storageState: binding.storageState,
    topCost,
  };
}

/** What costs most on the binding cluster: one table's writes, one query, or one table's storage. */
function costliest(
  workload: DesignWorkload,
  writesOf: (i: number, name: string) => number,
  reads: RoutedRead[][],
  binding: ClusterCapacityPlan,
  cap: NodeFigures,
): CostPart | null {
  // The first part of the most nodes wins; only its text is written, and a part is recorded
  // only when it leads (the plan runs once per fix checked: a record per table and query would
  // make this pass cost more than the plan).
  let top: { part: Omit<CostPart, 'text'>; w?: TableWorkload; stored?: number; r?: RoutedRead } | null = null;
  for (let i = 0; i < workload.tables.length; i++) {
    const w = workload.tables[i]!;
    const n = writesOf(i, w.table);
    if (n > 0) {
      const nodes = n / binding.cpuTarget;
      if (top === null || nodes > top.part.nodes) top = { part: { table: w.table, kind: 'writes', nodes }, w };
    }
    const stored = w.storage === 'bounded' ? w.storedBytes! : w.storage === 'unbounded' ? w.storedBytesGrowthPerMonth! * SIZING_MONTHS : 0;
    if (stored > 0) {
      const nodes = stored / (cap.storageBytes * STORAGE_TARGET);
      if (top === null || nodes > top.part.nodes) top = { part: { table: w.table, kind: 'storage', nodes }, w, stored };
    }
  }
  for (const list of reads)
    for (const r of list) {
      if (!(r.clusters === null || binding.id === null || r.clusters.includes(binding.id))) continue;
      const nodes = r.nodes / binding.cpuTarget;
      if (top !== null && !(nodes > top.part.nodes)) continue;
      top = { part: r.query === null ? { table: r.table, kind: 'reads', nodes } : { table: r.table, kind: 'query', query: r.query, nodes }, r };
    }
  if (top === null) return null;
  return { ...top.part, text: costText(top) };
}

/** The text of the costliest part. */
function costText(top: { part: Omit<CostPart, 'text'>; w?: TableWorkload; stored?: number; r?: RoutedRead }): string {
  const { part } = top;
  switch (part.kind) {
    case 'writes':
      return `the writes to ${part.table} (${formatCount(top.w!.writeRowsPerSecond ?? 0)}/s)`;
    case 'storage': {
      const why = top.w!.storage === 'unbounded' ? ': no GC rule deletes' : '';
      return top.stored! > STORED_BYTES_BOUND ? `what ${part.table} keeps${why}` : `the ${storedBytesText(top.stored!)} ${part.table} keeps${why}`;
    }
    case 'reads':
      return `the undeclared reads of ${part.table} (load.readsPerSecond)`;
    case 'query': {
      const r = top.r!;
      const what = r.kind === 'full-scan' ? 'a full table scan' : r.kind === 'point' ? 'point reads' : `a ${r.kind} read`;
      return `query "${part.query}" on ${part.table} (${what})`;
    }
    default: {
      const never: never = part.kind;
      return never;
    }
  }
}

/** Why a cluster would need more than the format's 1,000 nodes. */
function overLimitText(top: CostPart | null): string {
  return top ? `over ${formatCount(MAX_CLUSTER_NODES)} nodes, mostly for ${top.text}` : `over ${formatCount(MAX_CLUSTER_NODES)} nodes`;
}

/** The plan as JSON: exactly the documented shape, without the internal figures. */
export function capacityPlanJson(p: CapacityPlanDetail): CapacityPlan {
  const { cluster, tables, nodesNeeded, utilization, monthlyCost, overLimit, storageCovers, clusters, assumptions } = p;
  return { cluster, tables, nodesNeeded, utilization, monthlyCost, overLimit, storageCovers, clusters, assumptions };
}

const pct = (n: number) => formatPercent(n, 'whole');
const rate = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A busiest scan this much larger than the average one is named in the assumptions. */
const BUSIEST_SCAN_NOTE = 1.1;

/** Scans of a skewed key field: the assumption behind their figures, and the busiest value's scan where it is larger (the plan's assumptions; the studio's Capacity panel). */
export function skewedScans(w: DesignWorkload): string[] {
  const out: string[] = [];
  for (const t of w.tables) {
    for (const q of t.queries) {
      if (!q.skew || q.rowsPerRequest === null || q.busiestRowsPerRequest === null) continue;
      if (!out.length)
        out.push(
          'Scans of a skewed key field (zipf, hot, weights) pick its values as often as writes do: the busy values hold the most rows and are scanned the most.',
        );
      if (q.busiestRowsPerRequest < q.rowsPerRequest * BUSIEST_SCAN_NOTE) continue;
      const of = q.skew.fields.join(', ');
      out.push(
        `${t.table}: query "${q.query}" reads about ${formatCount(q.rowsPerRequest)} rows a run, ${formatCount(q.busiestRowsPerRequest)} when it scans the busiest ${of} (${formatPercent(q.skew.busiestShare)} of writes).`,
      );
    }
  }
  return out;
}

function assumptions(model: ClusterModel, w: DesignWorkload, prices: Prices, clusters: ClusterCapacityPlan[]): string[] {
  const c = model.capacity;
  const out = [
    `Per node (${model.storage.toUpperCase()}, 1 KB rows): ${c.readsPerSecond.toLocaleString('en-US')} reads/s or ${c.writesPerSecond.toLocaleString('en-US')} writes/s or ${Math.round(c.scanBytesPerSecond / 1e6)} MB/s of scans, one budget shared by all three (${SOURCES.performance.title}).`,
    'Rows above 1 KB cost proportionally more; smaller rows cost the same as 1 KB rows.',
    `CPU target ${pct(model.cpuTarget)} of each node (${SOURCES.capacity.title}: ${pct(CPU_TARGET.singleCluster)} for one cluster, ${pct(CPU_TARGET.multiCluster)} with multi-cluster routing).`,
    `Storage per node ${Math.round(c.storageBytes / 1024 ** 4)} TiB, planned at ${pct(STORAGE_TARGET)} of it (${SOURCES.quotas.title}).`,
    "Writes: CPU is sized at each table's peak (load.writesPerSecond); rows, storage and growth at its average (load.averageWritesPerSecond, the peak where none is given).",
    'Storage is what GC rules delete, not the declared retention; bytes are uncompressed (Bigtable bills compressed bytes, so real bills are usually lower).',
    `Tables whose GC never deletes are sized at ${SIZING_MONTHS} months of growth.`,
    `Cost of the recommended nodes for ${MONTH_HOURS} hours a month at ${prices.currency} ${prices.nodeHour}/node-hour, ${prices.ssdGbMonth}/GiB-month SSD, ${prices.hddGbMonth}/GiB-month HDD (${prices.source}, as of ${prices.asOf}); no backups, egress or discounts.`,
  ];
  if (clusters.length > 1)
    out.push(
      "Every cluster takes every write and holds a full copy; each takes the reads its app profiles route to it, and a multi-cluster profile's reads are sized on each of its clusters (what one must absorb on failover).",
    );
  if (clusters.some((c) => c.autoscaling))
    out.push(
      'An autoscaled cluster is planned at its maxNodes, the most the autoscaler can reach, and sized at the lower of its own CPU target and the recommended one; "settles at" is where the autoscaler holds the declared peak.',
    );
  if (clusters.some((c) => c.declared === 'none'))
    out.push("The design declares no cluster: Bigtable's default of 3 nodes is assumed where a count is needed.");
  out.push(...skewedScans(w));
  if (model.overridden.length) out.push(`The design overrides ${model.overridden.join(', ')} (cluster.nodeCapacity).`);
  for (const t of w.tables) {
    if (t.writeRowsPerSecond === null || t.averageWriteRowsPerSecond === null || t.averageWriteRowsPerSecond === t.writeRowsPerSecond) continue;
    out.push(
      `${t.table}: CPU at the peak ${rate(t.writeRowsPerSecond)} writes/s, storage and growth at the average ${rate(t.averageWriteRowsPerSecond)} writes/s.`,
    );
  }
  for (const u of w.unknown) out.push(`${u.table}: ${u.reason}.`);
  return out;
}
