// TypeScript key builders: the engine (code-ts-engine.ts, copied into every file) and a typed factory per
// table. Ints are bigint (64-bit), bytes Uint8Array, text string.
import { KIND, ROLE, type KeyProgram } from './code-spec';
import { TS_ENGINE } from './engine-source';

const TS_TYPE = { text: 'string', int: 'bigint', bytes: 'Uint8Array' } as const;

const bytes = (b: number[]) => (b.length ? `Uint8Array.of(${b.join(', ')})` : 'new Uint8Array(0)');
const str = (s: string) =>
  JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
/** A comment that cannot end early. */
export const safeComment = (s: string) => s.replace(/\*\//g, '* /').replace(/[\r\n\u2028\u2029]+/g, ' ');

export function generateTs(p: KeyProgram, type: string, header: string): string {
  const data = p.fields.map((f, i) => ({ f, i })).filter(({ f }) => f.kind !== KIND.hash);
  const spec = [
    `const SPEC: KeySpec = {`,
    `  encoding: ${p.encoding},`,
    `  delimiter: ${bytes(p.delimiter)},`,
    `  segments: [${p.segments.map((s) => `{ prefix: ${bytes(s.prefix)}, suffix: ${bytes(s.suffix)}, field: ${s.field} }`).join(', ')}],`,
    `  fields: [`,
    ...p.fields.map(
      (f) =>
        `    { name: ${str(f.name)}, kind: ${f.kind}, rev: ${f.rev}, len: ${f.len}, enc: ${f.enc}, pad: ${f.pad}, unit: ${f.unit}, bucket: ${f.bucket}, iso: ${f.iso}, buckets: ${f.buckets}, of: [${f.of.join(', ')}] },`,
    ),
    `  ],`,
    `};`,
  ];
  const queries = p.queries.map(
    (q, i) =>
      `const Q${i}: QuerySpec = { steps: ${JSON.stringify(q.steps)}, end: ${JSON.stringify(q.end)}, params: ${JSON.stringify(q.params.map((x) => [x.role, x.field]))} };`,
  );
  const out = [
    `// ${safeComment(header)}`,
    '// Generated: regenerate from the design rather than editing. Keys are bytes (Uint8Array); 64-bit',
    '// integers are bigint. A range is [start, end): end null means to the end of the table.',
    '',
    TS_ENGINE,
    ...spec,
    ...queries,
    '',
    `/** A record of table ${safeComment(p.table)}: the fields the key is built from${p.fields.some((f) => f.kind === KIND.hash) ? ' (salts are computed)' : ''}. */`,
    `export interface ${type}Record {`,
    ...data.map(({ f }) => `  ${f.name}: ${TS_TYPE[f.value]};`),
    '}',
    '',
    `/** Every field of a parsed key, salts included. */`,
    `export interface ${type}Key {`,
    ...p.fields.map((f) => `  ${f.name}: ${TS_TYPE[f.value]};`),
    '}',
    '',
    `/** The one place keys of ${safeComment(p.table)} are made and read. */`,
    `export const ${type}Keys = {`,
    `  build(r: ${type}Record): Uint8Array {`,
    `    return buildKey(SPEC, [${p.fields.map((f) => (f.kind === KIND.hash ? 'undefined' : `r.${f.name}`)).join(', ')}]);`,
    '  },',
    `  parse(key: Uint8Array): ${type}Key {`,
    '    const v = parseKey(SPEC, key);',
    `    return { ${p.fields.map((f, i) => `${f.name}: v[${i}] as ${TS_TYPE[f.value]}`).join(', ')} };`,
    '  },',
    '  ranges: {',
    ...p.queries.flatMap((q, i) => [
      `    /** Query ${safeComment(JSON.stringify(q.spec.query.name))}: ${safeComment(q.plan)}. */`,
      `    ${q.name}(${q.params.length ? `p: { ${q.params.map((x) => `${x.name}: ${x.role === ROLE.prefix ? 'string' : TS_TYPE[x.kind]}`).join('; ')} }` : ''}): KeyRange[] {`,
      `      return queryRanges(SPEC, Q${i}, [${q.params.map((x) => `p.${x.name}`).join(', ')}]);`,
      '    },',
    ]),
    '  },',
    '};',
    '',
  ];
  return out.join('\n');
}
