// btstudio sort [FILE] [--escaped] [-o OUT]: lines in Bigtable row order (unsigned bytes).
// Raw lines take the sample-sort fast path (core/sort/buckets.ts; for a regular file,
// ../sort-file.ts, on two threads when it is 32 MiB or more); escaped keys, which may hold
// \n once decoded, take the plain line-index sort.
import { closeSync, constants, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { sortedChunks, type SortedWriter } from '../../core/sort/buckets';
import { sortLineIndex, splitLines } from '../../core/sort/byteSort';
import { escapeKey, unescapeBytes } from '../../core/sort/escape';
import { sampleText, Splitters } from '../../core/sort/splitters';
import { parseFlags, UserError, write, type Io } from '../io';
import { canUseThreads, latin1, sortFile, type Output } from '../sort-file';

export const usage = `usage: btstudio sort [FILE] [--escaped] [-o OUT]

Sorts lines in Bigtable row order: unsigned bytes, and a key sorts before the longer keys
it starts (the same order as LC_ALL=C sort). Reads FILE, or standard input when FILE is
missing or "-"; writes to OUT (-o) or standard output. Lines are raw bytes, except with
--escaped: then \\xNN and \\\\ in the input are decoded before sorting, and bytes that are
not printable UTF-8 are written as \\xNN (a backslash as \\\\).`;

const BLOCK = 1 << 20;
const CHUNK = 1 << 20;

export async function run(argv: string[], io: Io): Promise<number> {
  let out: Sink | undefined;
  try {
    const { values, positionals } = parseFlags(argv, {
      escaped: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
    });
    if (positionals.length > 1) throw new UserError(`takes one input file, got ${positionals.length}`);
    const file = positionals[0] === undefined || positionals[0] === '-' ? undefined : positionals[0];
    if (values.output === '') throw new UserError('-o needs a file name');
    // The whole input is read before the output is opened, so `sort f -o f` is safe.
    const openOut = () => (out = values.output === undefined ? new StreamSink(io.stdout) : new FileSink(values.output));
    if (values.escaped) {
      const data = file === undefined ? await readStream(io.stdin) : readWhole(file);
      // Every line is decoded before the output opens: a bad escape leaves -o's file as it was.
      await sortEscaped(data, openOut);
    } else if (file === undefined) {
      await writeSorted(sortInMemory(await lineBlocks(io.stdin)), openOut());
    } else {
      await sortNamedFile(file, openOut);
    }
    await out!.close();
    return 0;
  } catch (e) {
    out?.abort();
    if (e instanceof Broken) return 0; // the reader went away (`btstudio sort f | head`)
    const message = e instanceof UserError ? e.message : ioMessage(e);
    if (message === undefined) throw e;
    await write(io.stderr, `btstudio sort: ${message}\n`);
    return e instanceof UserError ? e.exitCode : 2;
  }
}

async function writeSorted(writer: SortedWriter, out: Output): Promise<void> {
  for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) await out.write(chunk);
}

/** Sorts an input that could be read only once, kept as blocks of whole lines. */
function sortInMemory(blocks: Buffer[]): SortedWriter {
  const offsets: number[] = [];
  let size = 0;
  for (const block of blocks) {
    offsets.push(size);
    size += block.length;
  }
  const sample = sampleText(size, (offset, length) => {
    // A sample window may stop short at the end of a block; it then has fewer lines.
    if (blocks.length === 0) return new Uint8Array(0);
    let i = offsets.length - 1;
    while (offsets[i]! > offset) i--;
    const at = offset - offsets[i]!;
    return blocks[i]!.subarray(at, at + length);
  });
  return sortedChunks(blocks, Splitters.fromSample(sample, size, latin1));
}

/**
 * Reads a stream into blocks that each end at a line's end, so that no second copy of the
 * whole input is needed (the sort makes one, grouped by bucket). Parts are gathered in a
 * staging buffer first: a pipe hands out 64 KB at a time.
 */
