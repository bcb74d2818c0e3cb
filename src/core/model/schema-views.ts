// Views: materialized, logical and authorized views of the design format v1
// (schema.ts puts them in the design's `views`; docs/design-format.md explains them).
import * as z from 'zod';
import { text } from './schema-base';

/** Bigtable's view id rule (as table ids): letters, digits, _ - . (at most 50 by the checks). */
const viewName = z.string().min(1).max(200).meta({ description: 'The view id: letters, digits, _ - . (at most 50).' });
const deletionProtection = z.boolean().optional().meta({ description: 'Protect the view from deletion (default false).' });

export const ViewAggregation = z.strictObject({
  fn: z
    .enum(['count', 'sum', 'min', 'max', 'avg', 'any_value', 'hll_count.init', 'hll_count.merge', 'hll_count.merge_partial', 'bit_and', 'bit_or', 'bit_xor'])
    .meta({ description: 'A supported aggregation of continuous materialized views.' }),
  column: z.string().min(1).max(20000).optional().meta({ description: 'family:qualifier aggregated (none for count of rows).' }),
  as: z.string().min(1).max(200).meta({ description: 'The output column name.' }),
});

export const MaterializedView = z.strictObject({
  name: viewName,
  description: text(2000, 'What this view is for.').optional(),
  table: z.string().min(1).max(200).meta({ description: 'The source table (one per view).' }),
  query: z.string().min(1).max(100000).optional().meta({ description: 'The view as GoogleSQL (a GROUP BY or an ORDER BY query); or use groupBy or index.' }),
  groupBy: z
    .strictObject({
      fields: z.array(z.string().min(1).max(200)).min(1).max(50).meta({ description: 'Key fields of the source table to group by, in order: the view key.' }),
      aggregations: z.array(ViewAggregation).min(1).max(100),
    })
    .optional()
    .meta({ description: 'A rollup (pre-aggregation): GROUP BY these key fields.' }),
  index: z
    .strictObject({
      fields: z
        .array(z.string().min(1).max(200))
        .min(1)
        .max(50)
        .meta({ description: 'Key fields or family:qualifier columns, in order: the index key (the source _key follows).' }),
      families: z.array(z.string().min(1).max(200)).max(100).optional().meta({ description: 'Families copied into the index rows (default none).' }),
    })
    .optional()
    .meta({ description: 'An asynchronous secondary index: ORDER BY these, then the source row key.' }),
  deletionProtection,
});

export const LogicalView = z.strictObject({
  name: viewName,
  description: text(2000, 'What this view is for.').optional(),
  query: z.string().min(1).max(100000).meta({ description: 'The view as a GoogleSQL SELECT.' }),
  deletionProtection,
});

export const AuthorizedView = z.strictObject({
  name: viewName,
  description: text(2000, 'Who this view is for.').optional(),
  table: z.string().min(1).max(200).meta({ description: 'The table the view is a subset of.' }),
  rowPrefixes: z.array(z.string().max(4096)).max(10000).optional().meta({ description: 'Row key prefixes included ("" = every row; default every row).' }),
  families: z
    .record(
      z.string(),
      z.strictObject({
        qualifiers: z.array(z.string().max(16384)).max(10000).optional().meta({ description: 'Exact qualifiers included.' }),
        qualifierPrefixes: z
          .array(z.string().max(16384))
          .max(10000)
          .optional()
          .meta({ description: 'Qualifier prefixes included ("" = every column of the family).' }),
      }),
    )
    .meta({ description: 'Per family: the columns included (empty object = every column).' }),
  deletionProtection,
});

export type MaterializedView = z.infer<typeof MaterializedView>;
export type LogicalView = z.infer<typeof LogicalView>;
export type AuthorizedView = z.infer<typeof AuthorizedView>;
export type ViewAggregation = z.infer<typeof ViewAggregation>;
