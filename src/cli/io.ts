// What a command sees of the process: streams and a way to fail with a user error. Commands
// take this instead of touching `process` so tests can run them in memory.
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

/** A mistake of the user's (a bad flag, a missing file): one clear line, exit 2, no stack. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    // node's messages are good ("Unknown option '--x'"); drop its advice about '--' which confuses here.
    throw new UserError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

/** A whole number flag within bounds, with the flag's name in the error. */
export function intFlag(value: string | undefined, name: string, def: number, min: number, max: number): number {
  if (value === undefined) return def;
  if (!/^-?\d+$/.test(value.trim())) throw new UserError(`${name} takes a whole number, not "${value}"`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UserError(`${name} must be between ${min} and ${max} (got ${value})`);
  return n;
}

/** Reads a file as bytes (design files are decoded by the loader, which reports bad UTF-8). */
export async function readBytes(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`${file}: no such file`);
    if (code === 'EISDIR') throw new UserError(`${file}: is a directory, not a design file`);
    if (code === 'EACCES') throw new UserError(`${file}: permission denied`);
    throw new UserError(`${file}: cannot read (${(e as Error).message})`);
  }
}

export function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (err) => (err && (err as NodeJS.ErrnoException).code !== 'EPIPE' ? reject(err) : resolve()));
  });
}
