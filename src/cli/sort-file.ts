// `btstudio sort` on a regular file: sample the file for splitters, then read it once, block
// by block, grouping each block's lines by bucket into its place in one buffer the size of
// the file, and sort-and-write it bucket group by bucket group. Files of 32 MiB and more
// (on a machine with a core to spare) take a worker thread too: sort-worker.ts, this module
// and the sorting code, none of the CLI's. The two take blocks and groups from shared
// counters as they go, so the worker, which starts later, takes less and neither waits for
// the other. The file is held once, as its grouped copy; blocks are read into a small
// buffer. Smaller files, a busy machine, and any setting without the built worker script
// (tests run the TypeScript source) use one thread.
import { fstatSync, readFileSync, readSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BlockGrouper, layoutOf, SortedWriter, type Grouped, type Layout, type Totals } from '../core/sort/buckets';
import { sampleText, Splitters } from '../core/sort/splitters';

const BLOCK = 1 << 20;
/**
 * Each thread's one buffer: a block read from the file, then sorted output on its way to
 * it (the two never at once). Blocks run a little past BLOCK, to the end of a line.
 */
const SCRATCH = BLOCK + (BLOCK >> 3);
let scratch: Uint8Array | undefined;
// A plain Uint8Array, not a Buffer: the sorted output is copied into it by the same code that
// copies into the grouped text, which V8 then optimizes for one kind of array (see plainBytes).
const threadScratch = (): Uint8Array => (scratch ??= new Uint8Array(SCRATCH));
/** Buckets a thread sorts and writes per claim: ~0.5 MB of output. */
const GROUP = 8;
/**
 * Below this a second thread is not used: it costs ~20 MB however small the input (a
 * worker's own V8 heap and Node environment, on Node 24), a large share of the sort's
 * memory on a small input, for little time saved. From here on the peak stays under 3x
 * the input with it (on 1M keys, 44 MB: 2.86x with it, 2.40x without) and it saves
 * 15-40% of the time (44 MB: 0.50 s against 0.59 s; 110 MB: 0.78 s against 0.99 s).
 */
const PARALLEL_MIN_BYTES = 32 << 20;
const WORKER_KIND = 'btstudio-sort-worker';
/** The worker's script: an entry of the CLI's bundle, next to the chunk this module is in. */
const WORKER_SCRIPT = new URL('./sort-worker.mjs', import.meta.url);

/** Where sorted text goes: written in order, or (a file) also at offsets by the worker. */
export interface Output {
  write(chunk: Uint8Array): Promise<void> | void;
  /** An output file's descriptor; the threads write their groups of buckets into it at offsets. */
  readonly fd?: number;
  /** Writes at an offset of the output file (this thread's groups), reporting errors as write does. */
  writeAt?(chunk: Uint8Array, position: number): void;
  /** The whole output's length, announced before the threads write it at offsets: a file ends there. */
  setLength?(length: number): void;
}

export const inWorker = !isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND;

/** BTSTUDIO_SORT_THREADS=1 or 2 overrides the choice (for measuring either way). */
export function canUseThreads(size: number): boolean {
  // The worker's script is built with the CLI; source files (.ts, under a test runner) have none.
  if (inWorker || !/\.mjs$/.test(import.meta.url) || availableParallelism() < 2) return false;
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
    // [0]: the next block to group; [1]: the next group of buckets to write.
    const claims = new Int32Array(new SharedArrayBuffer(8));
    const shared = helper !== undefined && bounds.length > 2;
    // One byte more than the file: a last line without its \n gets one.
    const data = new Uint8Array(shared ? new SharedArrayBuffer(size + 1) : new ArrayBuffer(size + 1));
    const theirs = shared ? helper.call({ op: 'group', fd, bounds, splitters: splitters.parts(), claims, data }) : undefined;
    const mine = new Blocks(fd, bounds, claims, data).groupClaimed(splitters);
    const other = (await theirs) as Grouping | undefined;
    const grouped = [...mine.grouped, ...(other?.grouped ?? [])].sort((a, b) => a.block - b.block);
    const layout = layoutOf(data, grouped, splitters, other ? [mine.totals, other.totals] : [mine.totals]);
    if (helper && shared) await sortAndWrite(layout, out, helper, claims);
    else await writeRange(new SortedWriter(layout, null, 0, splitters.buckets, false, threadScratch()), out);
  } finally {
    await helper?.stop();
  }
}

/**
 * A file written at offsets: both threads take groups of buckets in turn and write each at
 * its place. Anything else is written in order: the worker sorts the upper half of the
 * buckets into an order array while this thread writes the lower half.
 */
async function sortAndWrite(layout: Layout, out: Output, helper: Helper, claims: Int32Array): Promise<void> {
  const fd = out.fd;
  if (fd !== undefined && fstatSync(fd).isFile()) {
    out.setLength?.(layout.byteBase[layout.buckets]!);
    const theirs = helper.call({ op: 'write', layout, fd, claims });
    writeClaimed(layout, claims, out.writeAt?.bind(out) ?? writerAt(fd));
    await theirs;
    return;
  }
  const { buckets, lineBase } = layout;
  const count = lineBase[buckets]!;
  let middle = 0;
  while (middle < buckets && lineBase[middle + 1]! <= count / 2) middle++;
  const order = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, count - lineBase[middle]!)));
  const theirs = helper.call({ op: 'sort', layout, order, from: middle, to: buckets });
  await writeRange(new SortedWriter(layout, null, 0, middle, false, threadScratch()), out);
  await theirs;
  await writeRange(new SortedWriter(layout, order, middle, buckets, true, threadScratch()), out);
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
  const { buckets } = layout;
  const writer = new SortedWriter(layout, null, 0, buckets, false, threadScratch());
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

