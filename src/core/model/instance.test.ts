import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesign } from '../load/load-design';
import { instanceOf, profileOfLoad, profileOfQuery } from './instance';
import type { Design } from './schema';

const table = `  - name: t
    rowKey: {template: "{id}", fields: {id: {type: uuid}}}
    families: [{name: f, gc: {maxVersions: 1}}]
    queries:
      - {name: by id, match: {id: eq}}
      - {name: "by id, transactional", match: {id: eq}, appProfile: orders}
    load: {writesPerSecond: 100}
`;
const plain = table.replace(', appProfile: orders', '');
const load = (head: string, tables = table): Design => {
  const r = loadDesign(`format: bigtable-studio/v1\nname: d\n${head}tables:\n${tables}`);
  if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.design;
};
const issues = (head: string, tables = table): string[] => {
  const r = loadDesign(`format: bigtable-studio/v1\nname: d\n${head}tables:\n${tables}`);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

const replicated = `instance:
  id: shop-prod
  environment: production
  clusters:
    - {id: shop-east, zone: us-east1-b, autoscaling: {minNodes: 4, maxNodes: 12, cpuTarget: 35}}
    - {id: shop-west, zone: us-west1-a, nodes: 6}
  appProfiles:
    - {id: serving, routing: multi}
    - {id: orders, routing: single, cluster: shop-east, allowTransactionalWrites: true}
`;

describe('instanceOf', () => {
  it('reads a file without the new keys as one cluster of 3 SSD nodes behind a transactional default profile', () => {
    const i = instanceOf(load('', plain));
    expect(i).toMatchObject({ storage: 'ssd', production: false, source: 'none', clusters: [{ id: null, nodes: 3, autoscaling: null }] });
    expect(i.defaultProfile).toMatchObject({ routing: 'single', allowTransactionalWrites: true });
  });

  it('reads cluster: {nodes, storage} as a one-cluster instance', () => {
    const i = instanceOf(load('cluster: {nodes: 7, storage: hdd}\n', plain));
    expect(i).toMatchObject({ storage: 'hdd', source: 'cluster', clusters: [{ nodes: 7 }] });
  });

  it('sizes an autoscaled cluster at its minimum and routes by profile', () => {
    const d = load(replicated);
    const i = instanceOf(d);
    expect(i.production).toBe(true);
    expect(i.clusters.map((c) => [c.id, c.nodes])).toEqual([
      ['shop-east', 4],
      ['shop-west', 6],
    ]);
    expect(i.defaultProfile.id).toBe('serving');
    expect(i.defaultProfile).toMatchObject({ routing: 'multi', clusters: ['shop-east', 'shop-west'], allowTransactionalWrites: false });
    const t = d.tables[0]!;
    expect(profileOfQuery(i, t, t.queries![0]!).id).toBe('serving');
    expect(profileOfQuery(i, t, t.queries![1]!)).toMatchObject({ id: 'orders', routing: 'single', clusters: ['shop-east'], allowTransactionalWrites: true });
    expect(profileOfLoad(i, t).id).toBe('serving');
  });

  it('takes a replicated instance without profiles to route to any cluster', () => {
    const d = load(`instance:\n  clusters:\n    - {id: aaaaaa, zone: z1}\n    - {id: bbbbbb, zone: z2}\n`, table.replace(', appProfile: orders', ''));
    expect(instanceOf(d).defaultProfile).toMatchObject({ id: null, routing: 'multi', allowTransactionalWrites: false });
  });
});

describe('the instance block loads only when its names agree', () => {
  it('accepts the replicated instance', () => expect(issues(replicated)).toEqual([]));

  it('refuses cluster: and instance: together', () => {
    expect(issues(`cluster: {nodes: 3}\n${replicated}`)).toContainEqual(expect.stringMatching(/^cluster: use cluster: .* not both/));
  });

  it('names an unknown cluster, a duplicate zone, a bad id, transactional multi routing and an unknown profile', () => {
    const bad = replicated
      .replace('cluster: shop-east,', 'cluster: shop-north,')
      .replace('zone: us-west1-a', 'zone: us-east1-b')
      .replace('id: shop-west', 'id: West_1')
      .replace('{id: serving, routing: multi}', '{id: serving, routing: multi, allowTransactionalWrites: true}');
    const got = issues(bad, table.replace('appProfile: orders', 'appProfile: batch'));
    expect(got).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^instance\.clusters\[1\]\.id: cluster id "West_1": Bigtable takes 6-30 characters/),
        expect.stringMatching(/^instance\.clusters\[1\]\.zone: two clusters in zone us-east1-b/),
        expect.stringMatching(/^instance\.appProfiles\[0\]\.allowTransactionalWrites: multi-cluster routing cannot allow transactional writes/),
        expect.stringMatching(/^instance\.appProfiles\[1\]\.cluster: "shop-north" is not a cluster of the instance/),
        expect.stringMatching(/^tables\[0\]\.queries\[1\]\.appProfile: "batch" is not an app profile of the instance \(profiles: serving, orders\)/),
      ]),
    );
  });

  it('refuses a profile named without an instance block', () => {
    expect(issues('')).toContainEqual(expect.stringMatching(/queries\[1\]\.appProfile: app profile "orders" needs an instance: block/));
  });

  it('refuses nodes and autoscaling together and min above max', () => {
    const got = issues(replicated.replace('autoscaling: {minNodes: 4, maxNodes: 12', 'nodes: 3, autoscaling: {minNodes: 14, maxNodes: 12'));
    expect(got).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/clusters\[0\]\.nodes: give nodes .* or autoscaling, not both/),
        expect.stringMatching(/maxNodes \(12\) is below minNodes \(14\)/),
      ]),
    );
  });
});
