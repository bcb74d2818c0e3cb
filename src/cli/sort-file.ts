// `btstudio sort` on a regular file: sample the file for splitters, then tally and copy it
// in two parts and sort-and-write the buckets in two ranges, one part and one range on a
// worker thread (the same module, loaded again). Each part reads the file in blocks, twice,
// so the input is never held whole in memory. Small files, a machine whose cores are busy
// already, and any setting where a worker cannot run this module (tests run the TypeScript
// source) use one thread.
import { fstatSync, readFileSync, readSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { layoutOf, LineTally, SortedWriter, type Counts, type Cursor, type Layout } from '../core/sort/buckets';
import { sampleText, Splitters } from '../core/sort/splitters';

const BLOCK = 1 << 20;
/** Below this a second thread costs more (it must start) than it saves. */
const PARALLEL_MIN_BYTES = 8 << 20;
const WORKER_KIND = 'btstudio-sort-worker';

/** Where sorted text goes: written in order, or (a file) also at offsets by the worker. */
export interface Output {
  write(chunk: Uint8Array): Promise<void> | void;
  /** An output file's descriptor; the worker writes its range into it at offsets. */
  readonly fd?: number;
}

export const inWorker = !isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND;

/** BTSTUDIO_SORT_THREADS=1 or 2 overrides the choice (for measuring either way). */
export function canUseThreads(size: number): boolean {
  // A worker runs this module's file; source files (.ts, under a test runner) cannot be.
  if (inWorker || !/\.m?js$/.test(import.meta.url) || availableParallelism() < 2) return false;
  const forced = process.env.BTSTUDIO_SORT_THREADS;
  if (forced === '1' || forced === '2') return forced === '2';
  return size >= PARALLEL_MIN_BYTES && spareCore();
}

/**
 * Whether a second thread would get a core of its own. On a busy machine it only competes
 * with ours (and with the other programs), and one thread was measured faster there.
 */
function spareCore(): boolean {
  try {
    // Linux pressure stall information: the share of the last 10 s that runnable work waited.
    const some = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    if (some) return Number(some[1]) < 40;
  } catch {
    // no PSI here: fall back to the load average
  }
  return loadavg()[0]! < availableParallelism() - 0.5;
}

/** Sorts the regular file open as fd (threads share descriptors, so the worker reads it too). */
export async function sortFile(fd: number, size: number, out: Output, threads: boolean): Promise<void> {
  const helper = threads ? new Helper() : undefined;
  try {
    const splitters = splittersOf(fd, size);
    const half = threads ? lineBoundaryAfter(fd, size >> 1, size) : size;
    const mine = new LineTally(splitters, half >>> 5);
    if (helper && half < size) {
      const pending = helper.call({ op: 'tally', fd, from: half, to: size, splitters: splitters.parts() });
      forEachBlock(fd, 0, half, (text, to) => mine.tally(text, 0, to));
      const theirs = (await pending) as Counts;
      const { layout, cursors } = layoutOf([mine, theirs], (n) => new SharedArrayBuffer(n));
      const placing = helper.call({ op: 'place', layout, cursor: cursors[1]! });
      place(fd, 0, half, mine, layout, cursors[0]!);
      await placing;
      await sortAndWrite(layout, splitters.buckets, mine.count + theirs.count, out, helper);
    } else {
      forEachBlock(fd, 0, size, (text, to) => mine.tally(text, 0, to));
      const { layout, cursors } = layoutOf([mine]);
      place(fd, 0, size, mine, layout, cursors[0]!);
      await writeRange(new SortedWriter(layout, null, 0, splitters.buckets), out);
    }
  } finally {
    await helper?.stop();
  }
}

/** The worker takes the upper half of the buckets by lines; a file it writes itself. */
async function sortAndWrite(layout: Layout, buckets: number, count: number, out: Output, helper: Helper): Promise<void> {
  let middle = 0;
  while (middle < buckets && layout.lineBase[middle + 1]! <= count / 2) middle++;
  const fd = out.fd;
  if (fd !== undefined && fstatSync(fd).isFile()) {
    // Each thread writes its own range at its offsets: no order array needs to outlive a bucket.
    const theirs = helper.call({ op: 'write', layout, from: middle, to: buckets, fd, at: layout.byteBase[middle]! });
    await writeRange(new SortedWriter(layout, null, 0, middle), out);
    await theirs;
  } else {
    const order = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, count)));
    const theirs = helper.call({ op: 'sort', layout, order, from: middle, to: buckets });
    await writeRange(new SortedWriter(layout, order, 0, middle), out);
    await theirs;
    await writeRange(new SortedWriter(layout, order, middle, buckets, true), out);
  }
}

async function writeRange(writer: SortedWriter, out: Output): Promise<void> {
  for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) await out.write(chunk);
}

