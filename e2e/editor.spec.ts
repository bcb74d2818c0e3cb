// The editor, end to end in Chromium: a design built from scratch in the form, live findings,
// a fix applied and undone, everything back after a reload (undo history included), key
// fields reordered by keyboard and drag, the command palette, accessibility, and each keystroke
// reaching the example key in the same task (how long it takes: `npm run bench app`).
import { expect, newDesign, retype, saved, seriousA11y, test } from './fixtures';
import type { Page } from '@playwright/test';

const finding = (page: Page, rule: string) => page.locator(`[data-testid="finding"][data-rule="${rule}"]`);
const chips = (page: Page) => page.getByTestId('key-chip').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));

async function addKeyField(page: Page, name: string, type: string) {
  const form = page.getByRole('form', { name: 'Add a key field' });
  await form.getByLabel('New field name').fill(name);
  await form.getByLabel('Type').selectOption(type);
  await form.getByRole('button', { name: 'Add field' }).click();
}

test('builds a design from scratch, sees findings, fixes one and undoes it, and finds it all after a reload', async ({ page }) => {
  await newDesign(page);
  const form = page.getByTestId('design-form');
  await retype(form.getByLabel('Design name'), 'Sensor readings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sensor readings');

  await form.getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'table');
  await retype(page.getByLabel('Table name'), 'events');
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'events');
  await expect(page).toHaveURL(/\/events$/);

  // A three-field key: rename the starting field, add two more.
  await retype(page.getByTestId('field-settings').getByLabel('Name', { exact: true }), 'tenant');
  await addKeyField(page, 'device', 'int');
  await addKeyField(page, 'ts', 'timestamp');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'device', 'ts']);
  await expect(page.getByLabel('Template')).toHaveValue('{tenant}#{device}#{ts}');
  const example = page.getByTestId('example-key');
  await expect(example.locator('.key-field')).toHaveCount(3);
  const text = (await example.textContent()) ?? '';
  expect(Number(await page.getByTestId('example-key-bytes').textContent())).toBe(Buffer.byteLength(text, 'utf8'));

  // Two families, the second with a nested GC rule: union(maxVersions 1, intersection(maxAge, maxVersions)).
  await page.getByRole('button', { name: 'Add family' }).click();
  await page.getByRole('button', { name: 'Add family' }).click();
  const second = page.getByTestId('family-editor').nth(1);
  await expect(second.getByLabel('Family name')).toHaveValue('cf2');
  await second.getByLabel('Garbage collection').selectOption('union');
  await second.getByLabel('Rule 2', { exact: true }).selectOption('intersection');
  await retype(second.getByLabel('Max age (e.g. 30d, 36h)'), '7d');
  await expect(second.locator('.gc-summary')).toHaveText('delete when not the newest version or (older than 7d and not the newest version)');

  // Two queries: one bound on the leading fields, one that reads everything.
  await page.getByRole('button', { name: 'Add query' }).click();
  await page.getByRole('button', { name: 'Add query' }).click();
  const [q1, q2] = [page.getByTestId('query-editor').nth(0), page.getByTestId('query-editor').nth(1)];
  await retype(q1.getByLabel('Query name'), 'device readings');
  await q1.getByLabel('tenant', { exact: true }).selectOption('eq');
  await q1.getByLabel('device', { exact: true }).selectOption('eq');
  await expect(q1.getByTestId('plan-badge')).toHaveText('PREFIX');
  await expect(q2.getByTestId('plan-badge')).toHaveText('FULL SCAN');
  await expect(page.getByTestId('estimates').getByTestId('plan-badge')).toHaveText(['PREFIX', 'FULL SCAN']);

  // Findings appear as the design takes shape; clicking one reveals its field.
  const unpadded = finding(page, 'unpadded-number');
  await expect(unpadded).toBeVisible();
  await expect(unpadded).toContainText('device');
  await page.getByTestId('key-chip').filter({ hasText: 'tenant' }).locator('.chip-main').click();
  await unpadded.getByTestId('finding-toggle').click();
  await unpadded.locator('.finding-where').click();
  await expect(page.getByTestId('field-settings').locator('legend')).toHaveText('Field device');
  await expect(page.getByTestId('field-settings').locator(':focus')).toHaveCount(1);

  // Fix: the finding goes (one undo step); Ctrl+Z brings it back, Ctrl+Shift+Z removes it again.
  await unpadded.getByTestId('fix').click();
  await expect(unpadded).toHaveCount(0);
  await expect(page.getByTestId('field-settings').getByLabel('Pad to digits')).toHaveValue('6');
  await page.locator('body').press('Control+z');
  await expect(unpadded).toHaveCount(1);
  await expect(page.getByTestId('notice')).toContainText('Undone: Apply fix');
  await page.locator('body').press('Control+Shift+z');
  await expect(unpadded).toHaveCount(0);
  await page.locator('body').press('Control+z');
  await expect(unpadded).toHaveCount(1);
  await saved(page);

  // Reload: the design, the view and the undo history are all there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sensor readings');
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'events');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'device', 'ts']);
  await expect(page.getByTestId('family-editor')).toHaveCount(2);
  await expect(page.getByTestId('family-editor').nth(1).locator('.gc-summary')).toHaveText(
    'delete when not the newest version or (older than 7d and not the newest version)',
  );
  await expect(page.getByTestId('query-editor').getByTestId('plan-badge')).toHaveText(['PREFIX', 'FULL SCAN']);
  await expect(unpadded).toHaveCount(1);
  // The undo history comes back with the designs: redo is offered again before it is used.
  await expect(page.locator('[data-command="edit.redo"]')).toBeEnabled();
  await page.locator('body').press('Control+Shift+z');
  await expect(unpadded).toHaveCount(0);
  await page.locator('body').press('Control+z');
  await page.locator('body').press('Control+z');
  await expect(page.getByTestId('query-editor').nth(0).getByLabel('device', { exact: true })).toHaveValue('');
});