/** A block's lines grouped by bucket, and which block it is. */
interface Block extends Grouped {
  block: number;
}

/** What a thread grouped: its blocks, and its grouper's totals. */
interface Grouping {
  grouped: Block[];
  totals: Totals;
}

/** One thread's end of the blocks: it reads and groups the blocks it claims. */
class Blocks {
  constructor(
    private readonly fd: number,
    private readonly bounds: readonly number[],
    private readonly claims: Int32Array,
    private readonly data: Uint8Array,
  ) {}

  /** Groups blocks until none is left unclaimed; returns them and the grouper's totals. */
  groupClaimed(splitters: Splitters): Grouping {
    const shared = this.data.buffer instanceof SharedArrayBuffer;
    const grouper = new BlockGrouper(splitters, shared ? (n) => new SharedArrayBuffer(n) : undefined);
    const grouped: Block[] = [];
    const last = this.bounds.length - 2;
    for (;;) {
      const block = Atomics.add(this.claims, 0, 1);
      if (block > last) break;
      const text = this.read(block);
      // A block ends after a \n (blockBounds found it); only the file's last may not.
      if (block < last && text[text.length - 1] !== 10) throw changed();
      grouped.push({ block, ...grouper.group(text, 0, text.length, this.data, this.bounds[block]!) });
    }
    return { grouped, totals: grouper.totals };
  }

  /** Block i, whole lines (the last of the file may lack its \n), as a Buffer: its indexOf finds the lines. */
  private read(i: number): Buffer {
    const from = this.bounds[i]!;
    const length = this.bounds[i + 1]! - from;
    // A block with a line longer than the scratch buffer gets a buffer of its own.
    const buf = length <= SCRATCH ? threadScratch() : new Uint8Array(length);
    let n = 0;
    while (n < length) {
      const got = readSync(this.fd, buf, n, length - n, from + n);
      if (got === 0) throw changed();
      n += got;
    }
    return Buffer.from(buf.buffer, buf.byteOffset, length);
  }
}

function changed(): Error {
  return new Error('the input changed while it was being read');
}

/** Node's own Latin-1 decoding: a byte becomes the UTF-16 unit of the same value. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function splittersOf(fd: number, size: number): Splitters {
  const sample = sampleText(size, (offset, length) => {
    const bytes = Buffer.allocUnsafe(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, offset));
  });
  return Splitters.fromSample(sample, size, latin1);
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
  | { op: 'group'; fd: number; bounds: number[]; splitters: [Uint8Array, Uint32Array]; claims: Int32Array; data: Uint8Array }
  | { op: 'sort'; layout: Layout; order: Uint32Array; from: number; to: number }
  | { op: 'write'; layout: Layout; fd: number; claims: Int32Array };

/** The main thread's end: one request at a time, answered by a reply or an error. */
class Helper {
  private readonly worker: Worker;
  private failed: Error | undefined;

  constructor() {
    // The worker compiles its hot code on its own thread, when it needs it, not on a compiler
    // thread beside it (V8's --no-concurrent-recompilation). The two sorting threads have both
    // cores of our machines: a compiler thread only takes turns with them, while the code it
    // compiles for runs unoptimized. Measured on 1M keys, two threads, paired: 1.02x GNU
    // sort's time with it on Node 20, 1.09-1.13x without; 0.83x and 0.88-0.90x on Node 24
    // (docs/cli.md). V8 reads the flag when an isolate starts: it holds for the worker started
    // next, not for the main thread, whose isolate is running already (Node has no way to set
    // it there but the command line, which bin/btstudio.mjs run as a program gives it). This
    // process starts no other isolate.
    setFlagsFromString('--no-concurrent-recompilation');
    // Its young generation kept small: it allocates little that is short-lived, and a default
    // young generation measured ~2 MB more at the sort's peak, at no gain in speed.
    this.worker = new Worker(WORKER_SCRIPT, { workerData: { kind: WORKER_KIND }, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
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

/** The worker's end (sort-worker.ts): one request at a time, each answered by a reply or an error. */
export function serve(): void {
  if (!inWorker) return;
  parentPort!.on('message', (request: Request) => {
    try {
      let value: unknown;
      if (request.op === 'group') {
        value = new Blocks(request.fd, request.bounds, request.claims, request.data).groupClaimed(Splitters.fromParts(request.splitters));
      } else if (request.op === 'sort') {
        new SortedWriter(request.layout, request.order, request.from, request.to, false, new Uint8Array(0)).sortAll();
      } else {
        writeClaimed(request.layout, request.claims, writerAt(request.fd));
      }
      parentPort!.postMessage({ ok: true, value });
    } catch (e) {
      parentPort!.postMessage({ ok: false, error: (e as Error).message, code: (e as NodeJS.ErrnoException).code });
    }
  });
}
