// The design format v1, defined once. The JSON Schema in public/design.schema.json is
// generated from these definitions (scripts/gen-schema.ts); docs/design-format.md explains them.
import * as z from 'zod';
import { count, duration, isoDate, text } from './schema-base';
import { Field } from './schema-fields';
import { AuthorizedView, LogicalView, MaterializedView } from './schema-views';

// The key fields and the views live in their own modules; the format's users import them here.
export { DURATION } from './schema-base';
export { BytesField, DomainField, FIELD_TYPES, Field, type FieldType, HashField, IntField, StringField, TimestampField, UuidField } from './schema-fields';
export { AuthorizedView, LogicalView, MaterializedView, ViewAggregation } from './schema-views';

import { FORMAT_V1 } from './plain';

export { FIELD_NAME, FORMAT_V1 } from './plain';

/** Bigtable's own table id rule (table.proto). */
export const TABLE_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;
/** Column family ids: Bigtable allows [_a-zA-Z0-9][-_.a-zA-Z0-9]*, at most 64 characters. */
export const FAMILY_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;

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

// --- Column value types: what a cell's bytes mean. Self-contained block. ---
export const COLUMN_TYPES = ['bytes', 'string', 'int64', 'float32', 'float64', 'bool', 'timestamp', 'date', 'json', 'proto'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
const columnValueType = {
  type: z.enum(COLUMN_TYPES).optional().meta({
    description:
      'What the value holds: bytes (default; int64 in an aggregate family), string (UTF-8), int64 (8-byte big-endian), float32, float64, bool, timestamp, date, json or proto (set `message`).',
  }),
  message: z
    .string()
    .min(1)
    .max(500)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, { message: 'a protobuf message name like shop.v1.Order' })
    .optional()
    .meta({ description: 'With type proto: the full protobuf message name (e.g. shop.v1.Order).' }),
};
// --- end column value types ---

export const Column = z.strictObject({
  qualifier: z.string().min(1).max(16384).meta({ description: 'Column qualifier, or a {placeholder} when dynamic.' }),
  description: text(2000, 'What this column holds.').optional(),
  dynamic: z.boolean().optional().meta({ description: 'The qualifier is data (e.g. a minute or an id): many columns per row.' }),
  perRow: count(1, 1e9).optional().meta({ description: 'With dynamic: typical number of such columns per row.' }),
  valueBytes: count(0, 100 * 1024 * 1024)
    .optional()
    .meta({ description: 'Typical value size in bytes.' }),
  versions: count(1, 1e9).optional().meta({ description: 'Typical number of cells (versions) kept per column.' }),
  counter: z.boolean().optional().meta({ description: 'A value incremented in place.' }),
  ...columnValueType,
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
  personalData: z
    .boolean()
    .optional()
    .meta({ description: 'The family holds personal data (PII): views described as de-identified or public must not expose it. Default false.' }),
});

// --- Production settings: the instance, its clusters and app profiles, and per-table
// settings. All optional; src/core/model/instance.ts reads them (instanceOf) with their defaults.
/** Cluster ids: 6-30 characters, lower-case letters, digits and hyphens, starting with a letter. */
export const CLUSTER_ID = /^[a-z][-a-z0-9]{4,28}[a-z0-9]$/;
/** Instance ids: 6-33 characters, same alphabet. */
export const INSTANCE_ID = /^[a-z][-a-z0-9]{4,31}[a-z0-9]$/;
/** App profile ids: Bigtable's [_a-zA-Z0-9][-_.a-zA-Z0-9]*. */
export const APP_PROFILE_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;

export const Autoscaling = z
  .strictObject({
    minNodes: count(1, 1000).meta({ description: 'Fewest nodes the autoscaler keeps.' }),
    maxNodes: count(1, 1000).meta({ description: 'Most nodes the autoscaler adds (at most 10 times minNodes).' }),
    cpuTarget: count(1, 100).meta({ description: 'CPU utilisation the autoscaler aims at, percent: 10-80 (AutoscalingTargets).' }),
    storageTarget: count(1, 100000)
      .optional()
      .meta({ description: 'GiB per node the autoscaler aims at: 2560-5120 on SSD, 8192-16384 on HDD (default 2560 / 8192).' }),
  })
  .meta({ description: 'Autoscaling instead of a fixed node count.' });

export const ClusterSpec = z
  .strictObject({
    id: z.string().min(1).max(100).meta({ description: 'Cluster id: 6-30 characters, a-z, 0-9 and -, starting with a letter.' }),
    zone: z.string().min(1).max(100).meta({ description: 'Zone of the cluster, e.g. us-central1-a.' }),
    nodes: count(1, 1000).optional().meta({ description: 'A fixed node count (default 3 unless autoscaling is set).' }),
    autoscaling: Autoscaling.optional(),
  })
  .meta({ description: 'One cluster of the instance; every cluster holds a full copy and takes every write.' });

