// What one Bigtable node can serve and hold, and the cluster a design runs on.
//
// API (read by the rules, the plan, the simulator and the studio; keep it small):
// - `NODE_FIGURES[storage]`: Google's published per-node figures (docs/capacity.md cites each).
// - `CPU_TARGET`: Google's recommended average CPU utilization of a cluster.
// - `clusterOf(design)`: THE way to read the cluster: nodes, storage type, the per-node
//   capacity after the design's `cluster.nodeCapacity` overrides, and the CPU target. Branches
//   that add instances with several clusters, autoscaling and app profiles extend this function
//   (every cluster takes every write; reads go where the profile sends them; with multi-cluster
//   routing the lower CPU target applies), so nothing else may read `design.cluster`.
// - `rowCost(bytes)`: how many 1 KB-row operations one operation on a row of `bytes` costs.
//
// One budget per node is shared by reads, writes and scans ("Understand performance": a node
// serves up to 17,000 reads/s OR 14,000 writes/s OR 220 MB/s of scans): a node doing 7,000
// writes/s on SSD has half its read capacity left. The figures assume 1 KB rows; larger rows
// cost proportionally more (scaled down by bytes), smaller rows never cost less, since nothing
// Google publishes supports more operations for small rows.
import { DEFAULT_NODES, type Design } from '../model/schema';

export type StorageType = 'ssd' | 'hdd';

export interface NodeFigures {
  /** Point reads of 1 KB rows per second, when the node does nothing else. */
  readsPerSecond: number;
  /** Writes of 1 KB rows per second, when the node does nothing else. */
  writesPerSecond: number;
  /** Bytes of scans per second, when the node does nothing else. */
  scanBytesPerSecond: number;
  /** Bytes one node can hold (the hard limit). */
  storageBytes: number;
}

const MB = 1_000_000;
export const GiB = 1024 ** 3;
export const TiB = 1024 ** 4;

/** "Understand performance" (throughput) and "Quotas and limits" (storage per node). */
export const NODE_FIGURES: Readonly<Record<StorageType, Readonly<NodeFigures>>> = {
  ssd: { readsPerSecond: 17_000, writesPerSecond: 14_000, scanBytesPerSecond: 220 * MB, storageBytes: 5 * TiB },
  hdd: { readsPerSecond: 500, writesPerSecond: 10_000, scanBytesPerSecond: 180 * MB, storageBytes: 16 * TiB },
};

/** The row size the throughput figures assume. */
export const FIGURE_ROW_BYTES = 1024;

/**
 * Recommended maximum average CPU utilization ("Plan your capacity" / "Monitor an instance"):
 * 70% for an instance with one cluster (or single-cluster routing); 35% with multi-cluster
 * routing, where each cluster must be able to absorb the other's traffic on failover.
 */
export const CPU_TARGET = { singleCluster: 0.7, multiCluster: 0.35 } as const;

/**
 * Storage per node above which Google recommends adding nodes (70% of the limit, "Quotas and
 * limits" > storage per node), and the autoscaler's storage-utilization targets per node
 * (`AutoscalingTargets.storage_utilization_gib_per_node`: SSD 2,560-5,120 GiB, HDD 8,192-16,384 GiB).
 */
export const STORAGE_TARGET = 0.7;
export const AUTOSCALING_STORAGE_GIB: Readonly<Record<StorageType, { min: number; max: number }>> = {
  ssd: { min: 2560, max: 5120 },
  hdd: { min: 8192, max: 16384 },
};

/** Google's pages behind the figures, by title (messages cite titles; docs link the URLs). */
export const SOURCES = {
  performance: { title: 'Understand performance', url: 'https://cloud.google.com/bigtable/docs/performance' },
  capacity: { title: 'Plan your capacity', url: 'https://cloud.google.com/bigtable/docs/performance#planning-your-capacity' },
  monitoring: { title: 'Monitor an instance', url: 'https://cloud.google.com/bigtable/docs/monitoring-instance' },
  quotas: { title: 'Quotas and limits', url: 'https://cloud.google.com/bigtable/quotas' },
  autoscaling: { title: 'Autoscaling', url: 'https://cloud.google.com/bigtable/docs/autoscaling' },
  pricing: { title: 'Bigtable pricing', url: 'https://cloud.google.com/bigtable/pricing' },
} as const;

export interface ClusterModel {
  nodes: number;
  storage: StorageType;
  /** Clusters in the instance; every cluster takes every write. 1 until instances land. */
  clusters: number;
  /** How reads are routed: one cluster, or any cluster (multi-cluster routing). */
  routing: 'single-cluster' | 'multi-cluster';
  /** Per-node figures after the design's overrides. */
  capacity: NodeFigures;
  /** Recommended average CPU utilization, 0-1. */
  cpuTarget: number;
  /** Which figures the design overrides (for the plan's assumptions). */
  overridden: (keyof NodeFigures | 'cpuTarget')[];
}

const clusterCache = new WeakMap<Design, ClusterModel>();

/** The cluster the design runs on, with its per-node capacity. Memoised per design object. */
export function clusterOf(design: Design): ClusterModel {
  const hit = clusterCache.get(design);
  if (hit) return hit;
  const storage: StorageType = design.cluster?.storage ?? 'ssd';
  const o = design.cluster?.nodeCapacity ?? {};
  const base = NODE_FIGURES[storage];
  const overridden = (['readsPerSecond', 'writesPerSecond', 'scanBytesPerSecond', 'storageBytes', 'cpuTarget'] as const).filter((k) => o[k] !== undefined);
  const model: ClusterModel = {
    nodes: design.cluster?.nodes ?? DEFAULT_NODES,
    storage,
    clusters: 1,
    routing: 'single-cluster',
    capacity: {
      readsPerSecond: o.readsPerSecond ?? base.readsPerSecond,
      writesPerSecond: o.writesPerSecond ?? base.writesPerSecond,
      scanBytesPerSecond: o.scanBytesPerSecond ?? base.scanBytesPerSecond,
      storageBytes: o.storageBytes ?? base.storageBytes,
    },
    cpuTarget: o.cpuTarget ?? CPU_TARGET.singleCluster,
    overridden,
  };
  clusterCache.set(design, model);
  return model;
}

/** 1 KB-row operations one operation on a row of `bytes` costs: never below 1. */
export function rowCost(bytes: number): number {
  return Number.isFinite(bytes) && bytes > FIGURE_ROW_BYTES ? bytes / FIGURE_ROW_BYTES : 1;
}
