// The Diagram tab: the replicated example with a view of each kind added in the form is drawn
// as boxes (clusters, profiles, queries, tables, views) and arrows (routes to, goes through,
// served by, view over); clicking a box opens its form at that part; SVG and PNG export
// download valid files; axe finds nothing, light or dark.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { thirtyTables } from './diagram-designs.mjs';
import { codeEditor, expect, newDesign, seriousA11y, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

async function replicatedWithViews(page: Page): Promise<void> {
  await page.goto('./');
  await page
    .getByTestId('gallery-card')
    .filter({ hasText: /Replicated orders/i })
    .first()
    .click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  const views = page.getByTestId('views-editor');
  await views.getByRole('button', { name: 'Add materialized view' }).click();
  await views.getByRole('button', { name: 'Add logical view' }).click();
  await views.getByRole('button', { name: 'Add authorized view' }).click();
  await expect(views.getByTestId('authorized-view-editor')).toHaveCount(1);
  await page.getByTestId('tab-diagram').click();
  await expect(page.getByTestId('diagram')).toBeVisible();
}

const nodes = (page: Page, kind: string) => page.locator(`[data-testid="diagram-node"][data-kind="${kind}"]`);
const edges = (page: Page, kind: string) => page.locator(`[data-testid="diagram-edge"][data-kind="${kind}"]`);

test('draws the design: boxes for every part, arrows for routes, views and the queries, coloured by plan', async ({ page }) => {
  await replicatedWithViews(page);
  await expect(nodes(page, 'cluster')).toHaveCount(2);
  await expect(nodes(page, 'profile')).toHaveCount(2);
  await expect(nodes(page, 'table')).toHaveCount(2);
  await expect(nodes(page, 'query')).toHaveCount(4);
  await expect(nodes(page, 'materialized')).toHaveCount(1);
  await expect(nodes(page, 'logical')).toHaveCount(1);
  await expect(nodes(page, 'authorized')).toHaveCount(1);
  await expect(edges(page, 'routes-to')).toHaveCount(3);
  await expect(edges(page, 'served-by')).toHaveCount(4);
  await expect(edges(page, 'via-profile')).toHaveCount(4);
  await expect(edges(page, 'view-over')).toHaveCount(3);
  await expect(page.locator('[data-testid="diagram-edge"][data-from="materialized:view1"][data-to="table:carts"]')).toHaveCount(1);
  // The table box shows its key; a query box its plan, in its plan's colour.
  await expect(page.locator('[data-id="table:carts"]')).toContainText('{customer}#{cart}');
  const oneCart = page.locator('[data-id="query:carts:1"]');
  await expect(oneCart).toContainText('POINT');
  await expect(oneCart).toHaveClass(/plan-node-point/);
  // Boxes of one lane do not overlap.
  const boxes = await nodes(page, 'query').evaluateAll((els) =>
    els.map((el) => (el as SVGGElement).getBBox && el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
  );
  boxes.sort((a, b) => a.top - b.top);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
});

test('an index table (written with) and a query served by a view, set in the form, are drawn', async ({ page }) => {
  await replicatedWithViews(page);
  await page.getByTestId('tab-form').click();
  // The first query of carts served by the materialized view (an index on customer).
  const query = page.getByTestId('query-editor').first();
  await query.getByLabel('Served by').selectOption('view1');
  // stock written with carts.
  await page.getByTestId('design-form').getByRole('link', { name: 'stock', exact: true }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'stock');
  await page.getByLabel('Written with (an index or companion table of)').selectOption('carts');
  await page.getByTestId('tab-diagram').click();
  await expect(page.locator('[data-testid="diagram-edge"][data-kind="served-by"][data-from="query:carts:0"][data-to="materialized:view1"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="diagram-edge"][data-kind="written-with"][data-from="table:stock"][data-to="table:carts"]')).toHaveCount(1);
  // Undo in the diagram's page: the written-with arrow goes.
  await page.locator('body').press('Control+z');
  await expect(edges(page, 'written-with')).toHaveCount(0);
});

test('clicking a box opens its form at that part; Enter does the same', async ({ page }) => {
  await replicatedWithViews(page);
  await page.locator('[data-id="materialized:view1"]').click();
  await expect(page.getByTestId('design-form')).toBeVisible();
  await expect(page.locator('[data-path="materializedViews[0]"] :focus')).toHaveCount(1);
  await page.getByTestId('tab-diagram').click();
  await page.locator('[data-id="profile:stock-writer"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('design-form')).toBeVisible();
  await expect(page.locator('[data-path="instance.appProfiles[1]"] :focus')).toHaveCount(1);
  // A query of the second table: the form shows that table, at the query.
  await page.getByTestId('tab-diagram').click();
  await page.locator('[data-id="query:stock:0"]').click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'stock');
  await expect(page.locator('[data-path="tables[1].queries[0]"] :focus')).toHaveCount(1);
});

test('exports the diagram as a valid SVG and as a PNG', async ({ page }) => {
  await replicatedWithViews(page);
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diagram-export-svg').click()]);
  expect(svgDownload.suggestedFilename()).toBe('replicated-orders-diagram.svg');
  const svg = readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  // It parses as SVG, and carries its colours (no CSS variable left to resolve).
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
    };
  }, svg);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('svg');
  expect(parsed.texts).toContain('carts');
  expect(parsed.texts).toContain('view1');
  expect(svg).not.toContain('var(--');
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded the diagram as SVG.' })).toBeVisible();

  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diagram-export-png').click()]);
  expect(pngDownload.suggestedFilename()).toBe('replicated-orders-diagram.png');
  const png = readFileSync((await pngDownload.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Twice the drawing's size (IHDR width and height).
  const width = png.readUInt32BE(16);
  const drawn = await page.getByTestId('diagram').evaluate((el) => (el as SVGSVGElement).width.baseVal.value);
  expect(width).toBe(Math.ceil(drawn * 2));
});

test('30 tables: every table drawn once, no two boxes of a lane overlap, drawn in under 5 s the first time (its chunk loading) and 1.5 s after', async ({
  page,
}) => {
  await newDesign(page);
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  await codeEditor.setText(view, thirtyTables());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thirty tables');
  const start = Date.now();
  await page.getByTestId('tab-diagram').click();
  await expect(nodes(page, 'table')).toHaveCount(30);
  const ms = Date.now() - start;
  console.log(`diagram of 30 tables drawn in ${ms} ms`);
  expect(ms).toBeLessThan(5000);
  await expect(nodes(page, 'query')).toHaveCount(60);
  await expect(edges(page, 'written-with')).toHaveCount(6);
  await expect(page.locator('[data-testid="diagram-node"].plan-node-full-scan')).toHaveCount(30);
  for (const kind of ['table', 'query']) {
    const boxes = await nodes(page, kind).evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
    boxes.sort((a, b) => a.top - b.top);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top, kind).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
  }
  // Again, the chunk loaded: the drawing itself.
  await page.getByTestId('tab-form').click();
  await expect(page.getByTestId('design-form')).toBeVisible();
  const again = Date.now();
  await page.getByTestId('tab-diagram').click();
  await expect(nodes(page, 'table')).toHaveCount(30);
  const againMs = Date.now() - again;
  console.log(`again (chunk loaded): ${againMs} ms`);
  expect(againMs).toBeLessThan(1500);
  // The last table's box opens its form.
  await nodes(page, 'table').last().scrollIntoViewIfNeeded();
  await page.locator('[data-id="table:t29"]').click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 't29');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing in the diagram (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await replicatedWithViews(page);
    expect(await seriousA11y(page, '[data-testid="diagram-view"]')).toEqual([]);
  });
}
