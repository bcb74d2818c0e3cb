// Versions and three-way merge: every design keeps its versions (an automatic snapshot before
// the first edit, named ones) in a History panel that compares any two and restores one (an
// undo step); a share link names the version it came from, so comparing a reply is a
// three-way merge: the link's own changes apply without asking, my own edit is never offered
// as a change to take, and only true conflicts ask. Axe on the panel, light and dark.
import type { Page } from '@playwright/test';
import type { Design } from '../src/core/model/schema';
import { decodeShare, encodeShare } from '../src/core/share';
import { expect, myChat, saved, seriousA11y, test } from './fixtures';

const limitOf = (page: Page, q: number) => page.locator(`[data-path="tables[0].queries[${q}].limit"] input`);

async function setLimit(page: Page, q: number, value: string): Promise<void> {
  await limitOf(page, q).fill(value);
  await expect(limitOf(page, q)).toHaveValue(value);
}

/** The link the Share dialog shows now. */
async function shareLink(page: Page): Promise<string> {
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);
  return link;
}

/** What a teammate sends back: the link's design changed by `f`, naming the same base. */
function reply(link: string, f: (d: Design) => void): string {
  const r = decodeShare(link);
  if (!r.ok) throw new Error(r.error);
  expect(r.from).toMatch(/^[0-9a-f]{16}$/);
  const d = structuredClone(r.design);
  f(d);
  return encodeShare(d, r.from);
}

test('the History panel keeps versions, compares any two, restores one (undoable); no axe violation, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await myChat(page);
  await expect(limitOf(page, 0)).toHaveValue('50');
  await setLimit(page, 0, '60'); // the first edit: the design before it is kept automatically
  await page.getByTestId('history-open').click();
  const panel = page.getByTestId('history-panel');
  await expect(panel.getByTestId('history-version')).toHaveCount(1);
  await expect(panel.getByTestId('history-version').first()).toHaveAttribute('data-kind', 'auto');
  await panel.getByTestId('history-name').fill('sixty');
  await panel.getByTestId('history-save').click();
  await expect(panel.getByTestId('history-version')).toHaveCount(2);
  await expect(panel.getByTestId('history-version').first()).toContainText('sixty');
  await page.keyboard.press('Escape');

  await setLimit(page, 0, '70');
  await page.getByTestId('history-open').click();
  // The newest version (sixty) against the current design: one change, 60 -> 70.
  await expect(panel.getByTestId('history-change')).toHaveCount(1);
  await expect(panel.getByTestId('history-change')).toContainText('tables.messages.queries.open a room.limit');
  await expect(panel.getByTestId('history-change')).toContainText('60 → 70');
  // Any two: the automatic snapshot against "sixty".
  const auto = panel.getByTestId('history-version').filter({ hasText: 'Automatic snapshot' });
  await auto.getByTestId('history-compare').click();
  await panel.getByTestId('history-to').selectOption({ index: 1 });
  await expect(panel.getByTestId('history-change')).toContainText('50 → 60');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11y(page, '[data-testid="history-panel"]'), scheme).toEqual([]);
  }
  // DOCS_SCREENSHOTS=1 refreshes the picture in docs/history.md.
  if (process.env.DOCS_SCREENSHOTS === '1') await panel.screenshot({ path: 'docs/img/history-panel.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // Restore the automatic snapshot: the limit is 50 again, and one Undo brings back 70.
  await auto.getByTestId('history-restore').click();
  await expect(panel.getByTestId('history-status')).toContainText('Restored');
  await page.keyboard.press('Escape');
  await expect(limitOf(page, 0)).toHaveValue('50');
  await page.locator('body').press('Control+z');
  await expect(limitOf(page, 0)).toHaveValue('70');
  // Versions are kept with the design: still there after a reload.
  await saved(page);
  await page.reload();
  await page.getByTestId('history-open').click();
  await expect(panel.getByTestId('history-version').filter({ hasText: 'sixty' })).toHaveCount(1);
});

