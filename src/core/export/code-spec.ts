// The spec of a table's key as every code-export engine reads it (engines/: keys-values.ts
// with keys.ts, KeyEngine.java with Bytes.java, keys.go with keys_fields.go and keys_codec.go,
// keys_values.py with keys.py): plain numbers, so each language writes a literal. These tables name the
// numbers; the generators (code-*.ts) use the names, and the engines compare against the same
// values.
import type { ParamKind, QuerySpec } from './ranges';

export const KIND = { string: 0, uuid: 1, domain: 2, bytes: 3, int: 4, timestamp: 5, hash: 6 } as const;
export const UNIT = { s: 0, ms: 1, us: 2 } as const;
export const BUCKET = { none: 0, minute: 1, hour: 2, day: 3, week: 4, month: 5 } as const;
export const ENCODING = { delimited: 0, orderedCode: 1, singleton: 2 } as const;
export const STEP = { const: 0, eq: 1, saltComputed: 2, saltFanout: 3 } as const;
export const END = { point: 0, open: 1, prefix: 2, range: 3 } as const;
export const ROLE = { eq: 0, prefix: 1, from: 2, to: 3 } as const;

/** One key field as every engine reads it (numbers, so each language writes a literal). */
export interface FieldSpec {
  name: string;
  kind: number;
  /** domain or timestamp reversed. */
  rev: boolean;
  /** bytes: the fixed length. */
  len: number;
  /** int: 0 decimal, 1 bigEndian, 2 orderedCode; timestamp: 0 decimal, 1 bigEndian. */
  enc: number;
  /** decimal zero-padding (0 none); the salt's pad for hash. */
  pad: number;
  unit: number;
  bucket: number;
  iso: boolean;
  buckets: number;
  /** hash: indexes of the fields hashed, in order. */
  of: number[];
  /** The value type of the record: text, int (64-bit) or bytes. */
  value: ParamKind;
}

export interface QueryProgram {
  /** The function's name (camelCase; each language adapts it). */
  name: string;
  /** What the plan reads: `PREFIX [{tenant}#, successor({tenant}#))`. */
  plan: string;
  spec: QuerySpec;
  /** [kind, segment, field index (-1 none), buckets] per step. */
  steps: [number, number, number, number][];
  /** [kind, segment, field index]. */
  end: [number, number, number];
  /** [role, field index, value kind] per parameter, in order. */
  params: { name: string; role: number; field: number; kind: ParamKind }[];
}

export interface KeyProgram {
  table: string;
  encoding: number;
  delimiter: number[];
  segments: { prefix: number[]; suffix: number[]; field: number }[];
  /** In key order. */
  fields: FieldSpec[];
  queries: QueryProgram[];
}
