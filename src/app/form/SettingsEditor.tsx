// A table's production settings: deletion protection, change stream retention, automated
// backups and tiered storage. Durations are the format's (`3d`, `72h`); Google's ranges are the
// validator's production-settings-range findings, so an out-of-range value loads and is flagged.
import { memo } from 'react';
import type { Table } from '../../core/model/schema';
import type { Edit } from './hooks';
import { onTable, setOpt } from './ops';
import { DeletionProtectionField, DurationField } from './parts';

type Settings = Pick<Table, 'deletionProtection' | 'changeStreamRetention' | 'backup' | 'tieredStorage'>;

/** The settings that are a duration, in the order shown: the table's key, and the key inside it that holds the duration (none: the key itself). */
const DURATIONS: readonly { key: 'changeStreamRetention' | 'backup' | 'tieredStorage'; inner?: string; label: string; hint: string; undo: string }[] = [
  { key: 'changeStreamRetention', label: 'Change stream retention (e.g. 3d; empty: off)', hint: '1 to 7 days', undo: 'Set change stream retention' },
  { key: 'backup', inner: 'retention', label: 'Automated backups: keep each (e.g. 14d; empty: off)', hint: '3 to 90 days', undo: 'Set backup retention' },
  {
    key: 'tieredStorage',
    inner: 'infrequentAccessAfter',
    label: 'Tiered storage: infrequent access after (e.g. 90d; empty: off)',
    hint: 'at least 30d; SSD only (Preview)',
    undo: 'Set tiered storage',
  },
];

export const SettingsEditor = memo(function SettingsEditor({ ti, settings, edit }: { ti: number; settings: Settings; edit: Edit }) {
  const at = `tables[${ti}]`;
  const set = <K extends keyof Settings>(key: K, v: Settings[K] | undefined, label: string, coalesce = true) =>
    edit(
      onTable(ti, (t) => setOpt<Table, K>(t, key, v as Table[K])),
      label,
      coalesce ? ['tables', ti, key] : undefined,
    );
  return (
    <div className="settings-editor" data-testid="settings-editor">
      <div className="field-row">
        <DeletionProtectionField
          at={at}
          checked={settings.deletionProtection}
          onCommit={(v) => set('deletionProtection', v || undefined, v ? 'Protect table from deletion' : 'Allow deleting table', false)}
        />
      </div>
      <div className="field-row">
        {DURATIONS.map(({ key, inner, label, hint, undo }) => (
          <DurationField
            key={key}
            label={label}
            path={inner ? `${at}.${key}.${inner}` : `${at}.${key}`}
            value={(inner ? (settings[key] as Record<string, string> | undefined)?.[inner] : settings[key]) as string | undefined}
            hint={hint}
            onCommit={(v) => set(key, (v === undefined || !inner ? v : { [inner]: v }) as never, undo)}
          />
        ))}
      </div>
    </div>
  );
});
