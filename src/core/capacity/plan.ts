// The capacity and cost plan: what the design's load needs of its cluster, read by the
// cluster-capacity, storage-capacity and hdd-reads rules, `btstudio plan`, and the studio's
// Capacity and Estimates panels (one model: none of them does its own arithmetic).
//
// API:
// - `tableLoad(w, capacity)`: a table's load in nodes at 100% CPU (writes, reads, scans).
// - `skewedScans(workload)`: the lines the plan's assumptions give for scans of skewed fields.
// - `capacityPlan(design, analysis, options)`: the plan of docs/cli.md (`btstudio plan
//   --format json`): cluster, tables, nodesNeeded, utilization, monthlyCost, assumptions.
//   `options.storage` plans the same design on the other storage type (SSD vs HDD side by side);
//   `options.prices` replaces the list prices.
import type { Design } from '../model/schema';
import type { DesignAnalysis } from '../rules/analysis';
import { clusterOf, CPU_TARGET, NODE_FIGURES, rowCost, SOURCES, STORAGE_TARGET, GiB, type ClusterModel, type NodeFigures, type StorageType } from './figures';
import { formatCount } from '../units';
import { percent } from '../rules/support/keyshape';
import { designWorkload, MONTH_HOURS, type DesignWorkload, type TableWorkload } from './workload';

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

export function tableLoad(w: TableWorkload, cap: NodeFigures): NodeLoad {
  const writes = ((w.writeRowsPerSecond ?? 0) * rowCost(w.bytesPerWrite)) / cap.writesPerSecond;
  // A scan request costs one seek (a read) plus its bytes at the scan rate.
  const reads = (w.pointReadsPerSecond * rowCost(w.readBytes) + w.scansPerSecond) / cap.readsPerSecond;
  const scans = (w.scanBytesPerSecond ?? 0) / cap.scanBytesPerSecond;
  return { writes, reads, scans, total: writes + reads + scans };
}

export interface PlanTable {
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
  /** Nodes this table's load takes at 100% CPU. */
  cpuNodes: number;
}

export interface CapacityPlan {
  cluster: { nodes: number; storage: StorageType };
  tables: PlanTable[];
  nodesNeeded: { cpu: number; storage: number; recommended: number };
  utilization: { cpu: number; storage: number };
  monthlyCost: { currency: string; nodes: number; storage: number; total: number; prices: Prices };
  assumptions: string[];
}

/** Internal figures the rules read besides the JSON plan. */
export interface PlanDetail extends CapacityPlan {
  model: ClusterModel;
  workload: DesignWorkload;
  /** Nodes the whole load takes at 100% CPU, and its parts. */
  cpuNodes: number;
  load: NodeLoad;
  /** Bytes the plan sizes storage for (bounded tables, plus SIZING_MONTHS of growth). */
  sizedBytes: number;
  /** The declared cluster against the load: within target, above the target, over 100%. */
  cpuState: PlanState;
  storageState: PlanState;
}

export type PlanState = 'ok' | 'target' | 'over';

/** Within `target` of `capacity`, above it, or above the capacity (a relative tolerance for float noise). */
function stateOf(need: number, capacity: number, target: number): PlanState {
  const eps = 1e-9 * Math.max(1, capacity);
  return need > capacity + eps ? 'over' : need > capacity * target + eps ? 'target' : 'ok';
}

