// Every production part of the format edited in the Form tab, with no YAML typed: the instance,
// its clusters (zone, fixed nodes, autoscaling) and app profiles (routing, priority, Data
// Boost), a table's production settings, and views of all three kinds with their SQL in Monaco.
// The YAML tab shows each edit; undo takes it back; an entry the format refuses is said beside
// its own input. axe finds nothing in the new forms, light or dark.
import type { Locator, Page } from '@playwright/test';
import { codeEditor, expect, retype, saved, seriousA11y, test } from './fixtures';

// Long walks through the form, with Monaco loading: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openReplicated(page: Page): Promise<void> {
  await page.goto('./');
  await page
    .getByTestId('gallery-card')
    .filter({ hasText: /Replicated orders/i })
    .first()
    .click();
  await expect(page.getByTestId('design-view')).toBeVisible();
}

async function yamlText(page: Page): Promise<string> {
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  const text = await codeEditor.text(view);
  await page.getByTestId('tab-form').click();
  await expect(page.getByTestId('design-form')).toBeVisible();
  return text;
}

const undo = (page: Page) => page.locator('body').press('Control+z');

/** The error shown inside the control that edits `path` (positioned at its input). */
const errorAt = (page: Page, path: string): Locator => page.locator(`[data-path="${path}"] .field-error`);

test('edits the instance, clusters and app profiles in the form; the YAML follows and undo takes an edit back', async ({ page }) => {
  await openReplicated(page);
  const editor = page.getByTestId('instance-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByText('edit them in the YAML tab')).toHaveCount(0);
  const clusters = editor.getByTestId('cluster-editor');
  await expect(clusters).toHaveCount(2);

  // Zone, then the second cluster from autoscaling to a fixed count of 5.
  await retype(clusters.nth(0).getByLabel('Zone'), 'us-east1-c');
  await clusters.nth(1).getByLabel('Nodes', { exact: true }).selectOption('fixed');
  await retype(clusters.nth(1).getByLabel('Node count'), '5');
  // Autoscaling targets on the first cluster.
  await retype(clusters.nth(0).getByLabel('CPU target (%)'), '50');
  await retype(clusters.nth(0).getByLabel('Storage target (GiB per node)'), '4096');
  // A third cluster, in a zone of its own.
  await editor.getByTestId('cluster-add').click();
  await expect(clusters).toHaveCount(3);

  // A cluster id Bigtable refuses: said beside that input; the design keeps the last valid id.
  await retype(clusters.nth(0).getByLabel('Cluster id'), 'Bad');
  await expect(errorAt(page, 'instance.clusters[0].id')).toContainText('cluster id "Bad"');
  await expect(errorAt(page, 'instance.clusters[0].id')).toBeVisible();
  await retype(clusters.nth(0).getByLabel('Cluster id'), 'shop-east2');
  await expect(errorAt(page, 'instance.clusters[0].id')).toHaveCount(0);

  // App profiles: a priority on one, and a new Data Boost profile (single-cluster routing).
  const profiles = editor.getByTestId('profile-editor');
  await profiles.nth(1).getByLabel('Priority').selectOption('low');
  await editor.getByTestId('profile-add').click();
  await expect(profiles).toHaveCount(3);
  const added = profiles.nth(2);
  await added.getByLabel('Routing').selectOption('single');
  await added.getByLabel('Cluster', { exact: true }).selectOption('shop-west');
  await added.getByLabel('Isolation').selectOption('dataBoost');
  await expect(added.getByLabel('Priority')).toHaveCount(0);
  await retype(added.getByLabel('App profile id'), 'analytics');
  // Data Boost is single-cluster only: multi-cluster routing offers standard isolation alone.
  await added.getByLabel('Routing').selectOption('multi');
  await expect(added.getByLabel('Isolation')).toHaveValue('standard');
  await added.getByLabel('Routing').selectOption('single');
  await added.getByLabel('Cluster', { exact: true }).selectOption('shop-west');
  await added.getByLabel('Isolation').selectOption('dataBoost');
  await editor.getByLabel('Default app profile').selectOption('stock-writer');

  const text = await yamlText(page);
  expect(text).toMatch(/- id: shop-east2\n\s+zone: us-east1-c\n\s+autoscaling:\n\s+minNodes: 3\n\s+maxNodes: 12\n\s+cpuTarget: 50\n\s+storageTarget: 4096/);
  expect(text).toMatch(/- id: shop-west\n\s+zone: us-west1-a\n\s+nodes: 5/);
  expect(text).toMatch(/- id: shop-east3\n\s+zone: us-east1-a\n\s+nodes: 3/);
  expect(text).toMatch(/cluster: shop-east2\n\s+allowTransactionalWrites: true\n\s+priority: low/);
  expect(text).toMatch(/- id: analytics\n\s+routing: single\n\s+cluster: shop-west\n\s+dataBoost:\n\s+computeBillingOwner: HOST_PAYS/);
  expect(text).toMatch(/defaultAppProfile: stock-writer/);
  expect(text).not.toContain('Bad');

  // Undo: the default profile goes back to serving, then the profile to standard isolation.
  await undo(page);
  await expect(editor.getByLabel('Default app profile')).toHaveValue('serving');
  await undo(page);
  await expect(profiles.nth(2).getByLabel('Isolation')).toHaveValue('standard');
  await expect(profiles.nth(2).getByLabel('App profile id')).toHaveValue('analytics');
  await saved(page);
});

test('a one-cluster design declares its instance from the form', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('gallery-card').filter({ hasText: /chat/i }).first().click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  const editor = page.getByTestId('instance-editor');
  await retype(editor.getByLabel('Cluster nodes'), '4');
  await editor.getByTestId('instance-create').click();
  await expect(editor.getByTestId('cluster-editor')).toHaveCount(1);
  await expect(editor.getByTestId('cluster-editor').getByLabel('Node count')).toHaveValue('4');
  await retype(editor.getByLabel('Instance id'), 'chat-prod');
  const text = await yamlText(page);
  expect(text).toMatch(/instance:\n\s+storage: ssd\n\s+clusters:\n\s+- id: chat-messages-per-room-c1\n\s+zone: us-central1-a\n\s+nodes: 4\n\s+id: chat-prod\n/);
  expect(text).not.toMatch(/^cluster:/m);
  await undo(page); // the instance id
  await undo(page); // the instance itself
  await expect(editor.getByLabel('Cluster nodes')).toHaveValue('4');
});

