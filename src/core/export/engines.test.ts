// The code-export engines are real source files (engines/): each one passes its own toolchain on
// its own (gofmt and go vet, javac -Werror, python3 import; keys-values.ts and keys.ts are type-checked
// with the project), and the part between the markers is what the generated files hold. Outside CI a
// missing toolchain skips its check; in CI (CI set) it fails.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineBody, GO_ENGINE, JAVA_ENGINE, javaNested, PYTHON_ENGINE, TS_ENGINE } from './engine-source';

const ENGINES = fileURLToPath(new URL('./engines/', import.meta.url));
const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0 || !!process.env.CI;
const run = (cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: `${r.error?.message ?? ''}${r.stdout ?? ''}${r.stderr ?? ''}` };
};

const GO_FILES = ['keys.go', 'keys_fields.go', 'keys_codec.go'];
const JAVA_FILES = ['KeyEngine.java', 'Bytes.java'];

describe('engineBody', () => {
  it('takes the lines after the begin marker, up to the end marker or the end of the file', () => {
    expect(engineBody('prelude\n// ---- engine: copied from here ----\na\nb\n', 'x')).toBe('a\nb\n');
    expect(engineBody('class X {\n  // ---- engine: copied from here ----\n  a\n  // ---- engine: copied up to here ----\n}\n', 'x')).toBe('  a\n');
    expect(engineBody('a\r\n// ---- engine: copied from here ----\r\nb\r\n', 'x')).toBe('b\n');
  });

  it('names the file that has no marker', () => {
    expect(() => engineBody('no marker', 'keys.go')).toThrow('keys.go: no "---- engine: copied from here" line');
  });

  it('makes a top-level Java part a private nested class, one level deeper', () => {
    expect(javaNested('/** Doc. */\nfinal class B {\n  static int x;\n\n  static int y() { return x; }\n}\n', 'B.java')).toBe(
      '  /** Doc. */\n  private static final class B {\n    static int x;\n\n    static int y() { return x; }\n  }\n',
    );
    expect(javaNested('final class B {\n}\n', 'B.java')).toBe('  private static final class B {\n  }\n');
    expect(() => javaNested('class B {\n}\n', 'B.java')).toThrow('B.java: the engine part should start with "final class Name {"');
  });

  it('gives each engine its body, without the prelude that makes the file stand alone', () => {
    expect(GO_ENGINE.startsWith('// KeyRange is rows [Start, End)')).toBe(true);
    expect(GO_ENGINE).not.toContain('package engine');
    expect(JAVA_ENGINE.startsWith('  /** A key that does not fit')).toBe(true);
    expect(JAVA_ENGINE).not.toContain('final class KeyEngine');
    expect(JAVA_ENGINE).toContain('\n  private static final class Bytes {\n    private Bytes() {}\n');
    expect(JAVA_ENGINE).not.toMatch(/^(package|import) /m);
    expect(PYTHON_ENGINE.startsWith('import re\n')).toBe(true);
    expect(TS_ENGINE.startsWith('export type KeyValue')).toBe(true);
    for (const e of [GO_ENGINE, JAVA_ENGINE, PYTHON_ENGINE, TS_ENGINE]) expect(e).not.toContain('---- engine:');
  });

  // An engine of several files is their bodies in order; what ties the files together for their
  // toolchain (Go's package clause and imports, the imports between the parts, TypeScript's
  // export list, Java's package clause and import) stays out of the generated file. Java's second
  // part is a private nested class there (javaNested), so the generated class's API is unchanged.
  const concat = (bodies: string[]) => bodies.join('');
  const javaJoin = ([engine, bytes]: string[]) => engine! + javaNested(bytes!, 'Bytes.java');
  const JOINED: [string, string, string[], RegExp, string, (bodies: string[]) => string][] = [
    ['Go', GO_ENGINE, GO_FILES, /^(package|import) /m, '\nfunc buildKey(', concat],
    ['Java', JAVA_ENGINE, JAVA_FILES, /^(package|import) /m, '\n  private static byte[] buildKey(', javaJoin],
    ['Python', PYTHON_ENGINE, ['keys_values.py', 'keys.py'], /^from keys_values import \(/m, '\nclass _Engine:', concat],
    ['TypeScript', TS_ENGINE, ['keys-values.ts', 'keys.ts'], /from '\.\/keys-values'|^export (type )?\{/m, '\nexport function buildKey(', concat],
  ];
  it.each(JOINED)('joins the %s files in order into one body, without what ties them together', (_lang, engine, files, tie, entry, joinBodies) => {
    const sources = files.map((f) => readFileSync(join(ENGINES, f), 'utf8'));
    expect(engine).toBe(joinBodies(sources.map((text, i) => engineBody(text, files[i]!))));
    expect(sources.some((text) => tie.test(text))).toBe(true);
    expect(engine).not.toMatch(tie);
    expect(engine).toContain(entry);
  });
});

describe.skipIf(!has('go', 'version'))('engines/keys.go, keys_fields.go, keys_codec.go', () => {
  it('are gofmt-clean and pass go vet and go build on their own, as one package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'btstudio-engine-go-'));
    for (const f of GO_FILES) copyFileSync(join(ENGINES, f), join(dir, f));
    writeFileSync(join(dir, 'go.mod'), 'module engine\n\ngo 1.17\n');
    const env = { ...process.env, GOCACHE: join(dir, '.cache'), GOPATH: join(dir, '.gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    expect(run('gofmt', ['-l', ...GO_FILES], { cwd: dir, env }).out).toBe('');
    const vet = run('go', ['vet', './...'], { cwd: dir, env });
    expect(vet.out).toBe('');
    expect(vet.ok).toBe(true);
    expect(run('go', ['build', './...'], { cwd: dir, env })).toEqual({ ok: true, out: '' });
  }, 120_000);
});

describe.skipIf(!has('javac', '-version'))('engines/KeyEngine.java and Bytes.java', () => {
  it('compile on their own, as one package, with every lint warning an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'btstudio-engine-java-'));
    expect(run('javac', ['-Xlint:all', '-Werror', '-d', dir, ...JAVA_FILES.map((f) => join(ENGINES, f))])).toEqual({ ok: true, out: '' });
  }, 120_000);
});

describe.skipIf(!has('python3', '--version'))('engines/keys_values.py and keys.py', () => {
  it('imports on its own and defines the engine class', () => {
    const r = run('python3', ['-B', '-c', 'import sys; sys.path.insert(0, sys.argv[1]); import keys; print(keys._Engine.__name__)', ENGINES]);
    expect(r).toEqual({ ok: true, out: '_Engine\n' });
  });

  it('compiles without syntax warnings', () => {
    for (const f of ['keys_values.py', 'keys.py']) {
      const r = run('python3', [
        '-B',
        '-W',
        'error',
        '-c',
        'import pathlib, sys; compile(pathlib.Path(sys.argv[1]).read_text(), sys.argv[1], "exec")',
        join(ENGINES, f),
      ]);
      expect(r, f).toEqual({ ok: true, out: '' });
    }
    expect(readFileSync(join(ENGINES, 'keys.py'), 'utf8')).toContain('class _Engine');
  });
});
