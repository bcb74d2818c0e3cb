// One app profile of the instance in the form: id, routing and its clusters, isolation (standard
// with a priority, or Data Boost), transactional writes and description.
import type { AppProfile } from '../../core/model/schema';
import { CheckField, SelectField, options } from './fields';
import type { Edit } from './hooks';
import { removeProfile, renameProfile, setIsolation, setRouting, type Isolation } from './instance-ops';
import { InstancePart, instancePartSetter } from './InstancePart';
import { setOpt } from './ops';
import { choicesWith, DescriptionField, flagBinder, keyBinder } from './parts';

export function ProfileEditor({ p, i, clusterIds, edit }: { p: AppProfile; i: number; clusterIds: readonly string[]; edit: Edit }) {
  const at = `instance.appProfiles[${i}]`;
  const on = instancePartSetter(edit, 'appProfiles', i);
  const bind = keyBinder(at, p, on);
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
    <InstancePart
      kind="App profile"
      id={p.id}
      at={at}
      testId="profile-editor"
      onRename={(v) => edit((d) => renameProfile(d, i, v), 'Rename app profile', ['instance', 'appProfiles', i, 'id'])}
      head={
        <>
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
              {...bind('priority', 'Set profile priority')}
              unset="high (default)"
              options={options(['low', 'medium', 'high'] as const)}
            />
          )}
        </>
      }
    >
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
          {...flagBinder(at, p, on)('allowTransactionalWrites', (v) => (v ? 'Allow transactional writes' : 'Disallow transactional writes'))}
        />
      )}
      <DescriptionField {...bind('description', 'Edit profile description', true)} />
      <button type="button" className="danger" onClick={() => edit((d) => removeProfile(d, i), `Remove app profile ${p.id}`)}>
        Remove app profile
      </button>
    </InstancePart>
  );
}
