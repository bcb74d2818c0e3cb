// The Capacity panel, end to end: live as the load and the nodes are edited, SSD and HDD side
// by side, agreeing with lint's cluster-capacity finding; prices edited, kept in this browser
// after a reload, and never written into the design.
import { expect, newDesign, retype, saved, savedTexts, seriousA11y, test } from './fixtures';

test('plans nodes and cost live, agrees with lint, and keeps edited prices out of the design', async ({ page }) => {
  await newDesign(page);
  await page.getByTestId('design-form').getByRole('button', { name: 'Add table' }).click();
  const panel = page.getByTestId('capacity');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('capacity-nodes-ssd')).toContainText('1 node');

  // 300,000 writes/s on the default 3 SSD nodes: 21.4 nodes of writes, 31 at the 70% target.
  await retype(page.getByLabel('Writes per second'), '300000');
  await page.getByLabel('Writes per second').press('Tab');
  await expect(panel.getByTestId('capacity-load')).toContainText('21.4 nodes at 100% CPU');
  await expect(panel.getByTestId('capacity-nodes-ssd')).toContainText('31 nodes');
  await expect(panel.getByTestId('capacity-nodes-hdd')).toContainText('43 nodes');
  const finding = page.locator('[data-testid="finding"][data-rule="cluster-capacity"]');
  await expect(finding).toContainText('set 31 nodes');

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
