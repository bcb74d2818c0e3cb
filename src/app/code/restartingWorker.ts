// A Monaco language worker that survives a failed start. A worker's script is fetched when
// Monaco first asks for the worker, which can be well after the page loaded: if the network is
// gone at that moment (the browser offline, the server restarting), the Worker fires an `error`
// Event before it has run any code. Monaco (0.54, WebWorkerClient) hands that Event to its
// onUnexpectedError, whose default handler throws it from a timer: an uncaught exception of the
// page, and the YAML checks, completion and hover of that worker never answer.
//
// This wrapper is what MonacoEnvironment.getWorker returns instead. It keeps every message
// Monaco posts until the worker first answers (a worker that answered has loaded). If the
// worker fails before that, it starts a new one (once the browser is online again, else after a
// short delay) and posts the kept messages to it, so Monaco sees one worker that started late.
// A worker that keeps failing to start (a broken bundle, a policy that forbids it) is given up
// after MAX_FAILED_STARTS, and that failure reaches Monaco as before. An error of a worker that
// has answered (its code threw) reaches Monaco at once.

/** Failed starts after which the failure is passed on to Monaco. */
export const MAX_FAILED_STARTS = 5;
/** The wait before a new start while the browser says it is online (ms; doubles each time). */
export const RESTART_DELAY_MS = 500;

/** The part of the browser's Worker that Monaco uses; the wrapper provides it. */
interface WorkerLike extends EventTarget {
  onmessage: ((this: Worker, ev: MessageEvent) => unknown) | null;
  onmessageerror: ((this: Worker, ev: MessageEvent) => unknown) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
}

/** Where the wrapper learns that the browser is online (the page's window; a test's own target). */
export interface NetworkSignal {
  online(): boolean;
  /** Calls `f` once the browser is online again; returns a function that cancels the wait. */
  whenOnline(f: () => void): () => void;
}

const browserNetwork: NetworkSignal = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  whenOnline(f) {
    window.addEventListener('online', f, { once: true });
    return () => window.removeEventListener('online', f);
  },
};

/** A copy of a worker's error event for our own listeners (the original is still being dispatched). */
function copyOf(e: Event): Event {
  if (typeof ErrorEvent !== 'undefined' && e instanceof ErrorEvent) {
    return new ErrorEvent('error', { message: e.message, filename: e.filename, lineno: e.lineno, colno: e.colno, error: e.error, cancelable: true });
  }
  return new Event('error', { cancelable: true });
}

export class RestartingWorker extends EventTarget implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  private worker: Worker;
  private answered = false;
  private stopped = false;
  private failedStarts = 0;
  /** What was posted before the worker first answered, to post again to a new one; null once it cannot be (a transfer). */
  private kept: [unknown, Transferable[] | undefined][] | null = [];
  private cancelRestart: (() => void) | null = null;

  constructor(
    private readonly make: () => Worker,
    private readonly network: NetworkSignal = browserNetwork,
  ) {
    super();
    this.worker = this.start();
  }

  private start(): Worker {
    const w = this.make();
    w.onmessage = (e: MessageEvent) => {
      if (w !== this.worker) return;
      this.answered = true;
      this.kept = null;
      this.onmessage?.call(this as unknown as Worker, e);
    };
    w.onmessageerror = (e: MessageEvent) => {
      if (w === this.worker) this.onmessageerror?.call(this as unknown as Worker, e);
    };
    w.addEventListener('error', (e) => {
      if (w === this.worker) this.failed(e);
    });
    return w;
  }

  private failed(e: Event): void {
    if (this.stopped) return;
    if (this.answered || this.kept === null || ++this.failedStarts >= MAX_FAILED_STARTS) {
      this.dispatchEvent(copyOf(e));
      return;
    }
    // It never ran: a start that failed. This one is done; a new one posts what was kept.
    e.preventDefault();
    this.worker.terminate();
    const failure = copyOf(e);
    const restart = () => {
      this.cancelRestart = null;
      if (this.stopped) return;
      // A message with a transfer came meanwhile: a new worker would miss it. Give up, as Monaco would.
      if (this.kept === null) return void this.dispatchEvent(failure);
      this.worker = this.start();
      for (const [message, transfer] of this.kept) this.worker.postMessage(message, transfer ?? []);
    };
    if (!this.network.online()) {
      this.cancelRestart = this.network.whenOnline(restart);
    } else {
      const timer = setTimeout(restart, RESTART_DELAY_MS * 2 ** (this.failedStarts - 1));
      this.cancelRestart = () => clearTimeout(timer);
    }
  }

  postMessage(message: unknown, transfer?: Transferable[]): void {
    if (this.stopped) return;
    if (this.kept && !this.answered) {
      // A transferred buffer is gone from here once posted: such a message cannot be posted again.
      if (transfer?.length) this.kept = null;
      else this.kept.push([message, transfer]);
    }
    // While a new start is pending, the message waits in `kept` for it (the old worker is gone).
    if (this.cancelRestart) return;
    this.worker.postMessage(message, transfer ?? []);
  }

  terminate(): void {
    this.stopped = true;
    this.cancelRestart?.();
    this.cancelRestart = null;
    this.kept = null;
    this.worker.terminate();
  }
}
