// Pure edits of the instance block (clusters, app profiles), used by the instance form. A rename
// follows every reference, so renaming a cluster or a profile never leaves a dangling name.
import type { AppProfile, ClusterSpec, Design, Instance } from '../../core/model/schema';
import { replaceAt, setOpt } from './ops';

export const DEFAULT_ZONE = 'us-central1-a';

/** A recipe that changes the instance (never called on a design without one). */
export const onInstance =
  (fn: (i: Instance) => Instance) =>
  (d: Design): Design =>
    d.instance ? { ...d, instance: fn(d.instance) } : d;

/** `cluster:` (the one-cluster shorthand) turned into an instance with that cluster; nodeCapacity stays. */
export function toInstance(d: Design): Design {
  const c = d.cluster;
  const cluster: ClusterSpec = { id: `${slug(d.name)}-c1`, zone: DEFAULT_ZONE, nodes: c?.nodes ?? 3 };
  const instance: Instance = { ...(c?.storage ? { storage: c.storage } : {}), clusters: [cluster] };
  const rest = c?.nodeCapacity ? { nodeCapacity: c.nodeCapacity } : undefined;
  return setOpt({ ...d, instance }, 'cluster', rest);
}

/** A valid cluster-id stem from a design name: lower-case letters, digits and -, 4-26 characters. */
function slug(name: string): string {
  let s = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 26)
    .replace(/-+$/, '');
  if (s.length < 4) s = `bt-${s || 'main'}`.slice(0, 26);
  return s;
}

export function freshId(stem: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`${stem}${n}`)) return `${stem}${n}`;
}

/** A new cluster in a zone no cluster uses yet (b, c, ... of the first cluster's region). */
export function addCluster(inst: Instance): Instance {
  const clusters = inst.clusters ?? [];
  const first = clusters[0];
  const stem = first ? first.id.replace(/[0-9]+$/, '').replace(/-?$/, '') : 'cluster';
  const id = freshId(
    stem.length >= 5 ? stem : 'cluster',
    clusters.map((c) => c.id),
  );
  const region = first?.zone.replace(/-[a-z]$/, '') ?? 'us-central1';
  const zones = new Set(clusters.map((c) => c.zone));
  const zone =
    'abcdefghij'
      .split('')
      .map((z) => `${region}-${z}`)
      .find((z) => !zones.has(z)) ?? `${region}-z`;
  return { ...inst, clusters: [...clusters, { id, zone, nodes: first?.nodes ?? 3 }] };
}

/** Removes cluster i and every profile's reference to it (a profile left with none routes to any). */
export function removeCluster(inst: Instance, i: number): Instance {
  const gone = inst.clusters?.[i]?.id;
  const clusters = (inst.clusters ?? []).filter((_, j) => j !== i);
  const appProfiles = inst.appProfiles?.map((p) => {
    if (p.cluster === gone) return setOpt(p, 'cluster', clusters[0]?.id);
    if (p.clusters?.includes(gone ?? '')) {
      const left = p.clusters.filter((c) => c !== gone);
      return setOpt(p, 'clusters', left.length ? left : undefined);
    }
    return p;
  });
  return setOpt(setOpt(inst, 'clusters', clusters.length ? clusters : undefined), 'appProfiles', appProfiles);
}

export function renameCluster(inst: Instance, i: number, to: string): Instance {
  const from = inst.clusters?.[i]?.id;
  const clusters = replaceAt(inst.clusters ?? [], i, (c) => ({ ...c, id: to }));
  const appProfiles = inst.appProfiles?.map((p) => {
    if (p.cluster === from) return { ...p, cluster: to };
    if (p.clusters?.includes(from ?? '')) return { ...p, clusters: p.clusters.map((c) => (c === from ? to : c)) };
    return p;
  });
  return setOpt({ ...inst, clusters }, 'appProfiles', appProfiles);
}

