// The offline guard of e2e/shell.spec.ts, for whole browser contexts: every page a test opens
// (second tabs, reopened pages) is watched; requests off 127.0.0.1 are aborted and recorded,
// console errors and page errors collected, and the test fails at teardown if any happened.
// It also fails a test on any Content Security Policy violation: in pages (a
// `securitypolicyviolation` listener put in by an init script, forwarded through a binding)
// and in Web Workers, where no init script runs (the preview server records the reports the
// browser POSTs to the policy's report-uri, scripts/csp.ts; the guard reads the new ones).
// Also small helpers shared by the specs: axe, save status, typing, saved texts, the code view's editor.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { designText } from '../src/app/documents/docs-model';
import { loadDesign } from '../src/core/load/load-design';
import type { Design } from '../src/core/model/schema';

/** One CSP violation, as the page's event or the server's report saw it. */
export interface CspViolation {
  from: 'page' | 'report';
  directive: string;
  blocked: string;
  /** The script (or worker) that caused it, with line and column when known. */
  source: string;
  /** The page or worker whose policy was violated. */
  document: string;
}

const describeCsp = (v: CspViolation) => `CSP violation (${v.from}): ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source || '?'} in ${v.document}`;

export class ContextGuard {
  readonly offHost: string[] = [];
  readonly errors: string[] = [];
  readonly csp: CspViolation[] = [];
  /** Substrings of console errors a test provokes on purpose (e.g. a simulated full disk). */
  readonly expected: string[] = [];
  private reportsUrl: string | null = null;
  private lastReport = 0;

  watchPage(page: Page): void {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !this.expected.some((e) => msg.text().includes(e))) this.errors.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => this.errors.push(`page error: ${err.message}`));
  }

  async attach(context: BrowserContext, baseURL?: string): Promise<void> {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === '127.0.0.1') return route.continue();
      this.offHost.push(url);
      return route.abort('blockedbyclient');
    });
    await context.exposeBinding('__btstudioCspViolation', (_source, v: Omit<CspViolation, 'from'>) => {
      this.csp.push({ from: 'page', ...v });
    });
    await context.addInitScript(() => {
      const report = (window as unknown as { __btstudioCspViolation?: (v: unknown) => Promise<void> }).__btstudioCspViolation;
      document.addEventListener('securitypolicyviolation', (e) => {
        void report?.({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
          document: e.documentURI,
        });
      });
    });
    for (const p of context.pages()) this.watchPage(p);
    context.on('page', (p) => this.watchPage(p));
    if (baseURL) {
      this.reportsUrl = new URL('__csp-reports', baseURL).href;
      this.lastReport = (await this.fetchReports()).last;
    }
  }

  private async fetchReports(): Promise<{ last: number; reports: { seq: number; report: Record<string, unknown> }[] }> {
    const res = await fetch(`${this.reportsUrl}?after=${this.lastReport}`);
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.includes('json')) {
      throw new Error(
        `${this.reportsUrl} does not list CSP reports (${res.status} ${type}): is an old preview server running on this port? Stop it, or set E2E_PORT`,
      );
    }
    return res.json();
  }

  /** Reads the violation reports the preview server received since the last read (workers' included). */
  async readReports(): Promise<void> {
    if (!this.reportsUrl) return;
    const { last, reports } = await this.fetchReports();
    this.lastReport = last;
    for (const { report: r } of reports) {
      const s = (k: string) => (typeof r[k] === 'string' || typeof r[k] === 'number' ? String(r[k]) : '');
      this.csp.push({
        from: 'report',
        directive: s('effective-directive') || s('violated-directive'),
        blocked: s('blocked-uri'),
        source: `${s('source-file')}:${s('line-number')}:${s('column-number')}`,
        document: s('document-uri'),
      });
    }
  }

  assertClean(): void {
    const problems = [...this.errors, ...this.offHost.map((u) => `request off loopback: ${u}`), ...this.csp.map(describeCsp)];
    if (problems.length) throw new Error(`the page was not clean:\n  ${problems.join('\n  ')}`);
  }

  /** Forgets what was recorded (for tests that provoke a problem on purpose). */
  clear(): void {
    this.offHost.length = 0;
    this.errors.length = 0;
    this.csp.length = 0;
  }
}

