// Hash routes: the URL fragment never reaches a server, so the built app works from any host
// or path (and from a file share). The hash is the source of truth for navigation: links are
// plain `<a href="#/...">`, and a `hashchange` listener copies the route into the store, so
// back/forward and reload just work.

export type Route =
  | { view: 'gallery' }
  | { view: 'design'; designId: string; table: string | null }
  | { view: 'notFound'; hash: string };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** `''`, `#`, `#/` -> gallery; `#/design/<id>` and `#/design/<id>/<table>` -> design. */
export function parseHash(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return { view: 'gallery' };
  const parts = path.split('/');
  if (parts[0] === 'design' && (parts.length === 2 || parts.length === 3)) {
    const designId = decode(parts[1]!);
    const table = parts.length === 3 ? decode(parts[2]!) : null;
    if (designId && table !== '' && !(parts.length === 3 && table === null)) return { view: 'design', designId, table };
  }
  return { view: 'notFound', hash };
}

export function galleryHref(): string {
  return '#/';
}

export function designHref(designId: string, table?: string | null): string {
  const base = `#/design/${encodeURIComponent(designId)}`;
  return table ? `${base}/${encodeURIComponent(table)}` : base;
}

/** Keeps the store's route in step with `location.hash`; returns a function that stops it. */
export function startHashRouting(apply: (route: Route) => void, win: Window = window): () => void {
  const sync = () => apply(parseHash(win.location.hash));
  sync();
  win.addEventListener('hashchange', sync);
  return () => win.removeEventListener('hashchange', sync);
}
