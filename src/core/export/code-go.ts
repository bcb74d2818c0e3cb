// Go key builders (Go 1.17+, standard library only): one package per table with Record and Key
// structs, a Keys value with Build/Parse and a method per query, and the engine as unexported
// functions (it panics with keyError internally; the exported methods return errors).
// Ints are int64, bytes []byte, text string; a range's End nil means the table's end.
import { KIND, ROLE, type KeyProgram } from './code-spec';
import { GO_ENGINE } from './engine-source';
import { safeComment } from './code-ts';

const KEYWORDS = new Set(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var'.split(
    ' ',
  ),
);

/** An exported Go name: device_type -> DeviceType. */
export function goExported(name: string): string {
  const n = name
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return n === '' ? 'X' : /^[0-9]/.test(n) ? `X${n}` : n;
}

/** A Go parameter name: device_type -> deviceType. */
export function goParam(name: string): string {
  const e = goExported(name);
  const p = e.charAt(0).toLowerCase() + e.slice(1);
  return KEYWORDS.has(p) ? `${p}_` : p;
}

export function goPackage(table: string): string {
  const n = table.toLowerCase().replace(/[^a-z0-9]/g, '');
  return /^[a-z]/.test(n) ? `${n}keys` : `t${n}keys`;
}

/** The Go method of a query (`latestReadingsOfADevice` -> `LatestReadingsOfADevice`). */
export function goMethod(name: string): string {
  return goExported(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let m = n;
    for (let i = 2; seen.has(m); i++) m = `${n}${i}`;
    seen.add(m);
    return m;
  });
}

const GO_TYPE = { text: 'string', int: 'int64', bytes: '[]byte' } as const;
const goBytes = (b: number[]) => `[]byte{${b.join(', ')}}`;
const goStr = (s: string) =>
  JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function generateGo(p: KeyProgram, type: string, header: string): string {
  const data = p.fields.filter((f) => f.kind !== KIND.hash);
  const allIds = unique(p.fields.map((f) => goExported(f.name)));
  const idOf = (name: string) => allIds[p.fields.findIndex((f) => f.name === name)]!;
  const keysType = `${type.charAt(0).toLowerCase()}${type.slice(1)}Keys`;
  const out = [
    `// ${safeComment(header)}`,
    '// Generated: regenerate from the design rather than editing. Go 1.17+, standard library only.',
    '',
    `// Package ${goPackage(p.table)} makes and reads the row keys of table ${safeComment(p.table)}.`,
    `package ${goPackage(p.table)}`,
    '',
    'import (',
    '\t"bytes"',
    '\t"encoding/binary"',
    '\t"fmt"',
    '\t"math"',
    '\t"math/big"',
    '\t"math/bits"',
    '\t"regexp"',
    '\t"sort"',
    '\t"strconv"',
    '\t"strings"',
    '\t"unicode/utf8"',
    ')',
    '',
    `// ${type}Record is a record of table ${safeComment(p.table)}: the fields the key is built from.`,
    `type ${type}Record struct {`,
    ...data.map((f) => `\t${idOf(f.name).padEnd(Math.max(...data.map((d) => idOf(d.name).length)))} ${GO_TYPE[f.value]}`),
    '}',
    '',
    `// ${type}Key is every field of a parsed key, salts included.`,
    `type ${type}Key struct {`,
    ...p.fields.map((f) => `\t${idOf(f.name).padEnd(Math.max(...p.fields.map((d) => idOf(d.name).length)))} ${GO_TYPE[f.value]}`),
    '}',
    '',
    `const encoding = ${p.encoding}`,
    '',
    `var delimiter = ${goBytes(p.delimiter)}`,
    '',
    'var segments = []segSpec{',
    ...p.segments.map((s) => `\t{${goBytes(s.prefix)}, ${goBytes(s.suffix)}, ${s.field}},`),
    '}',
    '',
    'var fields = []fieldSpec{',
    ...p.fields.map(
      (f) =>
        `\t{name: ${goStr(f.name)}, kind: ${f.kind}, length: ${f.len}, enc: ${f.enc}, pad: ${f.pad}, unit: ${f.unit}, bucket: ${f.bucket}, rev: ${f.rev}, iso: ${f.iso}, buckets: ${f.buckets}, of: []int{${f.of.join(', ')}}},`,
    ),
    '}',
    '',
    ...p.queries.map(
      (x, i) =>
        `var q${i} = querySpec{steps: [][4]int64{${x.steps.map((s) => `{${s.join(', ')}}`).join(', ')}}, end: [3]int{${x.end.join(', ')}}, params: [][2]int{${x.params.map((a) => `{${a.role}, ${a.field}}`).join(', ')}}}`,
    ),
    '',
    `type ${keysType} struct{}`,
    '',
    `// ${type}Keys is the one place keys of table ${safeComment(p.table)} are made and read.`,
    `var ${type}Keys ${keysType}`,
    '',
    '// Build makes the key of a record.',
    `func (${keysType}) Build(r ${type}Record) (key []byte, err error) {`,
    '\tdefer catch(&err)',
    `\treturn buildKey([]interface{}{${p.fields.map((f) => (f.kind === KIND.hash ? 'nil' : `r.${idOf(f.name)}`)).join(', ')}}), nil`,
    '}',
    '',
    '// Parse reads a key back into its fields.',
    `func (${keysType}) Parse(key []byte) (k ${type}Key, err error) {`,
    '\tdefer catch(&err)',
    '\tv := parseKey(key)',
    `\treturn ${type}Key{${p.fields.map((f, i) => `v[${i}].(${GO_TYPE[f.value]})`).join(', ')}}, nil`,
    '}',
    ...p.queries.flatMap((x, i) => [
      '',
      `// ${goMethod(x.name)} gives the row ranges of query ${safeComment(JSON.stringify(x.spec.query.name))}: ${safeComment(x.plan)}.`,
      `func (${keysType}) ${goMethod(x.name)}(${x.params.map((a) => `${goParam(a.name)} ${a.role === ROLE.prefix ? 'string' : GO_TYPE[a.kind]}`).join(', ')}) (ranges []KeyRange, err error) {`,
      '\tdefer catch(&err)',
      `\treturn queryRanges(&q${i}, []interface{}{${x.params.map((a) => goParam(a.name)).join(', ')}}), nil`,
      '}',
    ]),
    '',
    GO_ENGINE,
  ];
  return out.join('\n');
}
