// Small things in the built studio (Chromium): counts read "1 error" and "1 pasted
// key"; a one-line paste with spaces or commas is offered as several keys.
import { encodeShare } from '../src/core/share';
import type { Design } from '../src/core/model/schema';
import { expect, test } from './fixtures';

const oneError: Design = {
  format: 'bigtable-studio/v1',
  name: 'one error',
  tables: [
    {
      name: 'events',
      rowKey: { template: '{id}#{day}', fields: { id: { type: 'string', distribution: 'sequential' }, day: { type: 'timestamp', bucket: 'day' } } },
      families: [{ name: 'f', gc: { maxVersions: 1 } }],
    },
  ],
};

test('the findings count says "1 error", singular', async ({ page }) => {
  await page.goto('./');
  await page.goto(`./${encodeShare(oneError)}`);
  await expect(page.getByTestId('findings-count')).toHaveText(/^1 error, \d+ warnings?, \d+ info$/);
});

test('paste mode: one line with spaces or commas is offered as several keys; one key is "1 pasted key"', async ({ page }) => {
  await page.goto('./#/design/iot-multitenant?view=sorter');
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
  await page.getByLabel('Paste keys').check();
  const paste = page.getByTestId('sorter-paste');
  await paste.fill('device#1 device#10,device#2');
  const offer = page.getByTestId('sorter-split-offer');
  await expect(offer).toContainText('one line with spaces or commas');
  await offer.getByRole('button', { name: 'Split it into 3 keys' }).click();
  await expect(paste).toHaveValue('device#1\ndevice#10\ndevice#2');
  await expect(offer).toHaveCount(0);
  await page.getByTestId('sorter-run').click();
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '3');
  // Several lines: no offer. One key: singular.
  await paste.fill('device#1');
  await expect(offer).toHaveCount(0);
  await page.getByTestId('sorter-run').click();
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('sorter-summary')).toContainText('1 pasted key in byte order');
});
