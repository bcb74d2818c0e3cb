// Findings and figures readable at 1024 px and up: in the side panel at 1440 and 1024 wide no
// finding's text or Fix button is cut off (it wraps instead), the capacity panel's long
// figures wrap inside the panel, and nothing scrolls sideways.
import { load } from 'js-yaml';
import type { Page } from '@playwright/test';
import type { Design } from '../src/core/model/schema';
import { encodeShare } from '../src/core/share';
import { expect, test } from './fixtures';
import { NAIVE_TRIPS } from './first-screen-designs';

/** The naive trips design under a load heavy enough for long figures (thousands of nodes, a large monthly cost). */
function heavy(): Design {
  const d = load(NAIVE_TRIPS) as Design;
  for (const t of d.tables) t.load = { ...(t.load ?? {}), writesPerSecond: 987_654_321, readsPerSecond: 123_456_789 };
  return d;
}

/** Elements in the side panel whose content is clipped or that stick out of the panel. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const side = document.querySelector<HTMLElement>('.design-side')!;
    const box = side.getBoundingClientRect();
    const out: string[] = [];
    const name = (el: Element) => `${el.getAttribute('data-testid') ?? el.className}: ${(el.textContent ?? '').slice(0, 50)}`;
    for (const el of side.querySelectorAll<HTMLElement>(
      '.finding-message, [data-testid="fix"], .capacity-table, .capacity-table td, .capacity-table th, [data-testid="capacity-load"]',
    )) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`clipped ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      const r = el.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`outside the panel ${name(el)}`);
    }
    if (side.scrollWidth > side.clientWidth + 1) out.push(`the side panel scrolls sideways (${side.scrollWidth} > ${side.clientWidth})`);
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push('the page scrolls sideways');
    return out;
  });
}

for (const width of [1440, 1024]) {
  test(`at ${width} px every finding and Fix can be read whole, and the capacity figures wrap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`./${encodeShare(heavy())}`);
    const findings = page.getByTestId('findings');
    await expect(findings.getByTestId('fix').first()).toBeVisible();
    await expect(page.getByTestId('capacity')).toBeVisible();
    expect(await findings.getByTestId('finding').count()).toBeGreaterThan(5);
    expect(await cutOff(page)).toEqual([]);
    // The words are on screen, not only in a tooltip: the whole message is rendered text.
    const first = findings.getByTestId('finding').first();
    const text = await first.locator('.finding-message').textContent();
    const shown = await first.locator('.finding-message').evaluate((el) => el.getClientRects().length > 0 && el.scrollHeight <= el.clientHeight + 1);
    expect(text!.length).toBeGreaterThan(40);
    expect(shown).toBe(true);
  });
}
