// The design format v1, defined once. The JSON Schema in public/design.schema.json is
// generated from these definitions (scripts/gen-schema.ts); docs/design-format.md explains them.
import { z } from 'zod';

// No JIT: zod would probe `Function("")` on the first parse to decide on compiled parsers, an
// eval attempt the studio's CSP (script-src 'self') blocks and reports, in the page and in
// every worker that loads designs. Here, before any schema is used, so every bundle has it.
z.config({ jitless: true });

export const FORMAT_V1 = 'bigtable-studio/v1';

/** Bigtable's own table id rule (table.proto). */
export const TABLE_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;
/** Column family ids: Bigtable allows [_a-zA-Z0-9][-_.a-zA-Z0-9]*, at most 64 characters. */
export const FAMILY_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;
/** Key field names become SQL column names in a structured row key. */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Durations as gcloud and cbt write them: 30d, 36h, 15m, 90s, 500ms. */
export const DURATION = /^[1-9][0-9]{0,8}(ms|s|m|h|d)$/;

const text = (max: number, what: string) => z.string().max(max).meta({ description: what });
const count = (min: number, max: number) => z.number().int().min(min).max(max);

const duration = z
  .string()
  .regex(DURATION, { message: 'a positive duration like 30d, 36h, 15m, 90s or 500ms' })
  .meta({ description: 'A duration: a whole number and a unit (ms, s, m, h, d), e.g. 30d.' });

const common = {
  description: text(2000, 'What this field holds.').optional(),
  example: z
    .union([z.string().max(4096), z.number()])
    .optional()
    .meta({ description: 'A value used for the example key instead of a generated one.' }),
};

const distribution = {
  distribution: z
    .enum(['uniform', 'zipf', 'sequential', 'hot'])
    .optional()
    .meta({
      description:
        'How generated values are drawn: uniform (default), zipf (a few values take most writes, see skew), sequential (auto-increment), hot (one value takes `share` of writes).',
    }),
  skew: z.number().min(0.01).max(10).optional().meta({ description: 'Zipf exponent (default 1.1).' }),
  share: z
    .number()
    .gt(0)
    .max(1)
    .optional()
    .meta({ description: 'With distribution hot: the share of writes that go to the one hot value.' }),
};

const safeInt = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const pad = count(1, 64).meta({ description: 'Zero-pad decimal text to this many digits.' });

export const StringField = z
  .strictObject({
    type: z.literal('string'),
    ...common,
    values: z
      .array(z.string().max(1024))
      .min(1)
      .max(100000)
      .optional()
      .meta({ description: 'A closed set of values.' }),
    weights: z
      .array(z.number().min(0))
      .optional()
      .meta({ description: 'Relative write weights of `values`, one per value.' }),
    cardinality: count(1, 1e15).optional().meta({ description: 'How many distinct generated values.' }),
    length: count(1, 1024).optional().meta({ description: 'Length of generated values (default 8).' }),
    prefix: z.string().max(256).optional().meta({ description: 'Text in front of every generated value.' }),
    alphabet: z
      .enum(['alnum', 'lower', 'hex', 'digits'])
      .optional()
      .meta({ description: 'Characters of generated values (default lower).' }),
    ...distribution,
  })
  .meta({ description: 'Text (UTF-8).' });

export const IntField = z
  .strictObject({
    type: z.literal('int'),
    ...common,
    encoding: z
      .enum(['decimal', 'bigEndian', 'orderedCode'])
      .optional()
      .meta({
        description:
          'decimal text (default), bigEndian (8 bytes, two\'s complement) or orderedCode (Bigtable\'s variable-length, order-preserving Int64 encoding).',
      }),
    min: safeInt.optional().meta({ description: 'Smallest value (default 0).' }),
    max: safeInt.optional().meta({ description: 'Largest value.' }),
    cardinality: count(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'How many distinct values.' }),
    pad: pad.optional(),
    ...distribution,
  })
  .meta({ description: 'A 64-bit integer.' });

export const TimestampField = z
  .strictObject({
    type: z.literal('timestamp'),
    ...common,
    unit: z.enum(['s', 'ms', 'us']).optional().meta({ description: 'Precision: s, ms (default) or us.' }),
    reversed: z
      .boolean()
      .optional()
      .meta({ description: 'Write Long.MAX_VALUE - ts (19 digits), so the newest rows sort first.' }),
    bucket: z
      .enum(['minute', 'hour', 'day', 'week', 'month'])
      .optional()
      .meta({ description: 'Round down to the start of this bucket (time-bucket rows).' }),
    format: z.enum(['epoch', 'iso']).optional().meta({ description: 'epoch numbers (default) or ISO 8601 text.' }),
    encoding: z
      .enum(['decimal', 'bigEndian'])
      .optional()
      .meta({ description: 'decimal text (default) or bigEndian (8 bytes).' }),
    pad: pad.optional(),
  })
  .meta({ description: 'A point in time. Generated values follow simulated time ("now").' });

