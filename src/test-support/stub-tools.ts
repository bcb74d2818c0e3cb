// A PATH for running the exported shell scripts without Google Cloud: stubs for gcloud and cbt
// that record their arguments, and logging wrappers of the two other programs the scripts use.
// Any other command (touch, from a name that escaped its quotes) fails with "command not found"
// on stderr.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StubTools {
  /** The folder to put alone on PATH. */
  bin: string;
  /** Each gcloud or cbt call so far: the tool name, then its arguments. */
  calls(): string[][];
  /** The other programs run so far (mktemp, rm), one name a line. */
  others(): string;
}

/** Writes the stubs to `<dir>/bin`; the calls are logged in `dir`. */
export function stubTools(dir: string): StubTools {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const log = join(dir, 'calls.log');
  const othersLog = join(dir, 'others.log');
  const script = (tool: string, body: string) => {
    writeFileSync(join(bin, tool), `#!/bin/bash\n${body}\n`);
    chmodSync(join(bin, tool), 0o755);
  };
  // Each call: the tool name, then each argument, NUL-terminated; calls end with \x01.
  for (const tool of ['gcloud', 'cbt']) script(tool, `{ printf '%s\\0' "${tool}" "$@"; printf '\\1'; } >> "${log}"`);
  for (const [tool, real] of [
    ['mktemp', '/usr/bin/mktemp'],
    ['rm', '/bin/rm'],
  ] as const)
    script(tool, `printf '%s\\n' "${tool}" >> "${othersLog}"\nexec ${real} "$@"`);
  return {
    bin,
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\x01')
        .filter(Boolean)
        .map((l) => l.split('\0').slice(0, -1)),
    others: () => readFileSync(othersLog, 'utf8'),
  };
}
