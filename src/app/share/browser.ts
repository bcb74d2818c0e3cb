// Copy and download, shared by the Share and Export dialogs. No network: downloads are Blobs
// behind object URLs (allowed by the page's CSP), revoked once the browser has the file.

export type CopyOutcome = 'copied' | 'selected';

/** Selects the text of an element (an input or textarea, or any element's text) for Ctrl+C. */
export function selectText(el: HTMLElement | null): void {
  if (!el) return;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.focus();
    el.select();
    return;
  }
  const sel = window.getSelection();
  if (!sel) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  sel.removeAllRanges();
  sel.addRange(range);
}

/**
 * Copies `text` with the asynchronous clipboard; where that is refused (no permission, not a
 * secure page) selects `fallback`'s text and tries the old copy command. 'selected' means the
 * text is selected and the user should press Ctrl+C (⌘C).
 */
export async function copyText(text: string, fallback: HTMLElement | null): Promise<CopyOutcome> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // fall through to selecting the text
  }
  selectText(fallback);
  try {
    if (fallback && document.execCommand('copy')) return 'copied';
  } catch {
    // execCommand may throw or be missing: the selection is still there
  }
  return 'selected';
}

/** Saves `text` as a file named `filename` (a Blob behind an object URL, never a request). */
export function downloadText(text: string, filename: string, mime: string): void {
  const blob = new Blob([text], { type: `${mime};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message a copy button shows after `outcome`. */
export function copyMessage(outcome: CopyOutcome, what: string): string {
  return outcome === 'copied'
    ? `${what} copied to the clipboard.`
    : `The clipboard is not available here: ${what.toLowerCase()} is selected, press Ctrl+C (⌘C) to copy it.`;
}
