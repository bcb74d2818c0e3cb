// A structured row key (Type.Struct in proto3 JSON/YAML: `row_key_schema.yaml`, the
// `rowKeySchema` of `gcloud ... tables describe`, or Terraform's `{"structType": ...}`) back
// into a design's row key. Strict: unknown keys, two kinds in one oneof, types a row key
// cannot hold and delimiters that are not what they claim are errors naming the place.
import { fromUtf8 } from '../keys/bytes';
import type { PathPart } from '../model/positions';
import { FIELD_NAME, type Field, type RowKey } from '../model/schema';
import { fromBase64 } from '../keys/base64';
import { escapeLiteral } from '../keys/template';

/**
 * A mistake in an imported file: `path` is where, as a proto path from the file's top
 * (`encoding.delimitedBytes.delimiter`, `columnFamilies.cf.gcRule.maxAge`); `atKey` points the
 * position at the key rather than its value (an unknown field). The message says what.
 */
export class ImportError extends Error {
  constructor(
    readonly path: readonly PathPart[],
    message: string,
    readonly atKey = false,
    /** Where to point when it is not `path` itself (the second field of a oneof). */
    readonly at: readonly PathPart[] = path,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An object with only `allowed` keys (a proto message); null and absent count as empty. */
export function message(v: unknown, path: readonly PathPart[], allowed: readonly string[]): Obj {
  if (v === null || v === undefined) return {};
  if (!isObj(v)) throw new ImportError(path, `expected a mapping, found ${describe(v)}`);
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k))
      throw new ImportError(
        [...path, k],
        `unknown field "${k}"${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (this message has no fields)'}`,
        true,
      );
  }
  return v;
}

