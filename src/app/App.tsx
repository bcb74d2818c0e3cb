// The frame every view lives in: header (commands, save status), banners, sidebar (designs and
// their tables), the view for the current route, and the command palette.
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { COMMANDS } from './commands/app-commands';
import { Palette } from './commands/Palette';
import { Banners } from './components/Banners';
import { TestThrow } from './components/Boundary';
import { Sidebar } from './components/Sidebar';
import { Toolbar } from './components/Toolbar';
import { selectOpenDoc, useStudio, type View } from './store';
import { Gallery } from './views/Gallery';
import { NotFound } from './views/NotFound';

export const PRODUCT_NAME = 'Bigtable Schema Studio';

// The design view (forms, findings, the validator's rules) loads on first use, so the gallery
// paints with less JavaScript (bench/app.bench.mjs holds the first screen to its budget); once the first view is up, it is
// fetched in idle time, so opening a design does not wait for the network.
const loadDesignView = () => import('./views/DesignView');
const DesignView = lazy(() => loadDesignView().then((m) => ({ default: m.DesignView })));
let prefetched = false;
function prefetchDesignView(): void {
  if (prefetched) return;
  prefetched = true;
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  const go = () => void loadDesignView().catch(() => undefined); // a failed fetch shows when the view is opened
  // After the first view has painted (a frame), when the page is idle.
  requestAnimationFrame(() => (idle ? idle(go, { timeout: 2000 }) : setTimeout(go, 200)));
}

function MainView({ view }: { view: View }) {
  switch (view) {
    case 'loading':
      return (
        <p className="notice" data-testid="loading">
          Opening your designs…
        </p>
      );
    case 'gallery':
      return <Gallery />;
    case 'design':
      return (
        <Suspense
          fallback={
            <p className="notice" data-testid="loading">
              Opening the design…
            </p>
          }
        >
          <DesignView />
        </Suspense>
      );
    case 'notFound':
      return <NotFound />;
    default: {
      const never: never = view;
      throw new Error(`unknown view ${String(never)}`);
    }
  }
}

function useDocumentTitle() {
  const view = useStudio((s) => s.view);
  const name = useStudio((s) => selectOpenDoc(s)?.design.name ?? null);
  const table = useStudio((s) => s.selectedTable);
  useEffect(() => {
    const parts = view === 'design' && name ? [table, name, PRODUCT_NAME] : [PRODUCT_NAME];
    document.title = parts.filter(Boolean).join(' · ');
  }, [view, name, table]);
}

/**
 * A new view (another design, the gallery) starts at its top, not at the scroll the previous
 * view left. Moving between the tables or tabs of one design keeps the place.
 */
function useScrollTopOnOpen() {
  const view = useStudio((s) => s.view);
  const id = useStudio((s) => s.openDesignId);
  // What is shown, as one value: a change of either is a new view; loading is none.
  const shown = view === 'loading' ? null : `${view}\u0000${id ?? ''}`;
  useLayoutEffect(() => {
    if (shown !== null) window.scrollTo(0, 0);
  }, [shown]);
}

export function App() {
  const view = useStudio((s) => s.view);
  useDocumentTitle();
  useScrollTopOnOpen();
  useEffect(() => {
    if (view !== 'loading') prefetchDesignView();
  }, [view]);
  return (
    <div className="app">
      {import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1' && <TestThrow name="The studio" />}
      <a className="skip-link" href="#main">
        Skip to the content
      </a>
      <header className="app-header">
        <a className="brand" href="#/">
          {PRODUCT_NAME}
        </a>
        <span className="tagline">Design Bigtable tables and row keys before any data exists</span>
        <Toolbar />
      </header>
      <Banners />
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="main" tabIndex={-1}>
          <MainView view={view} />
        </main>
      </div>
      <Palette commands={COMMANDS} />
    </div>
  );
}
