// The instance in the form: id, display name, environment, storage; its clusters (id, zone,
// fixed nodes or autoscaling); its app profiles (id, description, routing and clusters,
// transactional writes, priority or Data Boost) and the default profile. A design with the
// one-cluster shorthand (`cluster:`) edits nodes and storage here, and can become an instance.
import { memo } from 'react';
import type { AppProfile, ClusterSpec, Design, Instance } from '../../core/model/schema';
import { Section } from '../components/Section';
import type { EditResult } from '../store';
import { CheckField, NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
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
  type Isolation,
} from './instance-ops';
import { replaceAt, setOpt } from './ops';
import { choicesWith, IdField, PartFieldset } from './parts';

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

function ClusterEditor({ c, i, count, edit }: { c: ClusterSpec; i: number; count: number; edit: Edit }) {
  const at = `instance.clusters[${i}]`;
  const on = (fn: (c: ClusterSpec) => ClusterSpec, label: string, key?: (string | number)[]) =>
    edit(
      onInstance((inst) => ({ ...inst, clusters: replaceAt(inst.clusters ?? [], i, fn) })),
      label,
      key && ['instance', 'clusters', i, ...key],
    );
  const onAuto = (key: 'minNodes' | 'maxNodes' | 'cpuTarget' | 'storageTarget', v: number | undefined, label: string) =>
    on((x) => (x.autoscaling ? { ...x, autoscaling: setOpt(x.autoscaling, key, v as never) } : x), label, ['autoscaling', key]);
  const a = c.autoscaling;
  return (
    <PartFieldset kind="Cluster" name={c.id} at={at} className="instance-part" testId="cluster-editor">
      <div className="field-row">
        <IdField
          label="Cluster id"
          path={`${at}.id`}
          value={c.id}
          hint="6-30 characters: a-z, 0-9, -"
          onCommit={(v) =>
            edit(
              onInstance((inst) => renameCluster(inst, i, v)),
              'Rename cluster',
              ['instance', 'clusters', i, 'id'],
            )
          }
        />
        <TextField
          label="Zone"
          path={`${at}.zone`}
          mono
          value={c.zone}
          hint="e.g. us-central1-a"
          onCommit={(v) => on((x) => ({ ...x, zone: v }), 'Set cluster zone', ['zone'])}
        />
        <SelectField
          label="Nodes"
          path={`${at}.autoscaling`}
          value={a ? 'autoscaling' : 'fixed'}
          options={options(['fixed', 'autoscaling'] as const, { fixed: 'a fixed count', autoscaling: 'autoscaling' })}
          onCommit={(v) => on((x) => setScaling(x, v ?? 'fixed'), v === 'autoscaling' ? 'Turn on autoscaling' : 'Use a fixed node count')}
        />
      </div>
      {a ? (
        <div className="field-row">
          {AUTOSCALING.map((f) => (
            <NumberField
              key={f.key}
              label={f.label}
              path={`${at}.autoscaling.${f.key}`}
              integer
              value={a[f.key]}
              placeholder={f.placeholder}
              hint={f.hint}
              onCommit={(v) => (v === undefined && f.required ? refuse(f.key) : onAuto(f.key, v, f.undo))}
            />
          ))}
        </div>
      ) : (
        <div className="field-row">
          <NumberField
            label="Node count"
            path={`${at}.nodes`}
            integer
            value={c.nodes}
            placeholder="3"
            onCommit={(v) => on((x) => setOpt(x, 'nodes', v), 'Set cluster nodes', ['nodes'])}
          />
        </div>
      )}
      {count > 1 && (
        <button
          type="button"
          className="danger"
          onClick={() =>
            edit(
              onInstance((inst) => removeCluster(inst, i)),
              `Remove cluster ${c.id}`,
            )
          }
        >
          Remove cluster
        </button>
      )}
    </PartFieldset>
  );
}

/** The autoscaling limits of a cluster, in the order shown; the first three are required. */
const AUTOSCALING: readonly {
  key: 'minNodes' | 'maxNodes' | 'cpuTarget' | 'storageTarget';
  label: string;
  undo: string;
  required: boolean;
  hint?: string;
  placeholder?: string;
}[] = [
  { key: 'minNodes', label: 'Minimum nodes', undo: 'Set minimum nodes', required: true },
  { key: 'maxNodes', label: 'Maximum nodes', undo: 'Set maximum nodes', required: true },
  { key: 'cpuTarget', label: 'CPU target (%)', undo: 'Set CPU target', required: true, hint: '10-80' },
  {
    key: 'storageTarget',
    label: 'Storage target (GiB per node)',
    undo: 'Set storage target',
    required: false,
    hint: 'SSD 2560-5120, HDD 8192-16384',
    placeholder: 'default',
  },
];