/** The one set field of a oneof, or an error when none or several are set. */
export function oneof(v: Obj, path: readonly PathPart[], what: string, choices?: readonly string[]): [string, unknown] {
  const set = Object.keys(v);
  if (set.length === 0) throw new ImportError(path, `no ${what} set${choices ? ` (set one of ${choices.join(', ')})` : ''}`);
  if (set.length > 1) throw new ImportError(path, `${set.join(' and ')} are both set, but a ${what} is exactly one of them`, true, [...path, set[1]!]);
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

const INT64_ENCODINGS = ['bigEndianBytes', 'orderedCodeBytes'];

function int64Encoding(v: unknown, path: readonly PathPart[]): 'bigEndian' | 'orderedCode' {
  const [kind, body] = oneof(message(v, path, INT64_ENCODINGS), path, 'Int64 encoding', INT64_ENCODINGS);
  message(body, [...path, kind], kind === 'bigEndianBytes' ? ['bytesType'] : []);
  return kind === 'bigEndianBytes' ? 'bigEndian' : 'orderedCode';
}

const ENCODINGS: Record<string, string[]> = {
  bytesType: ['raw'],
  stringType: ['utf8Bytes', 'utf8Raw'],
  int64Type: INT64_ENCODINGS,
  timestampType: ['unixMicrosInt64'],
};

/** A struct field's Type as a design field. */
function fieldOf(name: string, type: unknown, path: readonly PathPart[], notes: string[]): Field {
  const t = message(type, path, [...KEY_TYPES, ...NOT_IN_KEYS]);
  const [kind, body] = oneof(t, path, 'type', KEY_TYPES);
  if (NOT_IN_KEYS.includes(kind)) {
    throw new ImportError(
      [...path, kind],
      `${kind} cannot be a row key field (Bigtable allows bytesType, stringType, int64Type and timestampType in a row key)`,
      true,
    );
  }
  const at = [...path, kind, 'encoding'];
  const enc = message(message(body, [...path, kind], ['encoding']).encoding, at, ENCODINGS[kind]!);
  switch (kind) {
    case 'bytesType':
      message(oneof(enc, at, 'Bytes encoding', ENCODINGS[kind])[1], [...at, 'raw'], []);
      notes.push(`${name}: bytes fields have a fixed length in the studio (8 unless you set length)`);
      return { type: 'bytes' };
    case 'stringType': {
      const [e, b] = oneof(enc, at, 'String encoding', ENCODINGS[kind]);
      message(b, [...at, e], []);
      if (e === 'utf8Raw') notes.push(`${name}: utf8Raw is deprecated; read as utf8Bytes`);
      return { type: 'string' };
    }
    case 'int64Type':
      return { type: 'int', encoding: int64Encoding(enc, at) };
    default: {
      const [, inner] = oneof(enc, at, 'Timestamp encoding', ENCODINGS[kind]);
      const e = int64Encoding(inner, [...at, 'unixMicrosInt64']);
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

/**
 * A Type.Struct (`{fields, encoding}`) as a row key. `base64`: the delimiter is base64 (as
 * `tables describe`, Terraform and --row-key-schema-pre-encoded-bytes write it), else plain text.
 */
export function rowKeyFromStruct(value: unknown, path: readonly PathPart[], base64: boolean): StructImport {
  const s = message(value, path, ['fields', 'encoding']);
  const notes: string[] = [];
  if (!Array.isArray(s.fields) || s.fields.length === 0)
    throw new ImportError(
      [...path, 'fields'],
      `expected a list of at least one field, found ${s.fields === undefined ? 'nothing' : Array.isArray(s.fields) ? 'an empty list' : describe(s.fields)}`,
    );
  const fields: Record<string, Field> = Object.create(null) as Record<string, Field>;
  const names: string[] = [];
  s.fields.forEach((raw, i) => {
    const at = [...path, 'fields', i];
    const f = message(raw, at, ['fieldName', 'type']);
    const name = f.fieldName;
    if (typeof name !== 'string' || name === '')
      throw new ImportError([...at, 'fieldName'], `every key field needs a name (found ${name === undefined ? 'nothing' : describe(name)})`);
    if (name === '__proto__') throw new ImportError([...at, 'fieldName'], '"__proto__" cannot be a design field name (it is reserved in JavaScript objects)');
    if (!FIELD_NAME.test(name))
      throw new ImportError([...at, 'fieldName'], `${JSON.stringify(name)} cannot be a design field name (letters, digits and _, not starting with a digit)`);
    if (names.includes(name)) throw new ImportError([...at, 'fieldName'], `"${name}" names two fields (fields[${names.indexOf(name)}] and fields[${i}])`);
    fields[name] = fieldOf(name, f.type, [...at, 'type'], notes);
    names.push(name);
  });
  const STRUCT_ENCODINGS = ['singleton', 'delimitedBytes', 'orderedCodeBytes'];
  const [kind, body] = oneof(message(s.encoding, [...path, 'encoding'], STRUCT_ENCODINGS), [...path, 'encoding'], 'struct encoding', STRUCT_ENCODINGS);
  const plain = () => Object.fromEntries(names.map((n) => [n, fields[n]!]));
  if (kind === 'singleton') {
    message(body, [...path, 'encoding', 'singleton'], []);
    if (names.length !== 1) throw new ImportError([...path, 'encoding', 'singleton'], `singleton takes exactly one field, not ${names.length}`, true);
    return { rowKey: { template: `{${names[0]}}`, encoding: 'singleton', fields: plain() }, notes };
  }
  if (kind === 'orderedCodeBytes') {
    message(body, [...path, 'encoding', 'orderedCodeBytes'], []);
    return { rowKey: { template: names.map((n) => `{${n}}`).join(''), encoding: 'orderedCode', fields: plain() }, notes };
  }
  const d = message(body, [...path, 'encoding', 'delimitedBytes'], ['delimiter']).delimiter;
  const at = [...path, 'encoding', 'delimitedBytes', 'delimiter'];
  if (typeof d !== 'string' || d === '')
    throw new ImportError(d === undefined ? at.slice(0, -1) : at, `expected the delimiter (text), found ${d === undefined ? 'nothing' : describe(d)}`);
  let delimiter = d;
  if (base64) {
    const decoded = fromBase64(d, false);
    if (!decoded.ok) {
      const why =
        decoded.reason === 'character'
          ? `: ${JSON.stringify(decoded.char)} (character ${decoded.index + 1}) is not a base64 character`
          : decoded.reason === 'length'
            ? ': its length is not a multiple of 4 (base64 is padded with "=")'
            : ': its last character has bits beyond the data';
      throw new ImportError(at, `${JSON.stringify(d)} is not valid base64${why} (a pre-encoded delimiter is base64, e.g. "Iw==" for "#")`);
    }
    const text = fromUtf8(decoded.bytes);
    if (text === null || text === '')
      throw new ImportError(at, `${JSON.stringify(d)} decodes to bytes that are not UTF-8 text; the studio's delimiters are text`);
    delimiter = text;
  }
  const bytes = new TextEncoder().encode(delimiter).length;
  if (bytes > 50) throw new ImportError(at, `the delimiter is ${bytes} bytes; Bigtable allows 1 to 50`);
  return { rowKey: { template: names.map((n) => `{${n}}`).join(escapeLiteral(delimiter)), delimiter, fields: plain() }, notes };
}
