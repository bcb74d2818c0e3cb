// Batch reads (exports, analytics, jobs) and latency-sensitive serving traffic on one path.
// "App profiles": use a separate app profile for each workload, and single-cluster routing to
// keep a batch job on one cluster of a replicated instance; "Data Boost overview": Data Boost
// runs high-throughput read jobs "without impacting the performance of the clusters that
// handle your application traffic" (read-only, single-cluster profiles, and it may not see
// data written in the last 35 minutes). A batch query through the profile serving queries use,
// or through a multi-cluster profile (it lands on every cluster), shares their nodes.
import { instanceOf, profileOfQuery, type RoutingOf } from '../model/instance';
import type { AppProfile, Design } from '../model/schema';
import { updateTable } from './edit';
import { defineVisitorRule } from './types';

const BATCH_PROFILE = 'batch';

interface Use {
  table: number;
  query: number;
  name: string;
  profile: RoutingOf;
}

const sameProfile = (a: RoutingOf, b: RoutingOf) => (a.id === null && b.id === null) || (a.id !== null && a.id === b.id);
const profileName = (p: RoutingOf) => (p.id === null ? '(default)' : p.id);

function uses(design: Design): { batch: Use[]; serving: Use[] } {
  const inst = instanceOf(design);
  const batch: Use[] = [];
  const serving: Use[] = [];
  design.tables.forEach((t, ti) =>
    (t.queries ?? []).forEach((q, qi) => {
      const u = { table: ti, query: qi, name: q.name, profile: profileOfQuery(inst, t, q) };
      if (q.kind === 'batch') {
        if (!q.dataBoost) batch.push(u);
      } else serving.push(u);
    }),
  );
  return { batch, serving };
}

/** A declared single-cluster profile no serving query uses: a batch profile already there. */
function freeProfile(design: Design, serving: Use[]): RoutingOf | undefined {
  return instanceOf(design).appProfiles.find((p) => p.routing === 'single' && !serving.some((s) => sameProfile(s.profile, p)));
}

/** Sends the query through `profile`, declaring a single-cluster batch profile first when needed. */
function routeThrough(design: Design, table: number, query: number): Design | null {
  const inst = design.instance;
  if (!inst?.clusters?.length) return null; // the cluster shorthand has no profiles to route with
  const { serving } = uses(design);
  const free = freeProfile(design, serving);
  let next = design;
  let id = free?.id ?? null;
  if (id === null) {
    const taken = new Set(['default', ...(inst.appProfiles ?? []).map((p) => p.id)]);
    id = BATCH_PROFILE;
    for (let n = 2; taken.has(id); n++) id = `${BATCH_PROFILE}-${n}`;
    // The last cluster: serving traffic of a single-cluster default lands on the first.
    const cluster = inst.clusters[inst.clusters.length - 1]!.id;
    const declared = inst.appProfiles ?? [];
    // Declaring the first profile would make it every request's default: declare Bigtable's
    // own default profile first, as the instance routes today, so serving traffic stays put.
    const keep: AppProfile[] = declared.length
      ? declared
      : [
          inst.clusters.length > 1
            ? { id: 'default', routing: 'multi' }
            : { id: 'default', routing: 'single', cluster: inst.clusters[0]!.id, allowTransactionalWrites: true },
        ];
    next = {
      ...design,
      instance: {
        ...inst,
        appProfiles: [...keep, { id, description: 'Batch reads (exports, analytics), kept off the serving path.', routing: 'single', cluster }],
      },
    };
  }
  const to = id;
  return updateTable(next, table, (t) => ({ ...t, queries: t.queries!.map((q, k) => (k === query ? { ...q, appProfile: to } : q)) }));
}

export default defineVisitorRule({
  meta: {
    id: 'workload-isolation',
    severity: 'warning',
    description: 'A batch query shares an app profile with serving queries, or goes through a multi-cluster profile: it takes the serving nodes.',
    messages: {
      shared: 'batch query "{query}" shares app profile {profile} with serving queries: give it a single-cluster profile or Data Boost ("App profiles").',
      multi:
        'batch query "{query}" goes through multi-cluster profile {profile}, onto every cluster: use a single-cluster profile or Data Boost ("App profiles").',
      boostServing:
        'serving query "{query}" may run on Data Boost, which is for batch reads: slower, and it may miss the last 35 minutes of writes ("Data Boost overview").',
    },
    details: {
      boostServing:
        'query "{query}" is a serving read ({why}) and is marked dataBoost: true. "Data Boost overview" lists latency-sensitive workloads and reads of data just written among what Data Boost is not for: it is optimized for throughput, its reads are slower than the cluster\'s nodes, it may not read data written in the last 35 minutes, and it is not covered by the Bigtable SLA. Serve the query from the cluster (dataBoost off), or mark it kind: batch if it is a batch job.',
      shared:
        'batch query "{query}" goes through app profile {profile}, as the serving queries {serving} do: the batch job reads on the nodes that serve them, and their latency rises while it runs. Google recommends a separate app profile per workload ("App profiles"): route the job through a single-cluster profile (on a replicated instance, a cluster the serving profile does not prefer), or set dataBoost: true and run it on Data Boost, which reads without the cluster\'s nodes ("Data Boost overview": read-only, Enterprise editions, and it may not see data written in the last 35 minutes).',
      multi:
        'batch query "{query}" goes through {profile}, a multi-cluster profile: its reads go to the nearest cluster that is available, so a long job can land on every cluster that serves the application. Route it through a single-cluster profile ("App profiles", "Routing options") or run it on Data Boost (dataBoost: true; "Data Boost overview": read-only, and it may not see data written in the last 35 minutes).',
    },
    fixable: true,
    readsInstance: true,
    // A batch query is judged against the serving queries of every table: one visit of the
    // design, run again on an edit only when what it reads of the edited tables changed.
    reads: (ta) => [ta.table.name, ta.table.load?.appProfile, (ta.table.queries ?? []).map((q) => [q.name, q.kind, q.dataBoost, q.latencyMs, q.appProfile])],
  },
  create({ design, report }) {
    return {
      design() {
        design.tables.forEach((t, ti) =>
          (t.queries ?? []).forEach((q, qi) => {
            if (!q.dataBoost || q.kind === 'batch' || (q.kind !== 'serving' && q.latencyMs === undefined)) return;
            const why = q.latencyMs !== undefined ? `a ${q.latencyMs} ms target` : 'kind: serving';
            report({ table: ti, path: ['queries', qi, 'dataBoost'], messageId: 'boostServing', data: { query: q.name, why } });
          }),
        );
        const { batch, serving } = uses(design);
        for (const b of batch) {
          const path = ['queries', b.query, 'appProfile'];
          const withFix = design.instance?.clusters?.length
            ? { fix: { label: `Route "${b.name}" through a single-cluster batch profile`, apply: () => routeThrough(design, b.table, b.query) } }
            : {};
          const sharing = serving.filter((s) => sameProfile(s.profile, b.profile));
          if (sharing.length) {
            const names =
              sharing
                .slice(0, 3)
                .map((s) => `"${s.name}"`)
                .join(', ') + (sharing.length > 3 ? ` and ${sharing.length - 3} more` : '');
            report({ table: b.table, path, messageId: 'shared', data: { query: b.name, profile: profileName(b.profile), serving: names }, ...withFix });
          } else if (b.profile.routing === 'multi') {
            report({ table: b.table, path, messageId: 'multi', data: { query: b.name, profile: profileName(b.profile) }, ...withFix });
          }
        }
      },
    };
  },
});
