// A table's production settings: deletion protection, change stream retention, automated
// backups and tiered storage. Durations are the format's (`3d`, `72h`); Google's ranges are the
// validator's production-settings-range findings, so an out-of-range value loads and is flagged.
import { memo } from 'react';
import type { Table } from '../../core/model/schema';
import { CheckField } from './fields';
import type { Edit } from './hooks';
import { onTable, setOpt } from './ops';
import { DurationField } from './parts';

type Settings = Pick<Table, 'deletionProtection' | 'changeStreamRetention' | 'backup' | 'tieredStorage'>;

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
        <CheckField
          label="Deletion protection"
          path={`${at}.deletionProtection`}
          checked={settings.deletionProtection === true}
          onCommit={(v) => set('deletionProtection', v || undefined, v ? 'Protect table from deletion' : 'Allow deleting table', false)}
        />
      </div>
      <div className="field-row">
        <DurationField
          label="Change stream retention (e.g. 3d; empty: off)"
          path={`${at}.changeStreamRetention`}
          value={settings.changeStreamRetention}
          hint="1 to 7 days"
          onCommit={(v) => set('changeStreamRetention', v, 'Set change stream retention')}
        />
        <DurationField
          label="Automated backups: keep each (e.g. 14d; empty: off)"
          path={`${at}.backup.retention`}
          value={settings.backup?.retention}
          hint="3 to 90 days"
          onCommit={(v) => set('backup', v === undefined ? undefined : { retention: v }, 'Set backup retention')}
        />
        <DurationField
          label="Tiered storage: infrequent access after (e.g. 90d; empty: off)"
          path={`${at}.tieredStorage.infrequentAccessAfter`}
          value={settings.tieredStorage?.infrequentAccessAfter}
          hint="at least 30d; SSD only (Preview)"
          onCommit={(v) => set('tieredStorage', v === undefined ? undefined : { infrequentAccessAfter: v }, 'Set tiered storage')}
        />
      </div>
    </div>
  );
});
