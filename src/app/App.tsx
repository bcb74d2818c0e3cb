// The frame every view lives in: header, sidebar (designs and their tables), main view.
import { useEffect } from 'react';
import { Sidebar } from './components/Sidebar';
import { selectOpenEntry, useStudio, type View } from './store';
import { DesignView } from './views/DesignView';
import { Gallery } from './views/Gallery';
import { NotFound } from './views/NotFound';

export const PRODUCT_NAME = 'Bigtable Schema Studio';

function MainView({ view }: { view: View }) {
  switch (view) {
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
  const entry = useStudio(selectOpenEntry);
  const table = useStudio((s) => s.selectedTable);
  useEffect(() => {
    const name = entry ? (entry.ok ? entry.design.name : entry.title) : null;
    const parts = view === 'design' && name ? [table, name, PRODUCT_NAME] : [PRODUCT_NAME];
    document.title = parts.filter(Boolean).join(' · ');
  }, [view, entry, table]);
}

export function App() {
  const view = useStudio((s) => s.view);
  useDocumentTitle();
  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href="#/">
          {PRODUCT_NAME}
        </a>
        <span className="tagline">Design Bigtable tables and row keys before any data exists</span>
      </header>
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="main">
          <MainView view={view} />
        </main>
      </div>
    </div>
  );
}
