// The offline guard of e2e/shell.spec.ts, for whole browser contexts: every page a test opens
// (second tabs, reopened pages) is watched; requests off 127.0.0.1 are aborted and recorded,
// console errors and page errors collected, and the test fails at teardown if any happened.
// Also small helpers shared by the editor and persistence specs.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export class ContextGuard {
  readonly offHost: string[] = [];
  readonly errors: string[] = [];
  /** Substrings of console errors a test provokes on purpose (e.g. a simulated full disk). */
  readonly expected: string[] = [];

  watchPage(page: Page): void {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !this.expected.some((e) => msg.text().includes(e))) this.errors.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => this.errors.push(`page error: ${err.message}`));
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === '127.0.0.1') return route.continue();
      this.offHost.push(url);
      return route.abort('blockedbyclient');
    });
    for (const p of context.pages()) this.watchPage(p);
    context.on('page', (p) => this.watchPage(p));
  }

  assertClean(): void {
    const problems = [...this.errors, ...this.offHost.map((u) => `request off loopback: ${u}`)];
    if (problems.length) throw new Error(`the page was not clean:\n  ${problems.join('\n  ')}`);
  }
}

export const test = base.extend<{ guard: ContextGuard }>({
  guard: [
    async ({ context }, use) => {
      const guard = new ContextGuard();
      await guard.attach(context);
      await use(guard);
      expect(guard.offHost, 'requests off 127.0.0.1').toEqual([]);
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