/** A required number left empty: said beside the input, nothing changes. */
const refuse = (key: string): EditResult => ({
  ok: false,
  issues: [{ file: '', line: 0, column: 0, path: '', message: `${key} is required with autoscaling` }],
});

function ProfileEditor({ p, i, clusterIds, edit }: { p: AppProfile; i: number; clusterIds: readonly string[]; edit: Edit }) {
  const at = `instance.appProfiles[${i}]`;
  const on = (fn: (p: AppProfile) => AppProfile, label: string, key?: string) =>
    edit(
      onInstance((inst) => ({ ...inst, appProfiles: replaceAt(inst.appProfiles ?? [], i, fn) })),
      label,
      key === undefined ? undefined : ['instance', 'appProfiles', i, key],
    );
  const isolation: Isolation = p.dataBoost ? 'dataBoost' : 'standard';
  const chosen = p.clusters ?? clusterIds;
  const toggleCluster = (id: string, include: boolean) =>
    on(
      (x) => {
        const now = new Set(x.clusters ?? clusterIds);
        if (include) now.add(id);
        else now.delete(id);
        const list = clusterIds.filter((c) => now.has(c));
        return setOpt(x, 'clusters', list.length === clusterIds.length || list.length === 0 ? undefined : list);
      },
      `${include ? 'Route to' : 'Stop routing to'} cluster ${id}`,
    );
  return (
    <PartFieldset kind="App profile" name={p.id} at={at} className="instance-part" testId="profile-editor">
      <div className="field-row">
        <IdField
          label="App profile id"
          path={`${at}.id`}
          value={p.id}
          onCommit={(v) => edit((d) => renameProfile(d, i, v), 'Rename app profile', ['instance', 'appProfiles', i, 'id'])}
        />
        <SelectField
          label="Routing"
          path={`${at}.routing`}
          value={p.routing}
          options={options(['single', 'multi'] as const, { single: 'single cluster', multi: 'multi-cluster (any)' })}
          onCommit={(v) => on((x) => setRouting(x, v ?? 'single', clusterIds), 'Set routing')}
        />
        {p.routing === 'single' ? (
          <SelectField
            label="Cluster"
            path={`${at}.cluster`}
            value={p.cluster}
            unset={p.cluster === undefined ? 'the only cluster' : undefined}
            options={choicesWith(clusterIds, p.cluster)}
            onCommit={(v) => on((x) => setOpt(x, 'cluster', v), 'Set profile cluster')}
          />
        ) : null}
        <SelectField
          label="Isolation"
          path={`${at}.dataBoost`}
          value={isolation}
          options={options(['standard', 'dataBoost'] as const, { standard: 'standard (cluster nodes)', dataBoost: 'Data Boost (read-only)' })}
          onCommit={(v) => on((x) => setIsolation(x, v ?? 'standard'), v === 'dataBoost' ? 'Use Data Boost' : 'Use standard isolation')}
        />
        {isolation === 'standard' && (
          <SelectField
            label="Priority"
            path={`${at}.priority`}
            value={p.priority}
            unset="high (default)"
            options={options(['low', 'medium', 'high'] as const)}
            onCommit={(v) => on((x) => setOpt(x, 'priority', v), 'Set profile priority')}
          />
        )}
      </div>
      {p.routing === 'multi' && clusterIds.length > 0 && (
        <fieldset className="match" data-path={`${at}.clusters`}>
          <legend>Clusters it may use</legend>
          <div className="field-row">
            {clusterIds.map((c) => (
              <CheckField key={c} label={c} path={`${at}.clusters.${c}`} checked={chosen.includes(c)} onCommit={(v) => toggleCluster(c, v)} />
            ))}
          </div>
        </fieldset>
      )}
      {p.routing === 'single' && isolation === 'standard' && (
        <CheckField
          label="Allow transactional writes (single-row transactions: ReadModifyWriteRow, CheckAndMutateRow)"
          path={`${at}.allowTransactionalWrites`}
          checked={p.allowTransactionalWrites === true}
          onCommit={(v) => on((x) => setOpt(x, 'allowTransactionalWrites', v || undefined), v ? 'Allow transactional writes' : 'Disallow transactional writes')}
        />
      )}
      <TextField
        label="Description"
        path={`${at}.description`}
        value={p.description ?? ''}
        onCommit={(v) => on((x) => setOpt(x, 'description', v || undefined), 'Edit profile description', 'description')}
      />
      <button type="button" className="danger" onClick={() => edit((d) => removeProfile(d, i), `Remove app profile ${p.id}`)}>
        Remove app profile
      </button>
    </PartFieldset>
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
