// Java key builders (Java 8+, no dependencies): one final class per table with a nested
// Record and Key, build/parse, a method per query, and the engine as private static methods
// (its byte, number and calendar helpers in a private nested class Bytes).
// Ints are long (64-bit), bytes byte[], text String; a range's end null means the table's end.
import { KIND, ROLE, type KeyProgram } from './code-spec';
import { JAVA_ENGINE } from './engine-source';
import { safeComment } from './code-ts';

const KEYWORDS = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null var record yield'.split(
    ' ',
  ),
);

export function javaIdent(name: string): string {
  return KEYWORDS.has(name) ? `${name}_` : name;
}

const JAVA_TYPE = { text: 'String', int: 'long', bytes: 'byte[]' } as const;
const BOXED = { text: 'String', int: 'Long', bytes: 'byte[]' } as const;
const bytes = (b: number[]) => `new byte[] {${b.map((x) => (x > 127 ? `(byte) ${x}` : String(x))).join(', ')}}`;
const str = (s: string) => JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function fieldClass(name: string, doc: string, fields: { name: string; value: keyof typeof JAVA_TYPE }[]): string[] {
  const ids = fields.map((f) => javaIdent(f.name));
  return [
    `  /** ${safeComment(doc)} */`,
    `  public static final class ${name} {`,
    ...fields.map((f, i) => `    public final ${JAVA_TYPE[f.value]} ${ids[i]};`),
    `    public ${name}(${fields.map((f, i) => `${JAVA_TYPE[f.value]} ${ids[i]}`).join(', ')}) {`,
    ...ids.map((id) => `      this.${id} = ${id};`),
    '    }',
    '  }',
  ];
}

export function generateJava(p: KeyProgram, type: string, header: string): string {
  const cls = `${type}Keys`;
  const data = p.fields.filter((f) => f.kind !== KIND.hash);
  const q = (steps: number[][]) => `{${steps.map((s) => `{${s.join(', ')}}`).join(', ')}}`;
  const out = [
    `// ${safeComment(header)}`,
    '// Generated: regenerate from the design rather than editing. Java 8+, no dependencies.',
    '',
    `/** The one place keys of table ${safeComment(p.table)} are made and read. */`,
    `public final class ${cls} {`,
    `  private ${cls}() {}`,
    '',
    ...fieldClass('Record', `A record of table ${p.table}: the fields the key is built from.`, data),
    '',
    ...fieldClass('Key', 'Every field of a parsed key, salts included.', p.fields),
    '',
    `  private static final int ENCODING = ${p.encoding};`,
    `  private static final byte[] DELIMITER = ${bytes(p.delimiter)};`,
    '  private static final Seg[] SEGMENTS = {',
    ...p.segments.map((s) => `    new Seg(${bytes(s.prefix)}, ${bytes(s.suffix)}, ${s.field}),`),
    '  };',
    '  private static final F[] FIELDS = {',
    ...p.fields.map(
      (f) =>
        `    new F(${str(f.name)}, ${f.kind}, ${f.rev}, ${f.len}, ${f.enc}, ${f.pad}, ${f.unit}, ${f.bucket}, ${f.iso}, ${f.buckets}, new int[] {${f.of.join(', ')}}),`,
    ),
    '  };',
    ...p.queries.map(
      (x, i) =>
        `  private static final Q Q${i} = new Q(new int[][] ${q(x.steps)}, new int[] {${x.end.join(', ')}}, new int[][] ${q(x.params.map((a) => [a.role, a.field]))});`,
    ),
    '',
    '  public static byte[] build(Record r) {',
    `    return buildKey(new Object[] {${p.fields.map((f) => (f.kind === KIND.hash ? 'null' : `r.${javaIdent(f.name)}`)).join(', ')}});`,
    '  }',
    '',
    '  public static Key parse(byte[] key) {',
    '    Object[] v = parseKey(key);',
    `    return new Key(${p.fields.map((f, i) => `(${BOXED[f.value]}) v[${i}]`).join(', ')});`,
    '  }',
    ...p.queries.flatMap((x, i) => [
      '',
      `  /** Query ${safeComment(JSON.stringify(x.spec.query.name))}: ${safeComment(x.plan)}. */`,
      `  public static java.util.List<KeyRange> ${javaIdent(x.name)}(${x.params.map((a) => `${a.role === ROLE.prefix ? 'String' : JAVA_TYPE[a.kind]} ${javaIdent(a.name)}`).join(', ')}) {`,
      `    return queryRanges(Q${i}, new Object[] {${x.params.map((a) => javaIdent(a.name)).join(', ')}});`,
      '  }',
    ]),
    '',
    JAVA_ENGINE,
    '}',
    '',
  ];
  return out.join('\n');
}
