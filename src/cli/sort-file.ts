// `btstudio sort` on a regular file: sample the file for splitters, then tally and copy it
// block by block and sort-and-write it bucket group by bucket group, on this thread and a
// worker thread (the same module, loaded again). The two take blocks and groups from shared
// counters as they go, so the worker, which starts later, takes less and neither waits for
// the other. Each thread reads its blocks twice, so the input is never held whole in memory.
// Small files, a machine whose cores are busy already, and any setting where a worker
// cannot run this module (tests run the TypeScript source) use one thread.
import { fstatSync, readFileSync, readSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { layoutOf, LineTally, SortedWriter, type Cursor, type Layout, type TallyParts } from '../core/sort/buckets';
import { sampleText, Splitters } from '../core/sort/splitters';

const BLOCK = 1 << 20;
/** Buckets a thread sorts and writes per claim: ~0.5 MB of output. */
const GROUP = 8;
/** Below this a second thread costs more (it must start) than it saves. */
const PARALLEL_MIN_BYTES = 8 << 20;
const WORKER_KIND = 'btstudio-sort-worker';

/** Where sorted text goes: written in order, or (a file) also at offsets by the worker. */
export interface Output {
  write(chunk: Uint8Array): Promise<void> | void;
  /** An output file's descriptor; the threads write their groups of buckets into it at offsets. */
  readonly fd?: number;
  /** Writes at an offset of the output file (this thread's groups), reporting errors as write does. */
  writeAt?(chunk: Uint8Array, position: number): void;
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
    const bounds = blockBounds(fd, size);
    // [0]: the next block to tally; [1]: the next group of buckets to write; [2]: the next to place.
    const claims = new Int32Array(new SharedArrayBuffer(12));
    const shared = helper !== undefined && bounds.length > 2;
    const mine = new Blocks(fd, bounds, claims);
    if (helper && shared) {
      const pending = helper.call({ op: 'tally', fd, bounds, splitters: splitters.parts(), claims });
      mine.tallyClaimed(splitters, (n) => new SharedArrayBuffer(n));
      const tallied = [...mine.tallied, ...((await pending) as Tallied[])].sort((a, b) => a.block - b.block);
      const { layout, cursors } = layoutOf(tallied, (n) => new SharedArrayBuffer(n));
      layout.depths = splitters.depths();
      // Either thread places any block: the one that started later tallied fewer.
      const placing = helper.call({ op: 'place', layout, tallied, cursors });
      mine.placeClaimed(layout, tallied, cursors);
      await placing;
      await sortAndWrite(layout, splitters.buckets, layout.starts.length - 1, out, helper, claims);
    } else {
      mine.tallyClaimed(splitters);
      const { tallied } = mine;
      const { layout, cursors } = layoutOf(tallied);
      layout.depths = splitters.depths();
      mine.placeClaimed(layout, tallied, cursors);
      await writeRange(new SortedWriter(layout, null, 0, splitters.buckets), out);
    }
  } finally {
    await helper?.stop();
  }
}

/**
 * A file written at offsets: both threads take groups of buckets in turn and write each at
 * its place. Anything else is written in order: the worker sorts the upper half of the
 * buckets into an order array while this thread writes the lower half.
 */
async function sortAndWrite(layout: Layout, buckets: number, count: number, out: Output, helper: Helper, claims: Int32Array): Promise<void> {
  const fd = out.fd;
  if (fd !== undefined && fstatSync(fd).isFile()) {
    const theirs = helper.call({ op: 'write', layout, fd, claims });
    writeClaimed(layout, claims, out.writeAt?.bind(out) ?? writerAt(fd));
    await theirs;
    return;
  }
  let middle = 0;
  while (middle < buckets && layout.lineBase[middle + 1]! <= count / 2) middle++;
  const order = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, count)));
  const theirs = helper.call({ op: 'sort', layout, order, from: middle, to: buckets });
  await writeRange(new SortedWriter(layout, null, 0, middle), out);
  await theirs;
  await writeRange(new SortedWriter(layout, order, middle, buckets, true), out);
}

async function writeRange(writer: SortedWriter, out: Output): Promise<void> {
  for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) await out.write(chunk);
}

function writerAt(fd: number): (chunk: Uint8Array, position: number) => void {
  return (chunk, position) => {
    for (let off = 0; off < chunk.length; ) off += writeSync(fd, chunk, off, chunk.length - off, position + off);
  };
}

/** Sorts and writes groups of buckets, each at its offset in the output, until none is left. */
function writeClaimed(layout: Layout, claims: Int32Array, writeAt: (chunk: Uint8Array, position: number) => void): void {
  const buckets = layout.lineBase.length - 1;
  const writer = new SortedWriter(layout, null, 0, buckets);
  for (;;) {
    const from = Atomics.add(claims, 1, 1) * GROUP;
    if (from >= buckets) return;
    writer.restart(from, Math.min(buckets, from + GROUP));
    let at = layout.byteBase[from]!;
    for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) {
      writeAt(chunk, at);
      at += chunk.length;
    }
  }
}

