// The smaller fixes: YAML errors name a file from the design (the same after a reload); the
// sidebar follows a rename; the Export dialog closes when the address moves; counts say
// "the table", not "the 1 tables"; a reversed timestamp is shown decoded beside its digits.
import type { Page } from '@playwright/test';
import { codeEditor as editor, expect, newDesign, retype, saved, test } from './fixtures';

async function renameTo(page: Page, name: string): Promise<void> {
  const field = page.getByLabel('Design name');
  await retype(field, name);
  await field.press('Tab');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

test('YAML errors name the same file before and after a reload, from the design; the sidebar follows the rename', async ({ page }) => {
  const id = await newDesign(page);
  await renameTo(page, 'Clicks');
  const link = page.getByTestId('design-link').filter({ hasText: 'Clicks' });
  await expect(link).toHaveAttribute('href', '#/design/clicks');
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  const good = await editor.text(view);
  await editor.setText(view, `${good}\ntables: [\n`);
  const errors = page.getByTestId('text-errors');
  await expect(errors).toContainText('clicks.yaml:');
  const before = (await errors.textContent())!.match(/\S+\.yaml/)![0];
  await saved(page);
  await page.reload();
  await expect(page.getByTestId('text-errors')).toContainText(`${before}:`);
  await expect(page.getByTestId('text-errors')).not.toContainText(`${id}.yaml`);
  await expect(page.getByTestId('design-link').filter({ hasText: 'Clicks' })).toHaveAttribute('href', '#/design/clicks');
  // A second rename: the sidebar follows again.
  await page.getByRole('button', { name: 'Discard the YAML changes' }).click();
  await page.getByTestId('tab-form').click();
  await renameTo(page, 'Clicks by hour');
  await expect(page.getByTestId('design-link').filter({ hasText: 'Clicks by hour' })).toHaveAttribute('href', '#/design/clicks-by-hour');
});

test('the Export dialog closes when the address moves (Back to another design)', async ({ page }) => {
  await page.goto('./#/design/chat-messages');
  await expect(page.getByTestId('design-view')).toBeVisible();
  await page.goto('./#/design/iot-multitenant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/IoT/);
  await page.getByTestId('export-open').first().click();
  await expect(page.getByTestId('export-format')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat messages per room');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a one-table design\'s cbt script says "Creates the table", never "the 1 tables"', async ({ page }) => {
  await page.goto('./#/design/chat-messages');
  await page.getByTestId('export-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('export-format').selectOption('cbt');
  await dialog.getByTestId('export-all-tables').check();
  await expect(dialog.getByTestId('export-preview')).toContainText('Creates the table of design "Chat messages per room"');
  await expect(dialog.getByTestId('export-preview')).not.toContainText('the 1 tables');
});

test('a reversed timestamp is shown decoded beside its 19 digits in the example key (the sorter query values: match.test.ts)', async ({ page }) => {
  await page.goto('./#/design/iot-multitenant');
  const key = page.getByTestId('example-key');
  await expect(key).toBeVisible();
  const digits = (await key.textContent())!.match(/\d{19}/)![0];
  const readable = page.getByTestId('example-key-readable');
  await expect(readable).toHaveText(/ts = \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
  const iso = (await readable.locator('time').getAttribute('datetime'))!;
  expect(BigInt(digits)).toBe(9223372036854775807n - BigInt(Date.parse(iso)));
});
