// The key builders of the code export produce exactly the studio's keys: for every example
// table and every encoding, 1,000 generated records are built, parsed and ranged in the
// generated TypeScript (type-checked with tsc and run), Java (javac + java) and Python
// (python3), and compared byte for byte with the studio's codec and query ranges, and in Go
// (go vet, go build). Outside CI a language whose toolchain is missing is skipped; in CI (CI set,
// .ci/run installs golang-go) a missing toolchain fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { GO_HARNESS, JAVA_HARNESS, PYTHON_HARNESS } from '../../test-support/code-harnesses';
import { fromUtf8, toHex } from '../keys/bytes';
import { recordStream } from '../keys/generate';
import { encodeValue, type FieldValue, type KeyRecord } from '../keys/values';
import type { Design, Table } from '../model/schema';
import { exportCode, keyProgram, typeName, type KeyProgram, type QueryProgram } from './code';
import { goMethod, goPackage } from './code-go';
import { javaIdent } from './code-java';
import { pythonIdent, snake } from './code-python';
import { queryRanges } from './ranges';
import { ENCODING_ZOO } from '../../test-support/export-designs';
import { exampleDesigns } from '../../test-support/examples';

const RECORDS = 1000;
/** Records whose bindings also exercise a query's row ranges. */
const QUERY_RECORDS = 300;
const designs: Design[] = [ENCODING_ZOO, ...exampleDesigns().map((e) => e.design)];
const tables: { design: Design; table: Table }[] = designs.flatMap((design) => design.tables.map((table) => ({ design, table })));
const dir = mkdtempSync(join(tmpdir(), 'btstudio-code-'));

/** A value as the harnesses read it: s:<hex utf8>, i:<decimal>, b:<hex>. */
function tag(v: FieldValue): string {
  if (typeof v === 'string') return `s:${toHex(new TextEncoder().encode(v))}`;
  if (typeof v === 'bigint') return `i:${v}`;
  return `b:${toHex(v)}`;
}

function prefixText(table: Table, field: string, v: FieldValue): string {
  const text = fromUtf8(encodeValue(field, table.rowKey.fields[field]!, v));
  return text === null ? '' : [...text].slice(0, Math.ceil([...text].length / 2)).join('');
}

/** Parameter values for a query, taken from a record (and the next, for range ends). */
function bindings(table: Table, q: QueryProgram, rec: KeyRecord, next: KeyRecord): FieldValue[] {
  return q.spec.params.map((p) =>
    p.role === 'eq' ? rec[p.field]! : p.role === 'prefix' ? prefixText(table, p.field, rec[p.field]!) : p.role === 'from' ? rec[p.field]! : next[p.field]!,
  );
}

interface Case {
  table: Table;
  program: KeyProgram;
  /** Harness input lines and the expected output lines. */
  input: string[];
  expected: string[];
}

function rangesHex(table: Table, q: QueryProgram, args: FieldValue[]): string {
  const named: Record<string, FieldValue> = {};
  q.spec.params.forEach((p, i) => (named[p.name] = args[i]!));
  return queryRanges(table, q.spec.query, named)
    .map((r) => `${toHex(r.start)}-${r.end === null ? 'end' : toHex(r.end)}`)
    .join(' ');
}

function buildCase(table: Table): Case {
  const program = keyProgram(table);
  const stream = recordStream(table.rowKey, { seed: 7, writesPerSecond: 3 });
  const rows = Array.from({ length: RECORDS + 1 }, () => stream.next());
  const input: string[] = [];
  const expected: string[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const { record, key } = rows[i]!;
    const decoded = stream.codec.decode(key);
    input.push(
      `K ${program.fields
        .filter((f) => f.kind !== 6)
        .map((f) => tag(record[f.name]!))
        .join(' ')}`,
    );
    expected.push(`${toHex(key)} ${program.fields.map((f) => tag(decoded[f.name]!)).join(' ')}`);
    const q = program.queries[i % Math.max(1, program.queries.length)];
    if (!q || i >= QUERY_RECORDS) continue;
    const args = bindings(table, q, record, rows[i + 1]!.record);
    input.push(`Q ${q.name} ${args.map(tag).join(' ')}`.trimEnd());
    expected.push(rangesHex(table, q, args));
  }
  return { table, program, input, expected };
}

