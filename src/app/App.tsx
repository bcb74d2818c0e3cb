// The frame every view lives in: header (commands, save status), banners, sidebar (designs and
// their tables), the view for the current route, and the command palette.
import { useEffect } from 'react';
import { COMMANDS } from './commands/app-commands';
import { Palette } from './commands/Palette';
import { Banners } from './components/Banners';
import { Sidebar } from './components/Sidebar';
import { Toolbar } from './components/Toolbar';
import { selectOpenDoc, useStudio, type View } from './store';
import { DesignView } from './views/DesignView';
import { Gallery } from './views/Gallery';
import { NotFound } from './views/NotFound';

export const PRODUCT_NAME = 'Bigtable Schema Studio';

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
      return <DesignView />;
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

export function App() {
  const view = useStudio((s) => s.view);
  useDocumentTitle();
  return (
    <div className="app">
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
