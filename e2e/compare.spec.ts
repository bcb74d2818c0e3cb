// Compare with my version, in the form: the changes of a share link marked on the
// Form tab of the link's version (changed fields; added tables, families and queries; what it
// removed listed by name); back to the comparison; declining leaves both designs as they were.
import type { Design } from '../src/core/model/schema';
import { encodeShare } from '../src/core/share';
import { chat, expect, myChat, saved, savedTexts, seriousA11y, test } from './fixtures';

/** The link's version: the load and the description changed, family r removed, a family, a query and a table added. */
function theirs(): Design {
  const d = chat();
  const t = d.tables[0]!;
  d.description = 'Reviewed.';
  t.load = { ...t.load, writesPerSecond: 40000 };
  t.families = [...(t.families ?? []).filter((f) => f.name !== 'r'), { name: 'audit', gc: { maxAge: '90d' } }];
  t.queries = [...(t.queries ?? []), { name: 'whole room', match: { room: 'eq' } }];
  d.tables.push({
    name: 'rooms',
    rowKey: { template: '{room}', fields: { room: { type: 'string', length: 10 } } },
    families: [{ name: 'p', gc: { maxVersions: 1 } }],
  });
  return d;
}

test('Compare with my version marks the changes in the form; back to the comparison; Keep mine leaves both as they were', async ({ page }) => {
  const mine = await myChat(page);
  await page.goto('about:blank');
  await page.goto(`./${encodeShare(theirs())}`);
  await page.getByTestId('shared-compare').click();
  const dialog = page.getByTestId('compare-dialog');
  await dialog.getByTestId('compare-show-form').click();
  await expect(dialog).toHaveCount(0);

  const form = page.getByTestId('design-form');
  const bar = form.getByTestId('compare-bar');
  await expect(bar).toContainText('2 changed');
  await expect(bar).toContainText('3 added');
  await expect(bar.getByTestId('compare-removed')).toContainText('family r of table messages');
  // Changed fields, and only they.
  await expect(form.locator('[data-path="description"]')).toHaveAttribute('data-compare', 'changed');
  await expect(form.locator('[data-path="tables[0].load.writesPerSecond"]')).toHaveAttribute('data-compare', 'changed');
  await expect(form.locator('[data-path="tables[0].rowKey.template"]')).not.toHaveAttribute('data-compare', /./);
  await expect(form.locator('[data-path="tables[0].load.readsPerSecond"]')).not.toHaveAttribute('data-compare', /./);
  // Added family and query; the untouched ones unmarked.
  await expect(form.getByTestId('family-editor').filter({ hasText: 'audit' })).toHaveAttribute('data-compare', 'added');
  await expect(form.getByTestId('family-editor').first()).not.toHaveAttribute('data-compare', /./);
  await expect(form.locator('[data-path="tables[0].queries[3]"]')).toHaveAttribute('data-compare', 'added');
  await expect(form.locator('[data-path="tables[0].queries[0]"]')).not.toHaveAttribute('data-compare', /./);
  // The tables' tabs: the new one added, the one holding changes changed; the new table's fields added.
  const tabs = form.getByRole('navigation', { name: 'Tables' });
  await expect(tabs.getByRole('link', { name: 'rooms' })).toHaveAttribute('data-compare', 'added');
  await expect(tabs.getByRole('link', { name: 'messages' })).toHaveAttribute('data-compare', 'changed');
  expect(await seriousA11y(page, '[data-testid="design-form"]')).toEqual([]);
  await tabs.getByRole('link', { name: 'rooms' }).click();
  await expect(form.locator('[data-path="tables[1].rowKey.template"]')).toHaveAttribute('data-compare', 'added');

  // Back to the comparison, then decline: no marks, both designs as they were.
  await bar.getByTestId('compare-back').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('compare-keep-mine').click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByTestId('compare-bar')).toHaveCount(0);
  await expect(form.locator('[data-compare]')).toHaveCount(0);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await expect(form.getByLabel('Design name')).toHaveValue('Chat messages per room');
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);
});

test('Stop marking clears the marks and changes nothing', async ({ page }) => {
  const mine = await myChat(page);
  await page.goto('about:blank');
  await page.goto(`./${encodeShare(theirs())}`);
  await page.getByTestId('shared-compare').click();
  await page.getByTestId('compare-show-form').click();
  const form = page.getByTestId('design-form');
  await expect(form.locator('[data-compare]').first()).toBeVisible();
  await form.getByTestId('compare-unmark').click();
  await expect(form.locator('[data-compare]')).toHaveCount(0);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await saved(page);
  expect((await savedTexts(page))[mine.id]).toBe(mine.text);
});
