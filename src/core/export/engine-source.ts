// The engines of the key builders (code export), each a real source file of its language in
// engines/ (keys-values.ts with keys.ts, KeyEngine.java with Bytes.java, keys.go with keys_fields.go and
// keys_codec.go, keys_values.py with keys.py) that its own toolchain reads, formats and compiles
// on its own. They are loaded as text at build time (`?raw`: Vite and Vitest natively,
// esbuild through scripts/raw-text-plugin.mjs); the part between the markers is what every
// generated file holds, byte for byte.
import GO_SOURCE from './engines/keys.go?raw';
import GO_CODEC_SOURCE from './engines/keys_codec.go?raw';
import GO_FIELDS_SOURCE from './engines/keys_fields.go?raw';
import JAVA_BYTES_SOURCE from './engines/Bytes.java?raw';
import JAVA_SOURCE from './engines/KeyEngine.java?raw';
import PYTHON_SOURCE from './engines/keys.py?raw';
import PYTHON_VALUES_SOURCE from './engines/keys_values.py?raw';
import TS_SOURCE from './engines/keys.ts?raw';
import TS_VALUES_SOURCE from './engines/keys-values.ts?raw';

const BEGIN = '---- engine: copied from here';
const END = '---- engine: copied up to here ----';

/** The lines after the line holding BEGIN, up to (not including) the line holding END or the end of the file. */
export function engineBody(source: string, file: string): string {
  const text = source.replace(/\r\n/g, '\n');
  const at = text.indexOf(BEGIN);
  if (at < 0) throw new Error(`${file}: no "${BEGIN}" line`);
  const start = text.indexOf('\n', at) + 1;
  const stop = text.indexOf(END, start);
  return stop < 0 ? text.slice(start) : text.slice(start, text.lastIndexOf('\n', stop) + 1);
}

/** The Go engine is three files of one package (bytes and time, field values, keys), one file in the generated code. */
export const GO_ENGINE = engineBody(GO_SOURCE, 'keys.go') + engineBody(GO_FIELDS_SOURCE, 'keys_fields.go') + engineBody(GO_CODEC_SOURCE, 'keys_codec.go');
/**
 * A Java part that is a top-level `final class X` for javac (its body starting with that class,
 * its doc comment above it) as a private nested class of the generated class: the same lines,
 * one level deeper, the declaration made `private static`. Private, so the generated class's API
 * stays what it was; the enclosing class reaches its members.
 */
export function javaNested(body: string, file: string): string {
  const decl = /^((?:\/\*\*.*\*\/\n)?)final class (\w+) \{\n/.exec(body);
  if (!decl) throw new Error(`${file}: the engine part should start with "final class Name {"`);
  const nested = `${decl[1]}private static final class ${decl[2]} {\n${body.slice(decl[0].length)}`;
  return nested.replace(/^(?=.)/gm, '  ');
}

/** The Java engine is two files (the engine, then its Bytes helpers), one class in the generated code. */
export const JAVA_ENGINE = engineBody(JAVA_SOURCE, 'KeyEngine.java') + javaNested(engineBody(JAVA_BYTES_SOURCE, 'Bytes.java'), 'Bytes.java');
/** The Python engine is two files (values, then keys), one module in the generated file. */
export const PYTHON_ENGINE = engineBody(PYTHON_VALUES_SOURCE, 'keys_values.py') + engineBody(PYTHON_SOURCE, 'keys.py');
/** The TypeScript engine is two files (values, then keys), one module in the generated file. */
export const TS_ENGINE = engineBody(TS_VALUES_SOURCE, 'keys-values.ts') + engineBody(TS_SOURCE, 'keys.ts');
