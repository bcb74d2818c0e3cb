// The key fields of the design format v1: one schema per field type, discriminated by `type`
// (schema.ts puts them in a table's rowKey.fields; docs/design-format.md explains them).
import * as z from 'zod';
import { count, text } from './schema-base';

const common = {
  description: text(2000, 'What this field holds.').optional(),
  example: z
    .union([z.string().max(4096), z.number()])
    .optional()
    .meta({ description: 'A value used for the example key instead of a generated one.' }),
};

const distribution = {
  distribution: z.enum(['uniform', 'zipf', 'sequential', 'hot']).optional().meta({
    description:
      'How generated values are drawn: uniform (default), zipf (a few values take most writes, see skew), sequential (auto-increment), hot (one value takes `share` of writes).',
  }),
  skew: z.number().min(0.01).max(10).optional().meta({ description: 'Zipf exponent (default 1.1).' }),
  share: z.number().gt(0).max(1).optional().meta({ description: 'With distribution hot: the share of writes that go to the one hot value.' }),
};

/** A key field type: its `type`, what it is, and its own keys after the keys every field has. */
const fieldType = <T extends string, S extends z.ZodRawShape>(type: T, description: string, shape: S) =>
  z.strictObject({ type: z.literal(type), ...common, ...shape }).meta({ description });

const safeInt = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const pad = count(1, 64).meta({ description: 'Zero-pad decimal text to this many digits.' });

export const StringField = fieldType('string', 'Text (UTF-8).', {
  values: z.array(z.string().max(1024)).min(1).max(100000).optional().meta({ description: 'A closed set of values.' }),
  weights: z.array(z.number().min(0)).optional().meta({ description: 'Relative write weights of `values`, one per value.' }),
  cardinality: count(1, 1e15).optional().meta({ description: 'How many distinct generated values.' }),
  length: count(1, 1024).optional().meta({ description: 'Length of generated values (default 8).' }),
  prefix: z.string().max(256).optional().meta({ description: 'Text in front of every generated value.' }),
  alphabet: z.enum(['alnum', 'lower', 'hex', 'digits']).optional().meta({ description: 'Characters of generated values (default lower).' }),
  ...distribution,
});

export const IntField = fieldType('int', 'A 64-bit integer.', {
  encoding: z.enum(['decimal', 'bigEndian', 'orderedCode']).optional().meta({
    description: "decimal text (default), bigEndian (8 bytes, two's complement) or orderedCode (Bigtable's variable-length, order-preserving Int64 encoding).",
  }),
  min: safeInt.optional().meta({ description: 'Smallest value (default 0).' }),
  max: safeInt.optional().meta({ description: 'Largest value.' }),
  cardinality: count(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'How many distinct values.' }),
  pad: pad.optional(),
  ...distribution,
});

export const TimestampField = fieldType('timestamp', 'A point in time. Generated values follow simulated time ("now").', {
  unit: z.enum(['s', 'ms', 'us']).optional().meta({ description: 'Precision: s, ms (default) or us.' }),
  reversed: z.boolean().optional().meta({ description: 'Write Long.MAX_VALUE - ts (19 digits), so the newest rows sort first.' }),
  bucket: z.enum(['minute', 'hour', 'day', 'week', 'month']).optional().meta({ description: 'Round down to the start of this bucket (time-bucket rows).' }),
  format: z.enum(['epoch', 'iso']).optional().meta({ description: 'epoch numbers (default) or ISO 8601 text.' }),
  encoding: z.enum(['decimal', 'bigEndian']).optional().meta({ description: 'decimal text (default) or bigEndian (8 bytes).' }),
  pad: pad.optional(),
});

export const UuidField = fieldType('uuid', 'A UUID (36 characters): v4 random (default) or v7 time-ordered.', {
  version: z
    .union([z.literal(4), z.literal(7)])
    .optional()
    .meta({ description: '4 (default): random; 7: time-ordered (a millisecond timestamp first), so new values sort last, like a timestamp.' }),
});

export const DomainField = fieldType('domain', 'A host name.', {
  cardinality: count(1, 1e15).optional().meta({ description: 'How many distinct host names.' }),
  reversed: z.boolean().optional().meta({ description: 'Write com.example.www instead of www.example.com (default false).' }),
  ...distribution,
});

export const BytesField = fieldType('bytes', 'Raw bytes.', {
  length: count(1, 4096).optional().meta({ description: 'Number of random bytes (default 8).' }),
});

export const HashField = fieldType('hash', 'A salt: 32-bit FNV-1a of the named fields, modulo buckets, as zero-padded decimal text.', {
  of: z.array(z.string()).min(1).optional().meta({ description: 'The key fields hashed (default: every other field of the key).' }),
  buckets: count(1, 1e9).meta({ description: 'Number of salt values: the FNV-1a hash modulo buckets.' }),
  pad: pad.optional(),
});

export const Field = z.discriminatedUnion('type', [StringField, IntField, TimestampField, UuidField, DomainField, BytesField, HashField]);

export const FIELD_TYPES = ['string', 'int', 'timestamp', 'uuid', 'domain', 'bytes', 'hash'] as const;

export type Field = z.infer<typeof Field>;
export type FieldType = Field['type'];
export type StringField = z.infer<typeof StringField>;
export type IntField = z.infer<typeof IntField>;
export type TimestampField = z.infer<typeof TimestampField>;
export type DomainField = z.infer<typeof DomainField>;
export type HashField = z.infer<typeof HashField>;
