// No view scrolls sideways at 1024 px or wider, and the family editor is not
// covered by the side panel; below 1024 px the side panel moves under the form.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const VIEWS = ['', '?view=yaml', '?view=sorter', '?view=simulate'];

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const [width, height] of [
  [1024, 700],
  [1400, 900],
] as const) {
  test(`at ${width} x ${height} no view scrolls sideways and the side panel covers nothing`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('./');
    await expect(page.getByTestId('gallery-card').first()).toBeVisible();
    expect(await sideways(page), 'gallery').toBeLessThanOrEqual(0);
    for (const v of VIEWS) {
      await page.goto(`./#/design/iot-multitenant${v}`);
      await expect(page.getByTestId('design-view')).toBeVisible();
      await page.waitForTimeout(300);
      expect(await sideways(page), `view ${v || 'form'}`).toBeLessThanOrEqual(0);
    }
    await page.goto('./#/design/iot-multitenant');
    const side = await page.locator('.design-side').boundingBox();
    const main = await page.locator('.design-main').boundingBox();
    expect(side && main).toBeTruthy();
    // The form ends before the side panel starts: nothing of the families editor is under it.
    expect(main!.x + main!.width).toBeLessThanOrEqual(side!.x + 1);
    // Every control of the form ends before the side panel, or sits in a box that scrolls on its
    // own and ends before it (the columns of a family): reachable, never covered.
    const ends = await page.locator('.design-main').evaluate((root) =>
      [...root.querySelectorAll('button, input, select, textarea')]
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => {
          const clip = e.closest('.scroll-x');
          return { what: e.getAttribute('aria-label') ?? e.textContent ?? e.tagName, right: (clip ?? e).getBoundingClientRect().right };
        }),
    );
    expect(ends.length).toBeGreaterThan(10);
    for (const e of ends) expect(e.right, e.what).toBeLessThanOrEqual(side!.x + 1);
    if (width === 1024) {
      // At 1024 px the columns scroll inside their box, which really can scroll to the Remove buttons.
      const scroll = page.getByTestId('columns-scroll').first();
      expect(await scroll.evaluate((el) => el.scrollWidth >= el.clientWidth)).toBe(true);
      await scroll.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const remove = scroll.getByRole('button', { name: /^Remove column/ }).first();
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(side!.x + 1);
    }
  });
}

test('below 1024 px the side panel is under the form', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto('./#/design/iot-multitenant');
  await expect(page.getByTestId('design-view')).toBeVisible();
  const side = (await page.locator('.design-side').boundingBox())!;
  const main = (await page.locator('.design-main').boundingBox())!;
  expect(side.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});
