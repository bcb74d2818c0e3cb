// row_key_schema.yaml: the table's key as Bigtable's structured row key (a Type.Struct in
// proto3 YAML, `encoding` + `fields` at the top level, as `gcloud bigtable instances tables
// create --row-key-schema-definition-file` reads it). Mapping:
//   text (string, uuid, domain, salt, decimal int, decimal or ISO timestamp) -> stringType utf8Bytes
//   int bigEndian -> int64Type bigEndianBytes;  int orderedCode -> int64Type orderedCodeBytes
//   timestamp bigEndian, unit us, not reversed -> timestampType unixMicrosInt64 bigEndianBytes
//   other bigEndian timestamps -> int64Type bigEndianBytes (the number the key holds)
//   bytes -> bytesType raw;  rowKey.encoding -> delimitedBytes / orderedCodeBytes / singleton
// What a structured key cannot say is an ExportError naming every problem, never a wrong file.
import { dump } from 'js-yaml';
import { utf8 } from '../keys/bytes';
import type { Design, Field, Table } from '../model/schema';
import { analyzeTableOf } from '../analysis/design';
import { toBase64 } from '../keys/base64';
import { commentText, ExportError, fileSafe, keyLayoutOf, requireTable, shq, type Exporter } from './common';

export const STRING_TYPE = { stringType: { encoding: { utf8Bytes: {} } } };
export const BYTES_TYPE = { bytesType: { encoding: { raw: {} } } };
export const INT64_BE_TYPE = { int64Type: { encoding: { bigEndianBytes: {} } } };
export const INT64_OC_TYPE = { int64Type: { encoding: { orderedCodeBytes: {} } } };
export const TIMESTAMP_MICROS_TYPE = { timestampType: { encoding: { unixMicrosInt64: { bigEndianBytes: {} } } } };

export interface StructField {
  fieldName: string;
  type: Record<string, unknown>;
}

export interface StructuredKey {
  encoding: 'delimitedBytes' | 'orderedCodeBytes' | 'singleton';
  /** The delimiter as text (delimitedBytes only). */
  delimiter: string | null;
  fields: StructField[];
  notes: string[];
}

/** Whether a field's encoded value may hold any byte (so no delimiter is safe around it). */
export function isBinary(f: Field): boolean {
  return (
    (f.type === 'int' && (f.encoding === 'bigEndian' || f.encoding === 'orderedCode')) ||
    (f.type === 'timestamp' && f.encoding === 'bigEndian') ||
    f.type === 'bytes'
  );
}

function typeOf(name: string, f: Field, notes: string[]): Record<string, unknown> {
  switch (f.type) {
    case 'bytes':
      return BYTES_TYPE;
    case 'int':
      if (f.encoding === 'bigEndian') return INT64_BE_TYPE;
      if (f.encoding === 'orderedCode') return INT64_OC_TYPE;
      notes.push(`${name} (int, decimal text) is a STRING in SQL: CAST(${name} AS INT64) to compute with it`);
      return STRING_TYPE;
    case 'timestamp':
      if (f.encoding === 'bigEndian') {
        if (f.unit === 'us' && !f.reversed) return TIMESTAMP_MICROS_TYPE;
        notes.push(
          `${name} is an INT64 in SQL: ${f.reversed ? 'Long.MAX_VALUE minus ' : ''}the ${{ s: 'seconds', ms: 'milliseconds', us: 'microseconds' }[f.unit ?? 'ms']} since 1970 (a TIMESTAMP type needs unit us, not reversed)`,
        );
        return INT64_BE_TYPE;
      }
      if (f.reversed) notes.push(`${name} is a STRING in SQL: the 19 digits of Long.MAX_VALUE minus the time`);
      else notes.push(`${name} (timestamp as ${f.format === 'iso' ? 'ISO' : 'decimal'} text) is a STRING in SQL`);
      return STRING_TYPE;
    case 'hash':
    case 'string':
    case 'uuid':
    case 'domain':
      return STRING_TYPE;
  }
}

/** Bigtable's limit on a structured row key's delimiter, in bytes. */
export const MAX_DELIMITER_BYTES = 50;

