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

test('a table with no load is said to be unknown in the estimates, the summary and the Capacity panel, and storage says what it counts', async ({ page }) => {
  const id = await newDesign(page);
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(
    view,
    `format: bigtable-studio/v1
name: Load elsewhere
cluster: {nodes: 3, storage: ssd}
tables:
  - name: lookup
    rowKey:
      template: "{a}#{b}#{c}#{d}"
      fields:
        a: {type: string, cardinality: 1000000000000}
        b: {type: string, cardinality: 1000000000000}
        c: {type: string, cardinality: 1000000000000}
        d: {type: string, cardinality: 1000000000000}
    families: [{name: f, columns: [{qualifier: x, valueBytes: 1000}]}]
    queries: [{name: everything, perSecond: 10}]
  - name: events
    rowKey: {template: "{user}#{ts}", fields: {user: {type: string, cardinality: 1000000}, ts: {type: timestamp, unit: ms}}}
    families: [{name: d, gc: {maxAge: 30d}, columns: [{qualifier: v, valueBytes: 100}]}]
    load: {writesPerSecond: 1000, retention: 30d}
`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Load elsewhere');
  await page.goto(`./#/design/${id}`);
  const estimates = page.getByTestId('estimates');
  // Rows, table size and writes each say unknown, with the reason; never a count made from the key's cardinalities.
  for (const label of ['Rows', 'Table', 'Writes'])
    await expect(estimates.locator(`dt:text-is("${label}") + dd`)).toHaveText('unknown (no write load declared (load.writesPerSecond))');
  await expect(page.getByTestId('summary-capacity')).toContainText('counting 1 of 2 tables; lookup has no write load declared');
  await expect(page.getByTestId('capacity-load')).toContainText('(1 of 2 tables; lookup has no write load declared)');
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body).not.toMatch(/\d(?:\.\d+)?e\+\d/);
});
