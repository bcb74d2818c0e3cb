// The simulation worker: runs one simulation in slices, posting progress at most every 50 ms
// and the result with its typed arrays transferred. Cancel is the client terminating this
// worker. Imports core code only (protocol.ts holds core types and one helper).
import { createSimulation } from '../../core/sim';
import { resultTransferables, type FromWorker, type ToWorker } from './protocol';

const PROGRESS_EVERY_MS = 50;

// The DOM lib types `self` as a Window; in a worker its postMessage takes a transfer list.
const scope = self as unknown as { postMessage(msg: FromWorker, transfer?: Transferable[]): void };
const post = (msg: FromWorker, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const { id, table, options, sliceTicks } = event.data;
  try {
    const sim = createSimulation(table, options);
    let last = -Infinity;
    while (!sim.done) {
      sim.step(sliceTicks);
      const t = performance.now();
      if (t - last >= PROGRESS_EVERY_MS) {
        last = t;
        const s = sim.snapshot();
        post({
          type: 'progress',
          id,
          progress: { progress: s.progress, simulatedSeconds: s.simulatedSeconds, writes: s.writes, throttled: s.throttled, tablets: s.tablets },
        });
      }
    }
    const result = sim.result();
    post({ type: 'done', id, result }, resultTransferables(result));
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: 'failed', id, name: err.name, message: err.message });
  }
};
