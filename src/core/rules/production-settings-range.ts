// Values Bigtable refuses with INVALID_ARGUMENT: change stream retention 1-7 days
// (ChangeStreamConfig), automated backup retention 3-90 days (AutomatedBackupPolicy), tiering
// age at least 30 days (TieredStorageRule), autoscaling CPU target 10-80% and storage target
// per node (AutoscalingTargets), max nodes at most 10 times min nodes (Autoscaling). The fix
// moves the value to the nearest one Bigtable accepts.
import type { PathPart } from '../model/positions';
import { settingsOutOfRange as problems } from '../model/production-limits';
import type { Design } from '../model/schema';
import { defineVisitorRule } from './types';

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

export default defineVisitorRule({
  meta: {
    id: 'production-settings-range',
    severity: 'error',
    description: 'A production setting Bigtable would refuse: retention days, tiering age, autoscaling targets or node bounds out of range.',
    messages: {
      range: '{what} {value} is outside what Bigtable accepts ({allowed}), so creating it fails ("{page}"); use {fixed}.',
    },
    fixable: true,
    readsInstance: true,
    // The table settings it checks (the rest is the instance's, outside tables).
    reads: ({ table: t }) => [t.name, t.changeStreamRetention, t.backup?.retention, t.tieredStorage?.infrequentAccessAfter],
  },
  create: ({ design, report }) => ({
    design() {
      for (const p of problems(design)) {
        report({
          ...(p.table !== undefined ? { table: p.table } : {}),
          path: p.path,
          messageId: 'range',
          data: { what: p.what, value: p.value, allowed: p.allowed, page: p.page, fixed: String(p.fixed) },
          fix: { label: `Set ${p.fixed}`, apply: () => setAt(design, p.table, p.path, p.fixed) },
        });
      }
    },
  }),
});
