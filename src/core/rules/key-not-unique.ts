// Schema design best practices checklist: "Uniqueness: Ensure row keys are globally unique. Duplicate keys will
// overwrite existing data." A key with a timestamp names one event or one time bucket; keys without one name entities (a profile, a page), where writing
// the same key again is the update the table is for, so only timed keys are judged.
import { maxVersionsOf, writesInWindow, type FieldInfo, type TableAnalysis } from '../analysis/design';
import { busiestPerWindow, keyShares, lostShare } from './support/collisions';
import { formatFigure, formatPercent } from '../units';
import { defineTableRule } from './types';
import { BUCKET_MS, BUCKETS } from '../model/duration';

const WINDOWS: [number, string][] = [[0.001, 'microsecond'], [1, 'millisecond'], [1000, 'second'], ...BUCKETS.map((b): [number, string] => [BUCKET_MS[b], b])];
const windowName = (ms: number) => WINDOWS.find(([w]) => w >= ms)?.[1] ?? `${ms} ms`;

/** Whether repeated writes to one row are kept as cells (time-bucket patterns) rather than overwritten. */
function accumulates(t: TableAnalysis): boolean {
  const fams = t.table.families ?? [];
  if (fams.length === 0) return true; // nothing declared to judge
  // Counter columns are updated in place (increment, or read-modify-write): repeated writes to
  // the row add up rather than overwrite, whatever the family keeps (counter-read-modify-write
  // judges how they are incremented).
  return fams.some((f) => f.aggregate !== undefined || (f.columns ?? []).some((c) => c.dynamic || c.counter) || maxVersionsOf(f.gc) !== 1);
}

/** Beyond this many writes per bucket row, versions of one cell are not advice worth giving. */
const MAX_VERSIONS_ADVICE = 100;

const entityOf = (fields: FieldInfo[]) =>
  fields.length === 0 ? 'key' : fields.length === 1 ? fields[0]!.name : `${fields.map((f) => f.name).join('/')} combination`;

export default defineTableRule({
  meta: {
    id: 'key-not-unique',
    severity: 'error',
    description: 'Different writes produce the same key under the declared load, so they overwrite each other.',
    messages: {
      collide: 'at {wps} writes/s the busiest {entity} reuses a key within one {window}: {rate} of writes overwrite a row (Schema design best practices).',
      bucketOverwrite:
        'each {window} row of the busiest {entity} takes ~{perWindow} writes into one version: {rate} of writes are lost (Schema design for time series data).',
    },
    details: {
      collide:
        'the key is not unique under the declared load ({wps} writes/s): the busiest {entity} writes about {perWindow} times per {window}, but {time} has one value per {window}, so at least {rate} of writes ({lost}/s) reuse a key written in the same {window} and overwrite that row. End the key with a unique id (a uuid or a sequence, as in Schema design best practices tenantID#reversedTimestamp#objectID){finer}.',
      bucketOverwrite:
        'each {window} row of the busiest {entity} takes about {perWindow} writes ({wps} writes/s in all), but every family keeps one version and no column is dynamic, so each write overwrites the one before: at least {rate} of writes ({lost}/s) are lost. {remedy} If these writes are a short burst or a periodic load rather than a steady rate, say so (load.writePattern: burst or bulk) and they are judged as such.',
    },
    fixable: false,
  },
  table(t, { report }) {
    const times = t.fields.filter((f) => f.isTime);
    if (times.length === 0 || t.writesPerSecond <= 0) return;
    // Writes declared as updates of existing rows rewrite a key on purpose (the latest state).
    if (t.writeKind === 'update') return;
    const time = times.reduce((a, b) => ((b.resolutionMs ?? Infinity) < (a.resolutionMs ?? Infinity) ? b : a));
    const bucketed = time.field.type === 'timestamp' && time.field.bucket !== undefined;
    if (bucketed ? accumulates(t) : (t.table.families ?? []).some((f) => f.aggregate !== undefined || (f.columns ?? []).some((c) => c.counter))) return;
    const fields = t.fields.filter((f) => !f.isTime && !f.isSalt);
    // Fast path: the busiest key (product of top shares) writes at most once per window. The
    // writes of one window follow the write pattern: a burst or a daily bulk load is not its
    // peak rate kept up for a whole day bucket.
    const n = writesInWindow(t.table, time.resolutionMs ?? 0);
    if (fields.some((f) => f.isSequential || f.topShare === 0)) return;
    if (n * fields.reduce((a, f) => a * f.topShare, 1) <= 1) return;
    const shares = keyShares(fields);
    if (!shares) return;
    const lost = lostShare(shares, n);
    if (lost <= 0) return;
    const perWindow = busiestPerWindow(shares, n);
    const unit = time.field.type === 'timestamp' ? (time.field.unit ?? 'ms') : 'ms';
    report({
      path: ['rowKey', 'template'],
      messageId: bucketed ? 'bucketOverwrite' : 'collide',
      data: {
        wps: formatFigure(t.writesPerSecond),
        entity: entityOf(fields),
        perWindow: formatFigure(perWindow),
        window: windowName(time.resolutionMs ?? 0),
        time: time.name,
        rate: formatPercent(lost),
        lost: formatFigure(lost * t.writesPerSecond),
        remedy:
          perWindow <= MAX_VERSIONS_ADVICE
            ? `Keep a cell per event (gc maxVersions of at least ${Math.ceil(perWindow)}, Schema design for time series data "Adding new cells for new events"), add a column per event, use an aggregate family for counts, or drop the bucket so each event is a row.`
            : 'Drop the bucket so each event is a row (single-timestamp rows, Schema design for time series data), add a column per event, or use an aggregate family for counts; thousands of versions in one cell are not a design.',
        finer: unit === 'us' ? '' : `, or write ${time.name} in a finer unit (unit: us)`,
      },
    });
  },
});
