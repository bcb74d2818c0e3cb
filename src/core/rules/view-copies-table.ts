// A materialized view that groups by a value unique to each source row: every group holds one
// row, so the view is a second copy of the table (billed again for storage and for every
// write's sync, "Continuous materialized views"), not the rollup it was meant to be. Unique:
// the source row key (_key), a uuid, an auto-increment or long random bytes, or every field of
// the source key together.
import type { FieldInfo } from '../analysis/design';
import { keyedViews } from './support/view-key';
import { defineViewRule } from './support/viewed';

/** A key field with a new value for (nearly) every row. */
const unique = (f: FieldInfo) =>
  f.field.type === 'uuid' || f.isSequential || (f.field.type === 'bytes' && (f.field.length ?? 8) >= 8) || !Number.isFinite(f.cardinality);

export default defineViewRule({
  meta: {
    id: 'view-copies-table',
    severity: 'warning',
    description: 'A materialized view groups by a value unique to each source row, so every group is one row: the view copies the table.',
    messages: {
      unique: 'materialized view {view} groups by {field}, unique per row of {table}: each group is one row, so the view copies the table.',
      wholeKey: 'materialized view {view} groups by every field of the key of {table}: each group is one row, so the view copies the table.',
    },
    details: {
      unique:
        'materialized view {view} groups by {key}, and {field} ({what}) takes a new value for each row of {table}: every group holds one source row, and the view stores and syncs a copy of the table ("Continuous materialized views": views are billed for storage and for the work of keeping them in sync) with nothing aggregated. Group by {rest} only (the rollup "per {rest}"), or read the rows from {table} itself.',
      wholeKey:
        'materialized view {view} groups by {key}, every field of the row key of {table}: one group per source row, so the view copies the table with nothing aggregated ("Continuous materialized views": billed for storage and sync). Group by fewer fields, or a coarser time bucket.',
    },
    fixable: true,
  },
  design({ design, analysis, report }) {
    keyedViews(design, analysis).forEach(({ view: v, index: vi, at, source, ta, shape, items }) => {
      if (shape.form !== 'group') return;
      const key = shape.key.join(', ');
      const uniqueItem = items.findIndex((it) => it.kind === 'sourceKey' || (it.kind === 'field' && ta.fields.some((f) => f.name === it.name && unique(f))));
      if (uniqueItem >= 0) {
        const it = items[uniqueItem]!;
        const f = it.kind === 'field' ? ta.fields.find((x) => x.name === it.name) : undefined;
        const what =
          it.kind === 'sourceKey'
            ? 'the source row key'
            : f!.field.type === 'uuid'
              ? 'a uuid'
              : f!.isSequential
                ? 'an auto-increment'
                : f!.field.type === 'bytes'
                  ? 'random bytes'
                  : 'an unbounded value';
        const rest = shape.key.filter((_, i) => i !== uniqueItem);
        const field = shape.key[uniqueItem]!;
        const canFix = v.groupBy !== undefined && it.kind === 'field' && rest.length > 0;
        // Drops the unique field from a groupBy view: a rollup by the others (the engine verifies it).
        const apply = () => {
          if (!v.groupBy) return null;
          const fields = v.groupBy.fields.filter((f) => f !== field);
          if (fields.length === 0 || fields.length === v.groupBy.fields.length) return null;
          return { ...design, materializedViews: design.materializedViews!.map((x, k) => (k === vi ? { ...x, groupBy: { ...x.groupBy!, fields } } : x)) };
        };
        report({
          path: at,
          messageId: 'unique',
          data: { view: v.name, field, table: source.name, key, what, rest: rest.length ? rest.join(', ') : 'a coarser key' },
          ...(canFix ? { fix: { label: `Group ${v.name} by ${rest.join(', ')} only`, apply } } : {}),
        });
        return;
      }
      const entity = ta.fields.filter((f) => !f.isSalt);
      const grouped = new Set(items.flatMap((it) => (it.kind === 'field' ? [it.name] : [])));
      // Every field of the key, a time at its own resolution included (a coarser time bucket is
      // a TIMESTAMP_TRUNC, which is not a key field): one group per row.
      if (entity.length > 0 && entity.every((f) => grouped.has(f.name)))
        report({ path: at, messageId: 'wholeKey', data: { view: v.name, table: source.name, key } });
    });
  },
});
