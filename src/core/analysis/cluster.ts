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
import type { Design } from '../model/schema';
import { instanceOf, profileOfLoad, profileOfQuery } from '../model/instance';

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

/** One of Google's Bigtable pages: its title and its address below cloud.google.com/bigtable/. */
const page = (title: string, path: string) => ({ title, url: `https://cloud.google.com/bigtable/${path}` });

/** Google's pages behind the figures, by title (messages cite titles; docs link the URLs). */
export const SOURCES = {
  performance: page('Understand performance', 'docs/performance'),
  capacity: page('Plan your capacity', 'docs/performance#planning-your-capacity'),
  monitoring: page('Monitor an instance', 'docs/monitoring-instance'),
  quotas: page('Quotas and limits', 'quotas'),
  autoscaling: page('Autoscaling', 'docs/autoscaling'),
  pricing: page('Bigtable pricing', 'pricing'),
} as const;

/**
 * What was read on Google's pages, and when (docs/capacity.md, "The figures and their sources").
 * `confirmed: false`: the figure could not be read on the page; it stays overridable.
 */
export const CHECKED = {
  date: '2026-12-01',
  figures: [
    { figure: 'reads, writes and scans per node (SSD, HDD)', page: SOURCES.performance.title, confirmed: true },
    { figure: "the autoscaler's storage targets per node (SSD 2,560-5,120 GiB, HDD 8,192-16,384 GiB)", page: 'AutoscalingTargets', confirmed: true },
    { figure: 'storage billed in GiB of compressed, physical storage', page: SOURCES.pricing.title, confirmed: true },
    { figure: 'storage per node, 5 TB SSD and 16 TB HDD', page: SOURCES.quotas.title, confirmed: false },
    { figure: 'CPU targets, 70% one cluster and 35% multi-cluster routing', page: SOURCES.capacity.title, confirmed: false },
    { figure: 'list prices (node-hour, SSD and HDD GiB-month)', page: SOURCES.pricing.title, confirmed: false },
  ],
} as const;

export interface ClusterModel {
  /**
   * Nodes of the cluster that must hold the load: with replication every cluster takes every
   * write, so the smallest; an autoscaled cluster counts at its maxNodes (what it can reach).
   */
  nodes: number;
  storage: StorageType;
  /** Clusters in the instance; every cluster takes every write (and bills nodes and storage). */
  clusters: number;
  /**
   * How reads are routed: one cluster, or any cluster (multi-cluster routing) when any traffic
   * goes through a multi-cluster profile of a replicated instance. Reads are sized as if one
   * cluster took them all (what it must absorb on failover), at the routing's CPU target.
   */
  routing: 'single-cluster' | 'multi-cluster';
  /** Per-node figures after the design's overrides. */
  capacity: NodeFigures;
  /** Recommended average CPU utilization, 0-1. */
  cpuTarget: number;
  /** Which figures the design overrides (for the plan's assumptions). */
  overridden: (keyof NodeFigures | 'cpuTarget')[];
}

const clusterCache = new WeakMap<Design, ClusterModel>();

/** Whether any load or query of the design goes through a multi-cluster profile. */
function multiClusterTraffic(design: Design): boolean {
  const inst = instanceOf(design);
  if (inst.clusters.length < 2) return false;
  if (!design.tables.length) return inst.defaultProfile.routing === 'multi';
  return design.tables.some((t) => profileOfLoad(inst, t).routing === 'multi' || (t.queries ?? []).some((q) => profileOfQuery(inst, t, q).routing === 'multi'));
}

/** The cluster the design runs on, with its per-node capacity. Memoised per design object. */
export function clusterOf(design: Design): ClusterModel {
  const hit = clusterCache.get(design);
  if (hit) return hit;
  const inst = instanceOf(design);
  const storage: StorageType = inst.storage;
  const o = design.cluster?.nodeCapacity ?? {};
  const base = NODE_FIGURES[storage];
  const overridden = (['readsPerSecond', 'writesPerSecond', 'scanBytesPerSecond', 'storageBytes', 'cpuTarget'] as const).filter((k) => o[k] !== undefined);
  const multi = multiClusterTraffic(design);
  const model: ClusterModel = {
    nodes: Math.min(...inst.clusters.map((c) => c.autoscaling?.maxNodes ?? c.nodes)),
    storage,
    clusters: inst.clusters.length,
    routing: multi ? 'multi-cluster' : 'single-cluster',
    capacity: {
      readsPerSecond: o.readsPerSecond ?? base.readsPerSecond,
      writesPerSecond: o.writesPerSecond ?? base.writesPerSecond,
      scanBytesPerSecond: o.scanBytesPerSecond ?? base.scanBytesPerSecond,
      storageBytes: o.storageBytes ?? base.storageBytes,
    },
    cpuTarget: o.cpuTarget ?? (multi ? CPU_TARGET.multiCluster : CPU_TARGET.singleCluster),
    overridden,
  };
  clusterCache.set(design, model);
  return model;
}

/** 1 KB-row operations one operation on a row of `bytes` costs: never below 1. */
export function rowCost(bytes: number): number {
  return Number.isFinite(bytes) && bytes > FIGURE_ROW_BYTES ? bytes / FIGURE_ROW_BYTES : 1;
}
