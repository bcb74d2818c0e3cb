import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import type { Table } from '../../core/model/schema';
import { simulate } from '../../core/sim';
import type { FromWorker, ToWorker } from './protocol';
import { isCancelled, runSimulation, type SimProgress } from './runner';

const YAML = `
format: bigtable-studio/v1
name: Events by time
cluster: {nodes: 3}
tables:
  - name: events
    rowKey:
      template: "{ts}#{user}"
      fields:
        ts: {type: timestamp, unit: ms}
        user: {type: int, min: 1, max: 1000000, pad: 7}
    families:
      - name: e
        columns: [{qualifier: v, valueBytes: 100}]
    load: {writesPerSecond: 5000}
`;

function table(): Table {
  const r = loadDesign(YAML, 'events.yaml');
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design.tables[0]!;
}

const OPTIONS = { nodes: 3, seconds: 120, seed: 7, samples: 3000 };

/** A stand-in Worker: `script` answers each posted message through `emit`. */
class FakeWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  posted: ToWorker[] = [];
  constructor(private readonly script: (msg: ToWorker, w: FakeWorker) => void) {}
  postMessage(msg: ToWorker) {
    this.posted.push(msg);
    queueMicrotask(() => this.script(msg, this));
  }
  emit(msg: FromWorker) {
    if (!this.terminated) this.onmessage?.({ data: msg } as MessageEvent<FromWorker>);
  }
  fail(message: string) {
    if (!this.terminated) this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
  terminate() {
    this.terminated = true;
  }
}
const asWorker = (w: FakeWorker) => () => w as unknown as Worker;

describe('runSimulation', () => {
  it('runs on the main thread when there is no worker, with progress, and gives the same result as the core', async () => {
    const seen: SimProgress[] = [];
    const run = runSimulation(table(), OPTIONS, (p) => seen.push(p), { createWorker: null, sliceMs: 2 });
    expect(run.mode).toBe('main');
    const result = await run.promise;
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.map((p) => p.progress)).toEqual([...seen.map((p) => p.progress)].sort((a, b) => a - b));
    const direct = simulate(table(), OPTIONS);
    expect(result.hotspotScore).toBe(direct.hotspotScore);
    expect(result.pattern).toBe(direct.pattern);
    expect(result.pattern).toBe('sequential');
    expect(Array.from(result.heatmap.values)).toEqual(Array.from(direct.heatmap.values));
  });

  it('cancels a main-thread run between slices', async () => {
    let progressed = 0;
    const run = runSimulation(table(), OPTIONS, () => progressed++, { createWorker: null, sliceMs: 1 });
    setTimeout(() => run.cancel(), 5);
    const err = await run.promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isCancelled(err)).toBe(true);
    const after = progressed;
    await new Promise((r) => setTimeout(r, 30));
    expect(progressed).toBe(after);
  });

  it('falls back to the main thread when the worker fails to load', async () => {
    const w = new FakeWorker((_msg, self) => self.fail('Failed to load module script'));
    const run = runSimulation(table(), OPTIONS, undefined, { createWorker: asWorker(w), sliceMs: 5 });
    const result = await run.promise;
    expect(run.mode).toBe('main');
    expect(w.terminated).toBe(true);
    expect(result.complete).toBe(true);
  });

  it('falls back to the main thread when the worker cannot be created', async () => {
    const run = runSimulation(table(), OPTIONS, undefined, {
      createWorker: () => {
        throw new Error('blocked by CSP');
      },
    });
    await expect(run.promise).resolves.toMatchObject({ complete: true });
    expect(run.mode).toBe('main');
  });

  it('passes worker progress on, resolves with its result and ignores messages of other runs', async () => {
    const expected = simulate(table(), OPTIONS);
    const w = new FakeWorker((msg, self) => {
      self.emit({ type: 'progress', id: msg.id + 1000, progress: { progress: 0.9, simulatedSeconds: 1, writes: 1, throttled: 0, tablets: 1 } });
      self.emit({ type: 'progress', id: msg.id, progress: { progress: 0.5, simulatedSeconds: 60, writes: 10, throttled: 0, tablets: 2 } });
      self.emit({ type: 'done', id: msg.id, result: expected });
    });
    const seen: number[] = [];
    const run = runSimulation(table(), OPTIONS, (p) => seen.push(p.progress), { createWorker: asWorker(w) });
    await expect(run.promise).resolves.toBe(expected);
    expect(seen).toEqual([0.5]);
    expect(w.posted[0]).toMatchObject({ type: 'run', request: { options: OPTIONS } });
    expect(w.terminated).toBe(true);
  });

  it('rejects with the error the worker reports (an invalid key template)', async () => {
    const w = new FakeWorker((msg, self) => self.emit({ type: 'failed', id: msg.id, name: 'TemplateError', message: 'unknown field {x}' }));
    const run = runSimulation(table(), OPTIONS, undefined, { createWorker: asWorker(w) });
    await expect(run.promise).rejects.toMatchObject({ name: 'TemplateError', message: 'unknown field {x}' });
  });

  it('terminates the worker on cancel and rejects with an AbortError', async () => {
    const w = new FakeWorker(() => {});
    const run = runSimulation(table(), OPTIONS, undefined, { createWorker: asWorker(w) });
    run.cancel();
    const err = await run.promise.catch((e: unknown) => e);
    expect(isCancelled(err)).toBe(true);
    expect(w.terminated).toBe(true);
  });
});
