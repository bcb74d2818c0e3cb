// The design as one system, in the studio: a query served by an index table is a point read
// there, no screen prints a node count past the format's 1,000 nodes, the summary and the
// Capacity panel state the same count, and "Fix all" plans the fixes together in one undo step.
import { codeEditor as editor, expect, newDesign, test } from './fixtures';
import { adClicksYaml } from '../src/test-support/ad-clicks';

async function open(page: import('@playwright/test').Page, yaml: string) {
  const id = await newDesign(page);
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(view, yaml);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad clicks');
  await page.goto(`./#/design/${id}`);
  return id;
}

test('a full scan past the limit says "over 1,000 nodes" and names the query; no ten-digit count anywhere', async ({ page }) => {
  await open(page, adClicksYaml({ served: false }));
  await expect(page.getByTestId('finding').first()).toBeVisible();
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body).toContain('over 1,000 nodes');
  expect(body).toContain('query "one click by id" on clicks');
  // No node count, percentage or cost from past the limit (keys on the page may hold long digits).
  expect(body).not.toMatch(/(?<!over )\b\d{1,3}(,\d{3})+\s*nodes/);
  expect(body).not.toMatch(/\d[\d,]{5,}%/);
  expect(body).not.toMatch(/USD\s*[\d,]{12,}/);
});

test('summary and Capacity panel state the same node count; "Fix all" is one undo step', async ({ page }) => {
  await open(page, adClicksYaml({ clusters: false }).replaceAll('        gc: {maxAge: 30d}\n', ''));
  const capacity = page.getByTestId('capacity-load');
  await expect(capacity).toBeVisible();
  const needs = ((await capacity.textContent()) ?? '').match(/The design needs ([\d,]+ nodes)/)![1]!;
  await expect(page.getByTestId('summary-capacity')).toContainText(`The design needs ${needs}`);
  await page.getByTestId('fix-all').click();
  await expect(page.getByTestId('fix-all-result')).toContainText(/Applied \d+ fix/);
  const after = ((await capacity.textContent()) ?? '').match(/The design needs ([\d,]+ nodes)/)![1]!;
  await expect(page.getByTestId('summary-capacity')).toContainText(`The design needs ${after}`);
  await page.keyboard.press('Control+z');
  await expect(capacity).toContainText(`The design needs ${needs}`);
});