test("edits a table's production settings; a bad duration is said at its field", async ({ page }) => {
  await openReplicated(page);
  const settings = page.getByTestId('settings-editor');
  await settings.scrollIntoViewIfNeeded();
  await settings.getByLabel('Deletion protection').uncheck();
  await retype(settings.getByLabel(/Change stream retention/), '5d');
  await retype(settings.getByLabel(/Automated backups/), '30d');
  await retype(settings.getByLabel(/Tiered storage/), '90 days');
  await expect(errorAt(page, 'tables[0].tieredStorage.infrequentAccessAfter')).toBeVisible();
  await retype(settings.getByLabel(/Tiered storage/), '90d');
  await expect(errorAt(page, 'tables[0].tieredStorage.infrequentAccessAfter')).toHaveCount(0);

  const text = await yamlText(page);
  const carts = text.slice(text.indexOf('- name: carts'), text.indexOf('- name: stock'));
  expect(carts).not.toContain('deletionProtection');
  expect(carts).toMatch(/changeStreamRetention: 5d/);
  expect(carts).toMatch(/backup:\n\s+retention: 30d/);
  expect(carts).toMatch(/tieredStorage:\n\s+infrequentAccessAfter: 90d/);
  // Tiered storage off again by undo; protection back after three more.
  await undo(page);
  await expect(settings.getByLabel(/Tiered storage/)).toHaveValue('');
  await undo(page);
  await undo(page);
  await undo(page);
  await expect(settings.getByLabel('Deletion protection')).toBeChecked();
});

