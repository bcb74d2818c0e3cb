// The instance a design describes, with every default filled in: one place that says what
// `cluster:` (the one-cluster shorthand) and `instance:` mean, so capacity, rules and exports
// read the same clusters and the same routing. Pure; never throws on a design that loaded.
import { DEFAULT_NODES, type AppProfile, type Autoscaling, type Design, type Query, type Table } from './schema';

export type Storage = 'ssd' | 'hdd';

export interface ClusterOf {
  /** null for the `cluster:` shorthand or an instance without ids (exports name it). */
  id: string | null;
  zone: string | null;
  /** Fixed nodes; with autoscaling, the minimum (what the cluster has at least). */
  nodes: number;
  /**
   * The nodes the design is planned at: the fixed count, or an autoscaled cluster's maxNodes
   * (the most the autoscaler can reach under the peak). Capacity, per-node figures, salts and
   * the simulator all read this one count (docs/capacity.md, "Autoscaled clusters").
   */
  planNodes: number;
  autoscaling: Autoscaling | null;
}

export interface RoutingOf {
  /** null: the implicit default profile of an instance that declares none. */
  id: string | null;
  routing: 'single' | 'multi';
  /** The clusters requests may go to (single routing: exactly one). */
  clusters: string[];
  allowTransactionalWrites: boolean;
}

export interface InstanceOf {
  id: string | null;
  storage: Storage;
  production: boolean;
  clusters: ClusterOf[];
  /** Declared profiles; empty when the design declares none. */
  appProfiles: RoutingOf[];
  /** What traffic that names no profile uses. */
  defaultProfile: RoutingOf;
  /** Where the one-cluster shorthand or the instance was written, for findings. */
  source: 'none' | 'cluster' | 'instance';
}

/** Google's default autoscaling storage targets, GiB per node (AutoscalingTargets). */
export const DEFAULT_STORAGE_TARGET: Record<Storage, number> = { ssd: 2560, hdd: 8192 };
/** The allowed autoscaling storage targets, GiB per node (AutoscalingTargets). */
export const STORAGE_TARGET_RANGE: Record<Storage, [number, number]> = { ssd: [2560, 5120], hdd: [8192, 16384] };
/** CPU utilisation targets the autoscaler accepts, percent (AutoscalingTargets). */
export const CPU_TARGET_RANGE: [number, number] = [10, 80];

function routingOf(p: AppProfile, clusterIds: string[]): RoutingOf {
  if (p.routing === 'single') {
    return {
      id: p.id,
      routing: 'single',
      clusters: p.cluster ? [p.cluster] : clusterIds.slice(0, 1),
      allowTransactionalWrites: p.allowTransactionalWrites ?? false,
    };
  }
  return { id: p.id, routing: 'multi', clusters: p.clusters ?? clusterIds, allowTransactionalWrites: false };
}

export function instanceOf(design: Design): InstanceOf {
  const inst = design.instance;
  if (!inst) {
    const c = design.cluster;
    const nodes = c?.nodes ?? DEFAULT_NODES;
    const clusters: ClusterOf[] = [{ id: null, zone: null, nodes, planNodes: nodes, autoscaling: null }];
    // Bigtable's default profile of a one-cluster instance routes to that cluster and allows transactions.
    const defaultProfile: RoutingOf = { id: null, routing: 'single', clusters: [], allowTransactionalWrites: true };
    return { id: null, storage: c?.storage ?? 'ssd', production: false, clusters, appProfiles: [], defaultProfile, source: c ? 'cluster' : 'none' };
  }
  const specs = inst.clusters ?? [];
  const clusters: ClusterOf[] = specs.length
    ? specs.map((c) => ({
        id: c.id,
        zone: c.zone,
        nodes: c.autoscaling ? c.autoscaling.minNodes : (c.nodes ?? DEFAULT_NODES),
        planNodes: c.autoscaling ? c.autoscaling.maxNodes : (c.nodes ?? DEFAULT_NODES),
        autoscaling: c.autoscaling ?? null,
      }))
    : [{ id: null, zone: null, nodes: DEFAULT_NODES, planNodes: DEFAULT_NODES, autoscaling: null }];
  const ids = specs.map((c) => c.id);
  const appProfiles = (inst.appProfiles ?? []).map((p) => routingOf(p, ids));
  const named = inst.defaultAppProfile ? appProfiles.find((p) => p.id === inst.defaultAppProfile) : undefined;
  // With no profile declared, a one-cluster instance behaves as Bigtable's default profile does
  // (single-cluster, transactional); a replicated one is assumed to route to any cluster.
  const implicit: RoutingOf =
    clusters.length > 1
      ? { id: null, routing: 'multi', clusters: ids, allowTransactionalWrites: false }
      : { id: null, routing: 'single', clusters: ids, allowTransactionalWrites: true };
  return {
    id: inst.id ?? null,
    storage: inst.storage ?? 'ssd',
    production: inst.environment === 'production',
    clusters,
    appProfiles,
    defaultProfile: named ?? appProfiles[0] ?? implicit,
    source: 'instance',
  };
}

