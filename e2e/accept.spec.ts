// Accepted findings in the studio: "Accept…" asks the reason and keeps it in the design's
// lint.accept (the finding dims, with its reason), as one undo step; "Un-accept" removes it; the
// acceptance travels in a share link.
import type { Page } from '@playwright/test';
import type { Design } from '../src/core/model/schema';
import { encodeShare } from '../src/core/share';
import { expect, seriousA11y, test } from './fixtures';

const AUDIT: Design = {
  format: 'bigtable-studio/v1',
  name: 'Audit log to accept',
  tables: [
    {
      name: 'audit',
      rowKey: { template: '{ts}#{id}', fields: { ts: { type: 'timestamp' }, id: { type: 'uuid' } } },
      families: [{ name: 'a', gc: { maxAge: '90d' } }],
    },
  ],
};

const finding = (page: Page, rule: string) => page.getByTestId('findings').locator(`[data-testid=finding][data-rule="${rule}"]`);

test('accept a finding with a reason: it dims; undo brings it back; the acceptance survives a share link', async ({ page, context }) => {
  await page.goto('./');
  await page.goto(`./${encodeShare(AUDIT)}`);
  await page.getByTestId('shared-banner').getByTestId('shared-save').click();
  await expect(page.getByRole('navigation', { name: 'Designs' })).toContainText('Audit log to accept');

  const leading = finding(page, 'timestamp-leading');
  await expect(leading).toHaveAttribute('data-accepted', 'false');
  await expect(page.getByTestId('findings-count')).toContainText('1 error');

  // "Accept…" asks why; an empty reason is refused in place.
  await leading.getByTestId('finding-toggle').click();
  await leading.getByTestId('accept').click();
  const reason = leading.getByTestId('accept-reason');
  await expect(reason).toBeFocused();
  await leading.getByTestId('accept-confirm').click();
  await expect(leading.getByRole('alert')).toContainText('Say why');
  await reason.fill('append-only, 20 writes/s: one node takes it');
  await leading.getByTestId('accept-confirm').click();

  await expect(leading).toHaveAttribute('data-accepted', 'true');
  await expect(leading.getByTestId('finding-acceptance')).toHaveText('Accepted: append-only, 20 writes/s: one node takes it');
  await expect(page.getByTestId('findings-count')).toContainText('0 errors');
  await expect(page.getByTestId('findings-accepted')).toHaveText(', 1 accepted');
  expect(await seriousA11y(page, '[data-testid=findings]')).toEqual([]);

  // One undo step: undo brings the finding back as it was, redo accepts it again.
  await page.locator('body').press('Control+z');
  await expect(leading).toHaveAttribute('data-accepted', 'false');
  await expect(page.getByTestId('notice')).toContainText('Undone: Accept finding');
  await expect(page.getByTestId('findings-count')).toContainText('1 error');
  await page.locator('body').press('Control+Shift+z');
  await expect(leading).toHaveAttribute('data-accepted', 'true');

  // The link holds the acceptance: a new page opening it shows the finding accepted, with its reason.
  await page.getByTestId('share-open').first().click();
  const link = await page.getByRole('dialog').getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('shared-banner')).toBeVisible();
  const there = finding(other, 'timestamp-leading');
  await expect(there).toHaveAttribute('data-accepted', 'true');
  await expect(there.getByTestId('finding-acceptance')).toHaveText('Accepted: append-only, 20 writes/s: one node takes it');

  // Un-accept removes it from the design (one undo step too).
  await leading.getByTestId('unaccept').click();
  await expect(leading).toHaveAttribute('data-accepted', 'false');
  await expect(page.getByTestId('findings-accepted')).toHaveCount(0);
  await page.locator('body').press('Control+z');
  await expect(leading).toHaveAttribute('data-accepted', 'true');
});
