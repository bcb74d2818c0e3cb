// The instance in the form: id, display name, environment, storage; its clusters (id, zone,
// fixed nodes or autoscaling); its app profiles (id, description, routing and clusters,
// transactional writes, priority or Data Boost) and the default profile. A design with the
// one-cluster shorthand (`cluster:`) edits nodes and storage here, and can become an instance.
import { memo } from 'react';
import type { Design, Instance } from '../../core/model/schema';
import { Section } from '../components/Section';
import { ClusterEditor } from './ClusterEditor';
import { NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { addCluster, addProfile, onInstance, toInstance } from './instance-ops';
import { setOpt } from './ops';
import { ProfileEditor } from './ProfileEditor';

type Cluster = NonNullable<Design['cluster']>;

const STORAGE = options(['ssd', 'hdd'] as const, { ssd: 'SSD', hdd: 'HDD' });

/** The `cluster:` shorthand: nodes and storage, and the way to an instance with zones and profiles. */
function ShorthandCluster({ cluster, edit }: { cluster: Cluster | undefined; edit: Edit }) {
  const setCluster = <K extends keyof Cluster>(key: K, value: Cluster[K] | undefined, label: string) =>
    edit(
      (d) => {
        const c = setOpt({ ...(d.cluster ?? {}) }, key, value);
        return setOpt(d, 'cluster', Object.keys(c).length ? c : undefined);
      },
      label,
      ['cluster', key],
    );
  return (
    <>
      <div className="field-row">
        <NumberField
          label="Cluster nodes"
          path="cluster.nodes"
          integer
          value={cluster?.nodes}
          placeholder="3"
          onCommit={(v) => setCluster('nodes', v, 'Set cluster nodes')}
        />
        <SelectField
          label="Storage"
          path="cluster.storage"
          value={cluster?.storage}
          unset="ssd (default)"
          options={options(['ssd', 'hdd'] as const)}
          onCommit={(v) => setCluster('storage', v, 'Set storage')}
        />
      </div>
      <p className="hint">
        One cluster with the defaults. For zones, replication, autoscaling and app profiles:{' '}
        <button type="button" className="link-button" data-testid="instance-create" onClick={() => edit(toInstance, 'Declare the instance')}>
          Declare the instance
        </button>
      </p>
    </>
  );
}

function InstanceParts({ inst, edit }: { inst: Instance; edit: Edit }) {
  const set = <K extends 'id' | 'displayName' | 'environment' | 'storage' | 'defaultAppProfile'>(
    key: K,
    v: Instance[K] | undefined,
    label: string,
    coalesce = true,
  ) =>
    edit(
      onInstance((x) => setOpt(x, key, v)),
      label,
      coalesce ? ['instance', key] : undefined,
    );
  const clusters = inst.clusters ?? [];
  const profiles = inst.appProfiles ?? [];
  const clusterIds = clusters.map((c) => c.id);
  return (
    <>
      <div className="field-row" data-path="instance">
        <TextField
          label="Instance id"
          path="instance.id"
          mono
          value={inst.id ?? ''}
          placeholder="$INSTANCE"
          hint="6-33 characters: a-z, 0-9, -"
          onCommit={(v) => set('id', v || undefined, 'Set instance id')}
        />
        <TextField
          label="Display name"
          path="instance.displayName"
          value={inst.displayName ?? ''}
          onCommit={(v) => set('displayName', v || undefined, 'Set display name')}
        />
        <SelectField
          label="Storage type"
          path="instance.storage"
          value={inst.storage}
          unset="SSD (default)"
          options={STORAGE}
          onCommit={(v) => set('storage', v, 'Set storage type', false)}
        />
        <SelectField
          label="Environment"
          path="instance.environment"
          value={inst.environment}
          unset="not said"
          options={options(['production', 'staging', 'development'] as const)}
          onCommit={(v) => set('environment', v, 'Set environment', false)}
        />
      </div>
      <h3>Clusters</h3>
      {clusters.length === 0 && <p className="notice">No clusters declared: Bigtable's default, one cluster of 3 nodes.</p>}
      {clusters.map((c, i) => (
        <ClusterEditor key={i} c={c} i={i} count={clusters.length} edit={edit} />
      ))}
      <button type="button" onClick={() => edit(onInstance(addCluster), 'Add cluster')} data-testid="cluster-add">
        Add cluster
      </button>
      <h3>App profiles</h3>
      {profiles.length === 0 && <p className="notice">No app profiles: traffic uses Bigtable's default profile.</p>}
      {profiles.map((p, i) => (
        <ProfileEditor key={i} p={p} i={i} clusterIds={clusterIds} edit={edit} />
      ))}
      <div className="field-row">
        <button type="button" onClick={() => edit(onInstance(addProfile), 'Add app profile')} data-testid="profile-add">
          Add app profile
        </button>
        {profiles.length > 0 && (
          <SelectField
            label="Default app profile"
            path="instance.defaultAppProfile"
            value={inst.defaultAppProfile}
            unset="the first profile"
            options={options(profiles.map((p) => p.id))}
            onCommit={(v) => set('defaultAppProfile', v, 'Set default app profile', false)}
          />
        )}
      </div>
    </>
  );
}

/** The section of the form: the instance when the design declares one, else the one-cluster shorthand. */
export const InstanceEditor = memo(function InstanceEditor({
  cluster,
  instance,
  edit,
}: {
  cluster: Cluster | undefined;
  instance: Instance | undefined;
  edit: Edit;
}) {
  return (
    <Section id="instance" level={2} headingId="instance-heading" title="Instance, clusters and app profiles">
      <div data-testid="instance-editor">{instance ? <InstanceParts inst={instance} edit={edit} /> : <ShorthandCluster cluster={cluster} edit={edit} />}</div>
    </Section>
  );
});