// An app profile's isolation, the admin API's oneof (AppProfile.standardIsolation.priority or
// dataBoostIsolationReadOnly): one or neither.
const isolation = {
  priority: z
    .enum(['low', 'medium', 'high'])
    .optional()
    .meta({ description: "Standard isolation: the priority of this profile's requests (PRIORITY_LOW, _MEDIUM, _HIGH; default high). Not with dataBoost." }),
  dataBoost: z
    .strictObject({
      computeBillingOwner: z.enum(['HOST_PAYS']).meta({ description: 'Who pays for the Data Boost compute: HOST_PAYS, the project of the instance.' }),
    })
    .optional()
    .meta({ description: "Data Boost isolation (read-only): reads run on serverless compute, not the clusters' nodes. Single-cluster routing only." }),
};

export const AppProfile = z
  .strictObject({
    id: z.string().min(1).max(100).meta({ description: 'App profile id: letters, digits, _ - . .' }),
    description: text(2000, 'What this profile is for.').optional(),
    routing: z
      .enum(['single', 'multi'])
      .meta({ description: 'single: every request to one cluster; multi: to the nearest available cluster (multi-cluster routing, eventual consistency).' }),
    cluster: z.string().max(100).optional().meta({ description: 'With routing single: the cluster requests go to.' }),
    clusters: z.array(z.string().max(100)).min(1).max(100).optional().meta({ description: 'With routing multi: the clusters it may use (default: all).' }),
    allowTransactionalWrites: z
      .boolean()
      .optional()
      .meta({ description: 'With routing single: allow single-row transactions (ReadModifyWriteRow, CheckAndMutateRow). Default false.' }),
    ...isolation,
  })
  .meta({ description: "How an application's requests are routed to the clusters." });

export const Instance = z
  .strictObject({
    id: z.string().min(1).max(100).optional().meta({ description: 'Instance id: 6-33 characters, a-z, 0-9 and -. Exports use $INSTANCE when unset.' }),
    displayName: z.string().min(1).max(100).optional().meta({ description: 'Display name (4-30 characters; default the id).' }),
    environment: z
      .enum(['production', 'staging', 'development'])
      .optional()
      .meta({ description: "The studio's marker (not a Bigtable setting): production turns on the production checks." }),
    storage: z.enum(['ssd', 'hdd']).optional().meta({ description: 'ssd (default) or hdd, for every cluster.' }),
    clusters: z.array(ClusterSpec).min(1).max(100).optional().meta({ description: 'The clusters (default: one cluster of 3 nodes).' }),
    appProfiles: z.array(AppProfile).max(100).optional(),
    defaultAppProfile: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'The profile queries and loads use unless they name one (default: the first profile).' }),
  })
  .meta({ description: 'The instance: clusters (replication when more than one), app profiles. Replaces cluster:.' });

export const TableSettings = {
  deletionProtection: z.boolean().optional().meta({ description: 'Block deleting the table and its families through the Admin API (default false).' }),
  changeStreamRetention: duration.optional().meta({ description: 'Turn on a change stream kept this long: 1 to 7 days.' }),
  backup: z
    .strictObject({
      retention: duration.meta({ description: "Keep each daily automated backup this long: 3 to 90 days (Google's default 7d)." }),
    })
    .optional()
    .meta({ description: 'Automated (daily) backups.' }),
  tieredStorage: z
    .strictObject({
      infrequentAccessAfter: duration.meta({
        description: 'Cells older than this (by cell timestamp) move to infrequent access storage: at least 30d. SSD only; Preview.',
      }),
    })
    .optional()
    .meta({ description: 'Tiered storage (Preview).' }),
};
const appProfileRef = z
  .string()
  .max(100)
  .optional()
  .meta({ description: "The app profile this traffic goes through (default: the instance's default profile)." });
// --- end of production settings

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
  appProfile: appProfileRef,
  servedBy: z.string().min(1).max(200).optional().meta({
    description:
      'Another table (an index table written with this one) or a materialized view whose key serves this query: its plan, reads and SQL come from there. Match fields map by name.',
  }),
  // How the application uses the query (workload additions): all optional, old designs unchanged.
  kind: z
    .enum(['serving', 'batch'])
    .optional()
    .meta({ description: 'serving (default): latency-sensitive application reads; batch: exports, analytics, jobs that read in bulk.' }),
  latencyMs: z.number().gt(0).max(1e6).optional().meta({ description: 'The p99 latency target of one read, in milliseconds.' }),
  dataBoost: z.boolean().optional().meta({
    description: 'The query may run on Data Boost (serverless batch reads that spare the serving nodes; read-only, may not see the last 35 minutes of writes).',
  }),
  lookback: duration.optional().meta({ description: 'How far back in time the query reads (its time range), e.g. 90d.' }),
});

/** The longest row key template the format accepts, in characters (a row key is at most 4 KiB). */
export const ROW_KEY_TEMPLATE_MAX = 4096;

