// Launch day in the built studio (Chromium): the web-pages example throttles writes while its
// new table splits; the Simulate tab says how much and how long, "Add pre-split points" checks
// the proposed split keys with a second run and writes them to the table's splits (saved, one
// undo step), and a run of the pre-split table no longer has a launch day.
import { loadDesign } from '../src/core/load/load-design';
import { expect, saved, savedTexts, seriousA11y, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

test('web pages: launch day said, pre-split points added after a check run, then gone from the next run', async ({ page }) => {
  await page.goto('./');
  await page
    .getByTestId('gallery-card')
    .filter({ hasText: /Web pages/i })
    .first()
    .click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  await page.getByRole('link', { name: 'Simulate', exact: true }).click();
  const view = page.getByTestId('sim-view');
  await view.getByTestId('sim-run').click();
  await expect(view.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 60_000 });
  await expect(view.getByTestId('sim-run')).toBeVisible({ timeout: 60_000 });

  await expect(view.getByTestId('sim-verdict-reason')).toContainText(/Launch day: [\d.]+% of the run's writes are throttled in its first \d+ s/);
  const box = view.getByTestId('sim-presplit');
  await expect(box.getByTestId('sim-launch')).toContainText(/[\d.]+% of this run's writes were throttled in its first \d+ s/);
  expect(await seriousA11y(page, '[data-testid="sim-presplit"]')).toEqual([]);

  await box.getByTestId('sim-presplit-add').click();
  const status = box.getByTestId('sim-presplit-status');
  await expect(status).toContainText(
    /Added 203 pre-split points: [\d.]+% of the run's writes throttled in the first \d+ s before, [\d.]+% over the whole run with them/,
    { timeout: 60_000 },
  );
  // The table changed: the run is stale, the button gone, the status kept.
  await expect(view.getByText('The table changed since this run: run again to update.')).toBeVisible();
  await expect(box.getByTestId('sim-presplit-add')).toHaveCount(0);

  await saved(page);
  const texts = Object.values(await savedTexts(page)).filter((t) => t.includes('webtable'));
  expect(texts).toHaveLength(1);
  const loaded = loadDesign(texts[0]!, 'saved.yaml');
  expect(loaded.ok).toBe(true);
  const splits = loaded.ok ? (loaded.design.tables[0]!.splits ?? []) : [];
  expect(splits).toHaveLength(203);
  expect([...splits].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(splits);

  // Run again: the pre-split table has no launch day.
  await view.getByTestId('sim-run').click();
  await expect(view.getByText('The table changed since this run: run again to update.')).toHaveCount(0, { timeout: 60_000 });
  await expect(view.getByTestId('sim-run')).toBeVisible({ timeout: 60_000 });
  await expect(view.getByTestId('sim-verdict-reason')).not.toContainText('Launch day');
  await expect(view.getByTestId('sim-presplit')).toHaveCount(0);
});
