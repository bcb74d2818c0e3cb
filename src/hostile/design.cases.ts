// Hostile design files: each case feeds one bad file, as text or
// bytes, through the real loader (loadDesign) and says how it must be answered. A few cases go
// on to the validator (lint), the way `btstudio lint` does, where the format deliberately leaves
// a check to a rule (a table id of 51 characters loads, and the table-name rule refuses it).
//
// `where` is written `LINE:COLUMN PATH` (or `LINE:COLUMN` for the whole file) and matches the
// start of a line of the answer: `design.yaml:LINE:COLUMN: PATH: message`.
import { formatIssue, formatPath, loadDesign } from '../core/load/load-design';
import { lint } from '../core/rules/lint';
import type { HostileAnswer, HostileCase } from './case';

/** A design case also gives its input, so tests can check positions against the real file. */
export interface DesignCase extends HostileCase {
  group: 'design';
  file: string;
  input(): string | Uint8Array;
}

const FILE = 'design.yaml';

/** A valid design; cases change one thing in it. Line numbers below refer to this text. */
export const BASE =
  [
    'format: bigtable-studio/v1', //                                    1
    'name: hostile base', //                                            2
    'tables:', //                                                       3
    '  - name: events', //                                              4
    '    rowKey:', //                                                   5
    '      template: "{tenant}#{ts}"', //                               6
    '      fields:', //                                                 7
    '        tenant: {type: string, values: [acme, globex]}', //        8
    '        ts: {type: timestamp, reversed: true}', //                 9
    '    families:', //                                                 10
    '      - name: m', //                                               11
    '        gc: {maxAge: 30d}', //                                     12
    '        columns:', //                                              13
    '          - {qualifier: temp, valueBytes: 8}', //                  14
    '    queries:', //                                                  15
    '      - name: latest', //                                          16
    '        match: {tenant: eq}', //                                   17
    '        limit: 10', //                                             18
    '    load: {writesPerSecond: 100, retention: 30d}', //              19
  ].join('\n') + '\n';

const baseLines = BASE.split('\n');
/** BASE with line n (1-based) replaced by the given lines (none: deleted). */
const line = (n: number, ...text: string[]) => [...baseLines.slice(0, n - 1), ...text, ...baseLines.slice(n)].join('\n');
/** BASE with lines inserted before line n. */
const before = (n: number, ...text: string[]) => line(n, ...text, baseLines[n - 1]!);
/** BASE with text appended. */
const plus = (...text: string[]) => BASE + text.join('\n') + '\n';
const utf8 = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));
/** Many lines of comments, so a problem can sit at line 40 (or later). */
const comments = (n: number) => Array.from({ length: n }, (_, i) => `# comment line ${i + 1}`).join('\n');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * `12:7 tables[0].name` -> /^design\.yaml:12:7: tables\[0\]\.name: /m ; `1:1` -> /^design\.yaml:1:1: /m.
 * `12:` leaves the column open (a position deep inside a generated line); `` leaves both open.
 */
function whereOf(where: string, file: string): RegExp {
  const [pos, path] = where.split(' ') as [string, string?];
  const [l, c] = pos.split(':') as [string, string?];
  const any = (x: string | undefined) => (x ? x : '\\d+');
  return new RegExp(`^${escape(file)}:${any(l)}:${any(c)}: ${path ? `${escape(path)}: ` : ''}`, 'm');
}

const answer = (r: ReturnType<typeof loadDesign>): HostileAnswer =>
  r.ok ? { refused: false, message: '' } : { refused: true, message: r.issues.map(formatIssue).join('\n') };

/** Input made once, on first use (the big ones take a moment to build). */
function once<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

function refused(
  id: string,
  what: string,
  input: string | Uint8Array | (() => string | Uint8Array),
  expectWhat: RegExp,
  where: string,
  file = FILE,
): DesignCase {
  const get = typeof input === 'function' ? once(input) : () => input;
  return {
    id,
    group: 'design',
    what,
    file,
    input: get,
    run: () => answer(loadDesign(get(), file)),
    expect: { refused: true, what: expectWhat, where: whereOf(where, file) },
  };
}

function accepted(id: string, what: string, input: string | Uint8Array | (() => string | Uint8Array), why: string): DesignCase {
  const get = typeof input === 'function' ? once(input) : () => input;
  return { id, group: 'design', what, file: FILE, input: get, run: () => answer(loadDesign(get(), FILE)), expect: { refused: false, why } };
}

/** Loads, then lints as `btstudio lint` does: refused when the loader refuses or a rule finds an error. */
function refusedByLint(id: string, what: string, input: string, expectWhat: RegExp, where: string): DesignCase {
  return {
    id,
    group: 'design',
    what,
    file: FILE,
    input: () => input,
    run: () => {
      const loaded = loadDesign(input, FILE);
      if (!loaded.ok) return answer(loaded);
      const errors = lint(loaded.design).findings.filter((f) => f.severity === 'error');
      const message = errors.map((f) => {
        const { line: l, column } = loaded.locate(f.path);
        return `${FILE}:${l}:${column}: ${formatPath(f.path)}: ${f.message} (${f.rule})`;
      });
      return { refused: errors.length > 0, message: message.join('\n') };
    },
    expect: { refused: true, what: expectWhat, where: whereOf(where, FILE) },
  };
}

/** A name or text one character longer than the format allows: `put` writes a value of `n` (`limit + 1`) characters into BASE. */
function tooLong(id: string, what: string, limit: number, put: (n: number) => string, where: string): DesignCase {
  const n = limit + 1;
  return refused(id, `${what} of ${n.toLocaleString('en-US')} characters`, put(n), new RegExp(`must be at most ${limit} characters`), where);
}

/** `__proto__` as a key in each input: refused by name wherever it stands. Rows: [id, what, input, where]. */
const protoKeys = (rows: [id: string, what: string, input: string, where: string][]) =>
  rows.map(([id, what, input, where]) => refused(id, what, input, /the key "__proto__" is not allowed/, where));

// --- Inputs too big to write out ------------------------------------------------------------

const MB = 1024 * 1024;
/** A valid design padded with a comment to exactly `size` characters. */
const padded = (size: number) => BASE + '#' + 'x'.repeat(size - BASE.length - 2) + '\n';
/** The base design with n minimal tables (t0 ... tn-1). */
const manyTables = (n: number, table = (i: number) => `  - {name: t${i}, rowKey: {template: "{id}", fields: {id: {type: uuid}}}}`) =>
  `format: bigtable-studio/v1\nname: many\ntables:\n${Array.from({ length: n }, (_, i) => table(i)).join('\n')}\n`;
