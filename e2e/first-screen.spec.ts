// End to end, the first screen of a design says what matters. The key summary is in the
// first viewport of every example (1400 x 900 and 1024 x 700, light and dark) and nothing scrolls
// sideways; findings come errors first, each in full, grouped per table when there are many;
// sections collapse and stay so for the session; "See it in the simulation" lands on a result;
// a key led by a timestamp shows where its tablets start; a renamed design's address and YAML
// error locations use its name, and its old address still opens it.
import type { Page } from '@playwright/test';
import { codeEditor as editor, expect, newDesign, retype, saved, savedTexts, seriousA11y, test } from './fixtures';
import { NAIVE_TRIPS } from './first-screen-designs';

const EXAMPLES = [
  'iot-multitenant',
  'weather-balloons-time-buckets-columns',
  'weather-balloons-time-buckets-cells',
  'weather-balloons-single-timestamp-serialized',
  'weather-balloons-single-timestamp-unserialized',
  'chat-messages',
  'ad-counters',
  'user-profiles',
  'web-pages',
  'replicated-orders',
  'tiered-sensor-archive',
];

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function inFirstViewport(page: Page, testId: string, height: number): Promise<void> {
  const box = (await page.getByTestId(testId).first().boundingBox())!;
  expect(box, testId).not.toBeNull();
  expect(box.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${testId} bottom`).toBeLessThanOrEqual(height);
}

async function loadYaml(page: Page, text: string, name: string): Promise<string> {
  const id = await newDesign(page);
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(view, text);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return id;
}

for (const [width, height] of [
  [1400, 900],
  [1024, 700],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`at ${width} x ${height}, ${scheme}: every example opens on its key summary, and nothing scrolls sideways`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      for (const id of EXAMPLES) {
        await page.goto(`./#/design/${id}`);
        const summary = page.getByTestId('design-summary');
        await expect(summary).toBeVisible();
        // The first table's key (chips, example key and bytes), where its writes land, capacity and findings.
        await expect(summary.getByTestId('summary-chip').first()).toBeVisible();
        for (const t of ['summary-capacity', 'summary-findings', 'summary-chip', 'summary-key', 'summary-key-bytes', 'summary-writes'])
          await inFirstViewport(page, t, height);
        expect(Number(await summary.getByTestId('summary-key-bytes').first().textContent())).toBeGreaterThan(0);
        await expect(summary.getByTestId('summary-writes').first()).toHaveText(/^Writes (Spread|At risk|Hotspot): .+\.$/);
        await expect(summary.getByTestId('summary-findings')).toHaveText(/^Findings (no findings|\d+ errors?, \d+ warnings?, \d+ info)$/);
        expect(await sideways(page), id).toBeLessThanOrEqual(0);
      }
    });
  }
}

test('the summary names a timestamp-led key a hotspot, as its findings do; findings come errors first, grouped per table, each in full', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const id = await loadYaml(page, NAIVE_TRIPS, 'Naive trips');
  await page.goto(`./#/design/${id}`);
  const summary = page.getByTestId('design-summary');
  await expect(summary.getByTestId('summary-table')).toHaveCount(2);
  await expect(summary.getByTestId('summary-writes').first()).toHaveAttribute('data-verdict', 'hotspot');
  await expect(summary.getByTestId('summary-writes').first()).toContainText('Hotspot: the newest ts takes 100% of the writes');
  await expect(summary.getByTestId('summary-chip').first()).toHaveText('ts timestamp');
  const panel = page.getByTestId('findings');
  // The summary's counts are the panel's.
  const errors = await panel.locator('[data-testid="finding"][data-severity="error"]').count();
  expect(errors).toBeGreaterThanOrEqual(4);
  await expect(summary.getByTestId('summary-findings')).toHaveAttribute('data-errors', String(errors));
  await expect(summary.getByTestId('summary-findings')).toHaveAttribute(
    'data-warnings',
    String(await panel.locator('[data-testid="finding"][data-severity="warning"]').count()),
  );
  await expect(panel).toHaveAttribute('data-grouped', 'true');
  const groups = panel.getByTestId('finding-group');
  // One group per table (and one for the design as a whole), the shown table first among equals.
  expect(await groups.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.table).filter(Boolean))).toEqual(['trips', 'payments']);
  await expect(groups.first().locator(':scope > summary')).toHaveText(/^trips\s+\d+ errors?, \d+ warnings?, \d+ info$/);
  const worst: number[] = [];
  for (const g of await groups.all()) {
    const [e, w, i] = (/(\d+) errors?, (\d+) warnings?, (\d+) info/.exec((await g.locator(':scope > summary').textContent())!) ?? []).slice(1).map(Number);
    await expect(g.locator('[data-severity="error"]')).toHaveCount(e!);
    await expect(g.locator('[data-severity="warning"]')).toHaveCount(w!);
    await expect(g.locator('[data-severity="info"]')).toHaveCount(i!);
    worst.push(e! > 0 ? 0 : w! > 0 ? 1 : 2);
  }
  expect(worst).toEqual([...worst].sort((a, b) => a - b));
  const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
  for (const g of await groups.all()) {
    const sev = await g.getByTestId('finding').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.severity!));
    expect(sev[0]).toBe('error');
    expect(sev.map((s) => rank[s])).toEqual(sev.map((s) => rank[s]!).sort((a, b) => a - b));
  }
  // Each in full: the message and its Fix wrap rather than being cut off; the rest waits behind the toggle.
  const first = panel.getByTestId('finding').first();
  expect(await first.locator('.finding-message').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(first.getByTestId('fix')).toBeVisible();
  await expect(first.locator('.finding-where')).toBeHidden();
  await first.getByTestId('finding-toggle').click();
  await expect(first.getByTestId('finding-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(first.locator('.finding-where')).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11y(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousA11y(page)).toEqual([]);
});

test('sections collapse and stay collapsed for the session; a finding opens what it points at', async ({ page, browser }) => {
  await page.goto('./#/design/chat-messages');
  const families = page.getByTestId('section-families');
  await expect(families).toHaveAttribute('aria-expanded', 'true');
  await families.click();
  await expect(families).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /^Add family/ })).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('section-families')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('section-key').click();
  await expect(page.getByTestId('section-key')).toHaveAttribute('aria-expanded', 'false');
  expect(await seriousA11y(page)).toEqual([]);
  // A finding's "where" opens the collapsed section around its target.
  await page.goto('./#/design/user-profiles');
  const f = page.getByTestId('finding').first();
  await f.getByTestId('finding-toggle').click();
  const key = page.getByTestId('section-key');
  await expect(key).toHaveAttribute('aria-expanded', 'false');
  await f.locator('.finding-where').click();
  await expect(page.locator('[data-section] .section-body:not([hidden]) .revealed, .revealed')).toHaveCount(1);
  // Another session (a new tab of its own) starts with everything open.
  const other = await browser.newContext();
  const p2 = await other.newPage();
  await p2.goto(page.url().replace(/#.*/, '#/design/chat-messages'));
  await expect(p2.getByTestId('section-families')).toHaveAttribute('aria-expanded', 'true');
  await other.close();
});