export const UuidField = z.strictObject({ type: z.literal('uuid'), ...common }).meta({ description: 'A random v4 UUID (36 characters).' });

export const DomainField = z
  .strictObject({
    type: z.literal('domain'),
    ...common,
    cardinality: count(1, 1e15).optional().meta({ description: 'How many distinct host names.' }),
    reversed: z
      .boolean()
      .optional()
      .meta({ description: 'Write com.example.www instead of www.example.com (default false).' }),
    ...distribution,
  })
  .meta({ description: 'A host name.' });

export const BytesField = z
  .strictObject({
    type: z.literal('bytes'),
    ...common,
    length: count(1, 4096).optional().meta({ description: 'Number of random bytes (default 8).' }),
  })
  .meta({ description: 'Raw bytes.' });

export const HashField = z
  .strictObject({
    type: z.literal('hash'),
    ...common,
    of: z
      .array(z.string())
      .min(1)
      .optional()
      .meta({ description: 'The key fields hashed (default: every other field of the key).' }),
    buckets: count(1, 1e9).meta({ description: 'Number of salt values: the FNV-1a hash modulo buckets.' }),
    pad: pad.optional(),
  })
  .meta({ description: 'A salt: 32-bit FNV-1a of the named fields, modulo buckets, as zero-padded decimal text.' });

export const Field = z.discriminatedUnion('type', [
  StringField,
  IntField,
  TimestampField,
  UuidField,
  DomainField,
  BytesField,
  HashField,
]);

export const FIELD_TYPES = ['string', 'int', 'timestamp', 'uuid', 'domain', 'bytes', 'hash'] as const;

export interface GcMaxVersions {
  maxVersions: number;
}
export interface GcMaxAge {
  maxAge: string;
}
export interface GcUnion {
  union: GcRule[];
}
export interface GcIntersection {
  intersection: GcRule[];
}
export type GcRule = GcMaxVersions | GcMaxAge | GcUnion | GcIntersection;

export const GcRuleSchema: z.ZodType<GcRule> = z.lazy(() =>
  z.union([
    z.strictObject({ maxVersions: count(1, 2147483647).meta({ description: 'Keep at most this many versions of a cell.' }) }),
    z.strictObject({ maxAge: duration.meta({ description: 'Delete cells older than this.' }) }),
    z.strictObject({
      union: z.array(GcRuleSchema).min(1).meta({ description: 'Delete a cell when ANY of these rules says so.' }),
    }),
    z.strictObject({
      intersection: z.array(GcRuleSchema).min(1).meta({ description: 'Delete a cell when ALL of these rules say so.' }),
    }),
  ]),
);

export const Column = z.strictObject({
  qualifier: z.string().min(1).max(16384).meta({ description: 'Column qualifier, or a {placeholder} when dynamic.' }),
  description: text(2000, 'What this column holds.').optional(),
  dynamic: z.boolean().optional().meta({ description: 'The qualifier is data (e.g. a minute or an id): many columns per row.' }),
  perRow: count(1, 1e9).optional().meta({ description: 'With dynamic: typical number of such columns per row.' }),
  valueBytes: count(0, 100 * 1024 * 1024).optional().meta({ description: 'Typical value size in bytes.' }),
  versions: count(1, 1e9).optional().meta({ description: 'Typical number of cells (versions) kept per column.' }),
  counter: z.boolean().optional().meta({ description: 'A value incremented in place.' }),
});

export const Family = z.strictObject({
  // The id rules (characters, length) are the validator's family-name rule, so a bad name is a
  // finding with a fix rather than a design that will not load.
  name: z.string().min(1).max(200).meta({ description: 'Column family id: letters, digits, _ - . (at most 64).' }),
  description: text(2000, 'What this family holds.').optional(),
  gc: GcRuleSchema.optional().meta({ description: 'Garbage-collection rule; none keeps every cell.' }),
  aggregate: z
    .enum(['sum', 'min', 'max', 'hll'])
    .optional()
    .meta({ description: 'An aggregate (counter) family: cells combine on write. Set at creation only.' }),
  columns: z.array(Column).max(10000).optional(),
});

export const Query = z.strictObject({
  name: z.string().min(1).max(200),
  description: text(2000, 'What this query is for.').optional(),
  match: z
    .record(z.string(), z.enum(['eq', 'prefix', 'range']))
    .optional()
    .meta({ description: 'Per key field: eq, prefix or range. Fields not named are unconstrained.' }),
  filter: z.array(z.string().max(1000)).max(100).optional().meta({ description: 'Conditions on column values (family:qualifier).' }),
  order: z.enum(['newest', 'oldest', 'any']).optional(),
  limit: count(1, 1e12).optional(),
  perSecond: z.number().min(0).max(1e9).optional().meta({ description: 'How often the query runs.' }),
});

