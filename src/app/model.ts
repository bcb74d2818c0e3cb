// The design model (zod's schema, js-yaml, the loader and validator) loads after the gallery's
// first paint, not with it (the first screen's 150 KB budget, bench/app.bench.mjs). `loadModel()` asks for
// it (once); `model()` is the loaded module, for the code that runs only once it is there:
// hydrating saved designs, editing, opening an example. main.tsx asks for it right after the
// first paint, and before routing to anything but the gallery.
type Model = typeof import('./model-impl');

let loaded: Model | null = null;
let loading: Promise<Model> | null = null;

export function loadModel(): Promise<Model> {
  loading ??= import('./model-impl').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = null; // a failed fetch (offline) is tried again on the next ask
      throw e;
    },
  );
  return loading;
}

/** The design model; throws when it is not loaded yet (nothing that needs it runs before it is). */
export function model(): Model {
  if (!loaded) throw new Error('the design model is not loaded yet');
  return loaded;
}

export const modelLoaded = (): boolean => loaded !== null;
