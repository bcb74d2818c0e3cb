// The Export dialog and import, end to end in the built studio: every format previews as text
// and downloads the same bytes, options change the file, a design a format cannot express
// lists its reasons, the Apply tab shows the btstudio commands (emulator first), the dialog is
// a proper modal (focus trap, Escape), and an imported file becomes a new design. No request
// leaves 127.0.0.1 and no console error happens in any test.
//
// The dialog is mounted by the App (a button data-testid="export-open" in the design view;
// src/app/export is the component). Until then these tests skip, saying so.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { encodeShare } from '../src/core/share';
import type { Design } from '../src/core/model/schema';
// The shared offline guard (every page of the context: no request off 127.0.0.1, no console or
// page error) and the axe-core check.
import { expect, seriousA11y, test } from './fixtures';

const FORMATS = ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design'] as const;

/** A design no structured row key can express: a constant segment in a delimited key. */
const CONSTANT_SEGMENT: Design = {
  format: 'bigtable-studio/v1',
  name: 'Users by constant prefix',
  tables: [
    { name: 'users', rowKey: { template: 'user#{id}', delimiter: '#', fields: { id: { type: 'uuid' } } }, families: [{ name: 'p', gc: { maxVersions: 1 } }] },
  ],
};

/** Opens a gallery example (the user's copy of it) in the design view. */
async function openExample(page: Page, title: RegExp = /chat/i): Promise<void> {
  await page.goto('./');
  await page.getByTestId('gallery-card').filter({ hasText: title }).first().click();
  await expect(page.getByTestId('design-view')).toBeVisible();
}

async function openExport(page: Page) {
  await expect(page.getByTestId('export-open').first()).toBeAttached();
  await page.getByTestId('export-open').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  return dialog;
}

async function downloadShown(page: Page): Promise<{ name: string; text: string; shown: string; filename: string }> {
  const shown = (await page.getByTestId('export-preview').textContent()) ?? '';
  const filename = (await page.getByTestId('export-filename').textContent()) ?? '';
  const button = page.getByTestId('export-download');
  // One of a dozen quick downloads from one page was once not delivered by Chromium in CI (the
  // app had saved it; no download event came). A user would click again: so does the test, once,
  // and says so. The file must still be exactly the preview.
  let download: Download;
  try {
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), button.click()]);
  } catch {
    console.log(`[export] no download event for ${filename} within 20 s: clicking Download again`);
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), button.click()]);
  }
  const text = readFileSync(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), text, shown, filename };
}

test('every format shows a text preview and downloads exactly that file', async ({ page }) => {
  // One preview and one download per format (and per language): more than the default 30 s
  // on a loaded machine.
  test.setTimeout(120_000);
  await openExample(page);
  const dialog = await openExport(page);
  for (const format of FORMATS) {
    await dialog.getByTestId('export-format').selectOption(format);
    const pre = dialog.getByTestId('export-preview');
    await expect(pre).toHaveAttribute('data-format', format);
    expect(await pre.evaluate((el) => el.tagName)).toBe('PRE');
    const d = await downloadShown(page);
    expect(d.shown.trim().length, format).toBeGreaterThan(20);
    expect(d.name, format).toBe(d.filename);
    expect(d.text, format).toBe(d.shown);
  }
  // Key builders in each language, and the design as JSON.
  await dialog.getByTestId('export-format').selectOption('code');
  const names = new Set<string>();
  for (const lang of ['ts', 'java', 'go', 'python']) {
    await dialog.getByTestId('export-lang').selectOption(lang);
    const d = await downloadShown(page);
    expect(d.text).toBe(d.shown);
    names.add(d.name);
  }
  expect(names.size).toBe(4);
  await dialog.getByTestId('export-format').selectOption('design');
  await dialog.getByTestId('export-as-json').check();
  const json = await downloadShown(page);
  expect(json.name).toMatch(/\.json$/);
  expect(JSON.parse(json.text).format).toBe('bigtable-studio/v1');
});