/** A block's tally: per-bucket counts and per-line tallies, in memory both threads may share. */
interface Tallied extends TallyParts {
  block: number;
}

/**
 * One thread's end of the blocks: it tallies the blocks it claims, then places the blocks
 * it claims next (tallied by either thread), reading each block again.
 */
class Blocks {
  readonly tallied: Tallied[] = [];
  private buf = Buffer.allocUnsafe(0);

  constructor(
    private readonly fd: number,
    private readonly bounds: readonly number[],
    private readonly claims: Int32Array,
  ) {}

  tallyClaimed(splitters: Splitters, allocate?: (bytes: number) => ArrayBufferLike): void {
    for (;;) {
      const block = Atomics.add(this.claims, 0, 1);
      if (block + 1 >= this.bounds.length) return;
      const text = this.read(block);
      const tally = new LineTally(splitters, text.length >>> 5, allocate);
      tally.tally(text, 0, text.length);
      this.tallied.push({ block, ...tally.parts() });
    }
  }

  placeClaimed(layout: Layout, tallied: readonly Tallied[], cursors: readonly Cursor[]): void {
    for (;;) {
      const k = Atomics.add(this.claims, 2, 1);
      if (k >= tallied.length) break;
      const text = this.read(tallied[k]!.block);
      const tally = LineTally.fromParts(tallied[k]!);
      tally.place(layout, cursors[k]!, text, 0, text.length);
      tally.finish();
    }
    this.buf = Buffer.allocUnsafe(0);
  }

  /** Block i, whole lines (the last of the file may lack its \n). */
  private read(i: number): Buffer {
    const from = this.bounds[i]!;
    const length = this.bounds[i + 1]! - from;
    // Blocks run a little past BLOCK (to the end of a line): room for that, once.
    if (this.buf.length < length) this.buf = Buffer.allocUnsafe(Math.max(BLOCK + (BLOCK >> 3), length));
    let n = 0;
    while (n < length) {
      const got = readSync(this.fd, this.buf, n, length - n, from + n);
      if (got === 0) throw new Error('the input changed while it was being read');
      n += got;
    }
    return this.buf.subarray(0, length);
  }
}

function splittersOf(fd: number, size: number): Splitters {
  const sample = sampleText(size, (offset, length) => {
    const bytes = Buffer.allocUnsafe(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, offset));
  });
  return Splitters.fromSample(sample, size);
}

/**
 * Offsets that cut the file into blocks of whole lines, about BLOCK bytes each: 0, each
 * offset just after the first \n at or after a multiple of BLOCK, and `size`. A line longer
 * than a block makes a longer block.
 */
function blockBounds(fd: number, size: number): number[] {
  const bounds = [0];
  const buf = Buffer.allocUnsafe(4096);
  let at = BLOCK;
  while (at < size) {
    let nl = -1;
    for (let p = at - 1; p < size && nl < 0; ) {
      // From the byte before: a multiple of BLOCK just after a \n is a boundary itself.
      const n = readSync(fd, buf, 0, buf.length, p);
      if (n === 0) break;
      const i = buf.subarray(0, n).indexOf(10);
      if (i >= 0) nl = p + i;
      else p += n;
    }
    if (nl < 0 || nl + 1 >= size) break;
    bounds.push(nl + 1);
    at = nl + 1 + BLOCK;
  }
  bounds.push(size);
  return bounds;
}

type Request =
  | { op: 'tally'; fd: number; bounds: number[]; splitters: [Uint8Array, Uint32Array]; claims: Int32Array }
  | { op: 'place'; layout: Layout; tallied: Tallied[]; cursors: Cursor[] }
  | { op: 'sort'; layout: Layout; order: Uint32Array; from: number; to: number }
  | { op: 'write'; layout: Layout; fd: number; claims: Int32Array };

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

/** The worker's end: the blocks it tallied live between requests, for the main thread to place too. */
function serve(): void {
  let blocks: Blocks | undefined;
  parentPort!.on('message', (request: Request) => {
    try {
      let value: unknown;
      if (request.op === 'tally') {
        blocks = new Blocks(request.fd, request.bounds, request.claims);
        blocks.tallyClaimed(Splitters.fromParts(request.splitters), (n) => new SharedArrayBuffer(n));
        value = blocks.tallied;
      } else if (request.op === 'place') {
        blocks!.placeClaimed(request.layout, request.tallied, request.cursors);
      } else if (request.op === 'sort') {
        new SortedWriter(request.layout, request.order, request.from, request.to).sortAll();
      } else {
        writeClaimed(request.layout, request.claims, writerAt(request.fd));
      }
      parentPort!.postMessage({ ok: true, value });
    } catch (e) {
      parentPort!.postMessage({ ok: false, error: (e as Error).message, code: (e as NodeJS.ErrnoException).code });
    }
  });
}

if (inWorker) serve();
