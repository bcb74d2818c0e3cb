// The app's command list, bound to the app's store, and the keyboard: one keydown listener
// that runs the command whose shortcut matches. Elements marked `data-shortcuts="local"` (the
// Monaco editor) keep their own keys, undo included.
import { navigate } from '../routing';
import { useStudio } from '../store';
import { requestExport } from '../export/request';
import { commandForKey, createCommands } from './registry';

function download(name: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Focuses the first element matching `selector` once it is on the page (within 5 s: a lazy panel may be loading). */
function focus(selector: string): void {
  const until = performance.now() + 5000;
  const tryFocus = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) {
      if (performance.now() < until) setTimeout(tryFocus, 50);
      return;
    }
    if (!el.matches('input, select, textarea, button, a[href], [tabindex]')) el.tabIndex = -1;
    el.focus();
    el.scrollIntoView({ block: 'nearest' });
  };
  requestAnimationFrame(tryFocus);
}

/** Clicks the first element matching `selector` once it is on the page (within 5 s: a lazy view may be loading). */
function click(selector: string): void {
  const until = performance.now() + 5000;
  const tryClick = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el && !(el as HTMLButtonElement).disabled) el.click();
    else if (performance.now() < until) setTimeout(tryClick, 50);
  };
  requestAnimationFrame(tryClick);
}

export const COMMANDS = createCommands({ store: useStudio, navigate, download, focus, click, exportAs: requestExport });

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function installShortcuts(win: Window = window): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.isComposing) return;
    const target = e.target as Element | null;
    if (target?.closest?.('[data-shortcuts="local"]')) return;
    const s = useStudio.getState();
    if (s.paletteOpen) return;
    const cmd = commandForKey(COMMANDS, e);
    if (!cmd) return;
    e.preventDefault();
    if (cmd.enabled(s)) cmd.perform(s);
  };
  win.addEventListener('keydown', onKey);
  return () => win.removeEventListener('keydown', onKey);
}
