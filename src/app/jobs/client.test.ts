import { describe, expect, it } from 'vitest';
import { createJobClient, isCancelled, runOnMainThread, type WorkerFactory } from './client';
import { serveJobs, type JobScope } from './host';
import { buffersOf, type JobSpec } from './protocol';

/** A toy job: sums 0..n-1 one step at a time, failing at `failAt`; its result carries a buffer. */
interface Req {
  n: number;
  failAt?: number;
  /** Busy-wait per step (ms), so slices and throttling have time to matter. */
  stepMs?: number;
}
interface Res {
  sum: number;
  steps: Uint32Array;
}
interface Prog {
  done: number;
  stage: string;
}

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

const spec: JobSpec<Req, Res, Prog, number> = {
  *start({ n, failAt, stepMs = 0 }) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      if (i === failAt) throw new RangeError(`step ${i} failed`);
      busy(stepMs);
      sum += i;
      yield i;
    }
    return { sum, steps: Uint32Array.from({ length: n }, (_, i) => i) };
  },
  progressOf: (i) => ({ done: i + 1, stage: i === 0 ? 'first' : 'more' }),
  urgent: (i) => i === 0,
  transferables: (r) => buffersOf([r.steps, r.steps]),
};

/** A stand-in Worker that runs the real host (serveJobs) in-process, a macrotask later, and records transfers. */
class HostWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  transfers: Transferable[][] = [];
  private readonly scope: JobScope;
  constructor() {
    this.scope = {
      onmessage: null,
      postMessage: (msg, transfer) => {
        this.transfers.push(transfer);
        if (!this.terminated) this.onmessage?.({ data: msg } as MessageEvent);
      },
    };
    serveJobs(spec, this.scope);
  }
  postMessage(msg: unknown) {
    setTimeout(() => !this.terminated && this.scope.onmessage?.({ data: msg } as MessageEvent), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

function factoryOf(made: HostWorker[]): WorkerFactory {
  return () => {
    const w = new HostWorker();
    made.push(w);
    return w as unknown as Worker;
  };
}

describe('the job host and client, through a worker', () => {
  it('resolves with the result, transfers its buffer once, and reports urgent progress at once and the rest throttled', async () => {
    const made: HostWorker[] = [];
    const client = createJobClient(spec, { worker: factoryOf(made) });
    expect(client.mode).toBe('worker');
    const seen: Prog[] = [];
    const r = await client.run({ n: 2000 }, { onProgress: (p) => seen.push(p) });
    expect(r.sum).toBe((2000 * 1999) / 2);
    expect(seen[0]).toEqual({ done: 1, stage: 'first' });
    // 2,000 quick steps take well under a second: a handful of throttled reports, not 2,000.
    expect(seen.length).toBeLessThan(50);
    const last = made[0]!.transfers.at(-1)!;
    expect(last).toHaveLength(1);
    expect(last[0]).toBe(r.steps.buffer);
  });

  it('rejects with the error the job throws, under its own name', async () => {
    const client = createJobClient(spec, { worker: factoryOf([]) });
    await expect(client.run({ n: 10, failAt: 3 })).rejects.toMatchObject({ name: 'RangeError', message: 'step 3 failed' });
    expect(client.mode).toBe('worker');
  });

  it('terminates the worker on cancel, rejects with an AbortError, and starts a fresh worker for the next run', async () => {
    const made: HostWorker[] = [];
    const client = createJobClient(spec, { worker: factoryOf(made), jobName: 'The count' });
    const first = client.run({ n: 10 });
    client.cancel();
    const err = await first.catch((e: unknown) => e);
    expect(isCancelled(err)).toBe(true);
    expect((err as Error).message).toBe('The count was cancelled');
    expect(made[0]!.terminated).toBe(true);
    expect((await client.run({ n: 4 })).sum).toBe(6);
    expect(made).toHaveLength(2);
    // A new run cancels the one before it; an aborted signal cancels too.
    const old = client.run({ n: 10 });
    const latest = client.run({ n: 3 });
    await expect(old).rejects.toSatisfy(isCancelled);
    expect((await latest).sum).toBe(3);
    const ctrl = new AbortController();
    const aborted = client.run({ n: 10 }, { signal: ctrl.signal });
    ctrl.abort();
    await expect(aborted).rejects.toSatisfy(isCancelled);
  });

  it('falls back to the main thread when the worker fails before it says anything, or cannot be made', async () => {
    const failing = createJobClient(spec, {
      worker: () => {
        const w = new HostWorker();
        w.postMessage = () => setTimeout(() => w.onerror?.({ message: 'blocked by CSP', preventDefault() {} } as ErrorEvent), 0);
        return w as unknown as Worker;
      },
    });
    expect((await failing.run({ n: 5 })).sum).toBe(10);
    expect(failing.mode).toBe('main');
    const unmade = createJobClient(spec, {
      worker: () => {
        throw new Error('no workers here');
      },
    });
    expect((await unmade.run({ n: 5 })).sum).toBe(10);
    expect(unmade.mode).toBe('main');
  });

  it('rejects, without falling back, when the worker fails after it has answered', async () => {
    const client = createJobClient(spec, {
      worker: () => {
        const w = new HostWorker();
        // It reports progress, then dies.
        w.postMessage = (msg) =>
          setTimeout(() => {
            const { id } = msg as { id: number };
            w.onmessage?.({ data: { type: 'progress', id, progress: { done: 1, stage: 'first' } } } as MessageEvent);
            w.onerror?.({ message: '', preventDefault() {} } as ErrorEvent);
          }, 0);
        return w as unknown as Worker;
      },
      workerName: 'the counting worker',
    });
    await expect(client.run({ n: 5 })).rejects.toThrow('the counting worker failed');
    expect(client.mode).toBe('worker');
  });
});

describe('the main-thread fallback', () => {
  it('runs in slices, letting the page run between them, and reports progress per slice', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const seen: Prog[] = [];
    const r = await runOnMainThread(spec, { n: 60, stepMs: 1 }, { onProgress: (p) => seen.push(p) }, () => false, 5);
    clearInterval(timer);
    expect(r.sum).toBe((60 * 59) / 2);
    // 60 ms of work in slices of 5 ms: the page got to run several times, and progress grew.
    expect(ticks).toBeGreaterThan(3);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  });

  it('stops between slices when cancelled, and never reports after', async () => {
    let stop = false;
    let reports = 0;
    const run = runOnMainThread(spec, { n: 10_000, stepMs: 1 }, { onProgress: () => reports++ }, () => stop, 2);
    setTimeout(() => (stop = true), 10);
    await expect(run).rejects.toSatisfy(isCancelled);
    const after = reports;
    await new Promise((r) => setTimeout(r, 20));
    expect(reports).toBe(after);
  });

  it('a client without a worker runs there and honours cancel', async () => {
    const client = createJobClient(spec, { worker: null, sliceMs: 2 });
    expect(client.mode).toBe('main');
    const run = client.run({ n: 10_000, stepMs: 1 });
    setTimeout(() => client.cancel(), 10);
    await expect(run).rejects.toSatisfy(isCancelled);
    expect((await client.run({ n: 3 })).sum).toBe(3);
  });
});