/** Billion laughs: 10 levels of 9 aliases each (9^9 values if expanded). */
const laughs = (at: string) => {
  const out = ['lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++) out.push(`lol${i}: &l${i} [${Array.from({ length: 9 }, () => `*l${i - 1}`).join(', ')}]`);
  return `${out.join('\n')}\nformat: bigtable-studio/v1\nname: laughs\ntables: ${at}\n`;
};
/** The same bomb in GC rules, where each level is a valid rule: {union: [*g, *g, ...]}. */
const gcBomb = () => {
  const out = ['x-rules:', '  - &g0 {maxVersions: 1}'];
  for (let i = 1; i < 10; i++) out.push(`  - &g${i} {union: [${Array.from({ length: 9 }, () => `*g${i - 1}`).join(', ')}]}`);
  return out.join('\n') + '\n' + BASE.replace('gc: {maxAge: 30d}', 'gc: *g9');
};
const nestedBlock = (levels: number) => {
  const out = ['format: bigtable-studio/v1', 'name: deep', 'tables: []', 'description:'];
  for (let i = 1; i <= levels; i++) out.push(`${' '.repeat(i)}k${i}:`);
  return out.join('\n') + ' x\n';
};

// --- The corpus -----------------------------------------------------------------------------

export const designCases: DesignCase[] = [
  // Not a design at all
  refused('design-empty-file', 'an empty file', '', /the file is empty/, '1:1'),
  refused('design-empty-bytes', 'zero bytes', new Uint8Array(0), /the file is empty/, '1:1'),
  refused('design-whitespace-only', 'only spaces, tabs and blank lines', '  \n\t\n   \n\n', /the file is empty/, '1:1'),
  refused('design-comment-only', 'only comments', '# a design\n# to be written\n', /holds only comments/, '1:1'),
  refused('design-bare-scalar', 'a number at the top', '42\n', /a design is a mapping/, '1:1'),
  refused('design-bare-string', 'a sentence at the top', 'this is not a design\n', /a design is a mapping/, '1:1'),
  refused('design-top-null', 'a null at the top', '~\n', /a design is a mapping/, '1:1'),
  refused('design-top-list', 'a list at the top', '- format: bigtable-studio/v1\n- name: x\n', /a design is a mapping/, '1:1'),
  refused('design-top-json-array', 'a JSON array', '[{"format": "bigtable-studio/v1"}]', /a design is a mapping/, '1:1'),
  refused('design-multiple-documents', 'two YAML documents in one file', BASE + '---\n' + BASE, /several YAML documents/, '20:1'),
  refused(
    'design-documents-after-end',
    'a document end (...) followed by a second document',
    BASE + '...\n---\nname: again\n',
    /several YAML documents/,
    '21:1',
  ),

  // Missing required keys
  refused('design-missing-format', 'no format key', line(1), /required: "format: bigtable-studio\/v1" is missing/, '1:1 format'),
  refused('design-missing-name', 'no name', line(2), /required: a string is missing/, '1:1 name'),
  refused('design-missing-tables', 'no tables', BASE.split('tables:')[0]!, /required: a list is missing/, '1:1 tables'),
  refused('design-table-missing-name', 'a table without a name', line(4, '  - description: no name'), /required: a string is missing/, '4:5 tables[0].name'),
  refused(
    'design-missing-rowkey',
    'a table without a row key',
    line(5, '    description: x').replace(/ {6}template.*\n {6}fields:\n.*\n.*\n/, ''),
    /required: a mapping is missing/,
    '4:5 tables[0].rowKey',
  ),
  refused('design-missing-template', 'a row key without a template', line(6), /required: a string is missing/, '6:7 tables[0].rowKey.template'),
  refused(
    'design-missing-fields',
    'a row key without fields',
    line(7).replace(/ {8}tenant.*\n {8}ts.*\n/, ''),
    /required: a mapping is missing/,
    '6:7 tables[0].rowKey.fields',
  ),
  refused(
    'design-field-missing-type',
    'a field without a type',
    line(9, '        ts: {reversed: true}'),
    /type must be one of: string, int, timestamp/,
    '9:13 tables[0].rowKey.fields.ts.type',
  ),
  refused(
    'design-hash-missing-buckets',
    'a salt without buckets',
    line(9, '        ts: {type: hash}'),
    /required: a number is missing/,
    '9:13 tables[0].rowKey.fields.ts.buckets',
  ),
  refused(
    'design-family-missing-name',
    'a family without a name',
    line(11, '      - description: no name'),
    /required: a string is missing/,
    '11:9 tables[0].families[0].name',
  ),
  refused(
    'design-query-missing-name',
    'a query without a name',
    line(16, '      - description: no name'),
    /required: a string is missing/,
    '16:9 tables[0].queries[0].name',
  ),
  refused(
    'design-column-missing-qualifier',
    'a column without a qualifier',
    line(14, '          - {valueBytes: 8}'),
    /required: a string is missing/,
    '14:13 tables[0].families[0].columns[0].qualifier',
  ),

  // Wrong types and values
  refused(
    'design-format-v0',
    'format of an unknown name',
    line(1, 'format: bigtable-studio/v0'),
    /newer than this studio|must be "bigtable-studio\/v1"/,
    '1:9 format',
  ),
  refused('design-format-other', 'format of another tool', line(1, 'format: openapi/3.1'), /must be "bigtable-studio\/v1"/, '1:9 format'),
  refused('design-format-number', 'format as a number', line(1, 'format: 1'), /must be "bigtable-studio\/v1" \(found number 1\)/, '1:9 format'),
  refused('design-format-newer', 'a design from a newer studio', line(1, 'format: bigtable-studio/v2'), /newer than this studio understands/, '1:9 format'),
  refused('design-name-number', 'name as a number', line(2, 'name: 42'), /expected string, found number 42/, '2:7 name'),
  refused('design-name-list', 'name as a list', line(2, 'name: [a, b]'), /expected string, found a list/, '2:7 name'),
  refused('design-name-empty', 'an empty name', line(2, 'name: ""'), /must not be empty/, '2:8 name'),
  refused(
    'design-tables-mapping',
    'tables as a mapping',
    line(3, 'tables: {events: 1}').split('\n').slice(0, 3).join('\n') + '\n',
    /expected a list, found a mapping/,
    '3:9 tables',
  ),
  refused(
    'design-tables-empty-value',
    'tables: with nothing after it (an empty value has no position of its own)',
    'format: bigtable-studio/v1\nname: x\ntables:\n',
    /expected a list, found null/,
    '3:1 tables',
  ),
  refused(
    'design-tables-string',
    'tables as text',
    'format: bigtable-studio/v1\nname: x\ntables: events\n',
    /expected a list, found the text "events"/,
    '3:9 tables',
  ),
  refused(
    'design-table-string',
    'a table that is a string',
    'format: bigtable-studio/v1\nname: x\ntables: [events]\n',
    /expected a mapping, found the text "events"/,
    '3:10 tables[0]',
  ),
  refused(
    'design-rowkey-list',
    'the row key as a list',
    line(5, '    rowKey: []').replace(/ {6}template.*\n {6}fields:\n.*\n.*\n/, ''),
    /expected a mapping, found a list/,
    '5:13 tables[0].rowKey',
  ),
  refused(
    'design-template-number',
    'a template that is a number',
    line(6, '      template: 12'),
    /expected string, found number 12/,
    '6:17 tables[0].rowKey.template',
  ),
  refused(
    'design-fields-list',
    'fields as a list',
    line(7, '      fields: [tenant, ts]').replace(/ {8}tenant.*\n {8}ts.*\n/, ''),
    /expected record, found a list|expected a mapping, found a list/,
    '7:15 tables[0].rowKey.fields',
  ),
  refused(
    'design-field-type-unknown',
    'a field type that does not exist',
    line(9, '        ts: {type: integer}'),
    /type must be one of: string, int, timestamp, uuid, domain, bytes, hash \(found the text "integer"\)/,
    '9:20 tables[0].rowKey.fields.ts.type',
  ),
  refused(
    'design-field-type-number',
    'a field type that is a number',
    line(9, '        ts: {type: 7}'),
    /type must be one of: .* \(found number 7\)/,
    '9:20 tables[0].rowKey.fields.ts.type',
  ),
  refused(
    'design-int-min-text',
    'an int min written as a word',
    line(9, '        ts: {type: int, min: ten}'),
    /expected number, found the text "ten"/,
    '9:30 tables[0].rowKey.fields.ts.min',
  ),
  refused(
    'design-int-max-fraction',
    'an int max of 1.5',
    line(9, '        ts: {type: int, max: 1.5}'),
    /expected a whole number, found number 1\.5/,
    '9:30 tables[0].rowKey.fields.ts.max',
  ),
  refused(
    'design-pad-zero',
    'pad 0',
    line(9, '        ts: {type: int, pad: 0}'),
    /must be at least 1 \(found number 0\)/,
    '9:30 tables[0].rowKey.fields.ts.pad',
  ),
  refused(
    'design-pad-65',
    'pad 65',
    line(9, '        ts: {type: int, pad: 65}'),
    /must be at most 64 \(found number 65\)/,
    '9:30 tables[0].rowKey.fields.ts.pad',
  ),
  refused(
    'design-reversed-yes',
    'reversed: yes (YAML 1.1 boolean)',
    line(9, '        ts: {type: timestamp, reversed: yes}'),
    /expected boolean, found the text "yes"/,
    '9:41 tables[0].rowKey.fields.ts.reversed',
  ),
  refused(
    'design-unit-minutes',
    'a timestamp unit that does not exist',
    line(9, '        ts: {type: timestamp, unit: minutes}'),
    /must be one of: s, ms, us \(found the text "minutes"\)/,
    '9:37 tables[0].rowKey.fields.ts.unit',
  ),
  refused(
    'design-values-empty',
    'values: []',
    line(8, '        tenant: {type: string, values: []}'),
    /must have at least one entry/,
    '8:40 tables[0].rowKey.fields.tenant.values',
  ),
  refused(
    'design-weights-mismatch',
    'three weights for two values',
    line(8, '        tenant: {type: string, values: [acme, globex], weights: [1, 2, 3]}'),
    /3 weights for 2 values/,
    '8:56 tables[0].rowKey.fields.tenant.weights',
  ),
  refused(
    'design-cluster-nodes-text',
    'cluster nodes written as a word',
    before(3, 'cluster: {nodes: three}'),
    /expected number, found the text "three"/,
    '3:18 cluster.nodes',
  ),
  refused('design-cluster-nodes-zero', 'a cluster of 0 nodes', before(3, 'cluster: {nodes: 0}'), /must be at least 1 \(found number 0\)/, '3:18 cluster.nodes'),
  refused('design-cluster-storage', 'storage ssd2', before(3, 'cluster: {storage: ssd2}'), /must be one of: ssd, hdd/, '3:20 cluster.storage'),
  refused('design-gc-text', 'a GC rule written as text', line(12, '        gc: 30d'), /not a valid GC rule/, '12:13 tables[0].families[0].gc'),
  refused(
    'design-gc-max-age-words',
    'maxAge: 30 days',
    line(12, '        gc: {maxAge: 30 days}'),
    /must be a positive duration like 30d.*\(found the text "30 days"\)/,
    '12:22 tables[0].families[0].gc.maxAge',
  ),
  refused(
    'design-gc-zero-versions',
    'maxVersions: 0',
    line(12, '        gc: {maxVersions: 0}'),
    /must be at least 1 \(found number 0\)/,
    '12:27 tables[0].families[0].gc.maxVersions',
  ),
  refused(
    'design-gc-empty-union',
    'a union of no rules',
    line(12, '        gc: {union: []}'),
    /must have at least one entry/,
    '12:21 tables[0].families[0].gc.union',
  ),
  refused(
    'design-gc-two-forms',
    'maxAge and maxVersions in one mapping',
    line(12, '        gc: {maxAge: 1d, maxVersions: 1}'),
    /not a valid GC rule/,
    '12:13 tables[0].families[0].gc',
  ),
  refused(
    'design-aggregate-avg',
    'an aggregate that does not exist',
    before(12, '        aggregate: avg'),
    /must be one of: sum, min, max, hll/,
    '12:20 tables[0].families[0].aggregate',
  ),
  refused(
    'design-columns-mapping',
    'columns as a mapping',
    line(14, '          temp: {valueBytes: 8}'),
    /expected a list, found a mapping/,
    '14:11 tables[0].families[0].columns',
  ),
  refused(
    'design-value-bytes-negative',
    'valueBytes -1',
    line(14, '          - {qualifier: temp, valueBytes: -1}'),
    /must be at least 0 \(found number -1\)/,
    '14:43 tables[0].families[0].columns[0].valueBytes',
  ),
  refused(
    'design-dynamic-text',
    'dynamic: "true" as text',
    line(14, '          - {qualifier: temp, dynamic: "true"}'),
    /expected boolean, found the text "true"/,
    '14:41 tables[0].families[0].columns[0].dynamic',
  ),
  refused(
    'design-match-kind',
    'a match kind that does not exist',
    line(17, '        match: {tenant: equals}'),
    /must be one of: eq, prefix, range \(found the text "equals"\)/,
    '17:25 tables[0].queries[0].match.tenant',
  ),
  refused('design-limit-zero', 'limit 0', line(18, '        limit: 0'), /must be at least 1 \(found number 0\)/, '18:16 tables[0].queries[0].limit'),
  refused(
    'design-order-latest',
    'order: latest',
    before(18, '        order: latest'),
    /must be one of: newest, oldest, any/,
    '18:16 tables[0].queries[0].order',
  ),
  refused(
    'design-filter-text',
    'filter as text, not a list',
    before(18, '        filter: "m:temp"'),
    /expected a list, found the text "m:temp"/,
    '18:18 tables[0].queries[0].filter',
  ),
  refused(
    'design-writes-negative',
    'negative writes per second',
    line(19, '    load: {writesPerSecond: -5, retention: 30d}'),
    /must be at least 0 \(found number -5\)/,
    '19:29 tables[0].load.writesPerSecond',
  ),
  refused(
    'design-retention-forever',
    'retention: forever',
    line(19, '    load: {retention: forever}'),
    /must be a positive duration like 30d/,
    '19:23 tables[0].load.retention',
  ),
  refused('design-splits-numbers', 'split keys written as numbers', plus('    splits: [1, 2]'), /expected string, found number 1/, '20:14 tables[0].splits[0]'),
  refused(
    'design-lint-severity',
    'a lint severity that does not exist',
    plus('lint: {rules: {key-length: fatal}}'),
    /must be one of: off, info, warning, error/,
    '20:28 lint.rules.key-length',
  ),
  refused(
    'design-max-below-min',
    'max below min',
    line(9, '        ts: {type: int, min: 10, max: 5}'),
    /max \(5\) is below min \(10\)/,
    '9:34 tables[0].rowKey.fields.ts.max',
  ),
  refused(
    'design-example-not-uuid',
    'an example that is not a value of its field',
    line(9, '        ts: {type: uuid, example: not-a-uuid}'),
    /the example is not a value of this uuid field: .*is not a UUID/,
    '9:35 tables[0].rowKey.fields.ts.example',
  ),

  // Unknown keys, at every level
  refused('design-unknown-top', 'a misspelt top-level key', before(3, 'tabels: []'), /unknown key "tabels"; allowed here: .*tables/, '3:1 tabels'),
  refused(
    'design-unknown-table',
    'rowkey in lower case',
    line(5, '    rowkey:'),
    /unknown key "rowkey"; allowed here: name, description, rowKey/,
    '5:5 tables[0].rowkey',
  ),
  refused(
    'design-unknown-rowkey',
    'delim instead of delimiter',
    before(7, '      delim: "#"'),
    /unknown key "delim"; allowed here: template, delimiter/,
    '7:7 tables[0].rowKey.delim',
  ),
  refused(
    'design-unknown-field',
    'lenght instead of length',
    line(8, '        tenant: {type: string, lenght: 8}'),
    /unknown key "lenght"; allowed here: type, .*length/,
    '8:32 tables[0].rowKey.fields.tenant.lenght',
  ),
  refused(
    'design-unknown-family',
    'maxVersions on the family itself',
    before(12, '        maxVersions: 1'),
    /unknown key "maxVersions"; allowed here: name, description, gc/,
    '12:9 tables[0].families[0].maxVersions',
  ),
  refused('design-unknown-gc', 'maxAgee in a GC rule', line(12, '        gc: {maxAgee: 30d}'), /not a valid GC rule/, '12:13 tables[0].families[0].gc'),
  refused(
    'design-unknown-gc-nested',
    'an unknown key inside a union',
    line(12, '        gc: {union: [{maxAge: 30d}, {maxVersion: 1}]}'),
    /not a valid GC rule/,
    '12:37 tables[0].families[0].gc.union[1]',
  ),
  refused(
    'design-unknown-column',
    'size instead of valueBytes',
    line(14, '          - {qualifier: temp, size: 8}'),
    /unknown key "size"; allowed here: qualifier, .*valueBytes/,
    '14:31 tables[0].families[0].columns[0].size',
  ),
  refused(
    'design-unknown-query',
    'ordr instead of order',
    before(18, '        ordr: newest'),
    /unknown key "ordr"; allowed here: name, description, match, filter, order/,
    '18:9 tables[0].queries[0].ordr',
  ),
  refused(
    'design-unknown-load',
    'writes instead of writesPerSecond',
    line(19, '    load: {writes: 100}'),
    /unknown key "writes"; allowed here: writesPerSecond, readsPerSecond, retention/,
    '19:12 tables[0].load.writes',
  ),
  refused(
    'design-unknown-cluster',
    'a cluster zone',
    before(3, 'cluster: {zone: us-east1-b}'),
    /unknown key "zone"; allowed here: nodes, storage/,
    '3:11 cluster.zone',
  ),
  refused('design-unknown-lint', 'lint.rule instead of lint.rules', plus('lint: {rule: {}}'), /unknown key "rule"; allowed here: rules/, '20:8 lint.rule'),
  refused('design-unknown-key-long', 'an unknown key of 100,000 characters', () => before(3, `${'k'.repeat(100_000)}: 1`), /unknown key "k{60}…"/, '3:1'),

  // Cross-field rules
  refused(
    'design-template-undefined-field',
    'the template names a field that is not defined',
    line(6, '      template: "{tenant}#{tss}"'),
    /the template names \{tss\}, which rowKey.fields does not define \(defined: tenant, ts\)/,
    '6:18 tables[0].rowKey.template',
  ),
  refused(
    'design-field-unused',
    'a field that is not in the template',
    before(10, '        extra: {type: uuid}'),
    /field "extra" is not in the template/,
    '10:9 tables[0].rowKey.fields.extra',
  ),
  refused(
    'design-template-unclosed',
    'a template with an unclosed brace',
    line(6, '      template: "{tenant#{ts}"'),
    /is not a field placeholder/,
    '6:18 tables[0].rowKey.template',
  ),
  refused(
    'design-template-no-placeholder',
    'a template without placeholders',
    line(6, '      template: "constant"').replace(/ {8}tenant.*\n {8}ts.*\n/, '        x: {type: uuid}\n'),
    /no \{field\} placeholder/,
    '6:18 tables[0].rowKey.template',
  ),
  refused(
    'design-template-adjacent',
    'two placeholders with nothing between them',
    line(6, '      template: "{tenant}{ts}"'),
    /cannot tell the delimiter: fields are not separated by one literal/,
    '6:18 tables[0].rowKey.template',
  ),
  refused(
    'design-hash-of-unknown',
    'a salt of a field that does not exist',
    before(8, '        s: {type: hash, buckets: 4, of: [tenantt]}').replace('{tenant}#{ts}', '{s}#{tenant}#{ts}'),
    /"tenantt" is not a field of the template \(s, tenant, ts\)/,
    '8:42 tables[0].rowKey.fields.s.of[0]',
  ),
  refused(
    'design-match-not-key-field',
    'a query that matches a column, not a key field',
    line(17, '        match: {temp: eq}'),
    /"temp" is not a key field/,
    '17:17 tables[0].queries[0].match.temp',
  ),
  refused(
    'design-weights-without-values',
    'weights without values',
    line(8, '        tenant: {type: string, weights: [1, 2]}'),
    /weights go with values/,
    '8:32 tables[0].rowKey.fields.tenant.weights',
  ),
  refused('design-duplicate-table', 'two tables named events', BASE + BASE.split('tables:\n')[1]!, /table "events" is defined twice/, '20:11 tables[1].name'),
  refused('design-duplicate-family', 'two families named m', before(15, '      - name: m'), /family "m" is defined twice/, '15:15 tables[0].families[1].name'),
  refused(
    'design-duplicate-query',
    'two queries named latest',
    before(19, '      - name: latest'),
    /query "latest" is defined twice/,
    '19:15 tables[0].queries[1].name',
  ),
  refused(
    'design-duplicate-column',
    'the same qualifier twice in a family',
    before(15, '          - {qualifier: temp}'),
    /column "temp" is listed twice/,
    '15:25 tables[0].families[0].columns[1].qualifier',
  ),
  refused(
    'design-duplicate-value',
    'the same value twice in values',
    line(8, '        tenant: {type: string, values: [acme, acme]}'),
    /values lists the same value twice/,
    '8:32 tables[0].rowKey.fields.tenant.values',
  ),

  // Duplicate keys in one mapping
  refused(
    'design-duplicate-key-top',
    'name twice at the top',
    before(3, 'name: again'),
    /the key "name" appears twice in this mapping \(first at line 2\)/,
    '3:1 name',
  ),
  refused(
    'design-duplicate-key-field',
    'the field tenant defined twice',
    before(9, '        tenant: {type: uuid}'),
    /the key "tenant" appears twice in this mapping \(first at line 8\)/,
    '9:9 tables[0].rowKey.fields.tenant',
  ),
  refused(
    'design-duplicate-key-flow',
    'type twice in a flow mapping',
    line(9, '        ts: {type: timestamp, type: int}'),
    /the key "type" appears twice/,
    '9:31 tables[0].rowKey.fields.ts.type',
  ),
  refused(
    'design-duplicate-key-quoted',
    'the same key once plain and once quoted',
    line(9, '        ts: {type: timestamp, "type": int}'),
    /the key "type" appears twice/,
    '9:32 tables[0].rowKey.fields.ts.type',
  ),

  // Limits of Bigtable and of the format
  refused(
    'design-delimiter-51-bytes',
    'a delimiter of 51 ASCII characters',
    line(6, `      template: "{tenant}${'#'.repeat(51)}{ts}"`, `      delimiter: "${'#'.repeat(51)}"`),
    /must be at most 50 characters \(found 51 characters\)/,
    '7:19 tables[0].rowKey.delimiter',
  ),
  refused(
    'design-delimiter-multibyte',
    'a delimiter of 26 é (26 characters, 52 bytes)',
    line(6, `      template: "{tenant}${'é'.repeat(26)}{ts}"`, `      delimiter: "${'é'.repeat(26)}"`),
    /the delimiter is 52 bytes; Bigtable allows 1 to 50/,
    '7:19 tables[0].rowKey.delimiter',
  ),
  refused(
    'design-delimiter-emoji',
    'a delimiter of 13 emoji (26 UTF-16 units, 52 bytes)',
    line(6, `      template: "{tenant}${'😀'.repeat(13)}{ts}"`, `      delimiter: "${'😀'.repeat(13)}"`),
    /the delimiter is 52 bytes/,
    '7:19 tables[0].rowKey.delimiter',
  ),
  refused('design-delimiter-empty', 'an empty delimiter', before(7, '      delimiter: ""'), /must not be empty/, '7:19 tables[0].rowKey.delimiter'),
  refused(
    'design-template-4097',
    'a template of 4,097 characters',
    line(6, `      template: "{tenant}#{ts}${'x'.repeat(4084)}"`),
    /must be at most 4096 characters \(found 4097 characters\)/,
    '6:18 tables[0].rowKey.template',
  ),
  tooLong('design-name-201', 'a design name', 200, (n) => line(2, `name: ${'n'.repeat(n)}`), '2:7 name'),
  tooLong('design-description-20001', 'a description', 20_000, (n) => before(3, `description: ${'d'.repeat(n)}`), '3:14 description'),
  tooLong('design-table-name-201', 'a table name', 200, (n) => line(4, `  - name: ${'t'.repeat(n)}`), '4:11 tables[0].name'),
  refusedByLint(
    'design-table-id-51',
    'a table id of 51 characters (Bigtable allows 50)',
    line(4, `  - name: ${'t'.repeat(51)}`),
    /a table id of 51 characters: Bigtable allows at most 50.*\(table-name\)/,
    '4:5 tables[0].name',
  ),
  refusedByLint(
    'design-table-id-nul',
    'a table id holding NUL',
    line(4, '  - name: "ev\\0ents"'),
    /table id .* holds control byte 0x00.*\(table-name\)/,
    '4:5 tables[0].name',
  ),
  refusedByLint(
    'design-table-id-control',
    'a table id holding a bell character',
    line(4, '  - name: "ev\\aents"'),
    /holds control byte 0x07.*\(table-name\)/,
    '4:5 tables[0].name',
  ),
  refusedByLint(
    'design-family-name-65',
    'a family name of 65 characters (Bigtable allows 64)',
    line(11, `      - name: ${'f'.repeat(65)}`),
    /of 65 characters: Bigtable accepts at most 64.*\(family-name\)/,
    '11:9 tables[0].families[0].name',
  ),
  refusedByLint(
    'design-family-name-nul',
    'a family name holding NUL',
    line(11, '      - name: "m\\0"'),
    /holds control byte 0x00.*\(family-name\)/,
    '11:9 tables[0].families[0].name',
  ),
  tooLong('design-family-name-201', 'a family name', 200, (n) => line(11, `      - name: ${'f'.repeat(n)}`), '11:15 tables[0].families[0].name'),
  tooLong(
    'design-qualifier-16385',
    'a qualifier',
    16_384,
    (n) => line(14, `          - {qualifier: ${'q'.repeat(n)}}`),
    '14:25 tables[0].families[0].columns[0].qualifier',
  ),
  refusedByLint(
    'design-qualifier-16k-bytes',
    'a qualifier of 10,000 é (under 16,384 characters, 20,000 bytes)',
    line(14, `          - {qualifier: ${'é'.repeat(10_000)}}`),
    /is 20000 bytes, over Bigtable's 16 KB qualifier limit.*\(qualifier-size\)/,
    '14:14 tables[0].families[0].columns[0].qualifier',
  ),
  refused(
    'design-name-nul',
    'a design name holding NUL',
    line(2, 'name: "hostile\\0base"'),
    /a name cannot hold control characters \(found U\+0000 at character 8\)/,
    '2:8 name',
  ),
  refused(
    'design-query-name-escape',
    'a query name holding ESC',
    line(16, '      - name: "latest\\e[31m"'),
    /a name cannot hold control characters \(found U\+001B at character 7\)/,
    '16:16 tables[0].queries[0].name',
  ),
  refused(
    'design-duplicate-table-escape',
    'two tables named with a terminal escape sequence (shown escaped, not run)',
    BASE.replace('name: events', 'name: "\\e]0;pwned\\a"') + BASE.split('tables:\n')[1]!.replace('name: events', 'name: "\\e]0;pwned\\a"'),
    /table "\\u001b\]0;pwned\\u0007" is defined twice/,
    '20:12 tables[1].name',
  ),
  refused(
    'design-duplicate-table-newline',
    'two tables named with a line break that fakes another issue line',
    BASE.replace('name: events', 'name: "x\\ndesign.yaml:1:1: fake"') +
      BASE.split('tables:\n')[1]!.replace('name: events', 'name: "x\\ndesign.yaml:1:1: fake"'),
    /table "x\\u000adesign\.yaml:1:1: fake" is defined twice/,
    '20:12 tables[1].name',
  ),
  refused('design-raw-nul', 'a raw NUL byte in a name', line(2, 'name: hostile\u0000base'), /NUL byte \(U\+0000\)/, '2:14'),
  refused('design-raw-control', 'a raw bell character in a name', line(2, 'name: hostile\u0007base'), /control character U\+0007/, '2:14'),
  refused(
    'design-raw-c1-control',
    'a raw C1 control (U+0085 is allowed, U+0090 is not)',
    line(2, 'name: hostile\u0090base'),
    /control character U\+0090/,
    '2:14',
  ),
  refused(
    'design-lone-surrogate-escape',
    'a lone surrogate written as an escape',
    line(2, 'name: "hostile \\ud800 base"'),
    /lone surrogate \(U\+D800 at character 9\)/,
    '2:8 name',
  ),
  refused(
    'design-lone-surrogate-raw',
    'a lone surrogate inside quotes (from a JavaScript string)',
    line(8, '        tenant: {type: string, values: ["a\ud800"]}'),
    /lone surrogate \(U\+D800 at character 2\)/,
    '8:42 tables[0].rowKey.fields.tenant.values[0]',
  ),

  // Numbers
  refused(
    'design-number-beyond-2-53',
    'max of 2^53 + 1',
    line(9, '        ts: {type: int, max: 9007199254740993}'),
    /must be at most 9007199254740991 \(found a number beyond 9007199254740991 \(2\^53 - 1\)/,
    '9:30 tables[0].rowKey.fields.ts.max',
  ),
  refused(
    'design-number-below-minus-2-53',
    'min of -(2^53 + 1)',
    line(9, '        ts: {type: int, min: -9007199254740993}'),
    /must be at least -9007199254740991 \(found a number beyond -9007199254740991/,
    '9:30 tables[0].rowKey.fields.ts.min',
  ),
  refused(
    'design-cardinality-2e15',
    'cardinality 2e15 (above 10^15)',
    line(8, '        tenant: {type: string, cardinality: 2e15}'),
    /must be at most 1000000000000000 \(found number 2000000000000000\)/,
    '8:45 tables[0].rowKey.fields.tenant.cardinality',
  ),
  refused(
    'design-cardinality-1e16',
    'cardinality 1e16 (beyond 2^53)',
    line(8, '        tenant: {type: string, cardinality: 1e16}'),
    /found a number beyond 9007199254740991 \(2\^53 - 1\)/,
    '8:45 tables[0].rowKey.fields.tenant.cardinality',
  ),
  refused(
    'design-nan',
    'max: .nan',
    line(9, '        ts: {type: int, max: .nan}'),
    /expected a finite number, found \.nan \(not a number\)/,
    '9:30 tables[0].rowKey.fields.ts.max',
  ),
  refused(
    'design-nan-capitals',
    'perSecond: .NaN',
    before(18, '        perSecond: .NaN'),
    /found \.nan \(not a number\)/,
    '18:20 tables[0].queries[0].perSecond',
  ),
  refused(
    'design-inf',
    'max: .inf',
    line(9, '        ts: {type: int, max: .inf}'),
    /expected a finite number, found \.inf \(infinity\)/,
    '9:30 tables[0].rowKey.fields.ts.max',
  ),
  refused('design-minus-inf', 'min: -.inf', line(9, '        ts: {type: int, min: -.inf}'), /found -\.inf \(infinity\)/, '9:30 tables[0].rowKey.fields.ts.min'),
  refused(
    'design-1e400',
    'writesPerSecond: 1e400 (beyond a double)',
    line(19, '    load: {writesPerSecond: 1e400}'),
    /expected number, found the text "1e400"/,
    '19:29 tables[0].load.writesPerSecond',
  ),
  refused(
    'design-underscore-number',
    'nodes: 1_000 (YAML 1.1 digit groups)',
    before(3, 'cluster: {nodes: 1_000}'),
    /expected number, found the text "1_000"/,
    '3:18 cluster.nodes',
  ),
  accepted('design-hex-number', 'nodes: 0x10', before(3, 'cluster: {nodes: 0x10}'), 'YAML 1.2 core schema reads 0x10 as 16'),
  accepted('design-octal-number', 'nodes: 0o17', before(3, 'cluster: {nodes: 0o17}'), 'YAML 1.2 core schema reads 0o17 as 15'),
  accepted('design-leading-zero', 'nodes: 017', before(3, 'cluster: {nodes: 017}'), 'YAML 1.2 reads 017 as decimal 17 (not octal as YAML 1.1 did)'),
  accepted('design-float-whole', 'nodes: 3.0', before(3, 'cluster: {nodes: 3.0}'), '3.0 is the whole number 3'),

  // YAML features a design does not use
  refused(
    'design-tag-js-function',
    'a !!js/function tag',
    line(2, 'name: !!js/function "function () { return 1 }"'),
    /the YAML tag !!js\/function is not allowed/,
    '2:7',
  ),
  refused('design-tag-js-undefined', 'a !!js/undefined tag', line(2, 'name: !!js/undefined ~'), /the YAML tag !!js\/undefined is not allowed/, '2:7'),
  refused('design-tag-js-regexp', 'a !!js/regexp tag', line(2, 'name: !!js/regexp /x/'), /the YAML tag !!js\/regexp is not allowed/, '2:7'),
  refused(
    'design-tag-python-object',
    'a !!python/object tag',
    line(2, 'name: !!python/object:os.system [ls]'),
    /the YAML tag !!python\/object:os.system is not allowed/,
    '2:7',
  ),
  refused('design-tag-binary', 'a !!binary tag', line(2, 'name: !!binary aGVsbG8='), /the YAML tag !!binary is not allowed/, '2:7'),
  refused('design-tag-set', 'a !!set tag', line(2, 'name: !!set {a, b}'), /the YAML tag !!set is not allowed/, '2:7'),
  refused('design-tag-omap', 'a !!omap tag', line(2, 'name: !!omap [a: 1]'), /the YAML tag !!omap is not allowed/, '2:7'),
  refused('design-tag-timestamp', 'a !!timestamp tag', line(2, 'name: !!timestamp 2026-01-01'), /the YAML tag !!timestamp is not allowed/, '2:7'),
  refused('design-tag-custom', 'a custom !secret tag', line(2, 'name: !secret db-password'), /the YAML tag !secret is not allowed/, '2:7'),
  refused(
    'design-tag-directive',
    'a %TAG directive and a tag using it',
    '%TAG !e! tag:example.com,2026:\n---\n' + line(2, 'name: !e!thing x'),
    /the YAML tag !<tag:example.com,2026:thing> is not allowed/,
    '4:7',
  ),
  accepted('design-tag-str', 'name: !!str 42', line(2, 'name: !!str 42'), 'the standard !!str tag just makes 42 text'),
  refused(
    'design-merge-key-top',
    'a << merge key at the top',
    before(3, '<<: {description: merged}'),
    /unknown key "<<" \(YAML merge keys are not supported/,
    '3:1 ["<<"]',
  ),
  refused(
    'design-merge-key-table',
    'a table built from a << merge of an anchor',
    'x-base: &t {rowKey: {template: "{id}", fields: {id: {type: uuid}}}}\n' + 'format: bigtable-studio/v1\nname: m\ntables:\n  - name: t\n    <<: *t\n',
    /unknown key "x-base"|unknown key "<<"/,
    '1:1 x-base',
  ),
  refused(
    'design-merge-tag',
    'an explicit !!merge tag',
    line(4, '  - !!merge <<: {name: events}', '    name: events'),
    /the YAML tag !!merge is not allowed/,
    '4:5',
  ),
  refused(
    'design-merge-fields',
    'fields merged from an anchor with <<',
    line(7, '      fields:', '        <<: {x: 1}'),
    /type must be one of: .* \(found nothing\)/,
    '8:13 tables[0].rowKey.fields["<<"].type',
  ),
  refused('design-alias-undefined', 'an alias of an anchor that does not exist', line(2, 'name: *nowhere'), /the alias \*nowhere names no anchor/, '2:7 name'),
  refused(
    'design-alias-as-key',
    'an alias of a mapping used as a key',
    before(3, 'x: &m {a: 1}', '*m : 2'),
    /is used as a key, but it stands for a list or mapping/,
    '4:1',
  ),
  refused('design-complex-key', 'a list as a key', before(3, '? [a, b]', ': c'), /a key must be plain text, not a list/, '3:3'),
  refused(
    'design-alias-recursive-gc',
    'a GC rule that contains itself through an alias',
    line(12, '        gc: &g {union: [{maxAge: 1d}, *g]}'),
    /the alias \*g sits inside the value of its own anchor &g/,
    '12:39 tables[0].families[0].gc.union[1]',
  ),
  refused(
    'design-alias-recursive-tables',
    'a tables list that contains itself',
    'format: bigtable-studio/v1\nname: x\ntables: &t [*t]\n',
    /the alias \*t sits inside the value of its own anchor/,
    '3:13 tables[0]',
  ),
  refused(
    'design-alias-bomb-nested',
    'billion laughs: 10 levels of 9 aliases',
    laughs('*l9'),
    /stand for more than 100,000 values \(an alias bomb\)/,
    '6:12 lol5[0]',
  ),
  refused('design-alias-bomb-gc', 'an alias bomb made of valid GC rules', gcBomb, /an alias bomb/, '7:33 x-rules[5].union[3]'),
  refused(
    'design-alias-bomb-wide-tables',
    '5,000 aliases as tables (an alias problem before a size problem)',
    () => `a: &a [x, x, x, x, x, x, x, x]\nformat: bigtable-studio/v1\nname: w\ntables: [${Array.from({ length: 5000 }, () => '*a').join(',')}]\n`,
    /more than 1,000 aliases/,
    '4:3010 tables[1000]',
  ),
  refused(
    'design-alias-bomb-wide',
    '5,000 aliases of one list',
    () => `a: &a [x, x, x, x, x, x, x, x]\nformat: bigtable-studio/v1\nname: w\nb: [${Array.from({ length: 5000 }, () => '*a').join(',')}]\ntables: []\n`,
    /more than 1,000 aliases/,
    '4:3005 b[1000]',
  ),
  accepted(
    'design-aliases-1000',
    '1,000 aliases of one split key (the most allowed)',
    () => plus(`    splits: [&s k, ${Array.from({ length: 1000 }, () => '*s').join(', ')}]`),
    'aliases are legal YAML; only more than 1,000 are refused',
  ),

  // __proto__, constructor, prototype at every level
  ...protoKeys([
    ['design-proto-top', '__proto__ at the top', before(3, '__proto__: {polluted: true}'), '3:1 __proto__'],
    ['design-proto-table', '__proto__ in a table', before(5, '    __proto__: {polluted: true}'), '5:5 tables[0].__proto__'],
    ['design-proto-fields', '__proto__ as a field name (a record)', before(9, '        __proto__: {type: uuid}'), '9:9 tables[0].rowKey.fields.__proto__'],
    [
      'design-proto-field',
      '__proto__ inside a field',
      line(9, '        ts: {type: timestamp, __proto__: {reversed: true}}'),
      '9:31 tables[0].rowKey.fields.ts.__proto__',
    ],
    [
      'design-proto-gc',
      '__proto__ inside a GC rule',
      line(12, '        gc: {maxAge: 30d, __proto__: {maxVersions: 1}}'),
      '12:27 tables[0].families[0].gc.__proto__',
    ],
    [
      'design-proto-match',
      '__proto__ as a match key (a record)',
      line(17, '        match: {tenant: eq, __proto__: eq}'),
      '17:29 tables[0].queries[0].match.__proto__',
    ],
    ['design-proto-lint-rules', '__proto__ as a lint rule id (a record)', plus('lint: {rules: {__proto__: off}}'), '20:16 lint.rules.__proto__'],
    ['design-proto-quoted', '"__proto__" quoted', before(3, '"__proto__": {polluted: true}'), '3:2 __proto__'],
    ['design-proto-escaped', '"\\x5f_proto__" written with an escape', before(3, '"\\x5f_proto__": {polluted: true}'), '3:2 __proto__'],
    [
      'design-proto-json',
      '__proto__ in a JSON design',
      '{"format": "bigtable-studio/v1", "name": "j", "tables": [], "__proto__": {"polluted": true}}',
      '1:62 __proto__',
    ],
  ]),
  refused(
    'design-constructor-top',
    'constructor at the top',
    before(3, 'constructor: {prototype: {polluted: true}}'),
    /unknown key "constructor"/,
    '3:1 constructor',
  ),
  refused(
    'design-constructor-family',
    'constructor in a family',
    before(12, '        constructor: x'),
    /unknown key "constructor"/,
    '12:9 tables[0].families[0].constructor',
  ),
  refused('design-prototype-rowkey', 'prototype in a row key', before(7, '      prototype: x'), /unknown key "prototype"/, '7:7 tables[0].rowKey.prototype'),
  refused(
    'design-prototype-load',
    'prototype in load',
    line(19, '    load: {prototype: {writesPerSecond: 1}}'),
    /unknown key "prototype"/,
    '19:12 tables[0].load.prototype',
  ),
  refused(
    'design-prototype-match',
    'prototype as a match key (not a key field)',
    line(17, '        match: {prototype: eq}'),
    /"prototype" is not a key field/,
    '17:17 tables[0].queries[0].match.prototype',
  ),
  accepted(
    'design-constructor-field',
    'a key field named constructor',
    line(6, '      template: "{tenant}#{constructor}"').replace(
      '        ts: {type: timestamp, reversed: true}',
      '        constructor: {type: timestamp, reversed: true}',
    ),
    'constructor is a plain field name; it is stored as an own key',
  ),

  // Nesting
  refused(
    'design-deep-flow-10k',
    '10,000 nested flow lists',
    () => line(2, `name: ${'['.repeat(10_000)}${']'.repeat(10_000)}`),
    /nest more than 64 levels deep/,
    '2:',
  ),
  refused(
    'design-deep-flow-100k',
    '100,000 nested flow mappings',
    () => line(2, `name: ${'{a: '.repeat(100_000)}1${'}'.repeat(100_000)}`),
    /nest more than 64 levels deep/,
    '2:',
  ),
  refused('design-deep-block-3000', '3,000 nested block mappings (4.5 MB of indentation)', () => nestedBlock(3000), /nest more than 64 levels deep/, '67:64'),
  refused('design-deep-compact-10k', '10,000 compact nested block lists (- - - ...)', () => `${'- '.repeat(10_000)}x\n`, /nest more than 64 levels deep/, '1:'),
  refused(
    'design-deep-65',
    'GC rules nested 33 unions deep (66 levels)',
    () => line(12, `        gc: ${'{union: ['.repeat(33)}{maxAge: 1d}${']}'.repeat(33)}`),
    /nest more than 64 levels deep/,
    '12:',
  ),
  accepted(
    'design-deep-gc-25',
    'GC rules nested 25 unions deep (legal)',
    () => line(12, `        gc: ${'{union: ['.repeat(25)}{maxAge: 1d}${']}'.repeat(25)}`),
    'GC rules may nest: 25 unions (50 levels, 55 with the design around them) is within 64',
  ),

  // Size
  refused('design-10mb-text', '10 MB of text', () => padded(10 * MB), /the file is 10 MiB; a design file may be at most 5 MiB/, '1:1'),
  refused('design-10mb-bytes', '10 MB of bytes', () => utf8(padded(10 * MB)), /the file is 10 MiB; a design file may be at most 5 MiB/, '1:1'),
  accepted('design-5mb-comment', 'a valid design with a comment up to 5 MB', () => padded(5 * MB), 'the cap is 5 MB; a file at the cap loads'),
  refused(
    'design-5mb-description',
    'a 5 MB description',
    () => before(3, `description: ${'d'.repeat(5 * MB - BASE.length - 20)}`),
    /must be at most 20000 characters/,
    '3:14 description',
  ),
  refused(
    'design-5mb-one-line',
    'a 5 MB line of structure (commas)',
    () => line(2, `name: ${','.repeat(5 * MB - BASE.length - 10)}`),
    /more than 200,000 lines and list items/,
    '2:',
  ),
  refused(
    'design-100k-tables',
    '100,000 empty tables',
    () => manyTables(100_000, () => '  - {}'),
    /more than 200,000 lines and list items|at most 1,000 tables/,
    '',
  ),
  refused(
    'design-100k-tables-named',
    '100,000 named tables in a flow list',
    () => `format: bigtable-studio/v1\nname: x\ntables: [${Array.from({ length: 100_000 }, (_, i) => `{name: t${i}}`).join(', ')}]\n`,
    /at most 1,000 tables|more than 200,000/,
    '3:',
  ),
  refused(
    'design-1001-tables',
    '1,001 valid tables',
    () => manyTables(1001),
    /a design holds at most 1,000 tables \(Bigtable's limit per instance\); this is table 1,001/,
    '1004:5 tables[1000]',
  ),
  accepted('design-1000-tables', '1,000 valid tables (the most an instance holds)', () => manyTables(1000), 'Bigtable allows 1,000 tables per instance'),
  refused(
    'design-100k-list',
    'a list of 100,001 split keys',
    () => plus(`    splits: [${Array.from({ length: 100_001 }, () => 'a').join(',')}]`),
    /this list has more than 100,000 items/,
    '20:',
  ),
  refused(
    'design-10k-keys',
    'a rowKey.fields mapping of 10,001 fields',
    () => line(9, ...Array.from({ length: 10_001 }, (_, i) => `        f${i}: {type: uuid}`)),
    /this mapping has more than 10,000 keys/,
    '',
  ),
  refused(
    'design-splits-10001',
    '10,001 split keys (the format allows 10,000)',
    () => plus(`    splits: [${Array.from({ length: 10_001 }, (_, i) => `s${i}`).join(',')}]`),
    /must be at most 10000 entries \(found 10001 entries\)/,
    '20:13 tables[0].splits',
  ),
  refused(
    'design-long-line-garbage',
    'a 1 MB line of letters where a mapping should be',
    () => 'x'.repeat(MB) + ': [\n',
    /the file ends in the middle of a value/,
    '2:1',
  ),

  // Text encodings
  accepted('design-bom-text', 'a byte-order mark (as text)', '\ufeff' + BASE, 'a UTF-8 byte-order mark is ignored'),
  accepted('design-bom-bytes', 'a byte-order mark (as bytes)', bytes([0xef, 0xbb, 0xbf], BASE), 'a UTF-8 byte-order mark is ignored'),
  refused(
    'design-bom-error-column',
    'a byte-order mark before an error on line 1',
    bytes([0xef, 0xbb, 0xbf], line(1, 'format: x')),
    /must be "bigtable-studio\/v1"/,
    '1:9 format',
  ),
  refused(
    'design-utf16le-bom',
    'UTF-16 LE with its byte-order mark',
    () => new Uint8Array([0xff, 0xfe, ...Array.from(BASE).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]),
    /the file is UTF-16/,
    '1:1',
  ),
  refused(
    'design-utf16be-bom',
    'UTF-16 BE with its byte-order mark',
    () => new Uint8Array([0xfe, 0xff, ...Array.from(BASE).flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff])]),
    /the file is UTF-16/,
    '1:1',
  ),
  refused(
    'design-utf32le-bom',
    'UTF-32 LE with its byte-order mark',
    () => new Uint8Array([0xff, 0xfe, 0, 0, ...Array.from(BASE).flatMap((c) => [c.charCodeAt(0), 0, 0, 0])]),
    /the file is UTF-32/,
    '1:1',
  ),
  refused(
    'design-utf16-no-bom',
    'UTF-16 LE without a byte-order mark',
    () => new Uint8Array(Array.from(BASE).flatMap((c) => [c.charCodeAt(0), 0])),
    /NUL byte/,
    '1:2',
  ),
  refused(
    'design-utf16-bom-as-text',
    'text starting with U+FFFE (a swapped byte-order mark)',
    '\ufffe' + BASE,
    /U\+FFFE, a byte-order mark read the wrong way round/,
    '1:1',
  ),
  refused(
    'design-utf8-lone-continuation',
    'a lone continuation byte (80) in the middle of line 40',
    () => bytes(comments(39) + '\n# here: ', [0x80], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes 80/,
    '40:9',
  ),
  refused(
    'design-utf8-overlong',
    'an overlong slash (C0 AF) on line 40',
    () => bytes(comments(39) + '\n# here: ', [0xc0, 0xaf], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes c0 af/,
    '40:9',
  ),
  refused(
    'design-utf8-overlong-3',
    'an overlong 3-byte form (E0 80 AF) on line 40',
    () => bytes(comments(39) + '\n# here: ', [0xe0, 0x80, 0xaf], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes e0 80 af/,
    '40:9',
  ),
  refused(
    'design-utf8-surrogate',
    'a UTF-16 surrogate encoded in UTF-8 (ED A0 80) on line 40',
    () => bytes(comments(39) + '\n# here: ', [0xed, 0xa0, 0x80], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes ed a0 80/,
    '40:9',
  ),
  refused(
    'design-utf8-truncated',
    'a sequence cut short (E2 82) in the middle of line 40',
    () => bytes(comments(39) + '\n# here: ', [0xe2, 0x82], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes e2 82/,
    '40:9',
  ),
  refused('design-utf8-truncated-eof', 'a sequence cut short at the end of the file', bytes(BASE + '# end ', [0xe2, 0x82]), /not valid UTF-8 here/, '20:7'),
  refused(
    'design-utf8-above-10ffff',
    'a code point above U+10FFFF (F4 90 80 80)',
    () => bytes(comments(39) + '\n# here: ', [0xf4, 0x90, 0x80, 0x80], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes f4 90 80 80/,
    '40:9',
  ),
  refused(
    'design-utf8-ff',
    'the byte FF on line 40',
    () => bytes(comments(39) + '\n# here: ', [0xff], ' rest\n' + BASE),
    /not valid UTF-8 here \(bytes ff/,
    '40:9',
  ),
  refused(
    'design-utf8-latin1',
    'a Latin-1 é in a name, after multi-byte text',
    bytes('format: bigtable-studio/v1\nname: "日本 caf', [0xe9], '"\ntables: []\n'),
    /not valid UTF-8 here \(bytes e9/,
    '2:14',
  ),
  accepted('design-utf8-fffd', 'a real U+FFFD character (valid UTF-8)', bytes(line(2, 'name: "\ufffd"')), 'U+FFFD is a character like any other'),

  // Line ends and indentation
  accepted('design-crlf', 'CRLF line ends', BASE.replace(/\n/g, '\r\n'), 'Windows line ends are YAML line breaks'),
  // The same error at the same place whatever ends the lines.
  ...(
    [
      ['design-crlf-error', 'an error in a CRLF file', '\r\n'],
      ['design-cr-only-error', 'an error in a file with old Mac line ends (CR only)', '\r'],
    ] as const
  ).map(([id, what, end]) =>
    refused(id, what, line(9, '        ts: {type: integer}').replace(/\n/g, end), /type must be one of/, '9:20 tables[0].rowKey.fields.ts.type'),
  ),
  refused(
    'design-tab-indent',
    'a tab in the indentation of line 9',
    line(9, '\tts: {type: timestamp}'),
    /tab characters must not be used in indentation/,
    '9:1',
  ),
  refused('design-tab-indent-crlf', 'a tab in the indentation of a CRLF file', line(11, '\t- name: m').replace(/\n/g, '\r\n'), /tab/, '11:1'),
  refused('design-bad-indent', 'a key indented wrongly', line(9, '         ts: {type: timestamp}'), /bad indentation of a mapping entry/, '9:10'),
  refused('design-unclosed-quote', 'a quoted string that never ends', plus('    description: "never closed'), /the file ends in the middle of a value/, '21:1'),
  refused(
    'design-unclosed-flow',
    'a flow mapping that never ends',
    line(19, '    load: {writesPerSecond: 100'),
    /the file ends in the middle of a value/,
    '20:1',
  ),

  // JSON
  accepted(
    'design-json',
    'a JSON design',
    JSON.stringify({ format: 'bigtable-studio/v1', name: 'j', tables: [{ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'uuid' } } } }] }, null, 2),
    'JSON is YAML 1.2',
  ),
  accepted(
    'design-json-trailing-comma',
    'JSON with trailing commas',
    '{"format": "bigtable-studio/v1", "name": "j", "tables": [],}',
    'YAML flow collections allow a trailing comma, so JSON5-style trailing commas load',
  ),
  refused(
    'design-json-line-comment',
    'JSON with a // comment',
    '{\n  "format": "bigtable-studio/v1", // the version\n  "name": "j",\n  "tables": []\n}',
    /JSON has no comments; in YAML a comment starts with #/,
    '2:35',
  ),
  refused(
    'design-json-block-comment',
    'JSON with a /* */ comment',
    '{"format": "bigtable-studio/v1", /* c */ "name": "j", "tables": []}',
    /JSON has no comments/,
    '1:34',
  ),
  refused(
    'design-json-wrong-types',
    'a JSON design with a numeric name and a mapping of tables',
    JSON.stringify({ format: 'bigtable-studio/v1', name: 5, tables: { t: {} } }, null, 2),
    /expected string, found number 5/,
    '3:11 name',
  ),
  refused(
    'design-json-duplicate-key',
    'a JSON object with a key twice',
    '{"format": "bigtable-studio/v1", "name": "a", "name": "b", "tables": []}',
    /the key "name" appears twice/,
    '1:48 name',
  ),
  refused(
    'design-json-unclosed',
    'a JSON object that never closes',
    '{"format": "bigtable-studio/v1", "name": "a"',
    /unexpected end of the stream within a flow collection/,
    '1:45',
  ),
  refused(
    'design-json-single-quotes-wrong',
    'JSON with single quotes and a wrong value',
    "{'format': 'bigtable-studio/v1', 'name': 'a', 'tables': 'x'}",
    /expected a list, found the text "x"/,
    '1:58 tables',
  ),
];
