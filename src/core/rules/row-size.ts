// Schema design best practices checklist: "Row Size: Keep < 100 MB. Note that Bigtable enforces a hard limit of
// 256 MB at read time." Schema design best practices: a row "cannot be split across multiple tablets or nodes". The
// size comes from support/rows.ts: writes reaching a row over its life, kept cells per column
// (GC, aggregates, perRow, versions), for the average and the busiest row. Time-bucket rows are
// time-bucket-size's, which can name a smaller bucket.
import type { TableAnalysis } from '../analysis/design';
import type { VisitorReport } from './types';
import { defineTableRule } from './types';
import { horizonText, ROW_ERROR_BYTES, ROW_WARN_BYTES, rowModel, type RowModel } from '../analysis/rows';
import { formatBytes, formatCount } from '../units';
import { formatDuration } from '../model/duration';

/** The finding of an oversized row, or null when the busiest row fits; shared with time-bucket-size. */
export function oversizedRow(
  ta: TableAnalysis,
  model: RowModel,
): (Omit<VisitorReport, 'path' | 'messageId'> & { family: number | null; every: boolean }) | null {
  const size = model.hottest.bytes;
  if (size <= ROW_WARN_BYTES) return null;
  const fb = model.hottest.familyBytes;
  const at = fb.length ? fb.indexOf(Math.max(...fb)) : -1;
  const family = at >= 0 && ta.table.families?.[at] ? at : null;
  const growing = model.hottest.columns.some((c) => c.growing);
  const famName = family === null ? '' : ta.table.families![family]!.name;
  return {
    table: ta.index,
    family,
    every: model.typical.bytes > ROW_WARN_BYTES,
    severity: size > ROW_ERROR_BYTES ? 'error' : 'warning',
    data: {
      size: formatBytes(size),
      typical: formatBytes(model.typical.bytes),
      limit: size > ROW_ERROR_BYTES ? 'the 256 MB hard limit: such a row cannot be read at all' : 'the 100 MB a row should stay under',
      family: famName,
      familySize: family === null ? '' : formatBytes(fb[family]!),
      writes: formatCount(model.hottest.writes),
      share: model.hotShare < 1e-4 ? 'under 0.01%' : `${+(model.hotShare * 100).toPrecision(2)}%`,
      span: model.timeField ? `one ${formatDuration(model.lifetimeMs)} row` : horizonText(ta),
      busiest: size > model.typical.bytes * 1.1 ? ` (the busiest ${formatBytes(size)})` : '',
      advice: growing
        ? `Nothing bounds it: give ${famName} a GC rule (maxAge, maxVersions), add a time bucket to the key, or make each event its own row`
        : `Keep fewer cells (GC maxVersions), smaller values, or spread ${famName} over more rows`,
    },
  };
}

export default defineTableRule({
  meta: {
    id: 'row-size',
    severity: 'error',
    description: 'The estimated row exceeds 256 MB (error) or 100 MB (warning).',
    messages: {
      every: 'rows of this table reach about {typical}, over {limit} (Schema design best practices).',
      hottest: 'the busiest row ({share} of writes) reaches about {size}, over {limit} (Schema design best practices).',
    },
    details: {
      every:
        'rows of this table reach about {typical} over {span}{busiest}, over {limit}. Bigtable never splits a row, so one node serves all of it and every read of it slows. Family {family} holds {familySize} of it. {advice}.',
      hottest:
        "the busiest row takes {share} of the writes, about {writes} over {span}, and reaches about {size}, over {limit}; a typical row stays near {typical}. Bigtable never splits a row, so that entity's reads and writes all hit one node. Family {family} holds {familySize} of it. {advice}.",
    },
    fixable: false,
  },
  table(ta, { report }) {
    if (!ta.layout || !ta.table.families?.length) return;
    const model = rowModel(ta);
    if (model.bucket) return; // time-bucket-size judges these and can name a smaller bucket
    const found = oversizedRow(ta, model);
    if (!found) return;
    const { family, every, ...rest } = found;
    report({ ...rest, path: family === null ? ['rowKey'] : ['families', family], messageId: every ? 'every' : 'hottest' });
  },
});
