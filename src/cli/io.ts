// What a command sees of the process: streams and a way to fail with a user error. Commands
// take this instead of touching `process` so tests can run them in memory.
import { AsyncLocalStorage } from 'node:async_hooks';
import { open, type FileHandle, writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { concatBytes } from '../core/keys/bytes';
import { MAX_DESIGN_BYTES } from '../core/model/limits';
import { formatBytes } from '../core/units';

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
  /** The stack of the failure behind it, printed only with BTSTUDIO_DEBUG=1. */
  detail?: string;
}

/**
 * A part of the studio (an exporter, the simulator) that failed on a valid design: one line
 * naming what failed and why, exit 2; the stack only with BTSTUDIO_DEBUG=1 (main prints it).
 */
export function failedError(what: string, e: unknown): UserError {
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim() || 'unknown error';
  const err = new UserError(`${what} failed: ${first} (a bug: please report it; BTSTUDIO_DEBUG=1 shows where)`);
  if (e instanceof Error && e.stack) err.detail = e.stack;
  return err;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** How an option is written in messages: `-n` for one-letter names, `--table` (`-t`) otherwise. */
function flagName(name: string, short?: string): string {
  return name.length === 1 ? `-${name}` : `--${name}${short ? ` (-${short})` : ''}`;
}

/**
 * Text for a terminal: control characters (C0 but tab, DEL, C1) written as escapes, so a name in
 * a design cannot move the cursor, recolour or retitle the user's terminal. For human-readable
 * reports only (never for `sort`/`keys` output, which is the keys' exact bytes).
 */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Printable in one line: control characters and quotes escaped. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

/** Edit distance, for "did you mean" (option names are short). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length]![b.length]!;
}

const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * Parses flags strictly, and says in one line what is wrong and what is allowed: an unknown
 * option (with the options there are, and the nearest one), a missing value, an option where a
 * value belongs, a value on a switch, an option given twice, an argument where none is taken.
 * A negative number after an option is its value (`-n -1` is "-n must be between 1 and ...",
 * not node's "argument is ambiguous").
 */
export function parseFlags<T extends Options>(argv: string[], options: T, allowPositionals = true) {
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) byShort.set(o.short, name);
  const longOf = (raw: string): string | undefined =>
    raw.startsWith('--') ? raw.slice(2) : raw.length === 2 ? (byShort.get(raw[1]!) ?? raw.slice(1)) : undefined;
  // `-n -1`, `--seed -5`: join a negative number to the option that takes a value.
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      args.push(...argv.slice(i));
      break;
    }
    const name = a.startsWith('-') && !a.includes('=') ? longOf(a) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && i + 1 < argv.length && NEGATIVE_NUMBER.test(argv[i + 1]!)) {
      args.push(`--${name}=${argv[++i]}`);
    } else args.push(a);
  }
  const known = Object.entries(options).map(([name, o]) => flagName(name, o.short));
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const seen = new Map<string, string>();
  for (const t of tokens) {
    if (t.kind === 'positional') {
      if (!allowPositionals) throw new UserError(`takes no arguments (got ${quote(t.value)})`);
      continue;
    }
    if (t.kind !== 'option') continue;
    const o = options[t.name];
    const shown = t.rawName;
    if (!o) {
      const near = Object.keys(options).filter((n) => n.length > 1 && distance(n, t.name) <= Math.max(1, Math.floor(n.length / 3)));
      throw new UserError(
        `unknown option ${quote(shown)}${near.length ? `; did you mean --${near[0]}?` : ''} (${known.length ? `options: ${known.join(', ')}` : 'this command takes no options'})`,
      );
    }
    const flag = flagName(t.name, undefined);
    if (o.type === 'boolean') {
      if (t.inlineValue) throw new UserError(`${flag} is a switch and takes no value (got ${quote(`${shown}=${t.value ?? ''}`)})`);
    } else {
      if (t.value === undefined || t.value === null)
        throw new UserError(
          `${flag} needs a value${shown !== flag ? ` (${shown})` : ''}, e.g. ${flag} ${t.name === 'table' ? 'NAME' : t.name === 'output' ? 'FILE' : 'VALUE'}`,
        );
      if (!t.inlineValue && t.value.startsWith('-') && t.value !== '-') {
        throw new UserError(`${flag} needs a value, but the next argument ${quote(t.value)} is an option (write ${flag}=${t.value} if that is the value)`);
      }
    }
    if (!o.multiple) {
      const before = seen.get(t.name);
      const now = o.type === 'boolean' ? shown : `${shown} ${t.value}`;
      if (before !== undefined) throw new UserError(`${flag} is given twice (${quote(before)} and ${quote(now)}); give it once`);
      seen.set(t.name, now);
    }
  }
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (e) {
    // Not reached for what is checked above; node's words, without its advice about '--'.
    throw new UserError((e as Error).message.replace(/\. To specify a positional argument.*$/s, '').split('\n')[0]!);
  }
}

