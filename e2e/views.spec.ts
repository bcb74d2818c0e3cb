// Views and column types in the form, end to end: a column typed string in a sum family gets
// the aggregate-input error; an authorized view naming a family the table lacks gets authorized-view;
// a materialized view indexed by the table's first key field is added, and the findings follow.
import { expect, newDesign, retype, saved, seriousA11y, test } from './fixtures';
import type { Page } from '@playwright/test';

const finding = (page: Page, rule: string) => page.locator(`[data-testid="finding"][data-rule="${rule}"]`);

test('types a column, adds views, and gets their findings', async ({ page }) => {
  await newDesign(page);
  const form = page.getByTestId('design-form');
  await form.getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'table');

  // A sum family with a column typed string: aggregate-input (error).
  await page.getByRole('button', { name: 'Add family' }).click();
  const fam = page.getByTestId('family-editor').nth(0);
  await fam.getByLabel('Aggregate').selectOption('sum');
  await fam.getByRole('button', { name: /Add column to/ }).click();
  await fam.getByLabel('Type of col1').selectOption('string');
  await expect(finding(page, 'aggregate-input')).toHaveCount(1);
  await fam.getByLabel('Type of col1').selectOption('int64');
  await expect(finding(page, 'aggregate-input')).toHaveCount(0);

  // Views.
  const views = page.getByTestId('views-editor');
  await views.getByRole('button', { name: 'Add materialized view' }).click();
  await expect(views.getByLabel('View id')).toHaveValue('view1');
  await views.getByRole('button', { name: 'Add authorized view' }).click();
  await expect(views.getByLabel('Families (comma-separated)')).toHaveValue('cf');
  await retype(views.getByLabel('Families (comma-separated)'), 'cf, nope');
  await expect(finding(page, 'authorized-view')).toHaveCount(1);
  await expect(finding(page, 'authorized-view')).toContainText('names family nope, which table table does not have');
  await views.getByRole('button', { name: 'Remove authorized view' }).click();
  await expect(finding(page, 'authorized-view')).toHaveCount(0);
  await views.getByRole('button', { name: 'Add logical view' }).click();
  await expect(views.getByTestId('logical-view-editor').getByTestId('sql-editor').locator('.view-lines')).toContainText('SELECT _key FROM `table`', {
    timeout: 30_000,
  });
  await expect(finding(page, 'view-query')).toHaveCount(0);
  await saved(page);
  expect(await seriousA11y(page, '[data-testid="views-editor"]')).toEqual([]);
});
