// The Capacity panel, end to end: live as the load and the nodes are edited, SSD and HDD side
// by side, agreeing with lint's cluster-capacity finding; prices edited, kept in this browser
// after a reload, and never written into the design.
import { codeEditor, expect, newDesign, retype, saved, savedTexts, seriousA11y, test } from './fixtures';

test('plans nodes and cost live, agrees with lint, and keeps edited prices out of the design', async ({ page }) => {
  await newDesign(page);
  await page.getByTestId('design-form').getByRole('button', { name: 'Add table' }).click();
  const panel = page.getByTestId('capacity');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('capacity-nodes-ssd')).toContainText('1 node');

  // 300,000 writes/s on the default 3 SSD nodes: 21.4 nodes of writes, 31 at the 70% target.
  await retype(page.getByLabel('Writes per second'), '300000');
  await page.getByLabel('Writes per second').press('Tab');
  await expect(panel.getByTestId('capacity-load')).toContainText('The design needs 31 nodes');
  await expect(panel.getByTestId('capacity-nodes-ssd')).toContainText('31 nodes');
  await expect(panel.getByTestId('capacity-nodes-hdd')).toContainText('43 nodes');
  const finding = page.locator('[data-testid="finding"][data-rule="cluster-capacity"]');
  await expect(finding).toContainText('the design needs 31 nodes');

  await retype(page.getByLabel('Cluster nodes'), '31');
  await page.getByLabel('Cluster nodes').press('Tab');
  await expect(finding).toHaveCount(0);
  await expect(panel).toContainText('On 31 nodes');

  // Prices: a node at 1.00 an hour makes 31 nodes cost 22,630.00 a month (730 hours).
  await panel.getByText(/^Prices/).click();
  await retype(panel.getByTestId('price-nodeHour'), '1');
  await expect(panel.getByTestId('capacity-cost-ssd')).toContainText('USD 22,6');
  await retype(panel.getByTestId('price-ssdGbMonth'), 'abc');
  await expect(panel.getByRole('alert')).toContainText('a number from 0 to 1,000,000');
  await expect(panel.getByTestId('capacity-cost-ssd')).toContainText('USD 22,6');
  expect(await seriousA11y(page, '[data-testid="capacity"]')).toEqual([]);

  await saved(page);
  await page.reload();
  await expect(page.getByTestId('capacity').getByTestId('capacity-cost-ssd')).toContainText('USD 22,6');
  const texts = Object.values(await savedTexts(page)).join('\n');
  expect(texts).toContain('writesPerSecond: 300000');
  expect(texts).not.toMatch(/nodeHour|price/i);
});

test('the average write rate sizes storage, the peak CPU, and the form and the YAML stay in sync', async ({ page }) => {
  await newDesign(page);
  await page.getByTestId('design-form').getByRole('button', { name: 'Add table' }).click();
  const panel = page.getByTestId('capacity');
  const peak = page.getByLabel('Writes per second');
  const average = page.getByLabel('Average write rate per second');
  await retype(peak, '300000');
  await peak.press('Tab');
  await expect(panel.getByTestId('capacity-load')).toContainText('The design needs 31 nodes');
  await expect(panel.getByTestId('capacity-rates')).not.toContainText('average:');
  await expect(average).toHaveAttribute('placeholder', '300000');

  // The average leaves CPU at the peak and says which rate sized what.
  await retype(average, '100000');
  await average.press('Tab');
  await expect(panel.getByTestId('capacity-rates')).toContainText('300,000/s peak, 100,000/s average');
  await expect(panel.getByTestId('capacity-load')).toContainText('The design needs 31 nodes');

  // An average above the peak (pasted in one go) is refused at the field; the design keeps the
  // last valid one.
  await average.fill('400000');
  await average.press('Tab');
  await expect(page.getByText('a mean cannot exceed its peak')).toBeVisible();
  await expect(panel.getByTestId('capacity-rates')).toContainText('100,000/s average');

  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  const text = await codeEditor.text(view);
  expect(text).toMatch(/averageWritesPerSecond: 100000\n/);
  // Edited in the YAML, the form shows it.
  await codeEditor.setText(view, text.replace('averageWritesPerSecond: 100000', 'averageWritesPerSecond: 50000'));
  await expect(panel.getByTestId('capacity-rates')).toContainText('50,000/s average');
  await page.getByTestId('tab-form').click();
  await expect(page.getByLabel('Average write rate per second')).toHaveValue('50000');
});
