// The base of share links: the address a link starts with, before `#d=`. By default the page
// the studio runs on (without its hash); a team that hosts its own copy sets another, which is
// remembered in localStorage under SHARE_BASE_KEY. Pure apart from the storage passed in.

/** localStorage key of the link base the user chose (a string URL; absent: this page). */
export const SHARE_BASE_KEY = 'btstudio.shareBase';

/** The current page's URL without its fragment: the default base. */
export function pageBase(href: string): string {
  const i = href.indexOf('#');
  return i >= 0 ? href.slice(0, i) : href;
}

export type BaseCheck = { ok: true; base: string } | { ok: false; error: string };

/**
 * Checks a base typed by the user: an absolute http(s) URL (a fragment is dropped, since the
 * link puts its own). Anything else (javascript:, data:, a relative path) is refused.
 */
export function checkBase(input: string): BaseCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'Enter the address where the studio is hosted, e.g. https://studio.example.com/' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: `"${text}" is not an address: it must start with https:// or http://` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: `"${url.protocol}" links cannot open the studio: use an https:// or http:// address` };
  }
  return { ok: true, base: pageBase(text) };
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The base to use: the saved one when it is still a good address, else `fallback` (this page). */
export function readBase(storage: StorageLike | null, fallback: string): string {
  try {
    const saved = storage?.getItem(SHARE_BASE_KEY);
    if (saved) {
      const c = checkBase(saved);
      if (c.ok) return c.base;
    }
  } catch {
    // Storage can be unavailable (private windows, policies): the page is a fine base.
  }
  return fallback;
}

/** Saves (or, with null, forgets) the chosen base; false when storage refused. */
export function saveBase(storage: StorageLike | null, base: string | null): boolean {
  try {
    if (!storage) return false;
    if (base === null) storage.removeItem(SHARE_BASE_KEY);
    else storage.setItem(SHARE_BASE_KEY, base);
    return true;
  } catch {
    return false;
  }
}

/** localStorage, or null where it cannot be reached. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