test('views of all three kinds in the form, SQL in Monaco with its errors inline', async ({ page }) => {
  await openReplicated(page);
  const views = page.getByTestId('views-editor');
  await views.getByRole('button', { name: 'Add materialized view' }).click();
  const mv = views.getByTestId('materialized-view-editor');
  await expect(mv.getByLabel('View id')).toHaveValue('view1');
  // The index builder: fields and families.
  await retype(mv.getByLabel(/Index by/), 'cart');
  await retype(mv.getByLabel(/Families copied/), 'i');
  await expect(mv.locator('.view-sql-preview pre')).toContainText('ORDER BY cart, source_key', { useInnerText: false });
  // A rollup: group by customer with a sum.
  await mv.getByLabel('Defined by').selectOption('groupBy');
  await retype(mv.getByLabel(/Group by key fields/), 'customer');
  await mv.getByLabel('Aggregation 1', { exact: true }).selectOption('sum');
  await retype(mv.getByLabel('Column of aggregation 1 (family:qualifier; empty: rows)'), 'n:items');
  await retype(mv.getByLabel('Output name of aggregation 1'), 'items');
  // As SQL: Monaco opens with the builder's SQL; an ARRAY_AGG is marked inline.
  await mv.getByLabel('Defined by').selectOption('query');
  const sql = mv.getByTestId('sql-editor');
  await expect(sql.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  await expect(sql.locator('.view-lines')).toContainText('GROUP BY');
  await sql.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('SELECT customer AS customer, ARRAY_AGG(_key) AS carts FROM `carts` GROUP BY customer');
  await expect(sql.getByTestId('sql-problems')).toContainText('ARRAY_AGG');
  await expect(sql.locator('.squiggly-error')).not.toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('SELECT customer AS customer, COUNT(*) AS carts FROM `carts` GROUP BY customer');
  await expect(sql.getByTestId('sql-problems')).toHaveCount(0);
  // Ctrl+Z in the SQL editor is the studio's undo (the whole typing burst), and Ctrl+Shift+Z redoes it.
  // (Redo still works after the undo: the editor taking the undone text made no edit of its own.)
  await page.waitForTimeout(1500); // a new typing burst
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('SELECT customer AS customer, SUM(n) AS total FROM `carts` GROUP BY customer');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(sql.locator('.view-lines')).toContainText('COUNT(*) AS carts FROM');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(sql.locator('.view-lines')).toContainText('SUM(n) AS total FROM');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(sql.locator('.view-lines')).toContainText('COUNT(*) AS carts FROM');

  await views.getByRole('button', { name: 'Add logical view' }).click();
  const lv = views.getByTestId('logical-view-editor');
  await expect(lv.getByTestId('sql-editor').locator('.view-lines')).toContainText('SELECT _key FROM', { timeout: 30_000 });
  await views.getByRole('button', { name: 'Add authorized view' }).click();
  const av = views.getByTestId('authorized-view-editor');
  await retype(av.getByLabel(/Row prefixes/), 'c000');
  await retype(av.getByLabel('Qualifiers of i (one per line)'), 'sku1');

  const text = await yamlText(page);
  expect(text).toMatch(
    /materializedViews:\n\s+- name: view1\n\s+table: carts\n\s+query: SELECT customer AS customer, COUNT\(\*\) AS carts FROM `carts` GROUP BY customer/,
  );
  expect(text).toMatch(/logicalViews:\n\s+- name: logical1\n\s+query: SELECT _key FROM `carts`/);
  expect(text).toMatch(
    /authorizedViews:\n\s+- name: authorized1\n\s+table: carts\n\s+families:\n\s+i:\n\s+qualifiers:\n\s+- sku1\n(.|\n)*rowPrefixes:\n\s+- c000/,
  );
  // Undo the qualifier: the field is empty again.
  await undo(page);
  await expect(av.getByLabel('Qualifiers of i (one per line)')).toHaveValue('');
  await saved(page);
});

test('routes a query and the writes through app profiles, and sets node capacity and a rule severity, all in the form', async ({ page }) => {
  await openReplicated(page);
  const query = page.getByTestId('query-editor').first();
  await query.getByLabel('App profile').selectOption('stock-writer');
  await page.getByLabel("Writes' app profile").selectOption('stock-writer');
  await page.getByLabel('Conditional writes (CheckAndMutateRow)').check();
  const checks = page.getByTestId('checks-editor');
  await retype(checks.getByLabel('Node reads/s'), '20000');
  await retype(checks.getByLabel('Node CPU target (0-1)'), '2');
  await expect(errorAt(page, 'cluster.nodeCapacity.cpuTarget')).toBeVisible();
  await retype(checks.getByLabel('Node CPU target (0-1)'), '0.6');
  await expect(errorAt(page, 'cluster.nodeCapacity.cpuTarget')).toHaveCount(0);
  await checks.getByLabel('Change the severity of').selectOption('gc-missing');
  await checks.getByRole('button', { name: 'Add (turned off)' }).click();
  await checks.getByLabel('gc-missing').selectOption('warning');

  const text = await yamlText(page);
  const carts = text.slice(text.indexOf('- name: carts'), text.indexOf('- name: stock'));
  expect(carts).toMatch(/- name: a customer's carts\n(\s+.+\n)*?\s+appProfile: stock-writer/);
  expect(carts).toMatch(/load:\n(\s+.+\n)*?\s+appProfile: stock-writer\n\s+checkAndMutate: true/);
  expect(text).toMatch(/cluster:\n\s+nodeCapacity:\n\s+readsPerSecond: 20000\n\s+cpuTarget: 0.6/);
  expect(text).toMatch(/lint:\n\s+rules:\n\s+gc-missing: warning/);
  await undo(page);
  await expect(checks.getByLabel('gc-missing')).toHaveValue('off');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing in the instance, settings and views forms (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000); // four axe runs over long forms
    await page.emulateMedia({ colorScheme: scheme });
    await openReplicated(page);
    const views = page.getByTestId('views-editor');
    await views.getByRole('button', { name: 'Add materialized view' }).click();
    await views.getByTestId('materialized-view-editor').getByLabel('Defined by').selectOption('query');
    await expect(views.getByTestId('sql-editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
    await views.getByRole('button', { name: 'Add authorized view' }).click();
    await views.getByRole('button', { name: 'Add logical view' }).click();
    await page.getByTestId('instance-editor').getByTestId('profile-add').click();
    expect(await seriousA11y(page, '[data-testid="instance-editor"]')).toEqual([]);
    expect(await seriousA11y(page, '[data-testid="settings-editor"]')).toEqual([]);
    expect(await seriousA11y(page, '[data-testid="views-editor"]')).toEqual([]);
    expect(await seriousA11y(page, '[data-testid="checks-editor"]')).toEqual([]);
  });
}