async function lineBlocks(source: AsyncIterable<Buffer | string> | Iterable<Buffer>): Promise<Buffer[]> {
  const blocks: Buffer[] = [];
  let staging = Buffer.allocUnsafe(BLOCK);
  let filled = 0;
  const cut = (all: boolean): void => {
    const end = all ? filled : staging.lastIndexOf(10, filled - 1) + 1;
    if (end === 0) {
      // One line longer than the staging buffer: make room for more of it.
      const bigger = Buffer.allocUnsafe(staging.length * 2);
      staging.copy(bigger, 0, 0, filled);
      staging = bigger;
      return;
    }
    blocks.push(Buffer.from(staging.subarray(0, end)));
    staging.copy(staging, 0, end, filled);
    filled -= end;
  };
  for await (const part of source) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    for (let at = 0; at < bytes.length; ) {
      if (filled === staging.length) cut(false);
      const n = bytes.copy(staging, filled, at);
      filled += n;
      at += n;
    }
  }
  if (filled > 0) cut(true);
  return blocks;
}

async function sortNamedFile(file: string, openOut: () => Sink): Promise<void> {
  // The output opens only once the input has been read whole, so `sort f -o f` is safe.
  let out: Sink | undefined;
  const lazy: Output = {
    write: (chunk) => (out ??= openOut()).write(chunk),
    writeAt: (chunk, position) => {
      const sink = (out ??= openOut());
      if (!sink.writeAt) throw new Error('btstudio sort: this output cannot be written at offsets');
      sink.writeAt(chunk, position);
    },
    get fd() {
      return (out ??= openOut()).fd;
    },
    setLength: (length) => (out ??= openOut()).setLength?.(length),
  };
  let whole: Buffer[] | undefined;
  const fd = openInput(file);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new UserError(`${file}: is a directory`);
    // A pipe or a device can be read only once, so it is read whole.
    if (!stat.isFile()) whole = await lineBlocks(reads(fd));
    else await sortFile(fd, stat.size, lazy, canUseThreads(stat.size));
  } finally {
    closeSync(fd);
  }
  if (whole) await writeSorted(sortInMemory(whole), lazy);
  out ??= openOut(); // an empty input still creates the output file (emptied when closed)
}

async function sortEscaped(text: Uint8Array, openOut: () => Sink): Promise<void> {
  const lines = splitLines(text);
  // Decoded keys may hold \n, so they get their own offsets instead of being split again.
  const data = new Uint8Array(text.length);
  const starts = new Uint32Array(lines.count);
  const ends = new Uint32Array(lines.count);
  let at = 0;
  for (let i = 0; i < lines.count; i++) {
    let key: Uint8Array;
    try {
      key = unescapeBytes(text.subarray(lines.starts[i]!, lines.ends[i]!));
    } catch (e) {
      throw new UserError(`line ${i + 1}: ${(e as Error).message}`);
    }
    data.set(key, at);
    starts[i] = at;
    at += key.length;
    ends[i] = at;
  }
  const order = sortLineIndex(data, starts, ends, lines.count);
  const out = openOut();
  const encoder = new TextEncoder();
  let pending = '';
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    pending += escapeKey(data.subarray(starts[i]!, ends[i]!)) + '\n';
    if (pending.length >= CHUNK) {
      await out.write(encoder.encode(pending));
      pending = '';
    }
  }
  if (pending.length > 0) await out.write(encoder.encode(pending));
}

function openInput(file: string): number {
  try {
    return openSync(file, 'r');
  } catch (e) {
    throw new UserError(`${file}: ${ioMessage(e) ?? 'cannot open'}`);
  }
}

function readWhole(file: string): Uint8Array {
  const fd = openInput(file);
  try {
    if (fstatSync(fd).isDirectory()) throw new UserError(`${file}: is a directory`);
    return readAll(fd);
  } finally {
    closeSync(fd);
  }
}

function readAll(fd: number): Buffer {
  return Buffer.concat([...reads(fd)]);
}

