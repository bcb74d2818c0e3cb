// Hostile imports: row_key_schema.yaml/JSON, Terraform's structType and `gcloud ...
// tables describe` output that is wrong, through importText, the one door the studio's Import
// and `btstudio import` both use. Every refusal must name the file, the line and column of the
// offending key or value (found here independently, by searching the text for it) and the proto
// path (`encoding.delimitedBytes.delimiter`).
import { importText, MAX_IMPORT_CHARS, type ImportOptions } from '../core/import';
import type { HostileAnswer, HostileCase } from './case';

const answer = (text: string, options: ImportOptions): HostileAnswer => {
  const r = importText(text, options);
  return r.ok ? { refused: false, message: '' } : { refused: true, message: r.errors.join('\n') };
};

/** `line:column` (1-based) of the `nth` occurrence of `needle` in `text`, plus `shift` characters. */
function lc(text: string, needle: string, shift = 0, nth = 0): string {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" is not in the case's text`);
  }
  at += shift;
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `file:line:column: path: ` where line:column is where `needle` starts in `text`. */
const at = (file: string, text: string, needle: string, path: string, shift = 0, nth = 0) =>
  new RegExp(`^${esc(file)}:${lc(text, needle, shift, nth)}: ${esc(path)}: `);

const STR = `    stringType:
      encoding:
        utf8Bytes: {}`;
const INT = `    int64Type:
      encoding:
        bigEndianBytes: {}`;

/** A row_key_schema.yaml as gcloud's docs write it; `edit` swaps a piece for the hostile one. */
const SCHEMA = `encoding:
  delimitedBytes:
    delimiter: '#'
fields:
- fieldName: tenant
  type:
${STR}
- fieldName: ts
  type:
${INT}
`;
const schema = (from: string, to: string) => {
  if (!SCHEMA.includes(from)) throw new Error(`"${from}" is not in the schema`);
  return SCHEMA.replace(from, to);
};

/** `gcloud bigtable instances tables describe --format=yaml` output, shortened. */
const DESCRIBE = `columnFamilies:
  m:
    gcRule:
      maxAge: 2592000s
  v:
    gcRule:
      union:
        rules:
        - maxNumVersions: 3
        - maxAge: 604800s
  cnt:
    valueType:
      aggregateType:
        inputType:
          int64Type:
            encoding:
              bigEndianBytes: {}
        sum: {}
deletionProtection: false
granularity: MILLIS
name: projects/p/instances/i/tables/readings
rowKeySchema:
  encoding:
    delimitedBytes:
      delimiter: Iw==
  fields:
  - fieldName: device
    type:
      stringType:
        encoding:
          utf8Bytes: {}
`;
const describe = (from: string, to: string) => {
  if (!DESCRIBE.includes(from)) throw new Error(`"${from}" is not in the describe output`);
  return DESCRIBE.replace(from, to);
};

interface Spec {
  id: string;
  what: string;
  file: string;
  text: string;
  options?: ImportOptions;
  /** What is wrong (matched anywhere in the message). */
  says: RegExp;
  /** Where: a needle in the text and the proto path. */
  needle: string;
  path: string;
  shift?: number;
  nth?: number;
}

function make(s: Spec): HostileCase {
  return {
    id: `import-${s.id}`,
    group: 'import',
    what: s.what,
    run: () => answer(s.text, { file: s.file, ...s.options }),
    expect: { refused: true, what: s.says, where: at(s.file, s.text, s.needle, s.path, s.shift, s.nth) },
  };
}

const S = 'row_key_schema.yaml';
const D = 'describe.yaml';

