// Schema design for time series data ("Adding new cells for new events"): "It's important to specify garbage collection
// rules when you use this pattern." A family with no GC rule keeps every cell it is ever sent
// (Google's "Garbage collection overview"), so wherever rows are written more
// than once (time buckets, keys that repeat) the cells pile up without end.
import type { GcRule } from '../model/schema';
import type { TableAnalysis } from '../analysis/design';
import { updateTable } from './edit';
import { horizonText, rowModel } from '../analysis/rows';
import { formatCount } from '../units';
import { formatDuration } from '../model/duration';
import { defineTableRule } from './types';

/** The rule that keeps what the design says it keeps: the retention, and the stated versions. */
export function proposedGc(ta: TableAnalysis, fi: number): GcRule | null {
  const fam = ta.table.families?.[fi];
  if (!fam) return null;
  // maxVersions applies to every column of the family: only when each one states what it keeps.
  const cols = fam.columns ?? [];
  const versions = cols.length && cols.every((c) => c.versions !== undefined) ? Math.max(...cols.map((c) => c.versions!)) : null;
  const age = ta.retentionGiven ? ta.table.load!.retention! : null;
  if (versions !== null && age !== null) return { union: [{ maxVersions: versions }, { maxAge: age }] };
  if (age !== null) return { maxAge: age };
  if (versions !== null) return { maxVersions: versions };
  return null;
}

function render(gc: GcRule): string {
  if ('maxVersions' in gc) return `{maxVersions: ${gc.maxVersions}}`;
  if ('maxAge' in gc) return `{maxAge: ${gc.maxAge}}`;
  const [op, rules] = 'union' in gc ? ['union', gc.union] : ['intersection', gc.intersection];
  return `{${op}: [${rules.map(render).join(', ')}]}`;
}

function gcText(gc: GcRule | null): string {
  return gc ? `gc: ${render(gc)}` : "a rule such as maxVersions: 1 (only the newest value) or a maxAge of the data's useful life";
}

export default defineTableRule({
  meta: {
    id: 'gc-missing',
    severity: 'warning',
    description: 'A non-aggregate family without a GC rule where cells accumulate.',
    messages: {
      bucket: 'family {family} has no GC rule, yet each {bucket} row gains a cell per event: they are kept for ever (Schema design for time series data).',
      repeat: 'family {family} has no GC rule, yet its rows are written again and again: every old cell is kept for ever (Garbage collection overview).',
      versions:
        'family {family} has no GC rule, yet its columns state {versions} versions: Bigtable keeps every version ever written (Garbage collection overview).',
    },
    details: {
      bucket:
        'family {family} has no GC rule, yet each {bucket} row collects its events as new cells{writes}: Bigtable keeps every cell of a family without a rule, for ever. Schema design for time series data on time buckets: "It\'s important to specify garbage collection rules when you use this pattern." Add {gc}.',
      repeat:
        'family {family} has no GC rule, yet its rows are written again and again: about {writes} writes reach the busiest row over {horizon}, each adding a cell that is never deleted{growth}. Add {gc}.',
      versions:
        'family {family} has no GC rule, yet its columns state {versions} versions: without a rule Bigtable keeps every version ever written, not {versions}. Add {gc}.',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    const fams = ta.table.families ?? [];
    if (!ta.layout || !fams.some((f) => !f.gc && !f.aggregate)) return;
    const model = rowModel(ta);
    const writes = model.hottest.writes;
    fams.forEach((fam, fi) => {
      if (fam.gc || fam.aggregate) return;
      const gc = proposedGc(ta, fi);
      const fix = gc
        ? {
            fix: {
              label: `Add ${gcText(gc)}`,
              apply: () => updateTable(design, ta.index, (t) => ({ ...t, families: t.families!.map((f, k) => (k === fi ? { ...f, gc } : f)) })),
            },
          }
        : {};
      const base = { path: ['families', fi], data: { family: fam.name, gc: gcText(gc) }, ...fix };
      const stated = Math.max(0, ...(fam.columns ?? []).map((c) => c.versions ?? 0));
      // With no load declared, stated versions say that a bucket row collects several cells.
      if (model.bucket && (writes > 1 || (ta.writesPerSecond === 0 && stated > 1))) {
        const w = writes > 1 ? ` (about ${formatCount(writes)} writes to the busiest row)` : '';
        report({ ...base, messageId: 'bucket', data: { ...base.data, bucket: model.bucket, writes: w } });
      } else if (writes > 1) {
        report({
          ...base,
          messageId: 'repeat',
          data: {
            ...base.data,
            writes: formatCount(writes),
            horizon: model.timeField ? `the ${formatDuration(model.lifetimeMs)} each row lives` : horizonText(ta),
            growth: model.timeField ? '' : ', so rows grow for as long as they are written',
          },
        });
      } else if (stated > 1) {
        report({ ...base, messageId: 'versions', data: { ...base.data, versions: stated } });
      }
    });
  },
});
