// The design model (zod's schema, js-yaml, the loader and validator) loads after the gallery's
// first paint, not with it (the first screen's 150 KB budget, bench/app.bench.mjs): a static
// import would put about 85 KB (gzipped) more on the first screen.
//
// `modelReady()` is the one door: it resolves once the model is there, however many fetches that
// takes. Saved designs are hydrated, and routing starts, only after it (persist/index.ts,
// main.tsx), and every design in the store comes from one of those, so the code that reads the
// model synchronously (`model()`: hydrating, editing, opening an example) runs only once it is
// there. main.tsx asks for it right after the first paint, and at once for any address but the
// gallery's.
type Model = typeof import('./model-impl');

let loaded: Model | null = null;
let loading: Promise<Model> | null = null;

/** One fetch of the model (shared by concurrent callers); a failed fetch is made again on the next call. */
export function loadModel(): Promise<Model> {
  loading ??= import('./model-impl').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Waits before the next try: `ms`, or less when the browser says it is back online. */
export type Pause = (ms: number) => Promise<void>;

const pause: Pause = (ms) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
  });

/**
 * Calls `load` until it resolves, and resolves with its value: after a failure (offline, a
 * chunk a deploy replaced) it tells `onFailure` and tries again after a pause that doubles from
 * 1 s to 30 s. It never rejects.
 */
export async function untilLoaded<T>(load: () => Promise<T>, onFailure: (e: unknown, attempt: number) => void = () => {}, wait: Pause = pause): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (e) {
      onFailure(e, attempt);
      await wait(Math.min(30_000, 1000 * 2 ** (attempt - 1)));
    }
  }
}

/** Resolves with the design model once it has loaded; never rejects (see untilLoaded). */
export const modelReady = (onFailure?: (e: unknown, attempt: number) => void): Promise<Model> => untilLoaded(loadModel, onFailure);

/**
 * The design model, for code that runs only after `modelReady()` resolved (see the top of this
 * file). Reaching it earlier is a bug in that ordering, so it throws rather than wait.
 */
export function model(): Model {
  if (!loaded) throw new Error('the design model is used before modelReady() resolved');
  return loaded;
}

export const modelLoaded = (): boolean => loaded !== null;
