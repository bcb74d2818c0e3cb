// Saving and never losing work, end to end: an edit survives the tab closing abruptly, a fresh
// tab reopens where the user was, a full disk or no storage at all is said clearly while
// editing continues (and what was saved before stays intact), two tabs on one design never
// overwrite each other silently, and designs saved by an older studio are migrated.
// Also: an edit and a reload give the identical design; a renderer crash (no unload, no
// pagehide) right after the studio says Saved loses nothing; storage filling up in the middle
// of a save damages nothing saved before; an imported file never overwrites a design, and
// replacing the open design asks first and is undone by Undo.
import type { Page } from '@playwright/test';
import { dump } from 'js-yaml';
import { expect, retype, saved, savedTexts, test } from './fixtures';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The open design as the Export dialog's design preview shows it (YAML). */
async function designText(page: Page): Promise<string> {
  await page.getByTestId('export-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('export-format').selectOption('design');
  const text = (await dialog.getByTestId('export-preview').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return text;
}

test('edit and reload: the design, the table and the view are identical', async ({ page }) => {
  await page.goto('./#/design/iot-multitenant');
  await retype(page.getByLabel('Design name'), 'IoT, edited');
  await page.getByRole('button', { name: 'Add family' }).click();
  await page.getByTestId('family-editor').last().getByLabel('Garbage collection').selectOption('union');
  await retype(page.getByLabel('Pre-split keys (one per line)'), 'a\nm');
  await saved(page);
  const before = await designText(page);
  const stored = await savedTexts(page);
  const url = page.url();
  await page.reload();
  await expect(h1(page)).toHaveText('IoT, edited');
  expect(page.url()).toBe(url);
  expect(await designText(page)).toBe(before);
  expect(await savedTexts(page)).toEqual(stored);
  expect(before).toContain('name: IoT, edited');
});

test('a crash right after the studio says Saved (no unload, no pagehide) loses nothing', async ({ context, page, guard }) => {
  await page.goto('./#/design/chat-messages');
  await saved(page);
  await page.getByLabel('Design name').fill('Chat messages per room crash');
  // No wait for the undo history or the view (saved 400 ms later): only for the designs.
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'saved');
  const cdp = await context.newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  // A crashed renderer logs nothing the app did wrong; forget the guard's view of that page.
  guard.clear();

  const again = await context.newPage();
  await again.goto('./#/design/chat-messages');
  await expect(h1(again)).toHaveText('Chat messages per room crash');
  await expect(again.getByTestId('persist-banner')).toHaveCount(0);
});

test('storage filling up in the middle of a save: a clear banner, and every design saved before is unchanged', async ({ page }) => {
  // Chromium gives a Playwright context a quota of about 10 GB (CDP's overrideQuotaForOrigin
  // does not change it there), so the quota is simulated as the browser reports it: the
  // transaction that switches the manifest to the new revision aborts with QuotaExceededError
  // at commit, after the revision record itself was written.
  await page.addInitScript(() => {
    const w = window as unknown as { diskFull?: boolean };
    const full = new WeakSet<IDBTransaction>();
    const errorOf = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'error')!.get!;
    Object.defineProperty(IDBTransaction.prototype, 'error', {
      configurable: true,
      get(this: IDBTransaction) {
        return full.has(this) ? new DOMException('The quota has been exceeded.', 'QuotaExceededError') : errorOf.call(this);
      },
    });
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const request = put.apply(this, args);
      if (w.diskFull && args[1] === 'manifest') {
        full.add(this.transaction);
        this.transaction.abort();
      }
      return request;
    };
  });
  await page.goto('./#/design/web-pages');
  await saved(page);
  await page.goto('./#/design/chat-messages');
  await retype(page.getByLabel('Design name'), 'Chat, saved');
  await saved(page);
  const before = await savedTexts(page);
  expect(Object.keys(before).length).toBeGreaterThanOrEqual(2);

  await page.evaluate(() => ((window as unknown as { diskFull: boolean }).diskFull = true));
  await retype(page.getByLabel('Design name'), 'Chat, not saved');
  const banner = page.getByTestId('persist-banner');
  await expect(banner).toHaveAttribute('data-kind', 'quota');
  await expect(banner).toContainText('Storage is full');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-mode', 'memory');
  expect(await savedTexts(page)).toEqual(before);

  await page.reload();
  await expect(page.getByTestId('design-link')).toHaveCount(Object.keys(before).length);
  await page.goto('./#/design/chat-messages');
  await expect(h1(page)).toHaveText('Chat, saved');
  expect(await savedTexts(page)).toEqual(before);
  // With room again, the next edit saves (the aborted revision is in nobody's way).
  await retype(page.getByLabel('Design name'), 'Chat, saved again');
  await saved(page);
  expect((await savedTexts(page))['chat-messages']).toContain('name: Chat, saved again');
});

test('an imported file never overwrites a design; replacing the open design asks first and Undo restores it', async ({ page }) => {
  await page.goto('./#/design/chat-messages');
  await saved(page);
  const before = await savedTexts(page);
  const original = before['chat-messages']!;
  const nav = page.getByRole('navigation', { name: 'Designs' });
  // A file whose design has the same name as the open one.
  const same = {
    format: 'bigtable-studio/v1',
    name: 'Chat messages per room',
    tables: [{ name: 'imported', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }],
  };
  const file = { name: 'chat.yaml', mimeType: 'application/yaml', buffer: Buffer.from(dump(same)) };

  await page.getByTestId('import-file').first().setInputFiles(file);
  await page.getByTestId('import-new').click();
  await expect(page.getByTestId('design-link')).toHaveText(['Chat messages per room', 'Chat messages per room (2)']);
  await saved(page);
  const afterNew = await savedTexts(page);
  expect(afterNew['chat-messages']).toBe(original);
  expect(Object.keys(afterNew)).toHaveLength(2);

  // Replace: asked first; "Keep it" changes nothing.
  await nav
    .getByTestId('design-link')
    .filter({ hasText: /^Chat messages per room$/ })
    .click();
  await expect(h1(page)).toHaveText('Chat messages per room');
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ ...file, buffer: Buffer.from(dump({ ...same, name: 'Replacement' })) });
  await page.getByTestId('import-replace').click();
  const confirm = page.getByRole('group', { name: 'Confirm replace' });
  await expect(confirm).toContainText('Replace Chat messages per room with the imported design? Undo brings it back.');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(h1(page)).toHaveText('Chat messages per room');
  expect((await savedTexts(page))['chat-messages']).toBe(original);

  await page.getByTestId('import-replace').click();
  await page.getByTestId('import-replace-confirm').click();
  await expect(h1(page)).toHaveText('Replacement');
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', 'imported');
  await saved(page);
  await page.locator('body').press('Control+z');
  await expect(h1(page)).toHaveText('Chat messages per room');
  await saved(page);
  const restored = (await savedTexts(page))['chat-messages']!;
  expect(restored).toBe(original);
});

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
  // The header agrees with the banner: not "Saved in this browser".
  await expect(page.getByTestId('save-status')).toHaveText('Not saved: a design changed in another tab');
  await retype(page.getByLabel('Design name'), 'Ads from tab 1, more');
  const third = await context.newPage();
  await third.goto('./#/design/ad-counters');
  await expect(h1(third)).toHaveText('Ads from tab 2');
  await third.close();

  await banner.getByRole('button', { name: 'Keep mine as a copy' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('save-status')).not.toContainText('Not saved');
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
