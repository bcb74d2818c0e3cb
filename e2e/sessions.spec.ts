// A tab's undo history is its own: a duplicated tab (which copies sessionStorage, and with it
// the session id) starts from a copy of the history and then keeps its own, so a reload of
// either tab restores that tab's undo steps, never the other's.
import { expect, retype, saved, test } from './fixtures';

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });
const sessionOf = (page: import('@playwright/test').Page) => page.evaluate(() => sessionStorage.getItem('btstudio.session'));

test('a duplicated tab keeps its own undo history across reloads', async ({ context, page }) => {
  await page.goto('./#/design/web-pages');
  const original = await h1(page).textContent();
  await retype(page.getByLabel('Design name'), 'Pages, tab one');
  await saved(page);
  const sid = await sessionOf(page);
  expect(sid).toBeTruthy();

  // What Chromium's "Duplicate tab" does: a new page with a copy of this one's sessionStorage.
  const dup = await context.newPage();
  await dup.addInitScript((id) => {
    if (!sessionStorage.getItem('btstudio.session')) sessionStorage.setItem('btstudio.session', id);
  }, sid!);
  await dup.goto('./#/design/user-profiles');
  const profiles = await h1(dup).textContent();
  await retype(dup.getByLabel('Design name'), 'Profiles, tab two');
  await saved(dup);
  const dupSid = await sessionOf(dup);
  expect(dupSid).toBeTruthy();
  expect(dupSid, 'the duplicate took its own session').not.toBe(sid);

  // The first tab reloads: its own last step (the rename of web-pages) is what undo takes back.
  await page.reload();
  await expect(h1(page)).toHaveText('Pages, tab one');
  await saved(page);
  await page.locator('body').press('Control+z');
  await expect(h1(page)).toHaveText(original!);
  expect(await sessionOf(page)).toBe(sid);

  // The duplicate reloads: it keeps its session, and its last step is the rename of user-profiles.
  await dup.reload();
  await expect(h1(dup)).toHaveText('Profiles, tab two');
  expect(await sessionOf(dup)).toBe(dupSid);
  await saved(dup);
  await dup.locator('body').press('Control+z');
  await expect(h1(dup)).toHaveText(profiles!);
});
