// In the built studio (Chromium): generated values read as what they
// are (the field's preview, its example, a values list), heatmap and sorter labels decode key
// fields (ISO dates, salt buckets) with the raw bytes on hover, the heatmap has no white frame in
// dark mode, and the palette lists every registered command, Export in each format and Plan.
import type { Page } from '@playwright/test';
import { encodeShare } from '../src/core/share';
import type { Design } from '../src/core/model/schema';
import { createCommands } from '../src/app/commands/registry';
import { expect, retype, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const rides: Design = {
  format: 'bigtable-studio/v1',
  name: 'rides',
  tables: [
    {
      name: 'trips',
      rowKey: {
        template: '{salt}#{driver}#{city}#{ts}',
        fields: {
          salt: { type: 'hash', buckets: 8, of: ['driver'] },
          driver: { type: 'string', prefix: 'drv-', alphabet: 'digits', length: 7, cardinality: 5000 },
          city: { type: 'string' },
          ts: { type: 'timestamp', reversed: true },
        },
      },
      families: [{ name: 't', gc: { maxVersions: 1 }, columns: [{ qualifier: 'fare', valueBytes: 8 }] }],
      load: { writesPerSecond: 2000 },
    },
    { name: 'drivers', rowKey: { template: '{driver}', fields: { driver: { type: 'string' } } } },
  ],
};

async function openRides(page: Page) {
  await page.goto('./');
  await page.goto(`./${encodeShare(rides)}`);
  await expect(page.getByTestId('key-chip').first()).toBeVisible();
}

const fieldChip = (page: Page, name: string) => page.getByTestId('key-chip').filter({ hasText: name }).locator('.chip-main');

test('a field shows the values it generates; a city field offers a values list', async ({ page }) => {
  await openRides(page);
  await fieldChip(page, 'driver').click();
  const samples = page.getByTestId('field-samples');
  await expect(samples).toContainText('Generated values:');
  const values = await samples.locator('code').allTextContents();
  expect(values.length).toBeGreaterThanOrEqual(3);
  for (const v of values) expect(v).toMatch(/^drv-\d{7}$/);

  // A plain string reads as random letters: the form says so, and a values list fixes it.
  await fieldChip(page, 'city').click();
  await expect(page.getByTestId('field-samples-hint')).toContainText('list the Values');
  const settings = page.getByTestId('field-settings');
  await retype(settings.getByLabel('Values (comma-separated)'), 'Lisbon, Porto, Faro');
  await settings.getByLabel('Values (comma-separated)').press('Enter');
  await expect(page.getByTestId('field-samples-hint')).toHaveCount(0);
  for (const v of await samples.locator('code').allTextContents()) expect(['Lisbon', 'Porto', 'Faro']).toContain(v);
  // An example is shown where set.
  await retype(settings.getByLabel('Example value'), 'Porto');
  await settings.getByLabel('Example value').press('Enter');
  await expect(samples).toContainText('the example key uses Porto');
  await expect(page.getByTestId('example-key')).toContainText('#Porto#');

  // Salts read as buckets and timestamps as dates.
  await fieldChip(page, 'salt').click();
  for (const v of await samples.locator('code').allTextContents()) expect(v).toMatch(/^bucket [0-7]$/);
  await fieldChip(page, 'ts').click();
  await expect(samples.locator('code').first()).toHaveText(/^2026-01-01T00:00:\d\d(\.\d{3})?Z$/);
  // The sample keys read the same way on hover.
  await expect(page.getByTestId('sample-key').first().locator('code')).toHaveAttribute('title', /^Reads as bucket 0#drv-\d{7}#(Lisbon|Porto|Faro)#2026-01-01T/);
});

test('heatmap and sorter labels decode the key; no white frame around the heatmap in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openRides(page);
  await page.getByRole('link', { name: 'Simulate', exact: true }).click();
  const view = page.getByTestId('sim-view');
  await view.getByTestId('sim-run').click();
  await expect(view.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 60_000 });
  const canvas = view.getByTestId('sim-heatmap');
  await expect(canvas).toHaveAttribute('data-painted', 'true');

  // The frame is the figure's own (dark) background, not white.
  const { frame, figure } = await canvas.evaluate((el: HTMLCanvasElement) => {
    const px = el.getContext('2d')!.getImageData(2, 2, 1, 1).data;
    return { frame: `rgb(${px[0]}, ${px[1]}, ${px[2]})`, figure: getComputedStyle(el.closest('figure')!).backgroundColor };
  });
  expect(frame).toBe(figure);
  expect(frame).not.toBe('rgb(255, 255, 255)');

  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  const tip = view.getByTestId('sim-heatmap-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/Keys\s*bucket \d#drv-\d{7}#[a-z]+#2026-01-01T/);
  // The raw bytes on hover: the 19-digit reversed time.
  await expect(tip).toContainText(/Bytes\s*\d#drv-\d{7}#[a-z]+#\d{19}/);
  await expect(view.getByTestId('sim-hottest')).toHaveAttribute('title', /^Key bytes: /);

  // The sorter: each row reads as its fields on hover.
  await page.getByRole('link', { name: 'Sorter', exact: true }).click();
  const row = page.getByTestId('sorter-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.locator('.key-text')).toHaveAttribute('title', /^Reads as bucket 0#drv-\d{7}#[a-z]+#2026-01-01T/);
  await expect(row.locator('.key-text')).toHaveText(/^0#drv-\d{7}#[a-z]+#\d{19}$/);
  // Tablet boundaries of the run read the same way, their bytes on hover.
  const sep = page.getByTestId('tablet-separator-key').first();
  await expect(sep).toBeVisible();
  await expect(sep).toHaveText(/^bucket \d#drv-\d{7}#[a-z]+#2026-01-01T/);
  await expect(sep).toHaveAttribute('title', /^Key bytes: \d#drv-\d{7}#[a-z]+#\d{19}$/);
});

test('the palette lists every registered command; Export in a format does what the dialog does; Plan opens the plan', async ({ page }) => {
  const registered = createCommands({ store: null as never, navigate: () => {} }).map((c) => c.id);
  await openRides(page);
  await expect(page.getByTestId('design-form')).toBeVisible();
  // One edit so Undo applies; Redo applies after an undo; the rest apply to an open design.
  await retype(page.getByLabel('Design name'), 'rides 2');
  await page.getByLabel('Design name').press('Enter');
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('palette');
  await expect(palette).toBeVisible();
  const listed = await palette.locator('[data-command]').evaluateAll((els) => els.map((e) => e.getAttribute('data-command')));
  // Not listed: the palette itself, Redo (nothing undone yet) and Discard YAML errors (the YAML has none).
  const absent = ['palette.open', 'edit.redo', 'design.discardText'];
  expect(listed.sort()).toEqual(registered.filter((id) => !absent.includes(id)).sort());
  for (const f of ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design']) expect(listed).toContain(`export.${f}`);
  expect(listed).toContain('table.plan');
  await page.keyboard.press('Escape');

  // Export: cbt opens the Export dialog at the cbt script, the same preview as choosing it there.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('export: cbt');
  await expect(palette.getByRole('option').first()).toHaveText(/Export: cbt script/);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-format')).toHaveValue('cbt');
  const fromPalette = await dialog.getByTestId('export-preview').textContent();
  expect(fromPalette).toContain('cbt');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('export-open').click();
  await expect(dialog.getByTestId('export-format')).toHaveValue('row-key-schema');
  await dialog.getByTestId('export-format').selectOption('cbt');
  await expect(dialog.getByTestId('export-preview')).toHaveText(fromPalette!);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.sh$/);
  await page.keyboard.press('Escape');

  // Plan: from the sorter, back to the form with the Capacity plan focused.
  await page.getByRole('link', { name: 'Sorter', exact: true }).click();
  await expect(page).toHaveURL(/view=sorter/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('plan capacity');
  await expect(palette.getByRole('option').first()).toHaveText(/Plan capacity/);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/view=sorter/);
  await expect(page.locator('#capacity-heading')).toBeFocused();
});

test('an exported row_key_schema.yaml imports back with its timestamp and salt fields, and says so', async ({ page }) => {
  await openRides(page);
  await page.getByTestId('export-open').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-format')).toHaveValue('row-key-schema');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toBe('trips.row_key_schema.yaml');
  const text = Buffer.concat(
    await (async () => {
      const chunks: Buffer[] = [];
      for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
      return chunks;
    })(),
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('import-file').first().setInputFiles({ name: 'trips.row_key_schema.yaml', mimeType: 'application/yaml', buffer: text });
  const confirm = page.getByRole('dialog', { name: 'Import trips.row_key_schema.yaml' });
  await expect(confirm.getByTestId('import-notes')).toContainText("restored the studio's row key");
  await expect(confirm.getByTestId('import-notes')).toContainText('salt (hash), ts (timestamp)');
  await confirm.getByTestId('import-new').click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  await expect
    .poll(() => page.getByTestId('key-chip').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))))
    .toEqual(['salt', 'driver', 'city', 'ts']);
  await fieldChip(page, 'ts').click();
  await expect(page.getByTestId('field-settings').getByLabel('Type')).toHaveValue('timestamp');
  await expect(page.getByTestId('field-settings').getByLabel('Reversed (newest first)')).toBeChecked();
});
