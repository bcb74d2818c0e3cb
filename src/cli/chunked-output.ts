// Output written in chunks of about a megabyte, for commands that write a lot of it (`btstudio
// keys` writes 14-73 MB for a million keys). To a regular file, the `> keys.txt` case, a chunk
// is handed to libuv's thread pool (fs.write) while the next one is filled: two buffers, one
// being written by the kernel on another core while the other fills, so the command does not
// wait on the page cache. Anything else (a pipe, a terminal, the in-memory streams of tests)
// goes through the stream, a copy a chunk. Either way the bytes and their order are the same.
import { fstatSync, write as writeFd } from 'node:fs';
import { ByteBuffer } from '../core/keys/bytes';
import { UserError, write, type Io } from './io';

export interface ChunkedOutput {
  /** The buffer to append to; another one after each flush (read it again after awaiting flush). */
  readonly out: ByteBuffer;
  /** Hands the bytes in `out` on, and gives an empty buffer to fill next. */
  flush(): Promise<void>;
  /** Flushes and waits until every byte has been written. */
  end(): Promise<void>;
}

/** Chunked output to the command's standard output; `capacity` is the size a chunk starts at. */
export function chunkedOutput(io: Io, capacity: number): ChunkedOutput {
  const fd = io.stdout === process.stdout ? regularFileFd(1) : -1;
  return fd >= 0 ? fileChunks(fd, capacity) : new StreamChunks(io.stdout, capacity);
}

/** Chunked output to an open regular file, each chunk written while the next one fills. */
export function fileChunks(fd: number, capacity: number): ChunkedOutput {
  return new OverlappedFile(fd, capacity);
}

/** The fd when it is a regular file (a pipe's fd is left non-blocking by Node: the stream handles it). */
function regularFileFd(fd: number): number {
  try {
    return fstatSync(fd).isFile() ? fd : -1;
  } catch {
    return -1;
  }
}

class StreamChunks implements ChunkedOutput {
  readonly out: ByteBuffer;

  constructor(
    private readonly stream: NodeJS.WritableStream,
    capacity: number,
  ) {
    this.out = new ByteBuffer(capacity);
  }

  async flush(): Promise<void> {
    // A copy: the stream may hold on to what it was given after the callback (a PassThrough does).
    if (this.out.len > 0) await write(this.stream, this.out.buf.slice(0, this.out.len));
    this.out.len = 0;
  }

  end(): Promise<void> {
    return this.flush();
  }
}

class OverlappedFile implements ChunkedOutput {
  out: ByteBuffer;
  private spare: ByteBuffer;
  /** The write in flight (of `spare`), if any; it never rejects: a failure is kept in `failure`. */
  private pending: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(
    private readonly fd: number,
    capacity: number,
  ) {
    this.out = new ByteBuffer(capacity);
    this.spare = new ByteBuffer(capacity);
  }

  async flush(): Promise<void> {
    if (this.out.len === 0) return;
    await this.settle(); // the spare is free again once its write is done
    const full = this.out;
    this.pending = this.writeAll(full.buf, full.len);
    this.out = this.spare;
    this.out.len = 0;
    this.spare = full;
  }

  async end(): Promise<void> {
    await this.flush();
    await this.settle();
  }

  private async settle(): Promise<void> {
    if (this.pending) await this.pending;
    this.pending = null;
    if (this.failure !== null) {
      const code = (this.failure as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOSPC' ? 'no space left on device' : code === 'EFBIG' ? 'the file is too large' : String((this.failure as Error).message ?? this.failure);
      throw new UserError(`standard output: cannot write (${why})`);
    }
  }

  /** Writes bytes[0, n) at the file's offset, in as many calls as the kernel takes. */
  private async writeAll(bytes: Uint8Array, n: number): Promise<void> {
    try {
      for (let at = 0; at < n; ) {
        at += await new Promise<number>((resolve, reject) => writeFd(this.fd, bytes, at, n - at, null, (e, written) => (e ? reject(e) : resolve(written))));
      }
    } catch (e) {
      this.failure = e;
    }
  }
}
