// In the studio: "New design from sample keys" (pasted keys inferred by the core, the
// misfits listed by line, then opened as a new design), and "Compare with my version" on a
// share link of a design the user already has: the changes with what Bigtable allows, the YAML
// side by side; take the link's version or chosen changes as one undo step, or keep mine and
// leave both as they were.
import type { Page } from '@playwright/test';
import type { Design } from '../src/core/model/schema';
import { encodeShare } from '../src/core/share';
import { chat, expect, myChat, saved, savedTexts, seriousA11y, test } from './fixtures';

const LONG_MAX = (1n << 63n) - 1n;

test('New design from sample keys: paste, infer, see the misfits by line, open it', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('infer-open').click();
  const dialog = page.getByTestId('infer-dialog');
  await expect(dialog).toBeVisible();
  const keys = Array.from({ length: 60 }, (_, i) => `tenant_${String((i * 7) % 23).padStart(4, '0')}#${LONG_MAX - BigInt(1767225600000 + i * 1000)}`);
  keys.splice(40, 0, 'not-a-key');
  await page.getByTestId('infer-keys').fill(keys.join('\n'));
  await page.getByTestId('infer-run').click();
  await expect(page.getByTestId('infer-template')).toHaveText('{tenant}#{ts}');
  await expect(page.getByTestId('infer-summary')).toContainText('61 keys');
  await expect(page.getByTestId('infer-summary')).toContainText('reversed epoch');
  await expect(page.getByTestId('infer-misfits')).toContainText('line 41: not-a-key');
  expect(await seriousA11y(page, '[data-testid="infer-dialog"]')).toEqual([]);
  await page.getByTestId('infer-create').click();
  await expect(page.getByTestId('design-view')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Inferred from sample keys');
  await saved(page);
  const texts = Object.values(await savedTexts(page));
  expect(texts.some((t) => t.includes("template: '{tenant}#{ts}'") && t.includes('reversed: true'))).toBe(true);
});

test('New design from sample keys: a file of escaped binary keys', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('infer-open').click();
  const hex = (n: bigint) => [...Array(8)].map((_, i) => `\\x${((n >> BigInt(8 * (7 - i))) & 0xffn).toString(16).padStart(2, '0')}`).join('');
  const lines = Array.from({ length: 40 }, (_, i) => `${['acme', 'globex'][i % 2]}#${hex(1767225600000n + BigInt(i) * 777n)}`);
  await page.getByTestId('infer-file').setInputFiles({ name: 'keys.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
  await page.getByTestId('infer-run').click();
  await expect(page.getByTestId('infer-template')).toHaveText('{kind}#{ts}');
  await expect(page.getByTestId('infer-summary')).toContainText('8 bytes big-endian');
  await expect(page.getByTestId('infer-summary')).toContainText('40 fit');
});

/** The link's version: a new family and another description. */
function theirs(): Design {
  const d = chat();
  d.description = 'Reviewed: an audit family added.';
  d.tables[0]!.families = [...(d.tables[0]!.families ?? []), { name: 'audit', gc: { maxAge: '90d' } }];
  return d;
}

async function openCompare(page: Page) {
  await page.goto('about:blank');
  await page.goto(`./${encodeShare(theirs())}`);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await page.getByTestId('shared-compare').click();
  const dialog = page.getByTestId('compare-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Compare with my version: the changes classed, the YAML side by side; Keep mine leaves both as they were', async ({ page }) => {
  const mine = await myChat(page);
  const dialog = await openCompare(page);
  const changes = dialog.getByTestId('compare-change');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toHaveAttribute('data-class', 'in-place');
  await expect(changes.nth(0)).toContainText('families.audit');
  await expect(changes.nth(1)).toHaveAttribute('data-class', 'design-only');
  await expect(dialog.getByTestId('compare-theirs').locator('mark[data-changed]').filter({ hasText: 'audit' }).first()).toBeVisible();
  await expect(dialog.getByTestId('compare-mine').locator('mark[data-changed]').first()).toBeVisible();
  expect(await seriousA11y(page, '[data-testid="compare-dialog"]')).toEqual([]);
  await dialog.getByTestId('compare-keep-mine').click();
  await expect(dialog).toHaveCount(0);
  // Both as they were: the shared copy still open with its banner, my design unchanged.
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);
  await page.goto(`./#/design/${mine.id}`);
  await expect(page.getByTestId('design-view')).toBeVisible();
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);
});

test('Compare with my version: take one change, undo it in one step; take the link version whole', async ({ page }) => {
  const mine = await myChat(page);
  let dialog = await openCompare(page);
  await dialog.getByTestId('compare-change').nth(0).getByRole('checkbox').check();
  await dialog.getByTestId('compare-take-chosen').click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/design/${mine.id}`));
  await saved(page);
  let text = (await savedTexts(page))[mine.id]!;
  expect(text).toContain('name: audit');
  expect(text).not.toContain('Reviewed: an audit family added.');
  // One undo step brings my version back.
  await page.keyboard.press('ControlOrMeta+z');
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);

  dialog = await openCompare(page);
  await dialog.getByTestId('compare-take-theirs').click();
  await expect(dialog).toHaveCount(0);
  await saved(page);
  text = (await savedTexts(page))[mine.id]!;
  expect(text).toContain('name: audit');
  expect(text).toContain('Reviewed: an audit family added.');
  await page.keyboard.press('ControlOrMeta+z');
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);
});
