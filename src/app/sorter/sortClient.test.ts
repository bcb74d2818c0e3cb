import { describe, expect, it } from 'vitest';
import type { RowKey } from '../../core/model/schema';
import type { FromWorker, ToWorker } from '../jobs/protocol';
import { runJob, type AnyResult, type JobRequest, type Prepared, type Progress } from './jobs';
import { sortedKeyAt } from './keyset';
import { createSortClient, isCancelled, type WorkerFactory } from './sortClient';

const rowKey: RowKey = {
  template: '{user}#{n}',
  fields: { user: { type: 'string', length: 3, cardinality: 50 }, n: { type: 'int', max: 100000 } },
};

const sortedText = (p: Prepared) => Array.from({ length: p.keys.count }, (_, k) => Buffer.from(sortedKeyAt(p.keys, k)));

function expectByteOrder(keys: Buffer[]) {
  for (let i = 1; i < keys.length; i++) expect(Buffer.compare(keys[i - 1]!, keys[i]!)).toBeLessThanOrEqual(0);
}

/** A stand-in for the bundled worker: the same protocol, run in-process on the next tick. */
class FakeWorker {
  onmessage: ((e: MessageEvent<FromWorker<AnyResult, Progress>>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(msg: ToWorker<JobRequest>) {
    setTimeout(() => {
      if (this.terminated) return;
      const job = runJob(msg.request);
      for (;;) {
        const step = job.next();
        if (this.terminated) return;
        const out: FromWorker<AnyResult, Progress> = step.done
          ? { type: 'done', id: msg.id, result: step.value }
          : { type: 'progress', id: msg.id, progress: step.value };
        this.onmessage?.({ data: out } as MessageEvent<FromWorker<AnyResult, Progress>>);
        if (step.done) return;
      }
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('the sort client', () => {
  it('runs on the main thread where there is no Worker (Node), in byte order', async () => {
    // Slices of 0 ms: progress after every step, however fast the machine (20,000 keys fit in
    // one 16 ms slice on Node 24, which then reported no progress at all).
    const client = createSortClient(undefined, 0);
    expect(client.mode).toBe('main');
    const seen: Progress[] = [];
    const r = await client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 20_000, seed: 3 } }, { onProgress: (p) => seen.push(p) });
    expect(r.keys.count).toBe(20_000);
    expectByteOrder(sortedText(r));
    expect(r.timings.sort).toBeGreaterThanOrEqual(0);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('analyses the sorted keys after they are shown: flags of unpadded numbers and the checksum of the order', async () => {
    const client = createSortClient(null);
    const r = await client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 5000, seed: 3 } });
    const a = await client.run({ kind: 'analyze', keys: r.keys, rowKey });
    expect(a.flags.flags).toHaveLength(5000);
    expect(a.flags.count).toBe(a.flags.flags.reduce((s, f) => s + f, 0));
    expect(a.flags.count).toBeGreaterThan(0); // {n} is unpadded: 10 sorts before 9
    // FNV-1a 32 over each key's 4-byte big-endian length and bytes, in byte order, recomputed here.
    let h = 0x811c9dc5;
    for (const k of sortedText(r)) {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(k.length);
      for (const b of [...len, ...k]) h = Math.imul(h ^ b, 0x01000193);
    }
    expect(a.checksum).toBe(h >>> 0);
  });

  it('sorts pasted keys as bytes, not as JavaScript strings', async () => {
    const client = createSortClient(null);
    const r = await client.run({ kind: 'prepare', source: { from: 'paste', text: 'é\nz\n\\xff\n\\x00a\nZ\n' } });
    expect(sortedText(r).map((b) => b.toString('hex'))).toEqual(['0061', '5a', '7a', 'c3a9', 'ff']);
  });

  it('rejects a cancelled job with an AbortError and runs the next one', async () => {
    const client = createSortClient(null);
    const first = client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 200_000, seed: 1 } });
    client.cancel();
    await expect(first).rejects.toSatisfy(isCancelled);
    const second = await client.run({ kind: 'prepare', source: { from: 'paste', text: 'b\na\n' } });
    expect(second.keys.count).toBe(2);
  });

  it('lets the latest run win and honours an abort signal', async () => {
    const client = createSortClient(null);
    const old = client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 100_000, seed: 1 } });
    const latest = client.run({ kind: 'prepare', source: { from: 'paste', text: 'x\n' } });
    await expect(old).rejects.toSatisfy(isCancelled);
    expect((await latest).keys.count).toBe(1);
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(client.run({ kind: 'prepare', source: { from: 'paste', text: 'x\n' } }, { signal: ctrl.signal })).rejects.toSatisfy(isCancelled);
  });

  it('speaks the worker protocol: progress, result, terminate on cancel', async () => {
    const made: FakeWorker[] = [];
    const factory = (() => {
      const w = new FakeWorker();
      made.push(w);
      return w as unknown as Worker;
    }) satisfies WorkerFactory;
    const client = createSortClient(factory);
    expect(client.mode).toBe('worker');
    const seen: Progress[] = [];
    const r = await client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 50_000, seed: 2 } }, { onProgress: (p) => seen.push(p) });
    expectByteOrder(sortedText(r));
    expect(seen.some((p) => p.stage === 'generate')).toBe(true);
    expect(seen.some((p) => p.stage === 'sort')).toBe(true);
    const slow = client.run({ kind: 'prepare', source: { from: 'generate', rowKey, count: 50_000, seed: 2 } });
    client.cancel();
    await expect(slow).rejects.toSatisfy(isCancelled);
    expect(made[0]!.terminated).toBe(true);
    await client.run({ kind: 'prepare', source: { from: 'paste', text: 'a\n' } });
    expect(made).toHaveLength(2);
  });

  it('falls back to the main thread when the worker cannot start', async () => {
    const client = createSortClient(() => {
      const w = new FakeWorker();
      w.postMessage = () => setTimeout(() => w.onerror?.({ message: 'blocked', preventDefault() {} } as ErrorEvent), 0);
      return w as unknown as Worker;
    });
    const r = await client.run({ kind: 'prepare', source: { from: 'paste', text: 'b\na\n' } });
    expect(sortedText(r).map(String)).toEqual(['a', 'b']);
    expect(client.mode).toBe('main');
  });

  it('reports a job failure (a bad escape) as an error, not a hang', async () => {
    const client = createSortClient(null);
    await expect(client.run({ kind: 'prepare', source: { from: 'paste', text: 'a\n\\x4\n' } })).rejects.toThrow(/line 2/);
  });
});