export const RowKey = z.strictObject({
  template: z.string().min(1).max(ROW_KEY_TEMPLATE_MAX).meta({ description: 'The key as {field} placeholders and literal text; key order = template order.' }),
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
  appProfile: appProfileRef,
  checkAndMutate: z
    .boolean()
    .optional()
    .meta({ description: 'Writes are conditional (CheckAndMutateRow): they need single-cluster routing with transactional writes.' }),
  // Peak and average: writesPerSecond is the peak (CPU nodes, the simulator, hot
  // rows); the average sizes what accumulates (storage, growth, rows). Left out: the peak.
  averageWritesPerSecond: z
    .number()
    .min(0)
    .max(1e9)
    .optional()
    .meta({ description: 'Mean writes/s over a day or more (at most writesPerSecond, the peak): sizes storage and growth; default writesPerSecond.' }),
  // How the writes arrive (workload additions): all optional, old designs unchanged.
  writePattern: z.enum(['sustained', 'burst', 'bulk']).optional().meta({
    description:
      'sustained (default): writesPerSecond is kept up; burst: short bursts at writesPerSecond (burstDuration); bulk: a periodic load of bulkRows rows every bulkEvery.',
  }),
  burstDuration: duration.optional().meta({ description: 'With writePattern burst: how long one burst at writesPerSecond lasts.' }),
  bulkRows: count(1, 1e15).optional().meta({ description: 'With writePattern bulk: rows written by one load.' }),
  bulkEvery: duration.optional().meta({ description: 'With writePattern bulk: how often a load runs, e.g. 1d.' }),
  writeKind: z
    .enum(['insert', 'update', 'mixed'])
    .optional()
    .meta({ description: 'insert (default): writes create new rows; update: they rewrite existing rows; mixed: both.' }),
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
  writtenWith: z.string().min(1).max(200).optional().meta({
    description:
      'The table this one is written with (an index or companion table): each write there writes a row here; its write rates apply unless this table declares its own.',
  }),
  ...TableSettings,
});

// Capacity: what one node can serve, overriding Google's published figures
// (src/core/analysis/cluster.ts, docs/capacity.md). Every key optional: a key left out keeps
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
// --- Views: in schema-views.ts. ---

/** An accepted finding: a rule on a target (each name given must match), with a reason (docs/design-format.md). */
export const Acceptance = z
  .strictObject({
    rule: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/, { message: 'a rule id such as key-length (docs/rules/)' })
      .meta({ description: 'The rule id of the finding accepted.' }),
    table: z.string().min(1).max(200).optional().meta({ description: 'Only findings on this table.' }),
    family: z.string().min(1).max(200).optional().meta({ description: 'Only findings on this column family.' }),
    query: z.string().min(1).max(200).optional().meta({ description: 'Only findings on this query.' }),
    view: z.string().min(1).max(200).optional().meta({ description: 'Only findings on this view.' }),
    reason: z.string().trim().min(1, { message: 'say why the finding is accepted' }).max(2000).meta({ description: 'Why the finding is accepted.' }),
    by: z.string().min(1).max(200).optional().meta({ description: 'Who accepted it.' }),
    until: isoDate.optional().meta({ description: 'YYYY-MM-DD: after this day the acceptance has expired and the finding fails again.' }),
  })
  .meta({ description: 'A finding accepted with a reason.' });

/** The design's lists of views, each a list of named views beside the tables. */
export const VIEW_LISTS = ['materializedViews', 'logicalViews', 'authorizedViews'] as const;

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
    .optional()
    .meta({ description: 'One cluster (the shorthand of instance: with one cluster). Use cluster or instance, not both.' }),
  instance: Instance.optional(),
  tables: z.array(Table).max(1000),
  materializedViews: z
    .array(MaterializedView)
    .max(1000)
    .optional()
    .meta({ description: 'Continuous materialized views: a second table kept up to date from one source table.' }),
  logicalViews: z.array(LogicalView).max(1000).optional().meta({ description: 'Logical views: saved GoogleSQL queries.' }),
  authorizedViews: z
    .array(AuthorizedView)
    .max(10000)
    .optional()
    .meta({ description: 'Authorized views: a row-prefix and column subset of a table, granted separately.' }),
  lint: z
    .strictObject({
      rules: z
        .record(z.string(), z.enum(['off', 'info', 'warning', 'error']))
        .optional()
        .meta({ description: 'Severity per rule id.' }),
      accept: z
        .array(Acceptance)
        .max(1000)
        .optional()
        .meta({ description: 'Findings accepted with a reason: they are shown but do not fail lint (docs/design-format.md).' }),
    })
    .optional(),
});

export type Design = z.infer<typeof Design>;
export type Table = z.infer<typeof Table>;
export type RowKey = z.infer<typeof RowKey>;
export type Family = z.infer<typeof Family>;
export type Column = z.infer<typeof Column>;
export type Query = z.infer<typeof Query>;
export type Instance = z.infer<typeof Instance>;
export type ClusterSpec = z.infer<typeof ClusterSpec>;
export type AppProfile = z.infer<typeof AppProfile>;
export type Autoscaling = z.infer<typeof Autoscaling>;
export type Acceptance = z.infer<typeof Acceptance>;

export const DEFAULT_NODES = 3;

/** The JSON Schema (draft-07) users' editors and Monaco read. */
export function designJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Design, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return { ...schema, title: 'Bigtable Schema Studio design (bigtable-studio/v1)' };
}
