// A table's expected load (peak and average writes, how they arrive: sustained, bursts or a
// periodic bulk load, inserts or updates; reads per second, retention) and its pre-split keys.
import { memo } from 'react';
import type { Table } from '../../core/model/schema';
import { CheckField, NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { onTable, setOpt } from './ops';
import { DurationField, flagBinder, keyBinder, RefField } from './parts';

type Load = NonNullable<Table['load']>;

const PATTERNS = options(['sustained', 'burst', 'bulk'] as const, { sustained: 'sustained', burst: 'bursts', bulk: 'periodic bulk load' });
const WRITE_KINDS = options(['insert', 'update', 'mixed'] as const, { insert: 'inserts of new rows', update: 'updates of existing rows', mixed: 'both' });
/** A pattern's own settings, dropped when the pattern changes (a burst length means nothing to a bulk load). */
const PATTERN_KEYS = { burst: ['burstDuration'], bulk: ['bulkRows', 'bulkEvery'] } as const;

export const LoadEditor = memo(function LoadEditor({
  ti,
  load = {},
  splits = [],
  profileIds = [],
  edit,
}: {
  ti: number;
  load: Table['load'];
  splits: Table['splits'];
  profileIds?: readonly string[];
  edit: Edit;
}) {
  const at = `tables[${ti}].load`;
  const onLoad = (fn: (l: Load) => Load, label: string, key?: string) =>
    edit(
      onTable(ti, (t) => {
        const next = fn({ ...(t.load ?? {}) });
        return setOpt(t, 'load', Object.keys(next).length ? next : undefined);
      }),
      label,
      key === undefined ? undefined : ['tables', ti, 'load', key],
    );
  const bind = keyBinder(at, load, onLoad);
  const setPattern = (p: 'sustained' | 'burst' | 'bulk' | undefined) =>
    edit(
      onTable(ti, (t) => {
        let next = setOpt({ ...(t.load ?? {}) }, 'writePattern', p);
        for (const [pattern, keys] of Object.entries(PATTERN_KEYS)) if (pattern !== p) for (const k of keys) next = setOpt(next, k, undefined);
        return setOpt(t, 'load', Object.keys(next).length ? next : undefined);
      }),
      'Change write pattern',
      ['tables', ti, 'load', 'writePattern'],
    );
  const pattern = load.writePattern ?? 'sustained';
  return (
    <div className="field-row" data-path={at}>
      <NumberField label="Writes per second" {...bind('writesPerSecond', 'Set writes per second', true)} hint="the peak: sizes CPU nodes and the simulator" />
      <NumberField
        label="Average write rate per second"
        {...bind('averageWritesPerSecond', 'Set average writes per second', true)}
        placeholder={load.writesPerSecond === undefined ? undefined : String(load.writesPerSecond)}
        hint={
          load.averageWritesPerSecond === undefined
            ? 'the mean over a day or more: sizes storage and growth; empty: the peak'
            : 'the mean over a day or more: sizes storage and growth (at most the peak)'
        }
      />
      <SelectField
        label="Write pattern"
        path={`${at}.writePattern`}
        value={load.writePattern}
        unset="sustained (default)"
        options={PATTERNS.slice(1)}
        onCommit={setPattern}
      />
      {pattern === 'burst' && <DurationField label="Burst length (e.g. 30s)" {...bind('burstDuration', 'Set burst length', true)} />}
      {pattern === 'bulk' && (
        <>
          <NumberField label="Rows per load" {...bind('bulkRows', 'Set rows per load', true)} integer />
          <DurationField label="Load every (e.g. 1d)" {...bind('bulkEvery', 'Set load interval', true)} />
        </>
      )}
      <SelectField label="Writes are" {...bind('writeKind', 'Set write kind', true)} unset="inserts (default)" options={WRITE_KINDS} />
      <NumberField label="Reads per second" {...bind('readsPerSecond', 'Set reads per second', true)} />
      <DurationField label="Retention (e.g. 90d)" {...bind('retention', 'Set retention', true)} hint={load.retention ? undefined : 'estimates assume 365d'} />
      <RefField
        label="Writes' app profile"
        {...bind('appProfile', (v) => (v ? `Route writes through ${v}` : 'Route writes through the default profile'))}
        names={profileIds}
        unset="the default profile"
      />
      <CheckField
        label="Conditional writes (CheckAndMutateRow)"
        {...flagBinder(at, load, onLoad)('checkAndMutate', (v) => (v ? 'Writes are conditional' : 'Writes are plain'))}
      />
      <TextField
        label="Pre-split keys (one per line)"
        path={`tables[${ti}].splits`}
        mono
        multiline
        className="grow"
        value={splits.join('\n')}
        format={(v) =>
          v
            .split('\n')
            .filter((s) => s !== '')
            .join('\n')
        }
        onCommit={(v) => {
          const list = v.split('\n').filter((s) => s !== '');
          return edit(
            onTable(ti, (t) => setOpt(t, 'splits', list.length ? list : undefined)),
            'Edit splits',
            ['tables', ti, 'splits'],
          );
        }}
      />
    </div>
  );
});