/** The profile a query of a table goes through: its own, else the table load's, else the default. */
export function profileOfQuery(inst: InstanceOf, table: Table, q: Query): RoutingOf {
  const id = q.appProfile ?? table.load?.appProfile;
  return (id !== undefined ? inst.appProfiles.find((p) => p.id === id) : undefined) ?? inst.defaultProfile;
}

/** The profile a table's write load goes through. */
export function profileOfLoad(inst: InstanceOf, table: Table): RoutingOf {
  const id = table.load?.appProfile;
  return (id !== undefined ? inst.appProfiles.find((p) => p.id === id) : undefined) ?? inst.defaultProfile;
}

export const DAY_MS = 86_400_000;
/** Google's limits for the table settings (ChangeStreamConfig, AutomatedBackupPolicy, TieredStorageRule). */
export const CHANGE_STREAM_DAYS: [number, number] = [1, 7];
export const BACKUP_RETENTION_DAYS: [number, number] = [3, 90];
export const TIERING_MIN_DAYS = 30;

/** Where findings about the node count point: `cluster.nodes`, or the instance's clusters. */
export function nodesPath(design: Design): (string | number)[] {
  return design.instance ? ['instance', 'clusters'] : ['cluster', 'nodes'];
}

/**
 * The design with every cluster able to run `n` nodes: `cluster.nodes`, or each instance
 * cluster's fixed `nodes` / autoscaling `maxNodes` raised to n (minNodes raised too when n would
 * exceed 10 times it, the autoscaler's bound). Never lowers a count.
 */
export function withNodes(design: Design, n: number): Design {
  if (!design.instance) return { ...design, cluster: { ...design.cluster, nodes: Math.max(n, design.cluster?.nodes ?? 0) } };
  const specs = design.instance.clusters;
  if (!specs?.length) return design;
  const clusters = specs.map((c) => {
    if (!c.autoscaling) return { ...c, nodes: Math.max(n, c.nodes ?? DEFAULT_NODES) };
    const maxNodes = Math.max(n, c.autoscaling.maxNodes);
    return { ...c, autoscaling: { ...c.autoscaling, maxNodes, minNodes: Math.max(c.autoscaling.minNodes, Math.ceil(maxNodes / 10)) } };
  });
  return { ...design, instance: { ...design.instance, clusters } };
}

/**
 * The design with cluster `ci` able to run `n` nodes (the `cluster:` shorthand when the design has
 * no instance clusters): a fixed count set to n, an autoscaled cluster's maxNodes set to n (and
 * minNodes raised when n would exceed 10 times it, the autoscaler's bound). Never lowers a count.
 */
export function withClusterNodes(design: Design, ci: number, n: number): Design {
  const specs = design.instance?.clusters;
  if (!design.instance || !specs?.length) return { ...design, cluster: { ...design.cluster, nodes: Math.max(n, design.cluster?.nodes ?? 0) } };
  const clusters = specs.map((c, i) => {
    if (i !== ci) return c;
    if (!c.autoscaling) return { ...c, nodes: Math.max(n, c.nodes ?? DEFAULT_NODES) };
    const maxNodes = Math.max(n, c.autoscaling.maxNodes);
    return { ...c, autoscaling: { ...c.autoscaling, maxNodes, minNodes: Math.max(c.autoscaling.minNodes, Math.ceil(maxNodes / 10)) } };
  });
  return { ...design, instance: { ...design.instance, clusters } };
}

/** The design with storage type `s`, wherever the design states it. */
export function withStorage(design: Design, s: Storage): Design {
  if (design.instance) return { ...design, instance: { ...design.instance, storage: s } };
  return { ...design, cluster: { ...design.cluster, storage: s } };
}