test('the pre-encoded toggle writes the delimiter in base64, and Copy copies the preview', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openExample(page);
  const dialog = await openExport(page);
  await dialog.getByTestId('export-format').selectOption('row-key-schema');
  const plain = (await dialog.getByTestId('export-preview').textContent()) ?? '';
  await dialog.getByTestId('export-pre-encoded').check();
  await expect(dialog.getByTestId('export-preview')).not.toHaveText(plain);
  const pre = (await dialog.getByTestId('export-preview').textContent()) ?? '';
  expect(pre).toMatch(/delimiter: ['"]?[A-Za-z0-9+/]+=*['"]?/);
  await dialog.getByTestId('export-copy').click();
  await expect(dialog.getByTestId('export-status')).toContainText('copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pre);
});

test('a design the format cannot express lists the reasons and offers no file', async ({ page }) => {
  await openExample(page);
  await expect(page.getByTestId('export-open').first()).toBeAttached();
  // The design arrives as a share link (a new page load), the one way to bring it in without the editor.
  await page.goto('about:blank');
  await page.goto(`./${encodeShare(CONSTANT_SEGMENT)}`);
  await expect(page.getByTestId('design-view')).toBeVisible();
  const dialog = await openExport(page);
  await dialog.getByTestId('export-format').selectOption('row-key-schema');
  const error = dialog.getByTestId('export-error');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error).toContainText('constant segment "user" has no field');
  await expect(dialog.getByTestId('export-preview')).toHaveCount(0);
  await expect(dialog.getByTestId('export-download')).toBeDisabled();
  // A format that can express it still works.
  await dialog.getByTestId('export-format').selectOption('cbt');
  await expect(dialog.getByTestId('export-preview')).toContainText('createtable');
  await expect(dialog.getByTestId('export-download')).toBeEnabled();
});

test('the Apply tab shows the btstudio commands, emulator first, and saves the design file', async ({ page }) => {
  await openExample(page);
  const dialog = await openExport(page);
  await dialog.getByRole('tab', { name: 'Apply to Bigtable' }).click();
  await expect(dialog.getByRole('tab', { name: 'Apply to Bigtable' })).toHaveAttribute('aria-selected', 'true');
  const emu = (await dialog.getByTestId('apply-emulator').textContent()) ?? '';
  const lines = emu.split('\n');
  expect(lines[0]).toMatch(/^BIGTABLE_EMULATOR_HOST=127\.0\.0\.1:8086 npx btstudio apply \S+\.yaml$/);
  expect(lines[1]).toMatch(/^BIGTABLE_EMULATOR_HOST=127\.0\.0\.1:8086 npx btstudio load \S+\.yaml --table \S+ --rows 20000$/);
  expect(lines[2]).toMatch(/^BIGTABLE_EMULATOR_HOST=127\.0\.0\.1:8086 npx btstudio verify \S+\.yaml --table \S+$/);
  const cloud = (await dialog.getByTestId('apply-cloud').textContent()) ?? '';
  expect(cloud).toContain('--dry-run');
  expect(cloud).toContain('--yes');
  const box = await dialog.getByTestId('apply-emulator').boundingBox();
  const cloudBox = await dialog.getByTestId('apply-cloud').boundingBox();
  expect(box!.y).toBeLessThan(cloudBox!.y);
  const file = /apply (\S+\.yaml)$/.exec(lines[0]!)![1]!;
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('apply-download-design').click()]);
  expect(download.suggestedFilename()).toBe(file);
  expect(readFileSync(await download.path(), 'utf8')).toMatch(/^# yaml-language-server: \$schema=design\.schema\.json\nformat: bigtable-studio\/v1\n/);
});

test('the dialog is accessible, keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await openExample(page);
  const dialog = await openExport(page);
  await expect(dialog.getByTestId('export-format')).toBeFocused();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  expect(await seriousA11y(page, '[role=dialog]')).toEqual([]);
  await dialog.getByRole('tab', { name: 'Apply to Bigtable' }).click();
  expect(await seriousA11y(page, '[role=dialog]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('export-open').first()).toBeFocused();
});

test('an imported row_key_schema.yaml becomes a new design; a bad file changes nothing', async ({ page }) => {
  await openExample(page);
  await expect(page.getByTestId('import-file').first()).toBeAttached();
  const nav = page.getByRole('navigation', { name: 'Designs' });
  const before = await nav.textContent();
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
  await expect(page.getByTestId('import-error')).toContainText('photo.png: this is not a text file');
  await expect(nav).toHaveText(before ?? '');

  const schema =
    'encoding:\n  delimitedBytes:\n    delimiter: "#"\nfields:\n  - fieldName: tenant\n    type:\n      stringType:\n        encoding:\n          utf8Bytes: {}\n  - fieldName: id\n    type:\n      stringType:\n        encoding:\n          utf8Bytes: {}\n';
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name: 'orders.row_key_schema.yaml', mimeType: 'application/yaml', buffer: Buffer.from(schema) });
  await expect(page.getByTestId('import-ready')).toContainText('a row key schema');
  await expect(page.getByTestId('import-name')).toContainText('orders.row_key_schema.yaml');
  // The confirmation is a dialog: focus is in it, Escape cancels and changes nothing.
  const dialog = page.getByRole('dialog', { name: 'Import orders.row_key_schema.yaml' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('import-new')).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(nav).toHaveText(before ?? '');
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name: 'orders.row_key_schema.yaml', mimeType: 'application/yaml', buffer: Buffer.from(schema) });
  await dialog.getByTestId('import-new').click();
  await expect(dialog).toHaveCount(0);
  await expect(nav).toContainText('orders.row_key_schema.yaml');
  await expect(page.getByTestId('design-view')).toBeVisible();
});

test('gcloud, cbt and Terraform offer all tables in one file', async ({ page }) => {
  await openExample(page, /Replicated orders/i);
  const dialog = await openExport(page);
  for (const format of ['gcloud', 'cbt', 'terraform'] as const) {
    await dialog.getByTestId('export-format').selectOption(format);
    const all = dialog.getByTestId('export-all-tables');
    await expect(all).not.toBeChecked();
    await all.check();
    await expect(dialog.getByTestId('export-table')).toHaveCount(0);
    const d = await downloadShown(page);
    expect(d.text, format).toBe(d.shown);
    for (const table of ['carts', 'stock']) {
      expect(d.shown, `${format} ${table}`).toMatch(
        format === 'terraform' ? new RegExp(`resource "google_bigtable_table" "${table}"`) : new RegExp(`# Table ${table}\\n`),
      );
    }
    if (format === 'gcloud') expect(d.shown).toMatch(/gcloud bigtable app-profiles create 'stock-writer'/);
    if (format === 'terraform') expect(d.shown).toMatch(/required_providers \{\n\s+google = \{\n\s+source\s+= "hashicorp\/google"\n\s+version = ">= 6\.41\.0"/);
    await all.uncheck();
  }
});

test('a design with an instance shows its clusters and edits them in the form, not the shorthand cluster fields', async ({ page }) => {
  await openExample(page, /Replicated orders/i);
  await expect(page.locator('.design-meta')).toContainText('2 tables · 2 clusters · 3 to 12 nodes (autoscaled) each · SSD');
  await expect(page.getByTestId('cluster-editor')).toHaveCount(2);
  await expect(page.getByTestId('profile-editor')).toHaveCount(2);
  await expect(page.getByLabel('Cluster nodes')).toHaveCount(0);
});