function place(fd: number, from: number, to: number, tally: LineTally, layout: Layout, cursor: Cursor): void {
  forEachBlock(fd, from, to, (text, end) => tally.place(layout, cursor, text, 0, end));
  tally.finish();
}

function splittersOf(fd: number, size: number): Splitters {
  const sample = sampleText(size, (offset, length) => {
    const bytes = Buffer.allocUnsafe(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, offset));
  });
  return Splitters.fromSample(sample, size);
}

/** The offset just after the first \n at or after `from`, or `size` if there is none. */
function lineBoundaryAfter(fd: number, from: number, size: number): number {
  const buf = Buffer.allocUnsafe(64 * 1024);
  for (let at = from; at < size; ) {
    const n = readSync(fd, buf, 0, buf.length, at);
    if (n === 0) break;
    const nl = buf.subarray(0, n).indexOf(10);
    if (nl >= 0) return at + nl + 1;
    at += n;
  }
  return size;
}

/** Calls fn with blocks of whole lines of file[from,to) (the last may lack its \n), in order. */
function forEachBlock(fd: number, from: number, to: number, fn: (text: Buffer, end: number) => void): void {
  let buf = Buffer.allocUnsafe(Math.min(BLOCK, Math.max(1, to - from)));
  let filled = 0;
  let position = from;
  for (;;) {
    if (filled === buf.length) {
      // A line longer than the block: grow until it fits.
      const bigger = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
    }
    const n = position < to ? readSync(fd, buf, filled, Math.min(buf.length - filled, to - position), position) : 0;
    position += n;
    filled += n;
    if (n === 0) {
      if (filled > 0) fn(buf, filled);
      return;
    }
    const end = buf.lastIndexOf(10, filled - 1) + 1;
    if (end === 0) continue;
    fn(buf, end);
    buf.copy(buf, 0, end, filled);
    filled -= end;
  }
}

type Request =
  | { op: 'tally'; fd: number; from: number; to: number; splitters: [Uint8Array, Uint32Array] }
  | { op: 'place'; layout: Layout; cursor: Cursor }
  | { op: 'sort'; layout: Layout; order: Uint32Array; from: number; to: number }
  | { op: 'write'; layout: Layout; from: number; to: number; fd: number; at: number };

/** The main thread's end: one request at a time, answered by a reply or an error. */
class Helper {
  private readonly worker = new Worker(new URL(import.meta.url), { workerData: { kind: WORKER_KIND } });
  private failed: Error | undefined;

  constructor() {
    this.worker.on('error', (e) => (this.failed = e));
  }

  call(request: Request): Promise<unknown> {
    const reply = new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      const onMessage = (m: { ok: boolean; value?: unknown; error?: string; code?: string }): void => {
        done();
        if (m.ok) resolve(m.value);
        else reject(Object.assign(new Error(m.error), { code: m.code }));
      };
      const onError = (e: Error): void => {
        done();
        reject(e);
      };
      const onExit = (): void => onError(new Error('the sort worker stopped unexpectedly'));
      const done = (): void => {
        this.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      this.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.worker.postMessage(request);
    });
    // The main thread may fail first and stop the worker; the reply is then not awaited.
    reply.catch(() => undefined);
    return reply;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The worker's end: state lives between requests (the part it tallied is the part it places). */
function serve(): void {
  let part: { fd: number; from: number; to: number; tally: LineTally } | undefined;
  parentPort!.on('message', (request: Request) => {
    try {
      let value: unknown;
      if (request.op === 'tally') {
        const tally = new LineTally(Splitters.fromParts(request.splitters), (request.to - request.from) >>> 5);
        forEachBlock(request.fd, request.from, request.to, (text, end) => tally.tally(text, 0, end));
        part = { fd: request.fd, from: request.from, to: request.to, tally };
        value = { lines: tally.lines, bytes: tally.bytes, count: tally.count } satisfies Counts;
      } else if (request.op === 'place') {
        place(part!.fd, part!.from, part!.to, part!.tally, request.layout, request.cursor);
      } else if (request.op === 'sort') {
        new SortedWriter(request.layout, request.order, request.from, request.to).sortAll();
      } else {
        writeAt(request);
      }
      parentPort!.postMessage({ ok: true, value });
    } catch (e) {
      parentPort!.postMessage({ ok: false, error: (e as Error).message, code: (e as NodeJS.ErrnoException).code });
    }
  });
}

function writeAt(request: Extract<Request, { op: 'write' }>): void {
  const writer = new SortedWriter(request.layout, null, request.from, request.to);
  let at = request.at;
  for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) {
    for (let off = 0; off < chunk.length; ) off += writeSync(request.fd, chunk, off, chunk.length - off, at + off);
    at += chunk.length;
  }
}

if (inWorker) serve();
