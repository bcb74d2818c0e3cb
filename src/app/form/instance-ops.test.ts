import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { exampleDesigns } from '../../test-support/examples';
import {
  addCluster,
  addProfile,
  onInstance,
  removeCluster,
  removeProfile,
  renameCluster,
  renameProfile,
  setIsolation,
  setRouting,
  setScaling,
  toInstance,
} from './instance-ops';

const replicated = () => exampleDesigns().find((e) => e.file === 'replicated-orders.yaml')!.design;
const valid = (d: Design) => {
  const r = validateDesign(d, 'x.yaml');
  expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([]);
};

describe('instance edits', () => {
  it('turns the one-cluster shorthand into a valid instance with that cluster', () => {
    const d: Design = {
      format: 'bigtable-studio/v1',
      name: 'My Shop!',
      cluster: { nodes: 5, storage: 'hdd', nodeCapacity: { readsPerSecond: 100 } },
      tables: [],
    };
    const n = toInstance(d);
    valid(n);
    expect(n.instance).toEqual({ storage: 'hdd', clusters: [{ id: 'my-shop-c1', zone: 'us-central1-a', nodes: 5 }] });
    expect(n.cluster).toEqual({ nodeCapacity: { readsPerSecond: 100 } });
    // A name that makes no id stem still gives a valid cluster id.
    valid(toInstance({ format: 'bigtable-studio/v1', name: '1', tables: [] }));
  });

  it('adds a cluster in a zone of its own and a profile, both valid', () => {
    const d = onInstance((i) => addProfile(addCluster(i)))(replicated());
    valid(d);
    const c = d.instance!.clusters!;
    expect(c).toHaveLength(3);
    expect(new Set(c.map((x) => x.zone)).size).toBe(3);
    expect(d.instance!.appProfiles!.at(-1)).toMatchObject({ routing: 'multi' });
  });

  it('renaming a cluster renames it in every profile; removing it leaves no profile naming it', () => {
    const d = onInstance((i) => renameCluster(i, 0, 'shop-east2'))(replicated());
    valid(d);
    expect(d.instance!.appProfiles!.find((p) => p.id === 'stock-writer')!.cluster).toBe('shop-east2');
    const r = onInstance((i) => removeCluster(i, 0))(d);
    valid(r);
    expect(JSON.stringify(r.instance)).not.toContain('shop-east2');
  });

  it('renaming or removing a profile follows the default and every query and load naming it', () => {
    const d = replicated();
    const at = d.instance!.appProfiles!.findIndex((p) => p.id === 'serving');
    const named = renameProfile(d, at, 'shoppers');
    valid(named);
    expect(named.instance!.defaultAppProfile).toBe('shoppers');
    expect(JSON.stringify(named.tables)).not.toContain('"serving"');
    const gone = removeProfile(named, at);
    valid(gone);
    expect(JSON.stringify(gone)).not.toContain('shoppers');
  });

  it('switches scaling, routing and isolation to settings that stay valid', () => {
    const d = replicated();
    const fixed = onInstance((i) => ({ ...i, clusters: i.clusters!.map((c) => setScaling(c, 'fixed')) }))(d);
    valid(fixed);
    expect(fixed.instance!.clusters![0]).toEqual({ id: 'shop-east', zone: 'us-east1-b', nodes: 3 });
    const auto = onInstance((i) => ({ ...i, clusters: i.clusters!.map((c) => setScaling(c, 'autoscaling')) }))(fixed);
    valid(auto);
    expect(auto.instance!.clusters![0]!.autoscaling).toEqual({ minNodes: 3, maxNodes: 9, cpuTarget: 60 });
    const ids = ['shop-east', 'shop-west'];
    const writer = d.instance!.appProfiles!.find((p) => p.id === 'stock-writer')!;
    const multi = setRouting(writer, 'multi', ids);
    expect(multi).toEqual({ id: 'stock-writer', description: writer.description, routing: 'multi' });
    expect(setRouting(multi, 'single', ids)).toMatchObject({ routing: 'single', cluster: 'shop-east' });
    const boost = setIsolation({ ...writer, priority: 'low' }, 'dataBoost');
    expect(boost.priority).toBeUndefined();
    expect(boost.allowTransactionalWrites).toBeUndefined();
    expect(boost.dataBoost).toEqual({ computeBillingOwner: 'HOST_PAYS' });
    valid(onInstance((i) => ({ ...i, appProfiles: i.appProfiles!.map((p) => (p.id === 'stock-writer' ? boost : p)) }))(d));
  });

  it('refuses a Data Boost profile with multi-cluster routing or with a priority, at the key', () => {
    const d = replicated();
    const bad = onInstance((i) => ({
      ...i,
      appProfiles: i.appProfiles!.map((p) =>
        p.id === 'serving' ? { ...p, dataBoost: { computeBillingOwner: 'HOST_PAYS' as const }, priority: 'low' as const } : p,
      ),
    }))(d);
    const r = validateDesign(bad, 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'instance.appProfiles[0].priority: a profile has standard isolation (priority) or Data Boost, not both',
      'instance.appProfiles[0].routing: a Data Boost profile uses single-cluster routing (Data Boost overview)',
    ]);
  });
});