test('a form edit that would break the design is refused beside the input, keeping what was typed', async ({ page }) => {
  await page.goto('./#/design/chat-messages');
  const name = page.getByLabel('Table name');
  const before = await name.inputValue();
  await name.fill('');
  await expect(page.locator('[data-path="tables[0].name"] .field-error')).toBeVisible();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', before);
  await name.fill('msgs');
  await expect(page.locator('[data-path="tables[0].name"] .field-error')).toHaveCount(0);
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'msgs');
});

test('reorders key fields with Alt+arrows and by dragging, each move one undo step', async ({ page }) => {
  await page.goto('./#/design/iot-multitenant');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'device_type', 'device', 'ts']);
  const ts = page.getByTestId('key-chip').filter({ hasText: 'ts' }).locator('.chip-main');
  await ts.focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'ts', 'device_type', 'device']);
  await expect(ts).toBeFocused();
  await expect(page.getByLabel('Template')).toHaveValue('{tenant}#{ts}#{device_type}#{device}');
  await page.locator('body').press('Control+z');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'device_type', 'device', 'ts']);

  await page.getByTestId('key-chip').filter({ hasText: 'device_type' }).dragTo(page.getByTestId('key-chip').first());
  await expect.poll(() => chips(page)).toEqual(['device_type', 'tenant', 'device', 'ts']);
  await page.locator('body').press('Control+z');
  await expect.poll(() => chips(page)).toEqual(['tenant', 'device_type', 'device', 'ts']);
});

test('the command palette lists commands, filters them and runs one from the keyboard', async ({ page }) => {
  await page.goto('./#/design/web-pages');
  await expect(page.getByTestId('design-form')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('palette');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('show');
  const options = palette.getByRole('option');
  await expect(options.first()).toHaveText(/Show the form/);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\?view=yaml$/);
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('Alt+Shift+F');
  await expect(page.getByTestId('design-form')).toBeVisible();
});

test('has no serious or critical accessibility violations on the gallery, the editor and the findings', async ({ page }) => {
  test.setTimeout(180_000); // axe walks a few thousand nodes of the form on a shared machine
  await page.goto('./');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  expect(await seriousA11y(page)).toEqual([]);
  await page.goto('./#/design/weather-balloons-time-buckets-cells');
  await expect(page.getByTestId('finding').first()).toBeVisible();
  expect(await seriousA11y(page)).toEqual([]);
  expect(await seriousA11y(page, '[data-testid="findings"]')).toEqual([]);
  await page.getByTestId('finding').first().getByTestId('finding-toggle').click();
  await page
    .getByTestId('finding')
    .first()
    .getByRole('button', { name: /^Rule / })
    .click();
  await expect(page.getByTestId('rule-doc')).toBeVisible();
  expect(await seriousA11y(page, '[data-testid="rule-doc"]')).toEqual([]);
  await page.keyboard.press('Escape');
  // The summary on top, a finding expanded, and a collapsed section.
  expect(await seriousA11y(page, '[data-testid="design-summary"]')).toEqual([]);
  await page.getByTestId('section-families').click();
  await expect(page.getByTestId('section-families')).toHaveAttribute('aria-expanded', 'false');
  expect(await seriousA11y(page, '[data-testid="findings"]')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousA11y(page)).toEqual([]);
  expect(await seriousA11y(page, '[data-testid="design-summary"]')).toEqual([]);
});

test('each keystroke in the key template updates the example key in the same task', async ({ page }) => {
  // How long that takes is measured by `npm run bench app` (bench/app.bench.mjs); here, that it happens.
  for (const id of ['user-profiles', 'iot-multitenant', 'ad-counters']) {
    await page.goto(`./#/design/${id}`);
    const template = page.getByLabel('Template');
    await expect(template).toBeVisible();
    // Append literal text to the last segment: every step is a valid design, so each keystroke
    // runs the whole path: validate, regenerate YAML, lint, re-render the key and findings.
    const changed = await template.evaluate(async (el: HTMLInputElement) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const example = document.querySelector('[data-testid="example-key"]')!;
      let n = 0;
      for (let i = 0; i < 5; i++) {
        const before = example.textContent;
        setter.call(el, `${el.value}x`);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        if (example.textContent !== before && example.textContent!.endsWith('x'.repeat(i + 1))) n++;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      }
      return n;
    });
    expect(changed, `${id}: keystrokes whose example key changed at once`).toBe(5);
  }
});

test('opens on an empty gallery offline, with saving on', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await saved(page);
  await expect(page.getByTestId('persist-banner')).toHaveCount(0);
});
