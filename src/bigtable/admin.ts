// Between the design and the admin API: GC rules, aggregate value types and row key schemas
// converted both ways, with canonical texts to compare what a table has with what a design wants.
import type { protos } from '@google-cloud/bigtable';
import { utf8, toHex } from '../core/keys/bytes';
import { ExportError } from '../core/export/common';
import { structuredKeyOf, structObject } from '../core/export/row-key-schema';
import type { Design, GcRule, Table } from '../core/model/schema';
import { formatDuration, parseDuration } from '../core/model/duration';
import { BigtableError } from './errors';
import { CBT_GC_WORDS, renderGc, simplifyGc } from '../core/model/gc';

type IGcRule = protos.google.bigtable.admin.v2.IGcRule;
type IType = protos.google.bigtable.admin.v2.IType;

export type Aggregate = 'sum' | 'min' | 'max' | 'hll';

export function durationMs(d: string): number {
  const ms = parseDuration(d);
  if (ms === null) throw new BigtableError(`"${d}" is not a duration`, 'usage');
  return ms;
}

/** Milliseconds in the largest unit that divides them: 400d, 36h, 90s, 1500ms. */
export const msToDuration = formatDuration;

/** The design's GC rule as the admin API's GcRule (nested unions and intersections kept). */
export function gcToAdmin(rule: GcRule): IGcRule {
  if ('maxVersions' in rule) return { maxNumVersions: rule.maxVersions };
  if ('maxAge' in rule) {
    const ms = durationMs(rule.maxAge);
    return { maxAge: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 } };
  }
  if ('union' in rule) return { union: { rules: rule.union.map(gcToAdmin) } };
  return { intersection: { rules: rule.intersection.map(gcToAdmin) } };
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(String(v)));

/** The admin API's GcRule as a design rule; null for none (keep every cell). */
export function gcFromAdmin(p: IGcRule | null | undefined): GcRule | null {
  if (!p) return null;
  const which = (p as { rule?: string }).rule;
  if ((which === 'maxNumVersions' || which === undefined) && p.maxNumVersions) return { maxVersions: p.maxNumVersions };
  if ((which === 'maxAge' || which === undefined) && p.maxAge)
    return { maxAge: msToDuration(num(p.maxAge.seconds) * 1000 + Math.round(num(p.maxAge.nanos) / 1_000_000)) };
  if ((which === 'union' || which === undefined) && p.union)
    return { union: (p.union.rules ?? []).map((r) => gcFromAdmin(r)).filter((r): r is GcRule => r !== null) };
  if ((which === 'intersection' || which === undefined) && p.intersection) {
    return { intersection: (p.intersection.rules ?? []).map((r) => gcFromAdmin(r)).filter((r): r is GcRule => r !== null) };
  }
  return null;
}

/**
 * A canonical text of a rule for comparison: ages in ms, one-rule unions unwrapped, nested
 * unions of unions flattened, children sorted (order does not change what a rule deletes).
 */
export function gcKey(rule: GcRule | null | undefined): string {
  if (!rule) return 'none';
  if ('maxVersions' in rule) return `versions<=${rule.maxVersions}`;
  if ('maxAge' in rule) return `age<=${durationMs(rule.maxAge)}ms`;
  const kind = 'union' in rule ? 'union' : 'intersection';
  const parts = 'union' in rule ? rule.union : rule.intersection;
  if (parts.length === 0) return 'none';
  if (parts.length === 1) return gcKey(parts[0]);
  const keys = parts.flatMap((p) => {
    const k = gcKey(p);
    return k.startsWith(`${kind}(`) ? splitTop(k.slice(kind.length + 1, -1)) : [k];
  });
  return `${kind}(${keys.sort().join(',')})`;
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A rule in cbt's words: `maxage=30d || (maxversions=2 && maxage=1d)`; `none` keeps every cell. */
export function describeGc(rule: GcRule | null | undefined): string {
  if (!rule) return 'none (keeps every cell)';
  return renderGc(simplifyGc(rule), { ...CBT_GC_WORDS, maxAge: (age) => CBT_GC_WORDS.maxAge(msToDuration(durationMs(age))) });
}

const INT64_BE: IType = { int64Type: { encoding: { bigEndianBytes: {} } } };

/**
 * An aggregate family's value type: Int64 (big-endian) input with sum, min, max or
 * HyperLogLog++ (`hllppUniqueCount`), exactly what `cbt createtable ... :intsum|intmin|intmax|inthll`
 * and Terraform's `type = "intsum"...` create.
 */
export function aggregateType(a: Aggregate): IType {
  const aggregator = a === 'hll' ? { hllppUniqueCount: {} } : { [a]: {} };
  return { aggregateType: { inputType: INT64_BE, ...aggregator } };
}

/** The aggregate of a family's value type; 'other' for a type that is not one of ours. */
export function aggregateFromAdmin(t: IType | null | undefined): Aggregate | 'other' | null {
  const agg = t?.aggregateType;
  if (!agg) {
    const kind = (t as { kind?: string } | null | undefined)?.kind;
    return kind ? 'other' : null;
  }
  const input = agg.inputType?.int64Type;
  if (!input) return 'other';
  if (agg.sum) return 'sum';
  if (agg.min) return 'min';
  if (agg.max) return 'max';
  if (agg.hllppUniqueCount) return 'hll';
  return 'other';
}

export type RowKeySchema = protos.google.bigtable.admin.v2.Type.IStruct;

/** The design's key as a Type.Struct for the admin API, or why it cannot be one. */
export function rowKeySchemaOf(design: Design, table: Table): { schema: RowKeySchema } | { reason: string } {
  try {
    const key = structuredKeyOf(design, table);
    const obj = structObject(key, false);
    const encoding = key.encoding === 'delimitedBytes' ? { delimitedBytes: { delimiter: Buffer.from(utf8(key.delimiter!)) } } : { [key.encoding]: {} };
    return { schema: { fields: obj.fields as RowKeySchema['fields'], encoding } };
  } catch (e) {
    if (e instanceof ExportError) return { reason: e.problems.join('; ') };
    throw e;
  }
}

/** Comparable text of a proto object: null fields and oneof discriminators dropped, bytes as hex, keys sorted. */
export function protoKey(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Uint8Array) return `0x${toHex(v)}`;
  if (typeof v === 'string') {
    // The JSON form of bytes (base64) and plain text compare as their bytes.
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(protoKey).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== null && o[k] !== undefined)
      // protobufjs adds the name of the set oneof member as a string field (`kind: 'int64Type'`).
      .filter((k) => !(typeof o[k] === 'string' && Object.hasOwn(o, o[k] as string)))
      .sort();
    return `{${keys.map((k) => `${k}:${protoKey(o[k])}`).join(',')}}`;
  }
  return String(v);
}
