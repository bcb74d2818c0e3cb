// A structured row key (Type.Struct in proto3 JSON/YAML: `row_key_schema.yaml`, the
// `rowKeySchema` of `gcloud ... tables describe`, or Terraform's `{"structType": ...}`) back
// into a design's row key. Strict: unknown keys, two kinds in one oneof, types a row key
// cannot hold and delimiters that are not what they claim are errors naming the place.
import { fromUtf8 } from '../keys/bytes';
import { FIELD_NAME, type Field, type RowKey } from '../model/schema';
import { fromBase64 } from '../share/base64';

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An object with only `allowed` keys (a proto message); null and absent count as empty. */
export function message(v: unknown, where: string, allowed: readonly string[]): Obj {
  if (v === null || v === undefined) return {};
  if (!isObj(v)) throw new ImportError(`${where}: expected a mapping, found ${describe(v)}`);
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k)) throw new ImportError(`${where}: unknown field "${k}"${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (this message has no fields)'}`);
  }
  return v;
}

/** The one set field of a oneof, or an error when none or several are set. */
export function oneof(v: Obj, where: string, what: string): [string, unknown] {
  const set = Object.keys(v);
  if (set.length === 0) throw new ImportError(`${where}: no ${what} set`);
  if (set.length > 1) throw new ImportError(`${where}: ${set.join(' and ')} are both set, but a ${what} is exactly one of them`);
  return [set[0]!, v[set[0]!]];
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return `${typeof v} ${JSON.stringify(v)}`;
}

const NOT_IN_KEYS = ['aggregateType', 'structType', 'arrayType', 'mapType', 'boolType', 'float32Type', 'float64Type', 'dateType', 'protoType', 'enumType'];
const KEY_TYPES = ['bytesType', 'stringType', 'int64Type', 'timestampType'];

function int64Encoding(v: unknown, where: string): 'bigEndian' | 'orderedCode' {
  const [kind, body] = oneof(message(v, where, ['bigEndianBytes', 'orderedCodeBytes']), where, 'Int64 encoding');
  message(body, `${where}.${kind}`, kind === 'bigEndianBytes' ? ['bytesType'] : []);
  return kind === 'bigEndianBytes' ? 'bigEndian' : 'orderedCode';
}

/** A struct field's Type as a design field. */
function fieldOf(name: string, type: unknown, where: string, notes: string[]): Field {
  const t = message(type, where, [...KEY_TYPES, ...NOT_IN_KEYS]);
  const [kind, body] = oneof(t, where, 'type');
  if (NOT_IN_KEYS.includes(kind)) {
    throw new ImportError(`${where}: ${kind} cannot be a row key field (Bigtable allows bytesType, stringType, int64Type and timestampType in a row key)`);
  }
  const enc = message(message(body, `${where}.${kind}`, ['encoding']).encoding, `${where}.${kind}.encoding`, kind === 'bytesType' ? ['raw'] : kind === 'stringType' ? ['utf8Bytes', 'utf8Raw'] : kind === 'int64Type' ? ['bigEndianBytes', 'orderedCodeBytes'] : ['unixMicrosInt64']);
  const at = `${where}.${kind}.encoding`;
  switch (kind) {
    case 'bytesType':
      message(oneof(enc, at, 'Bytes encoding')[1], `${at}.raw`, []);
      notes.push(`${name}: bytes fields have a fixed length in the studio (8 unless you set length)`);
      return { type: 'bytes' };
    case 'stringType': {
      const [e, b] = oneof(enc, at, 'String encoding');
      message(b, `${at}.${e}`, []);
      if (e === 'utf8Raw') notes.push(`${name}: utf8Raw is deprecated; read as utf8Bytes`);
      return { type: 'string' };
    }
    case 'int64Type':
      return { type: 'int', encoding: int64Encoding(enc, at) };
    default: {
      const [, inner] = oneof(enc, at, 'Timestamp encoding');
      const e = int64Encoding(inner, `${at}.unixMicrosInt64`);
      if (e === 'bigEndian') return { type: 'timestamp', unit: 'us', encoding: 'bigEndian' };
      notes.push(`${name}: a timestamp as ordered-code microseconds has no studio form; imported as an orderedCode int (the same bytes)`);
      return { type: 'int', encoding: 'orderedCode' };
    }
  }
}

