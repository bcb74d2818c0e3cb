// Python key builders (3.8+, standard library only): a dataclass Record and Key per table, a
// class with build/parse and a static method per query (snake_case), and the engine as module
// functions. Ints are int (64-bit range), bytes bytes, text str.
import { KIND, ROLE, type KeyProgram } from './code-spec';
import { PYTHON_ENGINE } from './engine-source';

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type'.split(
    ' ',
  ),
);

export function pythonIdent(name: string): string {
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/** camelCase -> snake_case for method names. */
export function snake(name: string): string {
  return pythonIdent(
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
      .toLowerCase(),
  );
}

const PY_TYPE = { text: 'str', int: 'int', bytes: 'bytes' } as const;
const pyBytes = (b: number[]) =>
  `b"${b.map((x) => (x >= 0x20 && x < 0x7f && x !== 0x22 && x !== 0x5c ? String.fromCharCode(x) : `\\x${x.toString(16).padStart(2, '0')}`)).join('')}"`;
const pyStr = (s: string) => JSON.stringify(s);
const comment = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');
const doc = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/"""/g, '\\"\\"\\"')
    .replace(/[\r\n\u2028\u2029]+/g, ' ');

export function generatePython(p: KeyProgram, type: string, header: string): string {
  const data = p.fields.filter((f) => f.kind !== KIND.hash);
  const q = (rows: number[][]) => `(${rows.map((r) => `(${r.join(', ')},)`).join(', ')}${rows.length === 1 ? ',' : ''})`;
  const out = [
    `# ${comment(header)}`,
    '# Generated: regenerate from the design rather than editing. Python 3.8+, standard library only.',
    PYTHON_ENGINE,
    '',
    `_ENGINE = _Engine(`,
    `    ${p.encoding},`,
    `    ${pyBytes(p.delimiter)},`,
    `    [${p.segments.map((s) => `(${pyBytes(s.prefix)}, ${pyBytes(s.suffix)}, ${s.field})`).join(', ')}],`,
    '    [',
    ...p.fields.map(
      (f) =>
        `        _F(${pyStr(f.name)}, ${f.kind}, ${f.rev ? 'True' : 'False'}, ${f.len}, ${f.enc}, ${f.pad}, ${f.unit}, ${f.bucket}, ${f.iso ? 'True' : 'False'}, ${f.buckets}, (${f.of.map((x) => `${x},`).join(' ')})),`,
    ),
    '    ],',
    ')',
    ...p.queries.map((x, i) => `_Q${i} = (${q(x.steps)}, (${x.end.join(', ')}), ${q(x.params.map((a) => [a.role, a.field]))})`),
    '',
    '',
    '@dataclass(frozen=True)',
    `class ${type}Record:`,
    `    """A record of table ${doc(p.table)}: the fields the key is built from."""`,
    ...(data.length ? data.map((f) => `    ${pythonIdent(f.name)}: ${PY_TYPE[f.value]}`) : ['    pass']),
    '',
    '',
    '@dataclass(frozen=True)',
    `class ${type}Key:`,
    '    """Every field of a parsed key, salts included."""',
    ...p.fields.map((f) => `    ${pythonIdent(f.name)}: ${PY_TYPE[f.value]}`),
    '',
    '',
    `class ${type}Keys:`,
    `    """The one place keys of table ${doc(p.table)} are made and read."""`,
    '',
    '    @staticmethod',
    `    def build(r: ${type}Record) -> bytes:`,
    `        return _ENGINE.build([${p.fields.map((f) => (f.kind === KIND.hash ? 'None' : `r.${pythonIdent(f.name)}`)).join(', ')}])`,
    '',
    '    @staticmethod',
    `    def parse(key: bytes) -> ${type}Key:`,
    `        return ${type}Key(*_ENGINE.parse(key))`,
    ...p.queries.flatMap((x, i) => [
      '',
      '    @staticmethod',
      `    def ${snake(x.name)}(${x.params.map((a) => `${pythonIdent(a.name)}: ${a.role === ROLE.prefix ? 'str' : PY_TYPE[a.kind]}`).join(', ')}) -> List[KeyRange]:`,
      `        """Query ${doc(JSON.stringify(x.spec.query.name))}: ${doc(x.plan)}."""`,
      `        return _ENGINE.ranges(_Q${i}, [${x.params.map((a) => pythonIdent(a.name)).join(', ')}])`,
    ]),
    '',
  ];
  return out.join('\n');
}