export interface PlanOptions {
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

const memo = new WeakMap<DesignAnalysis, { design: Design; plan: PlanDetail }>();

export function capacityPlan(design: Design, analysis: DesignAnalysis, options: PlanOptions = {}): PlanDetail {
  // Three rules read the plan on every keystroke: compute the default plan once per lint.
  const plain = options.storage === undefined && options.prices === undefined;
  const hit = plain ? memo.get(analysis) : undefined;
  if (hit && hit.design === design) return hit.plan;
  const plan = computePlan(design, analysis, options);
  if (plain) memo.set(analysis, { design, plan });
  return plan;
}

function computePlan(design: Design, analysis: DesignAnalysis, options: PlanOptions): PlanDetail {
  const model = clusterFor(design, options.storage);
  const workload = designWorkload(analysis);
  const cap = model.capacity;
  let cpuNodes = 0;
  let sizedBytes = 0;
  const sum: NodeLoad = { writes: 0, reads: 0, scans: 0, total: 0 };
  const tables: PlanTable[] = workload.tables.map((w) => {
    const load = tableLoad(w, cap);
    // Every cluster takes every write; reads go to the one cluster the app profile names.
    cpuNodes += load.total;
    sum.writes += load.writes;
    sum.reads += load.reads;
    sum.scans += load.scans;
    sum.total += load.total;
    sizedBytes += w.storage === 'bounded' ? w.storedBytes! : w.storage === 'unbounded' ? w.storedBytesGrowthPerMonth! * SIZING_MONTHS : 0;
    return {
      table: w.table,
      writeRowsPerSecond: w.writeRowsPerSecond,
      averageWriteRowsPerSecond: w.averageWriteRowsPerSecond,
      readRowsPerSecond: w.readRowsPerSecond === null ? null : round(w.readRowsPerSecond, 1),
      scanBytesPerSecond: w.scanBytesPerSecond === null ? null : round(w.scanBytesPerSecond),
      storedBytes: w.storedBytes === null ? null : round(w.storedBytes),
      storedBytesGrowthPerMonth: w.storedBytesGrowthPerMonth === null ? null : round(w.storedBytesGrowthPerMonth),
      storage: w.storage,
      cpuNodes: round(load.total, 3),
    };
  });
  const cpu = Math.max(1, Math.ceil(cpuNodes / model.cpuTarget - 1e-9));
  const storageNodes = Math.max(1, Math.ceil(sizedBytes / (cap.storageBytes * STORAGE_TARGET) - 1e-9));
  const recommended = Math.max(cpu, storageNodes);
  const prices: Prices = { ...DEFAULT_PRICES, ...options.prices };
  const perGb = model.storage === 'ssd' ? prices.ssdGbMonth : prices.hddGbMonth;
  const nodeCost = recommended * model.clusters * prices.nodeHour * MONTH_HOURS;
  const storageCost = (sizedBytes / GiB) * perGb * model.clusters;
  return {
    cluster: { nodes: model.nodes, storage: model.storage },
    tables,
    nodesNeeded: { cpu, storage: storageNodes, recommended },
    utilization: { cpu: round(cpuNodes / model.nodes, 4), storage: round(sizedBytes / (model.nodes * cap.storageBytes), 4) },
    monthlyCost: { currency: prices.currency, nodes: round(nodeCost, 2), storage: round(storageCost, 2), total: round(nodeCost + storageCost, 2), prices },
    assumptions: assumptions(model, workload, prices),
    model,
    workload,
    cpuNodes,
    load: sum,
    sizedBytes,
    cpuState: stateOf(cpuNodes, model.nodes, model.cpuTarget),
    storageState: stateOf(sizedBytes, model.nodes * cap.storageBytes, STORAGE_TARGET),
  };
}

/** The plan as JSON: exactly the documented shape, without the internal figures. */
export function planJson(p: PlanDetail): CapacityPlan {
  const { cluster, tables, nodesNeeded, utilization, monthlyCost, assumptions } = p;
  return { cluster, tables, nodesNeeded, utilization, monthlyCost, assumptions };
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const rate = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A busiest scan this much larger than the average one is named in the assumptions. */
const BUSIEST_SCAN_NOTE = 1.1;

/** Scans of a skewed key field: the assumption behind their figures, and the busiest value's scan where it is larger (the plan's assumptions; the studio's Capacity panel). */
export function skewedScans(w: DesignWorkload): string[] {
  const out: string[] = [];
  for (const t of w.tables) {
    for (const q of t.queries) {
      if (!q.skew || q.rowsPerRequest === null || q.busiestRowsPerRequest === null) continue;
      if (!out.length) out.push('Scans of a skewed key field (zipf, hot, weights) pick its values as often as writes do: the busy values hold the most rows and are scanned the most.');
      if (q.busiestRowsPerRequest < q.rowsPerRequest * BUSIEST_SCAN_NOTE) continue;
      const of = q.skew.fields.join(', ');
      out.push(`${t.table}: query "${q.query}" reads about ${formatCount(q.rowsPerRequest)} rows a run, ${formatCount(q.busiestRowsPerRequest)} when it scans the busiest ${of} (${percent(q.skew.busiestShare)} of writes).`);
    }
  }
  return out;
}

function assumptions(model: ClusterModel, w: DesignWorkload, prices: Prices): string[] {
  const c = model.capacity;
  const out = [
    `Per node (${model.storage.toUpperCase()}, 1 KB rows): ${c.readsPerSecond.toLocaleString('en-US')} reads/s or ${c.writesPerSecond.toLocaleString('en-US')} writes/s or ${Math.round(c.scanBytesPerSecond / 1e6)} MB/s of scans, one budget shared by all three (${SOURCES.performance.title}).`,
    'Rows above 1 KB cost proportionally more; smaller rows cost the same as 1 KB rows.',
    `CPU target ${pct(model.cpuTarget)} of each node (${SOURCES.capacity.title}: ${pct(CPU_TARGET.singleCluster)} for one cluster, ${pct(CPU_TARGET.multiCluster)} with multi-cluster routing).`,
    `Storage per node ${Math.round(c.storageBytes / 1024 ** 4)} TiB, planned at ${pct(STORAGE_TARGET)} of it (${SOURCES.quotas.title}).`,
    'Writes: CPU is sized at each table\'s peak (load.writesPerSecond); rows, storage and growth at its average (load.averageWritesPerSecond, the peak where none is given).',
    'Storage is what GC rules delete, not the declared retention; bytes are uncompressed (Bigtable bills compressed bytes, so real bills are usually lower).',
    `Tables whose GC never deletes are sized at ${SIZING_MONTHS} months of growth.`,
    `Cost of the recommended nodes for ${MONTH_HOURS} hours a month at ${prices.currency} ${prices.nodeHour}/node-hour, ${prices.ssdGbMonth}/GiB-month SSD, ${prices.hddGbMonth}/GiB-month HDD (${prices.source}, as of ${prices.asOf}); no backups, egress or discounts.`,
  ];
  out.push(...skewedScans(w));
  if (model.overridden.length) out.push(`The design overrides ${model.overridden.join(', ')} (cluster.nodeCapacity).`);
  for (const t of w.tables) {
    if (t.writeRowsPerSecond === null || t.averageWriteRowsPerSecond === null || t.averageWriteRowsPerSecond === t.writeRowsPerSecond) continue;
    out.push(`${t.table}: CPU at the peak ${rate(t.writeRowsPerSecond)} writes/s, storage and growth at the average ${rate(t.averageWriteRowsPerSecond)} writes/s.`);
  }
  for (const u of w.unknown) out.push(`${u.table}: ${u.reason}.`);
  return out;
}
