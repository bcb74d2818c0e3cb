// The restarting worker's rules, on workers scripted in Node (which has no Web Worker): a start
// that fails is retried with what Monaco posted, once online or after a delay; a failure after
// an answer, a message that cannot be posted twice, or too many failed starts reach Monaco.
// The real thing, Chromium fetching the worker scripts offline, is e2e/code.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FAILED_STARTS, type NetworkSignal, RESTART_DELAY_MS, RestartingWorker } from './restartingWorker';

/** A worker whose script loads or not as the test says. */
class ScriptedWorker extends EventTarget {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onmessageerror: ((e: MessageEvent) => void) | null = null;
  received: unknown[] = [];
  terminated = false;
  postMessage(message: unknown): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Its script could not be fetched: an error Event before it ran. */
  failToLoad(): void {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }
  answer(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

function network(online: boolean) {
  const waiting: (() => void)[] = [];
  const signal: NetworkSignal = {
    online: () => online,
    whenOnline(f) {
      waiting.push(f);
      return () => waiting.splice(waiting.indexOf(f), 1);
    },
  };
  return {
    signal,
    waiting,
    goOnline() {
      online = true;
      for (const f of waiting.splice(0)) f();
    },
  };
}

function setup(online: boolean) {
  const made: ScriptedWorker[] = [];
  const net = network(online);
  const w = new RestartingWorker(() => {
    const s = new ScriptedWorker();
    made.push(s);
    return s as unknown as Worker;
  }, net.signal);
  // What Monaco's WebWorker does with the worker it is given.
  const answers: unknown[] = [];
  const errors: Event[] = [];
  w.onmessage = (e: MessageEvent) => void answers.push(e.data);
  w.addEventListener('error', (e) => errors.push(e));
  return { w, made, net, answers, errors, last: () => made[made.length - 1]! };
}

describe('RestartingWorker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a start that fails offline is retried once online, with every message posted so far, in order', () => {
    const { w, made, net, answers, errors, last } = setup(false);
    w.postMessage('-please-ignore-');
    w.postMessage({ req: 1, method: '$initialize' });
    made[0]!.failToLoad();
    expect(made[0]!.terminated).toBe(true);
    w.postMessage({ req: 2 });
    vi.advanceTimersByTime(60_000);
    expect(made).toHaveLength(1);
    net.goOnline();
    expect(made).toHaveLength(2);
    expect(last().received).toEqual(['-please-ignore-', { req: 1, method: '$initialize' }, { req: 2 }]);
    last().answer({ seq: 1, res: 'ok' });
    expect(answers).toEqual([{ seq: 1, res: 'ok' }]);
    // Answered: later messages go straight through and are no longer kept.
    w.postMessage({ req: 3 });
    expect(last().received.at(-1)).toEqual({ req: 3 });
    expect(errors).toEqual([]);
  });

  it('online but the fetch failed: retried after a delay that doubles, then the failure reaches Monaco', () => {
    const { w, made, errors, last } = setup(true);
    w.postMessage('init');
    for (let failed = 1; failed < MAX_FAILED_STARTS; failed++) {
      last().failToLoad();
      expect(errors).toEqual([]);
      vi.advanceTimersByTime(RESTART_DELAY_MS * 2 ** (failed - 1) - 1);
      expect(made).toHaveLength(failed);
      vi.advanceTimersByTime(1);
      expect(made).toHaveLength(failed + 1);
      expect(last().received).toEqual(['init']);
    }
    last().failToLoad();
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(made).toHaveLength(MAX_FAILED_STARTS);
    // Given up once: the failure reached Monaco once, and nothing is started or reported after.
    expect(errors).toHaveLength(1);
  });

  it('an error of a worker that has answered reaches Monaco at once, with no new start', () => {
    const { w, made, errors, last } = setup(true);
    w.postMessage('init');
    last().answer('ready');
    last().failToLoad();
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(made).toHaveLength(1);
  });

  it('a message with a transfer cannot be posted twice: the failure reaches Monaco', () => {
    const { w, made, errors, last } = setup(true);
    w.postMessage({ buffer: 'x' }, [new ArrayBuffer(8)]);
    last().failToLoad();
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(made).toHaveLength(1);
  });

  it('terminated while waiting for the network: no new worker, nothing posted', () => {
    const { w, made, net } = setup(false);
    w.postMessage('init');
    made[0]!.failToLoad();
    w.terminate();
    expect(net.waiting).toHaveLength(0);
    net.goOnline();
    w.postMessage('late');
    expect(made).toHaveLength(1);
    expect(made[0]!.received).toEqual(['init']);
  });
});
