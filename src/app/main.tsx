// Entry (loaded by /index.html): theme, keyboard shortcuts, the app; then saved designs are read
// and routing starts (a link to an example must not copy it before a saved copy is known).
// The base stylesheet first, so component stylesheets (imported by their modules) come after it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RootBoundary } from './components/Boundary';
import { installShortcuts } from './commands/app-commands';
import { applyTheme } from './commands/theme';
import { loadModel, modelReady } from './model';
import { lastViewHash, startAppPersistence } from './persist/app-persist';
import { parseHash, startHashRouting } from './routing';
import type { OpenedLink } from './share/link';
import { useStudio } from './store';
import { noteLinkBase, startAutoSnapshots } from './history/versions-store';

applyTheme();
installShortcuts();
startAutoSnapshots(useStudio);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RootBoundary>
      <App />
    </RootBoundary>
  </StrictMode>,
);

// Share links (`#d=...`) are read before routing: a good link opens its design as a shared
// copy (in memory, saved only when the user keeps it), a bad one says why and changes nothing.
// The same link opened again shows the same copy. The link codec loads only when a link is opened.
const opened = new Map<string, string>();
const SHARE_HASH = /^#?(?:[^&]*&)*d=/;
function openShareHash(hash: string): boolean {
  if (!SHARE_HASH.test(hash)) return false;
  const known = opened.get(hash);
  if (known && useStudio.getState().docs[known]) {
    useStudio.getState().applyRoute({ view: 'design', designId: known, table: null });
    return true;
  }
  void import('./share/link').then(({ isShareHash, openSharedLink }) => {
    if (isShareHash(hash)) showSharedLink(hash, openSharedLink(hash));
    else useStudio.getState().applyRoute(parseHash(hash));
  });
  return true;
}

function showSharedLink(hash: string, r: OpenedLink): void {
  if (window.location.hash !== hash) return; // the user moved on while the codec loaded
  const s = useStudio.getState();
  if (!r.ok) {
    // Nothing changes: an open studio stays where it was; a fresh page shows where the user last was.
    s.setLinkError({ title: r.title, message: r.message });
    if (s.view === 'loading') s.applyRoute(parseHash(lastViewHash() ?? '#/'));
    return;
  }
  const id = s.openShared(r.design);
  noteLinkBase(id, r.from);
  opened.set(hash, id);
  s.setLinkError(null);
  s.applyRoute({ view: 'design', designId: id, table: null });
}

// Live links (`#/live/<room>/<token>`) join a room (live/session.ts, loaded only then): the
// first request to the collaboration server is made here or by "Share live", never before.
const joined = new Map<string, string>();
function openLiveHash(hash: string): boolean {
  if (!/^#?\/live(\/|$)/.test(hash)) return false;
  const known = joined.get(hash);
  if (known && useStudio.getState().docs[known]) {
    useStudio.getState().applyRoute({ view: 'design', designId: known, table: null });
    return true;
  }
  void Promise.all([import('./live/link'), modelReady()]).then(async ([{ parseLiveHash }]) => {
    const s = useStudio.getState();
    const parsed = parseLiveHash(hash);
    if (!parsed.ok) {
      s.setLinkError({ title: 'This live link cannot be opened', message: parsed.message });
      if (s.view === 'loading') s.applyRoute(parseHash(lastViewHash() ?? '#/'));
      return;
    }
    const { joinLive } = await import('./live/session');
    const id = await joinLive(parsed.link);
    joined.set(hash, id);
    if (window.location.hash !== hash) return;
    useStudio.getState().setLinkError(null);
    useStudio.getState().applyRoute({ view: 'design', designId: id, table: null });
  });
  return true;
}

// The gallery paints before the design model (zod, js-yaml: model.ts) is fetched: once storage is
// read, an address that shows the gallery shows it with the saved designs' names as stored, and
// the model is asked for after that paint (then the designs are checked and routing starts).
// Any other address asks for the model at once, beside the storage read.
const showsGallery = () => parseHash(window.location.hash).view === 'gallery' && !SHARE_HASH.test(window.location.hash);
if (!showsGallery() && window.location.hash.replace(/^#/, '') !== '') void loadModel().catch(() => undefined);
const beforeModel = async (names: { id: string; name: string }[]) => {
  if (!showsGallery()) return;
  const s = useStudio.getState();
  s.setSavedPreview(names);
  if (s.view === 'loading') s.applyRoute({ view: 'gallery' });
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
};

void startAppPersistence({ beforeModel }).finally(() =>
  startHashRouting(
    (route) => useStudio.getState().applyRoute(route),
    window,
    (hash) => openLiveHash(hash) || openShareHash(hash),
  ),
);