export const RowKey = z.strictObject({
  template: z
    .string()
    .min(1)
    .max(4096)
    .meta({ description: 'The key as {field} placeholders and literal text; key order = template order.' }),
  delimiter: z
    .string()
    .min(1)
    .max(50)
    .optional()
    .meta({ description: 'Separator between segments (1-50 bytes); inferred when one literal separates all fields.' }),
  encoding: z
    .enum(['delimited', 'orderedCode', 'singleton'])
    .optional()
    .meta({ description: 'delimited (default), orderedCode (0x00 0x01 between fields) or singleton (one field).' }),
  fields: z.record(z.string(), Field).meta({ description: 'One entry per placeholder.' }),
});

export const Load = z.strictObject({
  writesPerSecond: z.number().min(0).max(1e9).optional(),
  readsPerSecond: z.number().min(0).max(1e9).optional(),
  retention: duration.optional(),
});

export const Table = z.strictObject({
  // Checked in full by the validator's table-name rule (characters, at most 50).
  name: z.string().min(1).max(200).meta({ description: 'Bigtable table id: letters, digits, _ - . (at most 50).' }),
  description: text(10000, 'What this table is for.').optional(),
  rowKey: RowKey,
  families: z.array(Family).max(1000).optional(),
  queries: z.array(Query).max(1000).optional(),
  load: Load.optional(),
  splits: z.array(z.string().max(4096)).max(10000).optional().meta({ description: 'Pre-split keys.' }),
});

// Capacity (issue 13): what one node can serve, overriding Google's published figures
// (src/core/capacity/figures.ts, docs/capacity.md). Every key optional: a key left out keeps
// the published figure for the cluster's storage type.
export const NodeCapacity = z
  .strictObject({
    readsPerSecond: z.number().gt(0).max(1e9).optional().meta({ description: 'Point reads of 1 KB rows one node serves per second (SSD 17,000, HDD 500).' }),
    writesPerSecond: z.number().gt(0).max(1e9).optional().meta({ description: 'Writes of 1 KB rows one node serves per second (SSD 14,000, HDD 10,000).' }),
    scanBytesPerSecond: z.number().gt(0).max(1e12).optional().meta({ description: 'Bytes of scans one node serves per second (SSD 220 MB/s, HDD 180 MB/s).' }),
    storageBytes: z.number().gt(0).max(1e18).optional().meta({ description: 'Bytes one node can hold (SSD 5 TiB, HDD 16 TiB).' }),
    cpuTarget: z.number().gt(0).max(1).optional().meta({ description: 'Recommended average CPU utilization, 0-1 (0.7 for one cluster).' }),
  })
  .meta({ description: "Per-node figures overriding Google's published ones (docs/capacity.md)." });

export const Design = z.strictObject({
  $schema: z.string().max(2000).optional().meta({ description: 'Where your editor finds this schema (ignored by the studio).' }),
  format: z.literal(FORMAT_V1).meta({ description: `Always ${FORMAT_V1}.` }),
  name: z.string().min(1).max(200),
  description: text(20000, 'What this design is for.').optional(),
  cluster: z
    .strictObject({
      nodes: count(1, 1000).optional().meta({ description: 'Nodes in the cluster (default 3).' }),
      storage: z.enum(['ssd', 'hdd']).optional().meta({ description: 'ssd (default) or hdd.' }),
      nodeCapacity: NodeCapacity.optional(),
    })
    .optional(),
  tables: z.array(Table).max(1000),
  lint: z
    .strictObject({
      rules: z
        .record(z.string(), z.enum(['off', 'info', 'warning', 'error']))
        .optional()
        .meta({ description: 'Severity per rule id.' }),
    })
    .optional(),
});

export type Design = z.infer<typeof Design>;
export type Table = z.infer<typeof Table>;
export type RowKey = z.infer<typeof RowKey>;
export type Field = z.infer<typeof Field>;
export type FieldType = Field['type'];
export type Family = z.infer<typeof Family>;
export type Column = z.infer<typeof Column>;
export type Query = z.infer<typeof Query>;
export type StringField = z.infer<typeof StringField>;
export type IntField = z.infer<typeof IntField>;
export type TimestampField = z.infer<typeof TimestampField>;
export type DomainField = z.infer<typeof DomainField>;
export type BytesField = z.infer<typeof BytesField>;
export type HashField = z.infer<typeof HashField>;

export const DEFAULT_NODES = 3;

/** The JSON Schema (draft-07) users' editors and Monaco read. */
export function designJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Design, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return { ...schema, title: 'Bigtable Schema Studio design (bigtable-studio/v1)' };
}