/** A whole number flag within bounds, with the flag's name and the bounds in the error. */
export function intFlag(value: string | undefined, name: string, def: number, min: number, max: number): number {
  if (value === undefined) return def;
  if (!/^-?\d+$/.test(value.trim())) throw new UserError(`${name} takes a whole number from ${min} to ${max}, not ${quote(value)}`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UserError(`${name} must be between ${min} and ${max} (got ${value.trim()})`);
  return n;
}

/** The largest file a command reads whole (design files, imports): the loader's own cap. */
export const MAX_READ_BYTES = MAX_DESIGN_BYTES;

const inMemoryFiles = new AsyncLocalStorage<ReadonlyMap<string, Uint8Array>>();

/**
 * Runs `fn` with these files in place of the file system: within it, readBytes reads only
 * them (any other name is "no such file"), under the same size limit. The MCP server runs
 * commands this way, so a tool sees only the text it was given and never the disk.
 */
export function withFiles<T>(files: ReadonlyMap<string, Uint8Array>, fn: () => Promise<T>): Promise<T> {
  return inMemoryFiles.run(files, fn);
}

/**
 * Reads standard input to its end as bytes, refusing with `tooMuch` as soon as it has given more
 * than `max` bytes (so memory stays bounded whatever is piped in).
 */
export async function readStdin(stdin: NodeJS.ReadableStream, max: number, tooMuch: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stdin) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    chunks.push(b);
    size += b.length;
    if (size > max) throw new UserError(tooMuch);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a file as bytes (design files are decoded by the loader, which reports bad UTF-8), at
 * most MAX_READ_BYTES: a bigger file is refused before it is read, and a device or a pipe
 * (/dev/zero, /dev/urandom) is refused as soon as it has given more.
 */
export async function readBytes(file: string, what = 'a design file'): Promise<Uint8Array> {
  const name = /[\u0000-\u001f\u007f]/.test(file) ? quote(file) : file;
  const virtual = inMemoryFiles.getStore();
  if (virtual) {
    const bytes = virtual.get(file);
    if (bytes === undefined) throw new UserError(`${name}: no such file`);
    if (bytes.length > MAX_READ_BYTES)
      throw new UserError(`${name}: the file is ${formatBytes(bytes.length)}; ${what} may be at most ${formatBytes(MAX_READ_BYTES)}`);
    return bytes;
  }
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new UserError(`${name}: is a directory, not ${what}`);
    if (stat.isFile() && stat.size > MAX_READ_BYTES)
      throw new UserError(`${name}: the file is ${formatBytes(stat.size)}; ${what} may be at most ${formatBytes(MAX_READ_BYTES)}`);
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buf = new Uint8Array(Math.min(1 << 20, MAX_READ_BYTES + 1 - total));
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      parts.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > MAX_READ_BYTES)
        throw new UserError(
          `${name}: gives more than ${formatBytes(MAX_READ_BYTES)} (${stat.isFile() ? 'the file grew while it was read' : 'it is not a regular file'}); ${what} may be at most ${formatBytes(MAX_READ_BYTES)}`,
        );
    }
    return concatBytes(parts);
  } catch (e) {
    if (e instanceof UserError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`${name}: no such file`);
    if (code === 'EISDIR') throw new UserError(`${name}: is a directory, not ${what}`);
    if (code === 'EACCES') throw new UserError(`${name}: permission denied`);
    if (code === 'ENOTDIR') throw new UserError(`${name}: a part of the path is not a directory`);
    throw new UserError(`${name}: cannot read (${(e as Error).message})`);
  } finally {
    await handle?.close();
  }
}

/** A write error in plain words, naming the file (for -o). */
export function writeError(file: string, e: unknown): UserError {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'its directory does not exist',
    EISDIR: 'is a directory; name a file',
    EACCES: 'permission denied',
    ENOTDIR: 'a part of the path is not a directory',
    ENOSPC: 'no space left on device',
    EROFS: 'read-only file system',
    EEXIST: 'exists',
  };
  return new UserError(`${quote(file).slice(1, -1)}: cannot write (${code && words[code] ? words[code] : (e as Error).message})`);
}

/** Writes `text` to a new file for -o; a file already there is refused, saying that `command` never overwrites one. */
export async function writeNewFile(file: string, text: string, command: string): Promise<void> {
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (e) {
    throw (e as NodeJS.ErrnoException).code === 'EEXIST'
      ? new UserError(`${file} exists; ${command} never overwrites a file (choose another name)`)
      : writeError(file, e);
  }
}

export function write(stream: NodeJS.WritableStream, text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (err) => (err && (err as NodeJS.ErrnoException).code !== 'EPIPE' ? reject(err) : resolve()));
  });
}