test('"See it in the simulation" runs it and lands on the result; its tablets show among the keys of a timestamp-led key', async ({ page }) => {
  test.setTimeout(150_000);
  const id = await loadYaml(page, NAIVE_TRIPS, 'Naive trips');
  await page.goto(`./#/design/${id}`);
  const finding = page.locator('[data-testid="finding"][data-rule="timestamp-leading"]').first();
  await finding.getByTestId('finding-toggle').click();
  await finding.getByTestId('finding-sim').click();
  await expect(page).toHaveURL(/view=simulate$/);
  // No click on Run: the link ran it, and the result is on screen.
  const results = page.getByTestId('sim-output').getByTestId('sim-results');
  await expect(results).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'hotspot');
  await expect(page.getByTestId('sim-output')).toBeInViewport();
  const toSorter = page.getByTestId('sim-to-sorter');
  const tablets = Number(/its ([\d,]+) tablets/.exec((await toSorter.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(tablets).toBeGreaterThan(10);
  await toSorter.click();
  await expect(page).toHaveURL(/view=sorter/);
  const status = page.getByTestId('sorter-tablets');
  await expect(status).toHaveAttribute('data-status', 'current', { timeout: 30_000 });
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
  await expect.poll(async () => Number(await status.getAttribute('data-within'))).toBeGreaterThan(tablets / 2);
  await expect(page.getByTestId('sorter-list').getByRole('separator').first()).toBeVisible();
  await expect(page.getByTestId('sorter-tablets-status')).toContainText("sampled across the run's 600 s");
});

test("after a rename the address and the YAML's error locations use the design's name; the old address still opens it", async ({ page }) => {
  const id = await newDesign(page);
  expect(id).toMatch(/^untitled-/);
  const name = page.getByLabel('Design name');
  await retype(name, 'Ride-hailing trips');
  await name.press('Tab');
  await expect(page).toHaveURL(/#\/design\/ride-hailing-trips$/);
  await expect(page.getByRole('navigation', { name: 'Designs' }).getByRole('link', { name: 'Ride-hailing trips' })).toHaveAttribute(
    'href',
    '#/design/ride-hailing-trips',
  );
  await saved(page);
  // The old address opens the design and is replaced by the new one.
  await page.goto(`./#/design/${id}?view=yaml`);
  await expect(page).toHaveURL(/#\/design\/ride-hailing-trips\?view=yaml$/);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  const good = await editor.text(view);
  await editor.setText(view, `${good}\ntables: [\n`);
  await expect(page.getByTestId('text-errors')).toContainText('ride-hailing-trips.yaml:');
  await expect(page.getByTestId('text-errors')).not.toContainText('untitled-');
  await page.getByRole('button', { name: 'Discard the YAML changes' }).click();
  // Nothing saved is lost: the design is still saved under its id, with its new name.
  await saved(page);
  expect((await savedTexts(page))[id]).toContain('name: Ride-hailing trips');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ride-hailing trips');
});

test("the summary's Simulate link runs the table's simulation and lands on its result", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#/design/chat-messages');
  await page.getByTestId('design-summary').getByTestId('summary-sim').first().click();
  await expect(page).toHaveURL(/#\/design\/chat-messages\/messages\?view=simulate$/);
  await expect(page.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('sim-output')).toBeInViewport();
  // The summary of the simulated design stays on top of the Simulate tab too.
  await expect(page.getByTestId('design-summary')).toBeVisible();
  // Only the link runs it: opening the tab later shows the form, not a second run.
  await page.goto('./#/design/chat-messages/messages');
  await page.goto('./#/design/chat-messages/messages?view=simulate');
  await expect(page.getByTestId('sim-view')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('sim-output')).toHaveCount(0);
});
