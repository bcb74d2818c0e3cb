// Opening a design from the gallery starts at the top of the design (its summary in view),
// wherever the gallery was scrolled: every example, at 1400x900 and 1024x700, light and dark.
import { expect, test } from './fixtures';

for (const [width, height] of [
  [1400, 900],
  [1024, 700],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every example opens at its top at ${width}x${height}, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('./');
      const cards = page.getByTestId('gallery-card');
      await expect(cards.first()).toBeVisible();
      const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-design-id')!));
      expect(ids.length).toBeGreaterThanOrEqual(10);
      const wrong: string[] = [];
      for (const id of ids) {
        await page.goto('./#/');
        const card = page.locator(`[data-testid="gallery-card"][data-design-id="${id}"]`);
        await expect(card).toBeVisible();
        // Scrolled as far down as the gallery goes, then the card is clicked where it is.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await card.scrollIntoViewIfNeeded();
        await card.click();
        const summary = page.getByTestId('design-summary');
        await expect(summary).toBeVisible();
        await page.waitForTimeout(150); // anything that scrolls after the first paint has done so
        const at = await page.evaluate(() => ({
          y: window.scrollY,
          top: document.querySelector('[data-testid="design-summary"]')!.getBoundingClientRect().top,
        }));
        if (at.y !== 0 || at.top < 0 || at.top > height) wrong.push(`${id}: scrollY ${at.y}, summary top ${Math.round(at.top)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
}
