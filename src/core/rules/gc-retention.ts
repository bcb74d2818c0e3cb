// Storage is what GC deletes, not what the design declares: a table with a declared
// `load.retention`, or a time series (a timestamp in the key), whose families have no rule that
// ever deletes, or a rule that keeps data longer than the retention, such as an intersection
// `{maxVersions: 3} AND {maxAge: 90d}` (it keeps the newest 3 versions for ever) where a union
// was meant. The age each rule enforces is src/core/capacity/workload.ts (ageBoundMs), the
// figure the plan's storage estimate uses. Families of gc-missing's cases are left to it.
import type { GcRule } from '../model/schema';
import { ageBoundMs, rowsForever, tableWorkload } from '../capacity/workload';
import { growthText } from '../capacity/bounds';
import { parseDuration } from '../model/duration';
import { updateTable } from './edit';
import { rowModel } from '../analysis/rows';
import { formatDuration } from '../model/duration';
import { defineTableRule } from './types';

/** The rule that enforces `retention`: an intersection becomes the union meant, else a union with the age. */
export function retentionGc(gc: GcRule | undefined, retention: string): GcRule {
  const limit = parseDuration(retention)!;
  if (gc && 'intersection' in gc) {
    const union: GcRule = { union: gc.intersection };
    if (ageBoundMs(union) <= limit) return union;
  }
  return gc ? { union: [gc, { maxAge: retention }] } : { maxAge: retention };
}

function growthOf(perMonth: number | null): string {
  return perMonth !== null && perMonth > 0 ? ` (${growthText(perMonth)})` : '';
}

export default defineTableRule({
  meta: {
    id: 'gc-retention',
    severity: 'warning',
    description: 'A declared retention or a time series whose GC rules never delete, or keep data longer than the retention.',
    messages: {
      none: 'family {family} has no GC rule, so the {retention} retention is never enforced and the table grows for ever{growth}: add gc: {maxAge: {retention}}.',
      intersection: 'the intersection GC of {family} keeps its newest cells for ever, not {retention}: use a union ("Garbage collection overview").',
      longer: 'the GC of {family} keeps cells {kept}, past the {retention} retention{growth}: add maxAge {retention} in a union (Garbage collection).',
      series: 'rows of {table} have a timestamp in the key but no GC rule deletes them{growth}: add a maxAge ("Schema design for time series data").',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    const fams = ta.table.families ?? [];
    if (!ta.layout || fams.length === 0) return;
    const retention = ta.retentionGiven ? ta.table.load!.retention! : null;
    const limit = retention === null ? null : parseDuration(retention)!;
    const w = tableWorkload(ta);
    const growth = growthOf(w.storedBytesGrowthPerMonth);
    if (limit === null) {
      // A time series with no declared retention: flag only when nothing ever deletes a row.
      if (ta.fields.some((f) => f.isTime) && w.enforcedRetentionMs === null) {
        report({ path: ['families'], messageId: 'series', data: { table: ta.table.name, growth } });
      }
      return;
    }
    const model = rowModel(ta);
    // Rows of a bounded set of entities stay bounded when a family's rule bounds its cells:
    // keeping each entity's newest value for ever is then a choice, not growth.
    const forever = rowsForever(ta);
    fams.forEach((fam, fi) => {
      const age = ageBoundMs(fam.gc);
      if (age <= limit) return;
      // An intersection whose union would enforce the retention names the age it was meant to
      // keep: it keeps the newest cells for ever, whether or not the rows are a bounded set.
      const meantUnion = fam.gc !== undefined && 'intersection' in fam.gc && ageBoundMs({ union: fam.gc.intersection }) <= limit;
      if (!meantUnion && !forever && (w.storage !== 'unbounded' || (fam.gc && !model.typical.columns.some((c) => c.family === fi && c.growing)))) return;
      const base = {
        path: ['families', fi],
        data: { family: fam.name, retention: retention!, growth },
        fix: {
          label: `Enforce the ${retention} retention in ${fam.name}'s GC rule`,
          apply: () =>
            updateTable(design, ta.index, (t) => ({ ...t, families: t.families!.map((f, k) => (k === fi ? { ...f, gc: retentionGc(f.gc, retention!) } : f)) })),
        },
      };
      if (!fam.gc) {
        // gc-missing reports families whose rows are written again and again.
        const stated = Math.max(0, ...(fam.columns ?? []).map((c) => c.versions ?? 0));
        if (fam.aggregate === undefined && (model.hottest.writes > 1 || stated > 1)) return;
        report({ ...base, messageId: 'none' });
      } else if (meantUnion) {
        report({ ...base, messageId: 'intersection' });
      } else {
        report({ ...base, messageId: 'longer', data: { ...base.data, kept: Number.isFinite(age) ? `for ${formatDuration(age)}` : 'for ever' } });
      }
    });
  },
});
