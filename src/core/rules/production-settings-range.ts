// Values Bigtable refuses with INVALID_ARGUMENT: change stream retention 1-7 days
// (ChangeStreamConfig), automated backup retention 3-90 days (AutomatedBackupPolicy), tiering
// age at least 30 days (TieredStorageRule), autoscaling CPU target 10-80% and storage target
// per node (AutoscalingTargets), max nodes at most 10 times min nodes (Autoscaling). The fix
// moves the value to the nearest one Bigtable accepts.
import type { PathPart } from '../model/positions';
import { BACKUP_RETENTION_DAYS, CHANGE_STREAM_DAYS, CPU_TARGET_RANGE, DAY_MS, STORAGE_TARGET_RANGE, TIERING_MIN_DAYS } from '../model/instance';
import type { Design } from '../model/schema';
import { durationMs } from './analysis';
import { defineRule, type Finding } from './types';

interface OutOfRange {
  path: PathPart[];
  table: number | undefined;
  what: string;
  value: string;
  allowed: string;
  page: string;
  /** The nearest accepted value, as written in the design. */
  fixed: string | number;
}

const days = (d: string) => (durationMs(d) ?? NaN) / DAY_MS;

function problems(design: Design): OutOfRange[] {
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
      out.push({ path: ['tieredStorage', 'infrequentAccessAfter'], table: ti, what: 'tiering age', value: tier, allowed: `at least ${TIERING_MIN_DAYS} days`, page: 'Tiered storage overview', fixed: `${TIERING_MIN_DAYS}d` });
    }
  });
  const storage = design.instance?.storage ?? 'ssd';
  (design.instance?.clusters ?? []).forEach((c, ci) => {
    const a = c.autoscaling;
    if (!a) return;
    const at: PathPart[] = ['instance', 'clusters', ci, 'autoscaling'];
    const [clo, chi] = CPU_TARGET_RANGE;
    if (a.cpuTarget < clo || a.cpuTarget > chi) {
      out.push({ path: [...at, 'cpuTarget'], table: undefined, what: 'autoscaling CPU target', value: `${a.cpuTarget}%`, allowed: `${clo} to ${chi}%`, page: 'Autoscaling', fixed: a.cpuTarget < clo ? clo : chi });
    }
    const [slo, shi] = STORAGE_TARGET_RANGE[storage];
    if (a.storageTarget !== undefined && (a.storageTarget < slo || a.storageTarget > shi)) {
      out.push({ path: [...at, 'storageTarget'], table: undefined, what: `${storage.toUpperCase()} storage target`, value: `${a.storageTarget} GiB`, allowed: `${slo} to ${shi} GiB per node`, page: 'Autoscaling', fixed: a.storageTarget < slo ? slo : shi });
    }
    if (a.maxNodes > 10 * a.minNodes) {
      out.push({ path: [...at, 'maxNodes'], table: undefined, what: 'maxNodes', value: String(a.maxNodes), allowed: `at most 10 times minNodes (${10 * a.minNodes})`, page: 'Autoscaling', fixed: 10 * a.minNodes });
    }
  });
  return out;
}

/** Writes `value` at `path` (below the table when `table` is set), copying only what it changes. */
function setAt(design: Design, table: number | undefined, path: PathPart[], value: unknown): Design {
  const put = (o: unknown, p: PathPart[]): unknown => {
    if (!p.length) return value;
    const [k, ...rest] = p;
    if (Array.isArray(o)) return o.map((x, i) => (i === k ? put(x, rest) : x));
    const rec = (o ?? {}) as Record<string, unknown>;
    return { ...rec, [k as string]: put(rec[k as string], rest) };
  };
  if (table === undefined) return put(design, path) as Design;
  return { ...design, tables: design.tables.map((t, i) => (i === table ? (put(t, path) as typeof t) : t)) };
}

export default defineRule({
  meta: {
    id: 'production-settings-range',
    severity: 'error',
    description: 'A production setting Bigtable would refuse: retention days, tiering age, autoscaling targets or node bounds out of range.',
    messages: {
      range: '{what} {value} is outside what Bigtable accepts ({allowed}), so creating it fails ("{page}"); use {fixed}.',
    },
    fixable: true,
  },
  check({ design, report }) {
    for (const p of problems(design)) {
      report({
        ...(p.table !== undefined ? { table: p.table } : {}),
        path: p.path,
        messageId: 'range',
        data: { what: p.what, value: p.value, allowed: p.allowed, page: p.page, fixed: String(p.fixed) },
        fix: `Set ${p.fixed}`,
      });
    }
  },
  fix(design, finding: Finding) {
    const inTable = finding.path[0] === 'tables' && typeof finding.path[1] === 'number';
    const tableIndex = inTable ? (finding.path[1] as number) : undefined;
    const rel = inTable ? finding.path.slice(2) : finding.path;
    const p = problems(design).find((x) => x.table === tableIndex && x.path.join('.') === rel.join('.'));
    return p ? setAt(design, p.table, p.path, p.fixed) : null;
  },
});