function* reads(fd: number): Generator<Buffer> {
  const buf = Buffer.allocUnsafe(BLOCK);
  for (;;) {
    const n = readSync(fd, buf, 0, BLOCK, null);
    if (n === 0) return;
    // Copied: a pipe hands out little at a time, and a view would pin the whole block.
    yield Buffer.from(buf.subarray(0, n));
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts);
}

/** Plain words for the errors a user can cause or fix; undefined for anything else. */
function ioMessage(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
    ENOTDIR: 'not a directory',
    ENOSPC: 'no space left on device',
    EROFS: 'read-only file system',
  };
  if (code !== undefined && words[code]) return words[code];
  if (e instanceof RangeError || (e instanceof Error && /changed while/.test(e.message))) return e.message;
  return code !== undefined ? (e as Error).message : undefined;
}

class Broken extends Error {}

interface Sink extends Output {
  close(): Promise<void> | void;
  abort(): void;
}

class FileSink implements Sink {
  /** Public: a worker thread writes its part of the output through it, at offsets. */
  fd: number;
  /** Whether it is a regular file, which is cut to the output's length when closed. */
  private readonly regular: boolean;
  /** The output's length so far: what was written, or announced by setLength. */
  private length = 0;
  private written = 0;

  constructor(readonly path: string) {
    try {
      // Opened without truncating: an existing file is written over and cut to the output's
      // length when closed. Truncating on open frees the old file's pages, which the new
      // content then takes again (about 11 ms for 44 MB here), before the first byte is written.
      this.fd = openSync(path, constants.O_WRONLY | constants.O_CREAT, 0o666);
      this.regular = fstatSync(this.fd).isFile();
    } catch (e) {
      throw new UserError(`${path}: ${ioMessage(e) ?? 'cannot write'}`);
    }
  }

  write(chunk: Uint8Array): void {
    try {
      for (let off = 0; off < chunk.length; ) off += writeSync(this.fd, chunk, off, chunk.length - off);
    } catch (e) {
      throw new UserError(`${this.path}: ${ioMessage(e) ?? 'cannot write'}`);
    }
    this.written += chunk.length;
    this.length = Math.max(this.length, this.written);
  }

  writeAt(chunk: Uint8Array, position: number): void {
    try {
      for (let off = 0; off < chunk.length; ) off += writeSync(this.fd, chunk, off, chunk.length - off, position + off);
    } catch (e) {
      throw new UserError(`${this.path}: ${ioMessage(e) ?? 'cannot write'}`);
    }
    this.length = Math.max(this.length, position + chunk.length);
  }

  setLength(length: number): void {
    this.length = Math.max(this.length, length);
  }

  close(): void {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    try {
      if (this.regular) ftruncateSync(fd, this.length);
    } catch (e) {
      throw new UserError(`${this.path}: ${ioMessage(e) ?? 'cannot write'}`);
    } finally {
      closeSync(fd);
    }
  }

  abort(): void {
    try {
      this.close();
    } catch {
      // already failing: the first error is the one reported
    }
  }
}

/** Writes to a stream with back-pressure; a reader that closes early ends the output quietly. */
class StreamSink implements Sink {
  private failure: Error | undefined;
  private readonly onError = (e: Error): void => {
    this.failure = (e as NodeJS.ErrnoException).code === 'EPIPE' ? new Broken() : e;
  };

  constructor(private readonly stream: NodeJS.WritableStream) {
    stream.on('error', this.onError);
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    // The chunk's memory is reused for the next one, and a stream may keep what it is given.
    const ok = this.stream.write(Buffer.from(chunk));
    if (!ok && !this.failure) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.stream.off('drain', done);
          this.stream.off('error', done);
          this.stream.off('close', done);
          resolve();
        };
        this.stream.on('drain', done);
        this.stream.on('error', done);
        this.stream.on('close', done);
      });
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    // An empty write whose callback runs once everything before it has been handed over.
    // The error listener stays: an EPIPE can still arrive after this, and unheard it would
    // crash the process.
    await new Promise<void>((resolve) => this.stream.write('', () => resolve()));
    if (this.failure) throw this.failure;
  }

  abort(): void {}
}
