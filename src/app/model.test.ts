import { describe, expect, it, vi } from 'vitest';
import { untilLoaded } from './model';

describe('the design model behind its dynamic import', () => {
  it('untilLoaded tries again after each failure, pausing 1 s, doubling to 30 s, and resolves with what finally loads', async () => {
    let calls = 0;
    const failures: [string, number][] = [];
    const pauses: number[] = [];
    const value = await untilLoaded(
      async () => {
        if (++calls <= 6) throw new Error(`offline ${calls}`);
        return 'the model';
      },
      (e, attempt) => failures.push([(e as Error).message, attempt]),
      async (ms) => {
        pauses.push(ms);
      },
    );
    expect(value).toBe('the model');
    expect(calls).toBe(7);
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
    expect(failures).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`offline ${n}`, n]));
  });

  it('untilLoaded does not pause when the first try loads', async () => {
    const pauses: number[] = [];
    expect(
      await untilLoaded(
        async () => 42,
        undefined,
        async (ms) => void pauses.push(ms),
      ),
    ).toBe(42);
    expect(pauses).toEqual([]);
  });

  it('model() before the model has loaded is an ordering bug and says so; after loadModel() it is the model', async () => {
    vi.resetModules(); // the suite's setup loads the model; a fresh copy of model.ts has not
    const fresh = await import('./model');
    expect(fresh.modelLoaded()).toBe(false);
    expect(() => fresh.model()).toThrow(/before modelReady\(\) resolved/);
    const m = await fresh.modelReady();
    expect(fresh.model()).toBe(m);
    expect(typeof m.loadDesign).toBe('function');
  });
});
