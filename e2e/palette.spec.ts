// Every command is in the palette, from one registry: Share, Export, Import,
// Simulate (runs), Duplicate table... each does what its button does.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

async function runFromPalette(page: Page, words: string, label: RegExp) {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('palette');
  await expect(palette).toBeVisible();
  await page.keyboard.type(words);
  await expect(palette.getByRole('option').first()).toHaveText(label);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

test('the palette lists Share, Export, Import, Simulate and Duplicate table, and each works', async ({ page }) => {
  await page.goto('./#/design/web-pages');
  await expect(page.getByTestId('design-form')).toBeVisible();

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette').getByRole('option', { name: /Share this design/ })).toBeVisible();
  const all = await page.getByTestId('palette').getByRole('option').allTextContents();
  for (const label of [
    'Share this design',
    'Export this design',
    'Import a file',
    'Simulate this table',
    'Duplicate this table',
    'Add a table',
    'Go to the gallery',
  ]) {
    expect(
      all.some((t) => t.includes(label)),
      label,
    ).toBe(true);
  }
  // No wait after Escape: Ctrl+K pressed at once must open the palette again (the native close
  // event comes a task later; the store must not still say "open" then).
  await page.keyboard.press('Escape');

  await runFromPalette(page, 'share this', /Share this design/);
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);

  await runFromPalette(page, 'export this', /Export this design/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const chooser = page.waitForEvent('filechooser');
  await runFromPalette(page, 'import a file', /Import a file/);
  expect((await chooser).isMultiple()).toBe(false);

  await runFromPalette(page, 'simulate this table', /Simulate this table/);
  await expect(page).toHaveURL(/view=simulate/);
  await expect(page.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 60_000 });
});