test('comparing a reply to my link is a three-way merge: their changes apply, my edit stays, nothing is asked', async ({ page }) => {
  await myChat(page);
  await setLimit(page, 0, '1000');
  await saved(page);
  const link = await shareLink(page);
  const theirs = reply(link, (d) => {
    d.description = 'Reviewed by the team.';
    d.tables[0]!.load = { ...d.tables[0]!.load, writesPerSecond: 4321 };
  });
  // After sharing, I change the limit 1000 -> 500.
  await setLimit(page, 0, '500');
  await saved(page);

  await page.goto('about:blank');
  await page.goto(`./${theirs}`);
  await page.getByTestId('shared-compare').click();
  const dialog = page.getByTestId('compare-dialog');
  const view = dialog.getByTestId('merge-view');
  await expect(view).toHaveAttribute('data-conflicts', '0');
  await expect(view).toHaveAttribute('data-theirs', '2');
  await expect(dialog.getByTestId('merge-conflict')).toHaveCount(0);
  // My edit is listed as mine, kept; never as a change from the link (no "500 -> 1000").
  await expect(dialog.getByTestId('merge-mine-change')).toContainText('limit');
  await expect(dialog.getByTestId('merge-theirs')).not.toContainText('limit');
  await expect(dialog).not.toContainText('500 → 1000');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11y(page, '[data-testid="compare-dialog"]'), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (process.env.DOCS_SCREENSHOTS === '1') await dialog.screenshot({ path: 'docs/img/history-merge.png' });
  await dialog.getByTestId('merge-apply').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat messages per room');
  await expect(limitOf(page, 0)).toHaveValue('500');
  await expect(page.locator('[data-path="tables[0].load.writesPerSecond"] input')).toHaveValue('4321');
  await expect(page.locator('[data-path="description"] textarea, [data-path="description"] input').first()).toHaveValue('Reviewed by the team.');
  // The merge is one undo step.
  await page.locator('body').press('Control+z');
  await expect(page.locator('[data-path="tables[0].load.writesPerSecond"] input')).not.toHaveValue('4321');
  await expect(limitOf(page, 0)).toHaveValue('500');
});

test('only a true conflict asks; choosing the link takes it', async ({ page }) => {
  await myChat(page);
  await setLimit(page, 0, '1000');
  await saved(page);
  const link = await shareLink(page);
  const theirs = reply(link, (d) => {
    (d.tables[0]!.queries![0] as { limit?: number }).limit = 2000;
    d.description = 'Reviewed.';
  });
  await setLimit(page, 0, '500');
  await saved(page);
  await page.goto('about:blank');
  await page.goto(`./${theirs}`);
  await page.getByTestId('shared-compare').click();
  const dialog = page.getByTestId('compare-dialog');
  await expect(dialog.getByTestId('merge-conflict')).toHaveCount(1);
  await expect(dialog.getByTestId('merge-conflict')).toContainText('500');
  await expect(dialog.getByTestId('merge-conflict')).toContainText('2000');
  await expect(dialog.getByTestId('merge-conflict').getByTestId('merge-take-mine')).toBeChecked();
  await dialog.getByTestId('merge-conflict').getByTestId('merge-take-theirs').check();
  await dialog.getByTestId('merge-apply').click();
  await expect(limitOf(page, 0)).toHaveValue('2000');
});

test('an old link (no version named) still opens and compares two-way', async ({ page }) => {
  await myChat(page);
  const link = await shareLink(page);
  const r = decodeShare(link);
  if (!r.ok) throw new Error(r.error);
  const old = encodeShare({ ...r.design, description: 'old link' });
  expect(old).not.toContain('&b=');
  await page.goto('about:blank');
  await page.goto(`./${old}`);
  await page.getByTestId('shared-compare').click();
  await expect(page.getByTestId('compare-dialog').getByTestId('compare-change')).toHaveCount(1);
  await expect(page.getByTestId('compare-take-theirs')).toBeVisible();
});
