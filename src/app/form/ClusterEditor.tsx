// One cluster of the instance in the form: id, zone, and a fixed node count or autoscaling limits.
import type { ClusterSpec } from '../../core/model/schema';
import type { EditResult } from '../store';
import { NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { onInstance, removeCluster, renameCluster, setScaling } from './instance-ops';
import { InstancePart, instancePartSetter } from './InstancePart';
import { setOpt } from './ops';
import { keyBinder } from './parts';

export function ClusterEditor({ c, i, count, edit }: { c: ClusterSpec; i: number; count: number; edit: Edit }) {
  const at = `instance.clusters[${i}]`;
  const on = instancePartSetter(edit, 'clusters', i);
  const bind = keyBinder(at, c, on);
  const onAuto = (key: 'minNodes' | 'maxNodes' | 'cpuTarget' | 'storageTarget', v: number | undefined, label: string) =>
    on((x) => (x.autoscaling ? { ...x, autoscaling: setOpt(x.autoscaling, key, v as never) } : x), label, ['autoscaling', key]);
  const a = c.autoscaling;
  return (
    <InstancePart
      kind="Cluster"
      id={c.id}
      at={at}
      testId="cluster-editor"
      idHint="6-30 characters: a-z, 0-9, -"
      onRename={(v) =>
        edit(
          onInstance((inst) => renameCluster(inst, i, v)),
          'Rename cluster',
          ['instance', 'clusters', i, 'id'],
        )
      }
      head={
        <>
          <TextField label="Zone" {...bind('zone', 'Set cluster zone', true)} mono hint="e.g. us-central1-a" />
          <SelectField
            label="Nodes"
            path={`${at}.autoscaling`}
            value={a ? 'autoscaling' : 'fixed'}
            options={options(['fixed', 'autoscaling'] as const, { fixed: 'a fixed count', autoscaling: 'autoscaling' })}
            onCommit={(v) => on((x) => setScaling(x, v ?? 'fixed'), v === 'autoscaling' ? 'Turn on autoscaling' : 'Use a fixed node count')}
          />
        </>
      }
    >
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
          <NumberField label="Node count" {...bind('nodes', 'Set cluster nodes', true)} integer placeholder="3" />
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
    </InstancePart>
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