export interface StructImport {
  rowKey: RowKey;
  notes: string[];
}

const escapeTemplate = (s: string) => s.replace(/\{/g, '{{').replace(/\}/g, '}}');

/**
 * A Type.Struct (`{fields, encoding}`) as a row key. `base64`: the delimiter is base64 (as
 * `tables describe`, Terraform and --row-key-schema-pre-encoded-bytes write it), else plain text.
 */
export function rowKeyFromStruct(value: unknown, where: string, base64: boolean): StructImport {
  const s = message(value, where, ['fields', 'encoding']);
  const notes: string[] = [];
  if (!Array.isArray(s.fields) || s.fields.length === 0) throw new ImportError(`${where}.fields: expected a list of at least one field, found ${describe(s.fields)}`);
  const fields: Record<string, Field> = {};
  const names: string[] = [];
  s.fields.forEach((raw, i) => {
    const at = `${where}.fields[${i}]`;
    const f = message(raw, at, ['fieldName', 'type']);
    const name = f.fieldName;
    if (typeof name !== 'string' || name === '') throw new ImportError(`${at}.fieldName: every key field needs a name (found ${describe(name)})`);
    if (!FIELD_NAME.test(name)) throw new ImportError(`${at}.fieldName: "${name}" cannot be a design field name (letters, digits and _, not starting with a digit)`);
    if (fields[name]) throw new ImportError(`${at}.fieldName: "${name}" names two fields`);
    fields[name] = fieldOf(name, f.type, `${at}.type`, notes);
    names.push(name);
  });
  const [kind, body] = oneof(message(s.encoding, `${where}.encoding`, ['singleton', 'delimitedBytes', 'orderedCodeBytes']), `${where}.encoding`, 'struct encoding');
  if (kind === 'singleton') {
    message(body, `${where}.encoding.singleton`, []);
    if (names.length !== 1) throw new ImportError(`${where}.encoding: singleton takes exactly one field, not ${names.length}`);
    return { rowKey: { template: `{${names[0]}}`, encoding: 'singleton', fields }, notes };
  }
  if (kind === 'orderedCodeBytes') {
    message(body, `${where}.encoding.orderedCodeBytes`, []);
    return { rowKey: { template: names.map((n) => `{${n}}`).join(''), encoding: 'orderedCode', fields }, notes };
  }
  const d = message(body, `${where}.encoding.delimitedBytes`, ['delimiter']).delimiter;
  const at = `${where}.encoding.delimitedBytes.delimiter`;
  if (typeof d !== 'string' || d === '') throw new ImportError(`${at}: expected the delimiter (text), found ${describe(d)}`);
  let delimiter = d;
  if (base64) {
    const decoded = fromBase64(d, false);
    if (!decoded.ok) throw new ImportError(`${at}: "${d}" is not valid base64 (a pre-encoded delimiter is base64, e.g. "Iw==" for "#")`);
    const text = fromUtf8(decoded.bytes);
    if (text === null || text === '') throw new ImportError(`${at}: "${d}" decodes to bytes that are not UTF-8 text; the studio's delimiters are text`);
    delimiter = text;
  }
  const bytes = new TextEncoder().encode(delimiter).length;
  if (bytes > 50) throw new ImportError(`${at}: the delimiter is ${bytes} bytes; Bigtable allows 1 to 50`);
  return { rowKey: { template: names.map((n) => `{${n}}`).join(escapeTemplate(delimiter)), delimiter, fields }, notes };
}
