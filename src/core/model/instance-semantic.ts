// Cross-field rules of the instance block: names that refer to each other agree.
// Limits Google documents for values (CPU target, retention days) are the validator's rules
// (production-settings-range), so a value out of range is a finding with a fix, not a design
// that will not load.
import type { PathPart } from './positions';
import { APP_PROFILE_ID, CLUSTER_ID, INSTANCE_ID, type Design } from './schema';

export interface InstanceIssue {
  path: PathPart[];
  message: string;
}

/** `tables`: the indices of the tables to check (ascending; default all). */
export function instanceIssues(design: Design, tables: readonly number[] = design.tables.map((_, i) => i)): InstanceIssue[] {
  const out: InstanceIssue[] = [];
  const inst = design.instance;
  const each = (f: (t: Design['tables'][number], ti: number) => void) => {
    for (const ti of tables) f(design.tables[ti]!, ti);
  };
  if (!inst) {
    each((t, ti) => {
      if (t.load?.appProfile !== undefined)
        out.push({ path: ['tables', ti, 'load', 'appProfile'], message: `app profile "${t.load.appProfile}" needs an instance: block that declares it` });
      (t.queries ?? []).forEach((q, qi) => {
        if (q.appProfile !== undefined)
          out.push({ path: ['tables', ti, 'queries', qi, 'appProfile'], message: `app profile "${q.appProfile}" needs an instance: block that declares it` });
      });
    });
    return out;
  }
  if (design.cluster && (design.cluster.nodes !== undefined || design.cluster.storage !== undefined)) {
    out.push({
      path: ['cluster'],
      message: 'use cluster: (one cluster) or instance: (clusters and app profiles), not both; with instance:, cluster: holds only nodeCapacity',
    });
  }
  if (inst.id !== undefined && !INSTANCE_ID.test(inst.id))
    out.push({ path: ['instance', 'id'], message: `instance id "${inst.id}": Bigtable takes 6-33 characters, a-z, 0-9 and -, starting with a letter` });
  const clusters = inst.clusters ?? [];
  const ids = new Set<string>();
  const zones = new Set<string>();
  clusters.forEach((c, i) => {
    if (!CLUSTER_ID.test(c.id))
      out.push({
        path: ['instance', 'clusters', i, 'id'],
        message: `cluster id "${c.id}": Bigtable takes 6-30 characters, a-z, 0-9 and -, starting with a letter`,
      });
    if (ids.has(c.id)) out.push({ path: ['instance', 'clusters', i, 'id'], message: `cluster "${c.id}" is defined twice` });
    if (zones.has(c.zone))
      out.push({ path: ['instance', 'clusters', i, 'zone'], message: `two clusters in zone ${c.zone}: each cluster of an instance is in its own zone` });
    ids.add(c.id);
    zones.add(c.zone);
    if (c.nodes !== undefined && c.autoscaling)
      out.push({ path: ['instance', 'clusters', i, 'nodes'], message: 'give nodes (a fixed count) or autoscaling, not both' });
    if (c.autoscaling && c.autoscaling.minNodes > c.autoscaling.maxNodes) {
      out.push({
        path: ['instance', 'clusters', i, 'autoscaling', 'maxNodes'],
        message: `maxNodes (${c.autoscaling.maxNodes}) is below minNodes (${c.autoscaling.minNodes})`,
      });
    }
  });
  const profiles = new Set<string>();
  (inst.appProfiles ?? []).forEach((p, i) => {
    const at: PathPart[] = ['instance', 'appProfiles', i];
    if (!APP_PROFILE_ID.test(p.id))
      out.push({ path: [...at, 'id'], message: `app profile id "${p.id}": Bigtable takes letters, digits, _ - . (not starting with - or .)` });
    if (profiles.has(p.id)) out.push({ path: [...at, 'id'], message: `app profile "${p.id}" is defined twice` });
    profiles.add(p.id);
    const known = (id: string, path: PathPart[]) => {
      if (!ids.has(id))
        out.push({
          path,
          message: `"${id}" is not a cluster of the instance${ids.size ? ` (clusters: ${[...ids].join(', ')})` : ' (it declares no clusters)'}`,
        });
    };
    if (p.priority !== undefined && p.dataBoost)
      out.push({ path: [...at, 'priority'], message: 'a profile has standard isolation (priority) or Data Boost, not both' });
    if (p.dataBoost && p.routing === 'multi')
      out.push({ path: [...at, 'routing'], message: 'a Data Boost profile uses single-cluster routing (Data Boost overview)' });
    if (p.dataBoost && p.allowTransactionalWrites)
      out.push({ path: [...at, 'allowTransactionalWrites'], message: 'a Data Boost profile is read-only: it cannot allow transactional writes' });
    if (p.routing === 'single') {
      if (p.cluster === undefined) {
        if (clusters.length !== 1) out.push({ path: [...at, 'cluster'], message: 'single-cluster routing names the cluster it routes to (cluster: ...)' });
      } else known(p.cluster, [...at, 'cluster']);
      if (p.clusters !== undefined) out.push({ path: [...at, 'clusters'], message: 'clusters is for multi-cluster routing; single routing takes cluster' });
    } else {
      if (p.cluster !== undefined) out.push({ path: [...at, 'cluster'], message: 'cluster is for single-cluster routing; multi routing takes clusters' });
      if (p.allowTransactionalWrites)
        out.push({
          path: [...at, 'allowTransactionalWrites'],
          message: 'multi-cluster routing cannot allow transactional writes; only single-cluster routing can',
        });
      (p.clusters ?? []).forEach((c, ci) => known(c, [...at, 'clusters', ci]));
    }
  });
  const profileKnown = (id: string | undefined, path: PathPart[]) => {
    if (id !== undefined && !profiles.has(id)) {
      out.push({
        path,
        message: `"${id}" is not an app profile of the instance${profiles.size ? ` (profiles: ${[...profiles].join(', ')})` : ' (it declares none)'}`,
      });
    }
  };
  profileKnown(inst.defaultAppProfile, ['instance', 'defaultAppProfile']);
  each((t, ti) => {
    profileKnown(t.load?.appProfile, ['tables', ti, 'load', 'appProfile']);
    (t.queries ?? []).forEach((q, qi) => profileKnown(q.appProfile, ['tables', ti, 'queries', qi, 'appProfile']));
  });
  return out;
}
