// Saving and never losing work, end to end: an edit survives the tab closing abruptly, a fresh
// tab reopens where the user was, a full disk or no storage at all is said clearly while
// editing continues (and what was saved before stays intact), two tabs on one design never
// overwrite each other silently, and designs saved by an older studio are migrated.
import { expect, retype, saved, test } from './fixtures';

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('an edit survives the tab closing abruptly, and a fresh tab reopens where the user was', async ({ context, page }) => {
  await page.goto('./#/design/chat-messages');
  await retype(page.getByLabel('Design name'), 'Chat, edited');
  await saved(page);
  await page.waitForTimeout(800); // the session record (undo history, last view) follows within 400 ms
  await page.close({ runBeforeUnload: false });

  const again = await context.newPage();
  await again.goto('./');
  await expect(h1(again)).toHaveText('Chat, edited');
  await expect(again).toHaveURL(/#\/design\/chat-messages$/);
  await expect(again.getByTestId('design-link')).toHaveText(['Chat, edited']);
});

test('a full disk is said clearly; editing continues; what was saved before stays intact', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { diskFull?: boolean }).diskFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.goto('./#/design/web-pages');
  await retype(page.getByLabel('Design name'), 'Saved name');
  await saved(page);

  await page.evaluate(() => ((window as unknown as { diskFull: boolean }).diskFull = true));
  await retype(page.getByLabel('Design name'), 'Unsaved name');
  await expect(page.getByTestId('persist-banner')).toHaveAttribute('data-kind', 'quota');
  await expect(page.getByTestId('persist-banner')).toContainText('Storage is full');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'memory');
  await expect(h1(page)).toHaveText('Unsaved name');
  await page.getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'table');

  // Space comes back: the next change saves everything, and the banner goes.
  await page.evaluate(() => ((window as unknown as { diskFull: boolean }).diskFull = false));
  await retype(page.getByLabel('Design name'), 'Saved again');
  await saved(page);
  await expect(page.getByTestId('persist-banner')).toHaveCount(0);

  // Full again, then the tab reloads: the last save is there, untouched by the failed write.
  await page.evaluate(() => ((window as unknown as { diskFull: boolean }).diskFull = true));
  await retype(page.getByLabel('Design name'), 'Lost on reload');
  await expect(page.getByTestId('persist-banner')).toHaveAttribute('data-kind', 'quota');
  await page.reload();
  await expect(h1(page)).toHaveText('Saved again');
  await expect(page.getByRole('navigation', { name: 'Tables' }).getByRole('link')).toHaveCount(2);
});

test('without storage (private mode), says so and keeps editing in memory', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  await page.goto('./');
  await expect(page.getByTestId('persist-banner')).toHaveAttribute('data-kind', 'unavailable');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'memory');
  await page.getByTestId('gallery-card').first().click();
  await retype(page.getByLabel('Design name'), 'Kept in memory');
  await expect(h1(page)).toHaveText('Kept in memory');
  await page.locator('body').press('Control+z');
  await expect(h1(page)).not.toHaveText('Kept in memory');
});

test('two tabs on one design: a tab that has not edited follows; one that has is asked, never overwritten', async ({ context, page }) => {
  await page.goto('./#/design/ad-counters');
  await saved(page);
  const other = await context.newPage();
  await other.goto('./#/design/ad-counters');
  await expect(other.getByTestId('design-view')).toBeVisible();

  await retype(page.getByLabel('Design name'), 'Ads from tab 1');
  await saved(page);
  await expect(h1(other)).toHaveText('Ads from tab 1');
  await expect(other.getByTestId('conflict-banner')).toHaveCount(0);

  // Both have edited now: the first tab is asked, and keeps its edits in memory meanwhile.
  await retype(other.getByLabel('Design name'), 'Ads from tab 2');
  await saved(other);
  const banner = page.getByTestId('conflict-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Ads from tab 1');
  await retype(page.getByLabel('Design name'), 'Ads from tab 1, more');
  const third = await context.newPage();
  await third.goto('./#/design/ad-counters');
  await expect(h1(third)).toHaveText('Ads from tab 2');
  await third.close();

  await banner.getByRole('button', { name: 'Keep mine as a copy' }).click();
  await expect(banner).toHaveCount(0);
  await expect(h1(page)).toHaveText('Ads from tab 1, more (my copy)');
  await expect(page.getByTestId('design-link')).toHaveText(['Ads from tab 2', 'Ads from tab 1, more (my copy)']);
  await saved(page);
  await expect(other.getByTestId('design-link')).toHaveText(['Ads from tab 2', 'Ads from tab 1, more (my copy)']);
});

test('designs saved by an older studio (format 1) are migrated on start', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  const text = 'format: bigtable-studio/v1\nname: From format one\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n';
  await page.evaluate(async (yaml) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('bigtable-schema-studio');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').delete('manifest');
      tx.objectStore('kv').put({ version: 1, order: ['old'], docs: { old: { id: 'old', text: yaml, updatedAt: 1 } } }, 'btstudio');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, text);
  await page.reload();
  await expect(page.getByTestId('design-link')).toHaveText(['From format one']);
  await page.getByTestId('design-link').click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 't');
});
