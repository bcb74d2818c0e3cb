// The design's own checks settings: per-node capacity figures that override Google's published
// ones (cluster.nodeCapacity, read by the capacity model), and a severity per validator rule
// (lint.rules: off, info, warning, error).
import { memo, useState } from 'react';
import type { Design } from '../../core/model/schema';
import { RULES } from '../../core/rules/registry';
import { Section } from '../components/Section';
import { NumberField, SelectField, options } from './fields';
import type { Edit } from './hooks';
import { setOpt } from './ops';

type NodeCapacity = NonNullable<NonNullable<Design['cluster']>['nodeCapacity']>;
type Severity = 'off' | 'info' | 'warning' | 'error';

const CAPACITY: { key: keyof NodeCapacity; label: string; hint: string }[] = [
  { key: 'readsPerSecond', label: 'Node reads/s', hint: 'SSD 17,000, HDD 500' },
  { key: 'writesPerSecond', label: 'Node writes/s', hint: 'SSD 14,000, HDD 10,000' },
  { key: 'scanBytesPerSecond', label: 'Node scan bytes/s', hint: 'SSD 220 MB/s, HDD 180 MB/s' },
  { key: 'storageBytes', label: 'Node storage (bytes)', hint: 'SSD 5 TiB, HDD 16 TiB' },
  { key: 'cpuTarget', label: 'Node CPU target (0-1)', hint: '0.7 for one cluster' },
];

const RULE_IDS = RULES.map((r) => r.meta.id).sort();
const SEVERITIES = options(['off', 'info', 'warning', 'error'] as const);

export const ChecksEditor = memo(function ChecksEditor({
  nodeCapacity,
  rules,
  edit,
}: {
  nodeCapacity: NodeCapacity | undefined;
  rules: Record<string, Severity> | undefined;
  edit: Edit;
}) {
  const [adding, setAdding] = useState<string>('');
  const setCapacity = (key: keyof NodeCapacity, v: number | undefined) =>
    edit(
      (d) => {
        const nc = setOpt({ ...(d.cluster?.nodeCapacity ?? {}) }, key, v);
        const cluster = setOpt({ ...(d.cluster ?? {}) }, 'nodeCapacity', Object.keys(nc).length ? nc : undefined);
        return setOpt(d, 'cluster', Object.keys(cluster).length ? cluster : undefined);
      },
      'Set node capacity',
      ['cluster', 'nodeCapacity', key],
    );
  const setRule = (id: string, sev: Severity | undefined) =>
    edit(
      (d) => {
        const next = setOpt({ ...(d.lint?.rules ?? {}) }, id, sev);
        const lint = setOpt({ ...(d.lint ?? {}) }, 'rules', Object.keys(next).length ? next : undefined);
        return setOpt(d, 'lint', Object.keys(lint).length ? lint : undefined);
      },
      sev ? `Set rule ${id} to ${sev}` : `Rule ${id} back to its default`,
    );
  const set = Object.entries(rules ?? {});
  const free = RULE_IDS.filter((id) => !(id in (rules ?? {})));
  return (
    <Section id="checks" level={2} headingId="checks-heading" title="Capacity figures and rule severities">
      <div data-testid="checks-editor">
        <h3>Per-node capacity (empty: Google's published figure)</h3>
        <div className="field-row" data-path="cluster.nodeCapacity">
          {CAPACITY.map((c) => (
            <NumberField
              key={c.key}
              label={c.label}
              path={`cluster.nodeCapacity.${c.key}`}
              value={nodeCapacity?.[c.key]}
              hint={c.hint}
              onCommit={(v) => setCapacity(c.key, v)}
            />
          ))}
        </div>
        <h3>Rule severities</h3>
        {set.length === 0 && <p className="hint">Every rule at its own severity.</p>}
        <div className="field-row" data-path="lint.rules">
          {set.map(([id, sev]) => (
            <SelectField key={id} label={id} path={`lint.rules.${id}`} value={sev} unset="its default" options={SEVERITIES} onCommit={(v) => setRule(id, v)} />
          ))}
        </div>
        <div className="field-row">
          <SelectField
            label="Change the severity of"
            path="lint.rules"
            value={adding === '' ? undefined : adding}
            unset="choose a rule"
            options={options(free)}
            onCommit={(v) => {
              setAdding(v ?? '');
              return { ok: true };
            }}
          />
          <button
            type="button"
            disabled={adding === ''}
            onClick={() => {
              if (adding !== '' && setRule(adding, 'off').ok) setAdding('');
            }}
          >
            Add (turned off)
          </button>
        </div>
      </div>
    </Section>
  );
});
