// Undo after a quick reload: the undo history is written in the same transaction as the design,
// so a reload 300 ms after an edit (before the session's own save) still undoes that edit.
import type { Page } from '@playwright/test';
import { expect, saved, test } from './fixtures';

const tableName = (page: Page) => page.getByTestId('table-panel').getByLabel('Table name');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Tables' }).getByRole('link');

test('rename delta, wait, rename epsilon, reload 300 ms later: Undo goes to delta and Redo to epsilon', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('gallery-card').filter({ hasText: /chat/i }).first().click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  await saved(page);
  await tableName(page).fill('delta');
  await expect(tabs(page).first()).toHaveText('delta');
  await page.waitForTimeout(2000);
  await tableName(page).fill('epsilon');
  await expect(tabs(page).first()).toHaveText('epsilon');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(tabs(page).first()).toHaveText('epsilon');
  await page.locator('body').press('Control+z');
  await expect(tabs(page).first()).toHaveText('delta');
  await page.locator('body').press('Control+Shift+z');
  await expect(tabs(page).first()).toHaveText('epsilon');
  await page.locator('body').press('Control+z');
  await page.locator('body').press('Control+z');
  await expect(tabs(page).first()).toHaveText('messages');
});