/** Fixed nodes or autoscaling for cluster i (autoscaling starts at the fixed count). */
export function setScaling(c: ClusterSpec, mode: 'fixed' | 'autoscaling'): ClusterSpec {
  if (mode === 'fixed') return c.autoscaling ? setOpt({ ...c, nodes: c.autoscaling.minNodes }, 'autoscaling', undefined) : c;
  if (c.autoscaling) return c;
  const n = c.nodes ?? 3;
  return setOpt({ ...c, autoscaling: { minNodes: n, maxNodes: Math.min(1000, n * 3), cpuTarget: 60 } }, 'nodes', undefined);
}

export function addProfile(inst: Instance): Instance {
  const profiles = inst.appProfiles ?? [];
  const clusters = inst.clusters ?? [];
  const id = freshId(
    'profile',
    profiles.map((p) => p.id),
  );
  const p: AppProfile = clusters.length > 1 ? { id, routing: 'multi' } : { id, routing: 'single', ...(clusters[0] ? { cluster: clusters[0].id } : {}) };
  return { ...inst, appProfiles: [...profiles, p] };
}

/** Profile routing: single keeps (or picks) one cluster, multi keeps none (any cluster); multi drops what only single may have. */
export function setRouting(p: AppProfile, routing: 'single' | 'multi', clusterIds: readonly string[]): AppProfile {
  if (routing === p.routing) return p;
  if (routing === 'single') {
    const cluster = p.clusters?.[0] ?? clusterIds[0];
    return setOpt(setOpt({ ...p, routing }, 'clusters', undefined), 'cluster', cluster);
  }
  return setOpt(setOpt(setOpt({ ...p, routing }, 'cluster', undefined), 'allowTransactionalWrites', undefined), 'dataBoost', undefined);
}

export type Isolation = 'standard' | 'dataBoost';

export function setIsolation(p: AppProfile, isolation: Isolation): AppProfile {
  if (isolation === 'standard') return setOpt(p, 'dataBoost', undefined);
  return setOpt(setOpt({ ...p, dataBoost: { computeBillingOwner: 'HOST_PAYS' } }, 'priority', undefined), 'allowTransactionalWrites', undefined);
}

/** Renames profile i and every reference to it: the default, each table's load and queries. */
export function renameProfile(d: Design, i: number, to: string): Design {
  const inst = d.instance;
  const from = inst?.appProfiles?.[i]?.id;
  if (!inst || from === undefined) return d;
  const instance = setOpt(
    { ...inst, appProfiles: replaceAt(inst.appProfiles ?? [], i, (p) => ({ ...p, id: to })) },
    'defaultAppProfile',
    inst.defaultAppProfile === from ? to : inst.defaultAppProfile,
  );
  const tables = d.tables.map((t) => {
    const load = t.load?.appProfile === from ? { ...t.load, appProfile: to } : t.load;
    const queries = t.queries?.some((q) => q.appProfile === from) ? t.queries.map((q) => (q.appProfile === from ? { ...q, appProfile: to } : q)) : t.queries;
    return load === t.load && queries === t.queries ? t : setOpt(setOpt(t, 'load', load), 'queries', queries);
  });
  return { ...d, instance, tables };
}

/** Removes profile i and every reference to it (traffic falls back to the default profile). */
export function removeProfile(d: Design, i: number): Design {
  const inst = d.instance;
  const gone = inst?.appProfiles?.[i]?.id;
  if (!inst || gone === undefined) return d;
  const left = (inst.appProfiles ?? []).filter((_, j) => j !== i);
  const instance = setOpt(
    setOpt(inst, 'appProfiles', left.length ? left : undefined),
    'defaultAppProfile',
    inst.defaultAppProfile === gone ? undefined : inst.defaultAppProfile,
  );
  const tables = d.tables.map((t) => {
    const load = t.load?.appProfile === gone ? setOpt(t.load, 'appProfile', undefined) : t.load;
    const queries = t.queries?.some((q) => q.appProfile === gone)
      ? t.queries.map((q) => (q.appProfile === gone ? setOpt(q, 'appProfile', undefined) : q))
      : t.queries;
    return load === t.load && queries === t.queries ? t : setOpt(setOpt(t, 'load', load && Object.keys(load).length ? load : undefined), 'queries', queries);
  });
  return { ...d, instance, tables };
}
