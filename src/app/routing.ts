// Hash routes: the URL fragment never reaches a server, so the built app works from any host
// or path (and from a file share). The hash is the source of truth for navigation: links are
// plain `<a href="#/...">`, and a `hashchange` listener copies the route into the store, so
// back/forward and reload just work. The design view's tab rides along as `?view=yaml`.
import type { DesignView } from './studio/contract';

export type Route = { view: 'gallery' } | { view: 'design'; designId: string; table: string | null; tab?: DesignView } | { view: 'notFound'; hash: string };

export const DESIGN_TABS: readonly DesignView[] = ['form', 'yaml', 'sorter', 'simulate', 'diagram'];

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function tabOf(query: string): DesignView | null | undefined {
  if (query === '') return undefined;
  const m = /^view=([a-z]+)$/.exec(query);
  const tab = m?.[1] as DesignView | undefined;
  return tab && DESIGN_TABS.includes(tab) ? tab : null;
}

/** `''`, `#`, `#/` -> gallery; `#/design/<id>` and `#/design/<id>/<table>` (optionally `?view=<tab>`) -> design. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const query = q < 0 ? '' : raw.slice(q + 1);
  const path = (q < 0 ? raw : raw.slice(0, q)).replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '' && query === '') return { view: 'gallery' };
  const parts = path.split('/');
  const tab = tabOf(query);
  if (parts[0] === 'design' && (parts.length === 2 || parts.length === 3) && tab !== null) {
    const designId = decode(parts[1]!);
    const table = parts.length === 3 ? decode(parts[2]!) : null;
    if (designId && table !== '' && !(parts.length === 3 && table === null)) {
      return tab && tab !== 'form' ? { view: 'design', designId, table, tab } : { view: 'design', designId, table };
    }
  }
  return { view: 'notFound', hash };
}

export function galleryHref(): string {
  return '#/';
}

/** The address segment of a design id (the store sets it: a renamed design's slug, documents/slugs.ts); the id itself by default. */
let segmentOf: (designId: string) => string = (id) => id;
export function setDesignSegments(fn: (designId: string) => string): void {
  segmentOf = fn;
}

export function designHref(designId: string, table?: string | null, tab?: DesignView): string {
  const base = `#/design/${encodeURIComponent(segmentOf(designId))}`;
  const path = table ? `${base}/${encodeURIComponent(table)}` : base;
  return tab && tab !== 'form' ? `${path}?view=${tab}` : path;
}

/** Goes to a hash route (a no-op outside a browser, e.g. in unit tests); `replace` adds no history entry. */
export function navigate(href: string, opts: { replace?: boolean } = {}): void {
  if (typeof window === 'undefined' || window.location.hash === href) return;
  if (opts.replace) window.location.replace(href);
  else window.location.hash = href;
}

/**
 * Keeps the store's route in step with `location.hash`; returns a function that stops it.
 * `intercept` sees each hash first and returns true when it handled it (a share link).
 */
export function startHashRouting(apply: (route: Route) => void, win: Window = window, intercept?: (hash: string) => boolean): () => void {
  const sync = () => {
    if (!intercept?.(win.location.hash)) apply(parseHash(win.location.hash));
  };
  sync();
  win.addEventListener('hashchange', sync);
  return () => win.removeEventListener('hashchange', sync);
}
