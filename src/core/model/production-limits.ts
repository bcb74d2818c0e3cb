// The limits Google documents for the production settings, checked in one place:
// the rule production-settings-range reports them with a fix, and every export refuses a design
// that breaks one (the tool would refuse it too), naming the limit.
import { BACKUP_RETENTION_DAYS, CHANGE_STREAM_DAYS, CPU_TARGET_RANGE, DAY_MS, STORAGE_TARGET_RANGE, TIERING_MIN_DAYS } from './instance';
import { parseDuration } from './duration';
import type { PathPart } from './positions';
import type { Design } from './schema';

export interface OutOfRange {
  path: PathPart[];
  table: number | undefined;
  what: string;
  value: string;
  allowed: string;
  page: string;
  /** The nearest accepted value, as written in the design. */
  fixed: string | number;
}

/** A design duration in days; NaN for anything else, which no range accepts. */
const days = (d: string) => (parseDuration(d) ?? Number.NaN) / DAY_MS;

/** Every production setting outside what Bigtable accepts (path relative to the table when `table` is set). */
export function settingsOutOfRange(design: Design): OutOfRange[] {
  const out: OutOfRange[] = [];
  const dayRange = (ti: number, path: PathPart[], what: string, d: string | undefined, [lo, hi]: [number, number], page: string) => {
    if (d === undefined) return;
    const n = days(d);
    if (n >= lo && n <= hi) return;
    out.push({ path, table: ti, what, value: d, allowed: `${lo} to ${hi} days`, page, fixed: `${n < lo ? lo : hi}d` });
  };
  design.tables.forEach((t, ti) => {
    dayRange(ti, ['changeStreamRetention'], 'change stream retention', t.changeStreamRetention, CHANGE_STREAM_DAYS, 'Configure change streams');
    dayRange(ti, ['backup', 'retention'], 'automated backup retention', t.backup?.retention, BACKUP_RETENTION_DAYS, 'Manage backups');
    const tier = t.tieredStorage?.infrequentAccessAfter;
    if (tier !== undefined && days(tier) < TIERING_MIN_DAYS) {
      out.push({
        path: ['tieredStorage', 'infrequentAccessAfter'],
        table: ti,
        what: 'tiering age',
        value: tier,
        allowed: `at least ${TIERING_MIN_DAYS} days`,
        page: 'Tiered storage overview',
        fixed: `${TIERING_MIN_DAYS}d`,
      });
    }
  });
  const storage = design.instance?.storage ?? 'ssd';
  (design.instance?.clusters ?? []).forEach((c, ci) => {
    const a = c.autoscaling;
    if (!a) return;
    const at: PathPart[] = ['instance', 'clusters', ci, 'autoscaling'];
    const [clo, chi] = CPU_TARGET_RANGE;
    if (a.cpuTarget < clo || a.cpuTarget > chi) {
      out.push({
        path: [...at, 'cpuTarget'],
        table: undefined,
        what: 'autoscaling CPU target',
        value: `${a.cpuTarget}%`,
        allowed: `${clo} to ${chi}%`,
        page: 'Autoscaling',
        fixed: a.cpuTarget < clo ? clo : chi,
      });
    }
    const [slo, shi] = STORAGE_TARGET_RANGE[storage];
    if (a.storageTarget !== undefined && (a.storageTarget < slo || a.storageTarget > shi)) {
      out.push({
        path: [...at, 'storageTarget'],
        table: undefined,
        what: `${storage.toUpperCase()} storage target`,
        value: `${a.storageTarget} GiB`,
        allowed: `${slo} to ${shi} GiB per node`,
        page: 'Autoscaling',
        fixed: a.storageTarget < slo ? slo : shi,
      });
    }
    if (a.maxNodes > 10 * a.minNodes) {
      out.push({
        path: [...at, 'maxNodes'],
        table: undefined,
        what: 'maxNodes',
        value: String(a.maxNodes),
        allowed: `at most 10 times minNodes (${10 * a.minNodes})`,
        page: 'Autoscaling',
        fixed: 10 * a.minNodes,
      });
    }
  });
  return out;
}