const cases = tables.map(({ table }) => buildCase(table));

describe('code export: TypeScript', () => {
  const files: string[] = [];
  beforeAll(() => {
    for (const { design, table } of tables) {
      const file = join(dir, `${table.name}.ts`);
      writeFileSync(file, exportCode(design, table, { lang: 'ts' }).text);
      files.push(file);
    }
  });

  it('type-checks under strict settings', () => {
    const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
    const r = spawnSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--target',
        'ES2022',
        '--module',
        'ESNext',
        '--lib',
        'ES2022,DOM',
        '--skipLibCheck',
        ...files,
      ],
      { encoding: 'utf8', cwd: dir },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(cases.map((c) => [c.table.name, c] as const))('%s: builds, parses and ranges exactly like the studio', async (_name, c) => {
    const src = readFileSync(join(dir, `${c.table.name}.ts`), 'utf8');
    const js = join(dir, `${c.table.name}.mjs`);
    writeFileSync(js, transformSync(src, { loader: 'ts', format: 'esm' }).code);
    const mod = (await import(pathToFileURL(js).href)) as Record<string, unknown>;
    const keys = mod[`${typeName(c.table.name)}Keys`] as {
      build(r: Record<string, FieldValue>): Uint8Array;
      parse(k: Uint8Array): Record<string, FieldValue>;
      ranges: Record<string, (p: Record<string, FieldValue>) => { start: Uint8Array; end: Uint8Array | null }[]>;
    };
    const untag = (t: string): FieldValue =>
      t.startsWith('s:')
        ? new TextDecoder().decode(Buffer.from(t.slice(2), 'hex'))
        : t.startsWith('i:')
          ? BigInt(t.slice(2))
          : Uint8Array.from(Buffer.from(t.slice(2), 'hex'));
    const data = c.program.fields.filter((f) => f.kind !== 6);
    const got = c.input.map((line) => {
      const [op, name, ...rest] = line.split(' ');
      if (op === 'K') {
        const vals = [name!, ...rest].map(untag);
        const record: Record<string, FieldValue> = {};
        data.forEach((f, i) => (record[f.name] = vals[i]!));
        const key = keys.build(record);
        const parsed = keys.parse(key);
        return `${toHex(key)} ${c.program.fields.map((f) => tag(parsed[f.name]!)).join(' ')}`;
      }
      const q = c.program.queries.find((x) => x.name === name)!;
      const p: Record<string, FieldValue> = {};
      q.params.forEach((x, i) => (p[x.name] = untag(rest[i]!)));
      return keys.ranges[q.name]!(p)
        .map((r) => `${toHex(r.start)}-${r.end === null ? 'end' : toHex(r.end)}`)
        .join(' ');
    });
    expect(got).toEqual(c.expected);
  });
});

/** The harness input with query names as the language writes them. */
function inputFor(c: Case, rename: (name: string) => string): string {
  return `${c.input.map((l) => (l.startsWith('Q ') ? l.replace(/^Q (\S+)/, (_m, n: string) => `Q ${rename(n)}`) : l)).join('\n')}\n`;
}

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0 || !!process.env.CI;

/** Runs one harness process over every case; returns each case's output lines. */
function runAll(cmd: string, args: string[], header: (c: Case) => string, rename: (n: string) => string): Map<string, string[]> {
  const input = cases.map((c) => `${header(c)}\n${inputFor(c, rename)}`).join('');
  const r = spawnSync(cmd, args, { input, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.status !== 0 || r.stderr) throw new Error(`${cmd} failed (${r.status}):\n${r.stderr}`);
  const out = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of r.stdout.trimEnd().split('\n')) {
    if (line.startsWith('T ')) out.set(line, (current = []));
    else current.push(line);
  }
  return out;
}

describe.skipIf(!has('javac', '-version'))('code export: Java (javac, java)', () => {
  const jdir = join(dir, 'java');
  const header = (c: Case) => `T ${typeName(c.table.name)}Keys ${c.program.fields.map((f) => javaIdent(f.name)).join(',')}`;
  let results = new Map<string, string[]>();
  beforeAll(() => {
    execFileSync('mkdir', ['-p', jdir]);
    const files = tables.map(({ design, table }) => {
      const file = join(jdir, `${typeName(table.name)}Keys.java`);
      writeFileSync(file, exportCode(design, table, { lang: 'java' }).text);
      return file;
    });
    writeFileSync(join(jdir, 'Harness.java'), JAVA_HARNESS);
    const r = spawnSync('javac', ['-Xlint:all', '-Werror', '-d', jdir, ...files, join(jdir, 'Harness.java')], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`javac failed:\n${r.stdout}${r.stderr}`);
    results = runAll('java', ['-cp', jdir, 'Harness'], header, javaIdent);
  }, 180_000);

  it.each(cases.map((c) => [c.table.name, c] as const))('%s: builds, parses and ranges exactly like the studio', (_name, c) => {
    expect(results.get(header(c))).toEqual(c.expected);
  });
});

describe.skipIf(!has('python3', '--version'))('code export: Python (python3)', () => {
  const pdir = join(dir, 'python');
  const header = (c: Case) => `T ${join(pdir, `${c.table.name}.py`)} ${typeName(c.table.name)} ${c.program.fields.map((f) => pythonIdent(f.name)).join(',')}`;
  let results = new Map<string, string[]>();
  beforeAll(() => {
    execFileSync('mkdir', ['-p', pdir]);
    writeFileSync(join(pdir, 'harness.py'), PYTHON_HARNESS);
    for (const { design, table } of tables) writeFileSync(join(pdir, `${table.name}.py`), exportCode(design, table, { lang: 'python' }).text);
    results = runAll('python3', [join(pdir, 'harness.py')], header, snake);
  }, 180_000);

  it.each(cases.map((c) => [c.table.name, c] as const))('%s: builds, parses and ranges exactly like the studio', (_name, c) => {
    expect(results.get(header(c))).toEqual(c.expected);
  });
});

describe.skipIf(!has('go', 'version'))('code export: Go (go build)', () => {
  const gdir = join(dir, 'go');
  const header = (c: Case) => `T ${typeName(c.table.name)}Keys`;
  let results = new Map<string, string[]>();
  beforeAll(() => {
    execFileSync('mkdir', ['-p', join(gdir, 'cmd', 'harness')]);
    writeFileSync(join(gdir, 'go.mod'), 'module harness\n\ngo 1.17\n');
    const imports: string[] = [];
    const entries: string[] = [];
    tables.forEach(({ design, table }, i) => {
      const pkg = goPackage(table.name);
      execFileSync('mkdir', ['-p', join(gdir, pkg)]);
      writeFileSync(join(gdir, pkg, 'keys.go'), exportCode(design, table, { lang: 'go' }).text);
      imports.push(`\tp${i} "harness/${pkg}"`);
      entries.push(`\t"${typeName(table.name)}Keys": reflect.ValueOf(p${i}.${typeName(table.name)}Keys),`);
    });
    writeFileSync(join(gdir, 'cmd', 'harness', 'main.go'), GO_HARNESS(imports, entries));
    const env = { ...process.env, GOCACHE: join(gdir, '.cache'), GOPATH: join(gdir, '.gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const fmt = spawnSync('gofmt', ['-l', gdir], { encoding: 'utf8', env });
    expect(fmt.stdout.split('\n').filter((l) => l && !l.includes('/cmd/'))).toEqual([]);
    const vet = spawnSync('go', ['vet', './...'], { cwd: gdir, encoding: 'utf8', env });
    if (vet.status !== 0) throw new Error(`go vet failed:\n${vet.stderr}`);
    const r = spawnSync('go', ['build', '-o', join(gdir, 'harness-bin'), './cmd/harness'], { cwd: gdir, encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`go build failed:\n${r.stderr}`);
    results = runAll(join(gdir, 'harness-bin'), [], header, goMethod);
  }, 300_000);

  it.each(cases.map((c) => [c.table.name, c] as const))('%s: builds, parses and ranges exactly like the studio', (_name, c) => {
    expect(results.get(header(c))).toEqual(c.expected);
  });
});