const specs: Spec[] = [
  // Wrong types
  {
    id: 'field-name-number',
    what: 'a field name that is a number',
    file: S,
    text: schema('fieldName: tenant', 'fieldName: 5'),
    says: /every key field needs a name \(found number 5\)/,
    needle: '5\n',
    path: 'fields[0].fieldName',
  },
  {
    id: 'type-is-text',
    what: 'a field type written as text (type: string)',
    file: S,
    text: schema(`  type:\n${STR}`, '  type: string'),
    says: /expected a mapping, found string "string"/,
    needle: 'string\n',
    path: 'fields[0].type',
  },
  {
    id: 'fields-mapping',
    what: 'fields as a mapping instead of a list',
    file: S,
    text: `encoding:\n  orderedCodeBytes: {}\nfields:\n  tenant:\n    type: {stringType: {encoding: {utf8Bytes: {}}}}\n`,
    says: /expected a list of at least one field, found a mapping/,
    needle: 'tenant',
    path: 'fields',
  },
  {
    id: 'encoding-list',
    what: 'the struct encoding as a list',
    file: S,
    text: schema("encoding:\n  delimitedBytes:\n    delimiter: '#'", 'encoding:\n- delimitedBytes'),
    says: /expected a mapping, found a list/,
    needle: '- delimitedBytes',
    path: 'encoding',
  },
  {
    id: 'delimiter-number',
    what: 'a delimiter that is a number',
    file: S,
    text: schema("delimiter: '#'", 'delimiter: 7'),
    says: /expected the delimiter \(text\), found number 7/,
    needle: '7\n',
    path: 'encoding.delimitedBytes.delimiter',
  },
  // Two kinds in one oneof
  {
    id: 'two-types',
    what: 'stringType and int64Type in one field type',
    file: S,
    text: schema(`  type:\n${STR}`, `  type:\n${STR}\n${INT}`),
    says: /stringType and int64Type are both set, but a type is exactly one of them/,
    needle: 'int64Type',
    path: 'fields[0].type',
  },
  {
    id: 'two-struct-encodings',
    what: 'singleton and delimitedBytes in one struct encoding',
    file: S,
    text: schema('encoding:\n  delimitedBytes:', 'encoding:\n  singleton: {}\n  delimitedBytes:'),
    says: /singleton and delimitedBytes are both set, but a struct encoding is exactly one of them/,
    needle: 'delimitedBytes',
    path: 'encoding',
  },
  {
    id: 'two-int-encodings',
    what: 'bigEndianBytes and orderedCodeBytes in one Int64 encoding',
    file: S,
    text: schema('        bigEndianBytes: {}', '        bigEndianBytes: {}\n        orderedCodeBytes: {}'),
    says: /bigEndianBytes and orderedCodeBytes are both set/,
    needle: 'orderedCodeBytes',
    path: 'fields[1].type.int64Type.encoding',
  },
  // Types a key cannot hold
  {
    id: 'aggregate-in-key',
    what: 'an aggregate type as a key field',
    file: S,
    text: schema(`  type:\n${INT}`, '  type:\n    aggregateType:\n      sum: {}'),
    says: /aggregateType cannot be a row key field \(Bigtable allows bytesType, stringType, int64Type and timestampType/,
    needle: 'aggregateType',
    path: 'fields[1].type.aggregateType',
  },
  {
    id: 'struct-in-key',
    what: 'a struct inside the key struct',
    file: S,
    text: schema(`  type:\n${INT}`, `  type:\n    structType:\n      fields:\n      - fieldName: inner\n        type:\n${STR.replace(/^/gm, '    ')}`),
    says: /structType cannot be a row key field/,
    needle: 'structType',
    path: 'fields[1].type.structType',
  },
  {
    id: 'array-in-key',
    what: 'an array type as a key field',
    file: S,
    text: schema(`  type:\n${INT}`, '  type:\n    arrayType: {elementType: {int64Type: {}}}'),
    says: /arrayType cannot be a row key field/,
    needle: 'arrayType',
    path: 'fields[1].type.arrayType',
  },
  // Pre-encoded delimiters
  {
    id: 'pre-encoded-not-base64',
    what: 'a plain "#" delimiter read as pre-encoded (--pre-encoded)',
    file: S,
    text: SCHEMA,
    options: { preEncoded: true },
    says: /"#" is not valid base64: "#" \(character 1\) is not a base64 character/,
    needle: "'#'",
    shift: 1,
    path: 'encoding.delimitedBytes.delimiter',
  },
  {
    id: 'pre-encoded-bad-length',
    what: 'a pre-encoded delimiter missing its padding ("Iw=")',
    file: S,
    text: schema("delimiter: '#'", 'delimiter: Iw='),
    options: { preEncoded: true },
    says: /"Iw=" is not valid base64: its length is not a multiple of 4/,
    needle: 'Iw=',
    path: 'encoding.delimitedBytes.delimiter',
  },
  {
    id: 'pre-encoded-not-utf8',
    what: 'a pre-encoded delimiter that decodes to the byte 0xFF',
    file: S,
    text: schema("delimiter: '#'", "delimiter: '/w=='"),
    options: { preEncoded: true },
    says: /decodes to bytes that are not UTF-8 text/,
    needle: "'/w=='",
    shift: 1,
    path: 'encoding.delimitedBytes.delimiter',
  },
  {
    id: 'terraform-plain-delimiter',
    what: "Terraform's structType with a plain delimiter (it must be base64)",
    file: 'main.tf.json',
    text: '{\n  "structType": {\n    "fields": [{"fieldName": "a", "type": {"bytesType": {"encoding": {"raw": {}}}}}],\n    "encoding": {"delimitedBytes": {"delimiter": "|"}}\n  }\n}\n',
    says: /"\|" is not valid base64/,
    needle: '"|"',
    shift: 1,
    path: 'structType.encoding.delimitedBytes.delimiter',
  },
  {
    id: 'delimiter-too-long',
    what: 'a 51-byte delimiter',
    file: S,
    text: schema("delimiter: '#'", `delimiter: '${'#'.repeat(51)}'`),
    says: /the delimiter is 51 bytes; Bigtable allows 1 to 50/,
    needle: "'###",
    shift: 1,
    path: 'encoding.delimitedBytes.delimiter',
  },
  // Unknown fields at every level
  {
    id: 'unknown-top',
    what: 'an unknown field at the top (nullable)',
    file: S,
    text: `${SCHEMA}nullable: true\n`,
    says: /unknown field "nullable" \(allowed: fields, encoding\)/,
    needle: 'nullable',
    path: 'nullable',
  },
  {
    id: 'unknown-in-field',
    what: 'an unknown field in a key field (description)',
    file: S,
    text: schema('- fieldName: ts', '- fieldName: ts\n  description: when'),
    says: /unknown field "description" \(allowed: fieldName, type\)/,
    needle: 'description',
    path: 'fields[1].description',
  },
  {
    id: 'unknown-in-type',
    what: 'an unknown field in a string type (collation)',
    file: S,
    text: schema('    stringType:\n', '    stringType:\n      collation: en\n'),
    says: /unknown field "collation" \(allowed: encoding\)/,
    needle: 'collation',
    path: 'fields[0].type.stringType.collation',
  },
  {
    id: 'unknown-in-encoding',
    what: 'an unknown field in delimitedBytes (escape)',
    file: S,
    text: schema("delimiter: '#'", "delimiter: '#'\n    escape: '\\'"),
    says: /unknown field "escape" \(allowed: delimiter\)/,
    needle: 'escape',
    path: 'encoding.delimitedBytes.escape',
  },
  {
    id: 'unknown-in-empty-message',
    what: 'a field inside utf8Bytes, which has none',
    file: S,
    text: schema('utf8Bytes: {}', 'utf8Bytes: {validate: true}'),
    says: /unknown field "validate" \(this message has no fields\)/,
    needle: 'validate',
    path: 'fields[0].type.stringType.encoding.utf8Bytes.validate',
  },
  {
    id: 'unknown-encoding-kind',
    what: 'a struct encoding Bigtable does not have (lengthPrefixed)',
    file: S,
    text: schema('  delimitedBytes:', '  lengthPrefixed:'),
    says: /unknown field "lengthPrefixed" \(allowed: singleton, delimitedBytes, orderedCodeBytes\)/,
    needle: 'lengthPrefixed',
    path: 'encoding.lengthPrefixed',
  },
  // Missing fields
  {
    id: 'missing-encoding',
    what: 'a schema without its encoding',
    file: S,
    text: SCHEMA.replace("encoding:\n  delimitedBytes:\n    delimiter: '#'\n", ''),
    says: /no struct encoding set \(set one of singleton, delimitedBytes, orderedCodeBytes\)/,
    needle: 'fields',
    path: 'encoding',
  },
  {
    id: 'missing-type',
    what: 'a key field without a type',
    file: S,
    text: schema(`- fieldName: tenant\n  type:\n${STR}\n`, '- fieldName: tenant\n'),
    says: /no type set \(set one of bytesType, stringType, int64Type, timestampType\)/,
    needle: 'fieldName: tenant',
    path: 'fields[0].type',
  },
  {
    id: 'missing-delimiter',
    what: 'delimitedBytes without its delimiter',
    file: S,
    text: schema("  delimitedBytes:\n    delimiter: '#'", '  delimitedBytes: {}'),
    says: /expected the delimiter \(text\), found nothing/,
    needle: '{}',
    path: 'encoding.delimitedBytes',
  },
  {
    id: 'missing-field-name',
    what: 'a key field without a name',
    file: S,
    text: schema('- fieldName: ts\n  type:', '- type:'),
    says: /every key field needs a name \(found nothing\)/,
    needle: 'type:',
    path: 'fields[1].fieldName',
    nth: 1,
    shift: 0,
  },
  {
    id: 'empty-struct',
    what: 'a struct with no fields',
    file: S,
    text: 'encoding:\n  orderedCodeBytes: {}\nfields: []\n',
    says: /expected a list of at least one field, found an empty list/,
    needle: '[]',
    path: 'fields',
  },
  {
    id: 'duplicate-field-names',
    what: 'two key fields with one name',
    file: S,
    text: schema('fieldName: ts', 'fieldName: tenant'),
    says: /"tenant" names two fields \(fields\[0\] and fields\[1\]\)/,
    needle: 'tenant',
    path: 'fields[1].fieldName',
    nth: 1,
  },
  {
    id: 'singleton-two-fields',
    what: 'a singleton encoding over two fields',
    file: S,
    text: schema("  delimitedBytes:\n    delimiter: '#'", '  singleton: {}'),
    says: /singleton takes exactly one field, not 2/,
    needle: 'singleton',
    path: 'encoding.singleton',
  },
  {
    id: 'field-name-dash',
    what: 'a key field name with a dash',
    file: S,
    text: schema('fieldName: ts', 'fieldName: event-ts'),
    says: /"event-ts" cannot be a design field name/,
    needle: 'event-ts',
    path: 'fields[1].fieldName',
  },
  {
    id: 'field-name-proto',
    what: 'a key field named __proto__',
    file: S,
    text: schema('fieldName: ts', 'fieldName: __proto__'),
    says: /"__proto__" cannot be a design field name/,
    needle: '__proto__',
    path: 'fields[1].fieldName',
  },
  // gcloud tables describe output, malformed
  {
    id: 'describe-max-age-design-syntax',
    what: 'a GC max age written as "30d" (design syntax, not a proto duration)',
    file: D,
    text: describe('maxAge: 2592000s', 'maxAge: 30d'),
    says: /expected a duration in seconds like "864000s" \(or "0\.5s"\), found string "30d"/,
    needle: '30d',
    path: 'columnFamilies.m.gcRule.maxAge',
  },
  {
    id: 'describe-max-age-number',
    what: 'a GC max age as a bare number',
    file: D,
    text: describe('maxAge: 2592000s', 'maxAge: 2592000'),
    says: /found number 2592000/,
    needle: '2592000',
    path: 'columnFamilies.m.gcRule.maxAge',
  },
  {
    id: 'describe-max-age-nanos',
    what: 'a GC max age with nanoseconds',
    file: D,
    text: describe('maxAge: 604800s', 'maxAge: 604800.000000001s'),
    says: /has nanoseconds; Bigtable keeps microseconds at most/,
    needle: '604800.000000001s',
    path: 'columnFamilies.v.gcRule.union.rules[1].maxAge',
  },
  {
    id: 'describe-max-age-zero',
    what: 'a GC max age of 0s',
    file: D,
    text: describe('maxAge: 2592000s', 'maxAge: 0s'),
    says: /0s is under 1 ms; a max age must be at least 1 ms/,
    needle: '0s',
    path: 'columnFamilies.m.gcRule.maxAge',
  },
  {
    id: 'describe-max-age-huge',
    what: 'a GC max age of 10^30 seconds',
    file: D,
    text: describe('maxAge: 2592000s', `maxAge: 1${'0'.repeat(30)}s`),
    says: /expected a duration in seconds/,
    needle: '1000000',
    path: 'columnFamilies.m.gcRule.maxAge',
  },
  {
    id: 'describe-versions-text',
    what: 'maxNumVersions "many"',
    file: D,
    text: describe('maxNumVersions: 3', 'maxNumVersions: many'),
    says: /expected a whole number from 1 to 2147483647, found string "many"/,
    needle: 'many',
    path: 'columnFamilies.v.gcRule.union.rules[0].maxNumVersions',
  },
  {
    id: 'describe-versions-zero',
    what: 'maxNumVersions 0',
    file: D,
    text: describe('maxNumVersions: 3', 'maxNumVersions: 0'),
    says: /expected a whole number from 1 to 2147483647, found number 0/,
    needle: '0\n',
    path: 'columnFamilies.v.gcRule.union.rules[0].maxNumVersions',
  },
  {
    id: 'describe-versions-over-int32',
    what: 'maxNumVersions 10^10 (over int32)',
    file: D,
    text: describe('maxNumVersions: 3', 'maxNumVersions: "10000000000"'),
    says: /from 1 to 2147483647, found string "10000000000"/,
    needle: '"1000',
    shift: 1,
    path: 'columnFamilies.v.gcRule.union.rules[0].maxNumVersions',
  },
  {
    id: 'describe-rules-not-list',
    what: 'a GC union whose rules are a mapping',
    file: D,
    text: describe('        rules:\n        - maxNumVersions: 3\n        - maxAge: 604800s', '        rules: {maxNumVersions: 3}'),
    says: /expected a list of rules, found a mapping/,
    needle: '{maxNumVersions',
    path: 'columnFamilies.v.gcRule.union.rules',
  },
  {
    id: 'describe-gc-two-kinds',
    what: 'a GC rule with maxAge and maxNumVersions both set',
    file: D,
    text: describe('      maxAge: 2592000s', '      maxAge: 2592000s\n      maxNumVersions: 1'),
    says: /maxAge and maxNumVersions are both set, but a GC rule is exactly one of them/,
    needle: 'maxNumVersions: 1',
    path: 'columnFamilies.m.gcRule',
  },
  {
    id: 'describe-empty-rule-in-union',
    what: 'an empty rule inside a GC union',
    file: D,
    text: describe('        - maxNumVersions: 3', '        - {}'),
    says: /an empty rule inside a union/,
    needle: '{}',
    path: 'columnFamilies.v.gcRule.union.rules[0]',
  },
  {
    id: 'describe-families-list',
    what: 'columnFamilies as a list',
    file: D,
    text: `name: projects/p/instances/i/tables/t\ncolumnFamilies:\n- m\n- v\n`,
    says: /expected a mapping, found a list/,
    needle: '- m',
    path: 'columnFamilies',
  },
  {
    id: 'describe-no-name',
    what: 'describe output without the table name',
    file: D,
    text: DESCRIBE.replace('name: projects/p/instances/i/tables/readings\n', ''),
    says: /expected the table's name \(projects\/P\/instances\/I\/tables\/T\), found nothing/,
    needle: 'columnFamilies',
    path: 'name',
  },
  {
    id: 'describe-name-number',
    what: 'a table name that is a number',
    file: D,
    text: describe('name: projects/p/instances/i/tables/readings', 'name: 42'),
    says: /found number 42/,
    needle: '42',
    path: 'name',
  },
  {
    id: 'describe-bad-table-id',
    what: 'a table id with a space',
    file: D,
    text: describe('tables/readings', 'tables/my readings'),
    says: /"my readings" is not a Bigtable table id/,
    needle: 'projects/',
    path: 'name',
  },
  {
    id: 'describe-bad-family-id',
    what: 'a column family id with a space',
    file: D,
    text: describe('  cnt:', '  "my counters":'),
    says: /"my counters" is not a column family id/,
    needle: '"my counters"',
    shift: 1,
    path: 'columnFamilies["my counters"]',
  },
  {
    id: 'describe-two-aggregators',
    what: 'an aggregate type with sum and max',
    file: D,
    text: describe('        sum: {}', '        sum: {}\n        max: {}'),
    says: /sum and max are both set \(exactly one of sum, min, max, hllppUniqueCount\)/,
    needle: 'max: {}',
    path: 'columnFamilies.cnt.valueType.aggregateType',
  },
  {
    id: 'describe-sum-of-bytes',
    what: 'a sum over bytes input',
    file: D,
    text: describe('          int64Type:\n            encoding:\n              bigEndianBytes: {}', '          bytesType: {}'),
    says: /sum takes Int64 input/,
    needle: 'bytesType',
    path: 'columnFamilies.cnt.valueType.aggregateType.inputType',
  },
  {
    id: 'describe-key-delimiter-plain',
    what: 'a describe rowKeySchema whose delimiter is not base64',
    file: D,
    text: describe('delimiter: Iw==', "delimiter: '#'"),
    says: /"#" is not valid base64/,
    needle: "'#'",
    shift: 1,
    path: 'rowKeySchema.encoding.delimitedBytes.delimiter',
  },
  {
    id: 'describe-unknown-field',
    what: 'an unknown field in a Table (replication)',
    file: D,
    text: `${DESCRIBE}replication: 3\n`,
    says: /unknown field "replication" \(allowed: name, clusterStates/,
    needle: 'replication',
    path: 'replication',
  },
];

// ---- Whole-file trouble: size, alias bombs, YAML that does not parse --------------------------

/** A GC rule that doubles 40 times through aliases: 2^40 rules if walked naively. */
function gcAliasBomb(levels: number): string {
  const lines = ['name: projects/p/instances/i/tables/t', 'x-anchors:'];
  lines.push('  - &g0 {maxNumVersions: 1}');
  for (let i = 1; i <= levels; i++) lines.push(`  - &g${i} {union: {rules: [*g${i - 1}, *g${i - 1}]}}`);
  lines.push('columnFamilies:', `  f: {gcRule: *g${levels}}`);
  return lines.join('\n') + '\n';
}

/** The billion laughs, as key fields: nine lists of nine aliases. */
function laughs(): string {
  const lines = ['encoding: {orderedCodeBytes: {}}', 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= 9; i++)
    lines.push(
      `l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  lines.push('fields: *l9');
  return lines.join('\n') + '\n';
}

const GC_BOMB = gcAliasBomb(40);
const LAUGHS = laughs();
const MANY_ALIASES = `name: projects/p/instances/i/tables/t\nx: &a 1\ny: [${Array(1200).fill('*a').join(', ')}]\n`;
const DEEP = `name: projects/p/instances/i/tables/t\ncolumnFamilies: ${'['.repeat(2000)}${']'.repeat(2000)}\n`;
const HUGE = `{"name": "projects/p/instances/i/tables/t", "columnFamilies": {}, "pad": "${'x'.repeat(MAX_IMPORT_CHARS)}"}`;

/** Text the parser cannot read: [id, what, the text, its file name, what the refusal says, the line and column it names (null: any)]. */
const unreadable: [id: string, what: string, text: string, file: string, says: RegExp, line: number | null, column: number | null][] = [
  ['import-too-many-aliases', '1,200 aliases in one file (over the parser cap of 1,000)', MANY_ALIASES, D, /not YAML or JSON: .*alias/i, 3, null],
  ['import-deep-nesting', '2,000 nested lists', DEEP, D, /not YAML or JSON: .*(depth|nest)/i, 2, null],
  ['import-bad-yaml-indent', 'YAML indented with a tab', SCHEMA.replace('    delimiter', '\tdelimiter'), S, /not YAML or JSON/, 3, null],
  ['import-bad-yaml-quote', 'an unclosed quote', schema("delimiter: '#'", "delimiter: '#"), S, /not YAML or JSON/, null, null],
  [
    'import-bad-json-unclosed',
    'JSON cut off before its last brace',
    '{\n  "name": "projects/p/instances/i/tables/t",\n  "columnFamilies": {"m": {}}\n',
    'describe.json',
    /not YAML or JSON/,
    4,
    1,
  ],
  ['import-duplicate-key', 'the same key twice in one mapping', describe('  v:\n', '  m:\n'), D, /not YAML or JSON: .*(duplicate|twice)/i, 5, null],
  ['import-two-documents', 'two YAML documents in one file', `${SCHEMA}---\n${SCHEMA}`, S, /several YAML documents \(---\); import reads one/, null, null],
  ['import-binary', 'binary bytes (a PNG header) read as text', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', 'pic.png', /not YAML or JSON/, 3, 1],
  [
    'import-unknown-tag',
    'a YAML tag the importer does not run (!!js/function)',
    schema("delimiter: '#'", 'delimiter: !!js/function "() => 1"'),
    S,
    /not YAML or JSON: .*tag/i,
    3,
    null,
  ],
];

const whole: HostileCase[] = [
  {
    id: 'import-alias-bomb-gc',
    group: 'import',
    what: 'a GC rule of aliases of aliases, 40 levels (2^40 rules expanded)',
    run: () => answer(GC_BOMB, { file: D }),
    expect: { refused: true, what: /alias bomb/, where: new RegExp(`^${esc(D)}:\\d+:\\d+: (x-anchors\\[\\d+\\]\\.union\\.rules\\[|not YAML or JSON: )`) },
  },
  {
    id: 'import-billion-laughs',
    group: 'import',
    what: 'the billion laughs as the key fields (9^9 values expanded)',
    run: () => answer(LAUGHS, { file: S }),
    expect: { refused: true, what: /alias bomb/, where: new RegExp(`^${esc(S)}:\\d+:\\d+: (l\\d\\[|not YAML or JSON: )`) },
  },
  ...unreadable.map(
    ([id, what, text, file, says, line, column]): HostileCase => ({
      id,
      group: 'import',
      what,
      run: () => answer(text, { file }),
      expect: { refused: true, what: says, where: new RegExp(`^${esc(file)}:${line ?? '\\d+'}:${column ?? '\\d+'}: not YAML or JSON`) },
    }),
  ),
  {
    id: 'import-huge',
    group: 'import',
    what: 'a JSON file over the 5 MB cap',
    run: () => answer(HUGE, { file: 'big.json' }),
    expect: { refused: true, what: /the file is 5 MiB; import reads files up to 5 MiB/, where: /^big\.json: the file is/ },
  },
  {
    id: 'import-json-trailing-comma',
    group: 'import',
    what: 'JSON with trailing commas',
    run: () => answer('{\n  "name": "projects/p/instances/i/tables/t",\n  "columnFamilies": {"m": {},},\n}\n', { file: 'describe.json' }),
    expect: { refused: false, why: 'JSON is read as YAML, whose flow mappings allow a trailing comma; the table is the same' },
  },
  {
    id: 'import-proto-key',
    group: 'import',
    what: 'a "__proto__" key beside fields (prototype pollution)',
    run: () => {
      const r = answer(`__proto__: {polluted: yes}\n${SCHEMA}`, { file: S });
      if ((Object.prototype as Record<string, unknown>).polluted !== undefined) throw new Error('Object.prototype was polluted');
      return r;
    },
    expect: { refused: true, what: /__proto__/, where: new RegExp(`^${esc(S)}:1:1: `) },
  },
  {
    id: 'import-scalar',
    group: 'import',
    what: 'a file that is one word',
    run: () => answer('hello\n', { file: S }),
    expect: { refused: true, what: /expected a mapping \(a design, a row key schema or a table\), found string/, where: new RegExp(`^${esc(S)}: `) },
  },
  {
    id: 'import-empty',
    group: 'import',
    what: 'an empty file (spaces and line breaks)',
    run: () => answer(' \n\n\t\n', { file: S }),
    expect: { refused: true, what: /the file is empty/, where: new RegExp(`^${esc(S)}: `) },
  },
  {
    id: 'import-neither',
    group: 'import',
    what: 'a mapping that is no schema, table or design',
    run: () => answer('apiVersion: v1\nkind: ConfigMap\n', { file: 'k8s.yaml' }),
    expect: { refused: true, what: /not a file the studio imports/, where: /^k8s\.yaml: .*found keys "apiVersion", "kind"/ },
  },
  {
    id: 'import-design-file-error',
    group: 'import',
    what: 'a design file with a wrong value, through the design loader',
    run: () =>
      answer('format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: int, pad: 0}}}\n', {
        file: 'd.yaml',
      }),
    expect: { refused: true, what: /must be at least 1/, where: /^d\.yaml:5:\d+: tables\[0\]\.rowKey\.fields\.a\.pad: / },
  },
  {
    id: 'import-legit-alias',
    group: 'import',
    what: 'a schema that shares one type between fields with an anchor and an alias',
    run: () =>
      answer('encoding: {orderedCodeBytes: {}}\nfields:\n- fieldName: a\n  type: &s {stringType: {encoding: {utf8Bytes: {}}}}\n- fieldName: b\n  type: *s\n', {
        file: S,
      }),
    expect: { refused: false, why: 'anchors and aliases are ordinary YAML; a few of them are no bomb' },
  },
  {
    id: 'import-bom-crlf',
    group: 'import',
    what: 'a schema saved with a byte-order mark and CRLF line ends',
    run: () => answer(`\ufeff${SCHEMA.replace(/\n/g, '\r\n')}`, { file: S }),
    expect: { refused: false, why: 'Windows editors save files so; the text is the same schema' },
  },
];

export const importCases: HostileCase[] = [...specs.map(make), ...whole];
