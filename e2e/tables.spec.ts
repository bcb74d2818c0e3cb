// Tables are first-class: duplicate a table (button and palette), move a query
// to another table (its match on fields the other key lacks is dropped, and the notice says so).
import { encodeShare } from '../src/core/share';
import type { Design } from '../src/core/model/schema';
import { expect, test } from './fixtures';

const design: Design = {
  format: 'bigtable-studio/v1',
  name: 'rides',
  tables: [
    {
      name: 'trips',
      rowKey: { template: '{city}#{trip}', fields: { city: { type: 'string', values: ['nyc', 'sf'] }, trip: { type: 'uuid' } } },
      queries: [{ name: 'by city', match: { city: 'eq' } }, { name: 'by driver' }],
    },
    { name: 'drivers', rowKey: { template: '{city}#{driver}', fields: { city: { type: 'string', values: ['nyc', 'sf'] }, driver: { type: 'uuid' } } } },
  ],
};

test('duplicate a table with its button and from the palette; move a query to another table', async ({ page }) => {
  await page.goto('./');
  await page.goto(`./${encodeShare(design)}`);
  await expect(page.getByTestId('design-form')).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Tables' }).getByRole('link');
  await expect(tabs).toHaveText(['trips', 'drivers']);

  await page.getByTestId('table-duplicate').click();
  await expect(tabs).toHaveText(['trips', 'trips_copy', 'drivers']);
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'trips_copy');
  await expect(page.getByTestId('query-editor')).toHaveCount(2);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('duplicate this table');
  await expect(page.getByTestId('palette').getByRole('option').first()).toHaveText(/Duplicate this table/);
  await page.keyboard.press('Enter');
  await expect(tabs).toHaveText(['trips', 'trips_copy', 'trips_copy_copy', 'drivers']);

  // Move "by city" from this table to drivers: drivers' key has city, so the match stays.
  await tabs.filter({ hasText: /^trips$/ }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'trips');
  await page.getByTestId('query-editor').first().getByTestId('query-move').selectOption({ label: 'drivers' });
  await expect(page.getByTestId('notice')).toContainText('Moved query by city to table drivers');
  await expect(page.getByTestId('query-editor')).toHaveCount(1);
  await tabs.filter({ hasText: 'drivers' }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'drivers');
  const moved = page.getByTestId('query-editor');
  await expect(moved).toHaveCount(1);
  await expect(moved.getByLabel('Query name')).toHaveValue('by city');
  await expect(moved.getByLabel('city')).toHaveValue('eq');
});
