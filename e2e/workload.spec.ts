// How the application uses a table, edited in the form: the write pattern (a periodic bulk
// load), inserts or updates, a query's kind, latency target, lookback and Data Boost, a
// family's personal data and a uuid's version; saved as the format's keys, and the
// workload-isolation finding raised and cleared from the same controls.
import { load as parseYaml } from 'js-yaml';
import { expect, newDesign, retype, saved, savedTexts, test } from './fixtures';

test('edits the workload keys in the table form and saves them as the format says', async ({ page }) => {
  const id = await newDesign(page);
  await page.getByTestId('design-form').getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByTestId('table-panel')).toBeVisible();

  const settings = page.getByTestId('field-settings');
  await settings.getByLabel('Type').selectOption('uuid');
  await settings.getByLabel('UUID version').selectOption('7');
  await expect(settings.getByText('time-ordered: new values sort last, like a timestamp')).toBeVisible();

  await page.getByRole('button', { name: 'Add family' }).click();
  await page.getByTestId('family-editor').first().getByLabel('Holds personal data').check();

  await page.getByLabel('Write pattern').selectOption('bulk');
  await retype(page.getByLabel('Rows per load'), '30');
  await retype(page.getByLabel('Load every (e.g. 1d)'), '1d');
  await page.getByLabel('Writes are').selectOption('update');

  // A serving read and a batch export on the same (default) profile: workload-isolation.
  await page.getByRole('button', { name: 'Add query' }).click();
  await page.getByRole('button', { name: 'Add query' }).click();
  const [serving, batch] = [page.getByTestId('query-editor').nth(0), page.getByTestId('query-editor').nth(1)];
  await retype(serving.getByLabel('Latency target (p99 ms)'), '10');
  await retype(serving.getByLabel('Looks back (e.g. 90d)'), '30d');
  await batch.getByLabel('Kind').selectOption('batch');
  const isolation = page.locator('[data-testid="finding"][data-rule="workload-isolation"]');
  await expect(isolation).toHaveCount(1);
  await batch.getByLabel('May run on Data Boost').check();
  await expect(isolation).toHaveCount(0);

  await saved(page);
  const design = parseYaml((await savedTexts(page))[id]!) as { tables: Record<string, any>[] };
  const t = design.tables[0]!;
  expect(Object.values(t.rowKey.fields)).toEqual([{ type: 'uuid', version: 7 }]);
  expect(t.families[0].personalData).toBe(true);
  expect(t.load).toMatchObject({ writePattern: 'bulk', bulkRows: 30, bulkEvery: '1d', writeKind: 'update' });
  expect(t.queries[0]).toMatchObject({ latencyMs: 10, lookback: '30d' });
  expect(t.queries[1]).toMatchObject({ kind: 'batch', dataBoost: true });

  // Another pattern drops the bulk load's own settings.
  await page.getByLabel('Write pattern').selectOption('burst');
  await expect(page.getByLabel('Rows per load')).toHaveCount(0);
  await retype(page.getByLabel('Burst length (e.g. 30s)'), '30s');
  await saved(page);
  const after = parseYaml((await savedTexts(page))[id]!) as { tables: Record<string, any>[] };
  expect(after.tables[0]!.load).toEqual({ writePattern: 'burst', burstDuration: '30s', writeKind: 'update' });
});
