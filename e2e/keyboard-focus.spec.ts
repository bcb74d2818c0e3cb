// Keyboard focus goes where the work is: "New design" from the palette lands on the design's
// name; applying a Fix with Enter keeps focus in the findings list (the next finding, or the
// panel); typing a format's name in the palette and Enter opens Export on that format.
import type { Design } from '../src/core/model/schema';
import { encodeShare } from '../src/core/share';
import { expect, test } from './fixtures';

/** Two unpadded numbers in one key: two findings, each with a Fix. */
const twoFixes: Design = {
  format: 'bigtable-studio/v1',
  name: 'Two fixes',
  tables: [
    {
      name: 't',
      rowKey: { template: '{tenant}#{a}#{b}', fields: { tenant: { type: 'string', cardinality: 1000 }, a: { type: 'int' }, b: { type: 'int' } } },
      families: [{ name: 'cf' }],
    },
  ],
};

test('New design from the palette focuses the design name', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'saved');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new design');
  await expect(page.getByTestId('palette').getByRole('option').first()).toHaveText(/New design(?! from)/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('design-view')).toBeVisible();
  await expect(page.locator('[data-path="name"] input')).toBeFocused();
  await page.keyboard.type(' (mine)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\(mine\)$/);
});

test('a Fix applied with Enter keeps focus in the findings list: the next finding, then the panel', async ({ page }) => {
  await page.goto(`./${encodeShare(twoFixes)}`);
  const findings = page.getByTestId('findings');
  await expect(findings.getByTestId('fix')).toHaveCount(2);
  await findings.getByTestId('fix').first().focus();
  await page.keyboard.press('Enter');
  await expect(findings.getByTestId('fix')).toHaveCount(1);
  // Focus is on the finding now first (the next one), ready for Enter again.
  await expect(findings.getByTestId('fix').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(findings.getByTestId('fix')).toHaveCount(0);
  // None left with a fix: focus stays in the panel (on what remains, or its heading), not the page.
  await expect(findings.locator(':focus')).toHaveCount(1);
  await expect(page.locator('body')).not.toBeFocused();
});

test('typing a format name in the palette and Enter opens Export on that format', async ({ page }) => {
  await page.goto('./#/design/chat-messages');
  await expect(page.getByTestId('design-view')).toBeVisible();
  for (const [typed, format] of [
    ['terraform', 'terraform'],
    ['cbt', 'cbt'],
  ] as const) {
    await page.keyboard.press('Control+k');
    await page.keyboard.type(typed);
    await expect(page.getByTestId('palette').getByRole('option').first()).toHaveText(new RegExp(`Export: ${typed}`, 'i'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('export-format')).toHaveValue(format);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