export const test = base.extend<{ guard: ContextGuard }>({
  guard: [
    async ({ context, baseURL }, use) => {
      const guard = new ContextGuard();
      await guard.attach(context, baseURL);
      await use(guard);
      expect(guard.offHost, 'requests off 127.0.0.1').toEqual([]);
      // A worker's report reaches the server a moment after the violation.
      await new Promise((r) => setTimeout(r, 150));
      await guard.readReports();
      guard.assertClean();
    },
    { auto: true },
  ],
});

export { expect };

/** Serious and critical accessibility violations (axe-core), as "rule: target" lines. */
export async function seriousA11y(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${v.help}`));
}

/** Waits until the studio says everything is in storage. */
export async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'saved');
  // The undo history and the open view are saved a moment later than the designs.
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-history', 'saved');
}

/**
 * Every saved design as storage holds it (the manifest's current revision of each): id -> text.
 * A record saved after a form edit holds the design without text: its text is the YAML the
 * studio generates for that design (what the YAML tab and a download show).
 */
export async function savedTexts(page: Page): Promise<Record<string, string>> {
  const records = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('bigtable-schema-studio');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const get = (key: string) =>
      new Promise<any>((resolve, reject) => {
        const r = db.transaction('kv').objectStore('kv').get(key);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const manifest = await get('manifest');
    const out: Record<string, { text?: string; design?: unknown }> = {};
    for (const [id, entry] of Object.entries(manifest?.docs ?? {}) as [string, { rev: string }][]) out[id] = await get(`doc:${id}:${entry.rev}`);
    db.close();
    return out;
  });
  return Object.fromEntries(Object.entries(records).map(([id, r]) => [id, r?.text ?? designText(r?.design as Design)]));
}

export interface Marker {
  owner: string;
  line: number;
  severity: string;
  message: string;
}

/** The code view's editor handle (CodeViewElement.studioEditor), driven inside the page. */
export const codeEditor = {
  async ready(view: Locator) {
    await expect(view.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => view.evaluate((el) => !!(el as unknown as { studioEditor?: unknown }).studioEditor), { timeout: 30_000 }).toBe(true);
  },
  text: (view: Locator) => view.evaluate((el) => (el as any).studioEditor.model().getValue() as string),
  /** Replaces the whole text as one user edit (pushEditOperations keeps Monaco's undo). */
  setText: (view: Locator, text: string) =>
    view.evaluate((el, t) => {
      const m = (el as any).studioEditor.model();
      m.pushEditOperations([], [{ range: m.getFullModelRange(), text: t }], () => null);
    }, text),
  /** Inserts text at the start of the document, as one user edit. */
  insertAtStart: (view: Locator, text: string) =>
    view.evaluate((el, t) => {
      const m = (el as any).studioEditor.model();
      m.pushEditOperations([], [{ range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }, text: t }], () => null);
    }, text),
  markers: (view: Locator) => view.evaluate((el) => (el as any).studioEditor.markers() as Marker[]),
  position: (view: Locator) => view.evaluate((el) => (el as any).studioEditor.position() as { line: number; column: number } | null),
  goTo: (view: Locator, line: number, column: number) => view.evaluate((el, [l, c]) => (el as any).studioEditor.goTo(l, c), [line, column] as const),
};

/** Replaces an input's text the way a user would (select all, type), one keystroke at a time. */
export async function retype(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
}

/** Starts a new, empty design from the toolbar; returns its id. */
export async function newDesign(page: Page): Promise<string> {
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Studio' }).getByRole('button', { name: 'New design' }).click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  const m = /#\/design\/([^/?]+)/.exec(page.url());
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]!);
}

/** My copy of the chat example (opened from the gallery), saved; its id and saved text. */
export async function myChat(page: Page): Promise<{ id: string; text: string }> {
  await page.goto('./');
  await page.getByTestId('gallery-card').filter({ hasText: /chat/i }).first().click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  const id = decodeURIComponent(/#\/design\/([^/?]+)/.exec(page.url())![1]!);
  await saved(page);
  return { id, text: (await savedTexts(page))[id]! };
}

/** The chat example as a design (the compare and infer specs change copies of it). */
export function chat(): Design {
  const r = loadDesign(readFileSync(new URL('../examples/chat-messages.yaml', import.meta.url), 'utf8'), 'chat.yaml');
  if (!r.ok) throw new Error('chat example does not load');
  return r.design;
}
