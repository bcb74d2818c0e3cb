// A lazily loaded component that can be loaded ahead (a prefetch when the pointer nears its tab)
// and, once loaded, renders at once. React.lazy suspends on its first render even when its
// module is already here, and React then holds the content back behind the fallback for its
// fallback throttle (300 ms): a prefetched view would still wait.
import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module (once; again after a failure). */
  load(): Promise<unknown>;
}

export function preloadable<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () =>
    (pending ??= factory().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        pending = null; // offline or a failed chunk: the next render tries again
        throw e;
      },
    ));
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view at module level, as React.lazy is
  function Preloaded(props: P) {
    // Chosen once per mount, so a component that mounted through the lazy one is not remounted.
    const [C] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <C {...props} />;
  }
  return { Component: Preloaded, load };
}