/** The structured row key of a table, or an ExportError that lists what it cannot express. */
export function structuredKeyOf(design: Design, table: Table): StructuredKey {
  const layout = keyLayoutOf(table);
  const problems: string[] = [];
  const notes: string[] = [];
  const families = new Set((table.families ?? []).map((f) => f.name));
  const index = design.tables.indexOf(table);
  const infos = index >= 0 ? analyzeTableOf(design, index).fields : [];
  const encoding =
    layout.encoding === 'orderedCode' ? 'orderedCodeBytes' : layout.encoding === 'singleton' || layout.delimiter === null ? 'singleton' : 'delimitedBytes';
  const delimiter = encoding === 'delimitedBytes' ? layout.delimiter : null;
  if (layout.encoding === 'delimited' && encoding === 'singleton')
    notes.push('one segment and no delimiter: written as a singleton struct (the key is the field value itself)');
  const firstByte = delimiter === null ? null : utf8(delimiter)[0]!;
  const fields: StructField[] = [];
  // Every export of the structured key (row_key_schema.yaml, gcloud, Terraform) stops here.
  if (delimiter !== null && (utf8(delimiter).length < 1 || utf8(delimiter).length > MAX_DELIMITER_BYTES)) {
    problems.push(
      `the delimiter${layout.inferredDelimiter ? ' (read from the template)' : ''} is ${utf8(delimiter).length} bytes; Bigtable's row key schema allows 1 to ${MAX_DELIMITER_BYTES} ("Manage row key schemas")`,
    );
  }
  for (const seg of layout.segments) {
    if (!seg.field) {
      problems.push(
        `the constant segment "${seg.prefix}" has no field: a structured row key names every segment (make it a field, e.g. a string with values ["${seg.prefix}"], or remove it)`,
      );
      continue;
    }
    const name = seg.field;
    const f = table.rowKey.fields[name];
    if (!f) continue;
    if (name === '_key' || name === '_timestamp') problems.push(`key field "${name}" collides with the SQL pseudocolumn ${name}: rename it`);
    if (families.has(name)) problems.push(`key field "${name}" has the name of a column family: SQL could not tell them apart; rename one`);
    const literal = seg.prefix + seg.suffix;
    if (literal && isBinary(f))
      problems.push(
        `field ${name} is binary but its segment has literal text "${literal}": Bigtable would read the text as part of the value; remove the text`,
      );
    else if (literal) notes.push(`the literal text "${literal}" is part of field ${name}'s value as Bigtable (and SQL) sees it`);
    if (encoding === 'delimitedBytes' && isBinary(f)) {
      problems.push(
        `field ${name} is binary (${f.type}${'encoding' in f && f.encoding ? ` ${f.encoding}` : ''}): its bytes can contain the delimiter, which a delimitedBytes key cannot hold; use encoding: orderedCode`,
      );
    }
    const info = infos.find((i) => i.name === name);
    if (firstByte !== null && info && !info.charset.any && !isBinary(f)) {
      const chars = [...info.charset.chars];
      const clash = chars.filter((c) => utf8(c).includes(firstByte));
      if (clash.length)
        problems.push(
          `values of field ${name} can contain ${clash.map((c) => JSON.stringify(c)).join(', ')}, the delimiter's first byte: Bigtable would split the key there`,
        );
      const below = chars.filter((c) => utf8(c)[0]! < firstByte && !clash.includes(c));
      if (below.length)
        notes.push(
          `values of ${name} can contain ${below
            .slice(0, 5)
            .map((c) => JSON.stringify(c))
            .join(', ')} (bytes below the delimiter's first byte): rows still parse, but do not sort field by field`,
        );
    }
    fields.push({ fieldName: name, type: typeOf(name, f, notes) });
  }
  if (problems.length) {
    throw new ExportError(`table ${table.name} cannot be written as a structured row key:\n${problems.map((p) => `  - ${p}`).join('\n')}`, problems);
  }
  return { encoding, delimiter, fields, notes };
}

/** The Type.Struct object: `{encoding, fields}` (the delimiter base64 when `base64`). */
export function structObject(key: StructuredKey, base64: boolean): { encoding: Record<string, unknown>; fields: StructField[] } {
  const encoding =
    key.encoding === 'delimitedBytes' ? { delimitedBytes: { delimiter: base64 ? toBase64(utf8(key.delimiter!)) : key.delimiter! } } : { [key.encoding]: {} };
  return { encoding, fields: key.fields };
}

/** The comment that opens the studio's key line in a row_key_schema.yaml. */
export const STUDIO_KEY_COMMENT = '# Studio row key: ';
/** Beyond this the line is left out (a values list of 100,000 cities is not a comment). */
const MAX_HINT_CHARS = 65536;

/** The row key as one JSON comment line; null when too long to be a comment. */
export function studioKeyLine(rowKey: Table['rowKey']): string | null {
  // JSON escapes control characters; U+2028 and U+2029 too, so the line stays one line.
  const json = JSON.stringify(rowKey)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return json.length > MAX_HINT_CHARS ? null : `${STUDIO_KEY_COMMENT}${json}`;
}

export const exportRowKeySchema: Exporter = (design, tableArg, options) => {
  const table = requireTable(design, tableArg);
  const key = structuredKeyOf(design, table);
  const body = dump(structObject(key, options.preEncoded === true), { lineWidth: -1, noRefs: true });
  const flag = options.preEncoded ? ' --row-key-schema-pre-encoded-bytes' : '';
  // The command in the comment names this table and this file, as the download saves it.
  const filename = `${fileSafe(table.name)}.row_key_schema.yaml`;
  const header = [
    `# Row key schema of table ${table.name} (design "${design.name}"), by Bigtable Schema Studio.`,
    `# Key template: ${table.rowKey.template}`,
    `# gcloud bigtable instances tables create ${shq(table.name)} --instance="$INSTANCE" --row-key-schema-definition-file=${shq(filename)}${flag}`,
    ...(options.preEncoded
      ? ['# The delimiter is base64 (pre-encoded bytes).']
      : key.delimiter !== null
        ? ['# The delimiter is plain text; gcloud base64-encodes it.']
        : []),
    ...key.notes.map((n) => `# Note: ${n}`),
  ].map(commentText);
  // What the struct cannot hold (a decimal int or timestamp is a STRING to Bigtable), for the
  // studio's import to restore; gcloud skips comments. Import trusts it only when it re-exports
  // to the very struct above (src/core/import/key-hint.ts).
  const hint = studioKeyLine(table.rowKey);
  if (hint) header.push(hint);
  return {
    text: `${header.join('\n')}\n${body}`,
    filename,
    mime: 'application/yaml',
    notes: key.notes,
  };
};
