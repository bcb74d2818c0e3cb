// Light and dark themes: by default the page follows the system (prefers-color-scheme, in
// styles.css); a choice made here is kept in localStorage and set as <html data-theme>.
export type Theme = 'system' | 'light' | 'dark';

const KEY = 'btstudio.theme';

export function currentTheme(): Theme {
  try {
    const t = globalThis.localStorage?.getItem(KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(t: Theme = currentTheme()): void {
  if (typeof document === 'undefined') return;
  if (t === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
}

export function setTheme(t: Theme): void {
  try {
    if (t === 'system') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, t);
  } catch {
    // Private mode: the choice lasts until the tab closes.
  }
  applyTheme(t);
}
