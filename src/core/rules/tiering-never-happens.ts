// Tiered storage moves cells older than `infrequentAccessAfter` (by cell timestamp) to the
// infrequent access tier ("Tiered storage overview"). If GC deletes every cell of the table
// before it reaches that age, nothing ever moves and the setting only suggests savings that
// will not come; on an HDD instance Bigtable refuses the setting (TieredStorageConfig: "only
// SSD instances can configure tiered storage").
import { instanceOf } from '../model/instance';
import { parseDuration } from '../model/duration';
import { maxCellAgeMs } from '../analysis/gc-bounds';
import { formatDuration } from '../model/duration';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'tiering-never-happens',
    severity: 'warning',
    description: 'Tiered storage that cannot happen: on HDD, or at an age GC never lets a cell reach.',
    messages: {
      hdd: 'tiered storage needs an SSD instance and this one is HDD, so Bigtable refuses the setting ("Tiered storage overview").',
      gcFirst: 'cells move after {tier} but GC deletes them by {age} at the latest, so none ever moves ("Tiered storage overview").',
    },
    fixable: false,
    readsInstance: true,
  },
  table({ table: t }, { design, report }) {
    const storage = instanceOf(design).storage;
    const tier = t.tieredStorage?.infrequentAccessAfter;
    if (tier === undefined) return;
    const path = ['tieredStorage', 'infrequentAccessAfter'];
    if (storage === 'hdd') {
      report({ path, messageId: 'hdd', severity: 'error' });
      return;
    }
    const fams = t.families ?? [];
    if (!fams.length) return;
    const oldest = Math.max(...fams.map((f) => maxCellAgeMs(f.gc)));
    const tierMs = parseDuration(tier);
    if (tierMs !== null && Number.isFinite(oldest) && tierMs >= oldest) {
      report({ path, messageId: 'gcFirst', data: { tier, age: formatDuration(oldest) } });
    }
  },
});
