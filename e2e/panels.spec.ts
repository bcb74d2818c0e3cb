// Generated designs (every type, option and encoding: src/core/share/design-arbitrary.ts)
// opened by share link render every panel: the form with its estimates, plans and findings,
// the code view, the key sorter and the simulation; the export and share dialogs open. No panel
// shows its error box, no page error, and no NaN, Infinity or undefined in what the page says.
import fc from 'fast-check';
import type { Page } from '@playwright/test';
import { validDesign } from '../src/test-support/design-arbitrary';
import { encodeShare } from '../src/core/share';
import { expect, test } from './fixtures';

const SEED = Number(process.env.FC_SEED ?? 20261201);
const DESIGNS = fc.sample(
  validDesign.filter((d) => d.tables.length > 0),
  { numRuns: Number(process.env.E2E_DESIGNS ?? 6), seed: SEED },
);
console.log(`e2e/panels.spec.ts: ${DESIGNS.length} designs from fast-check seed ${SEED} (FC_SEED=n to change)`);

test.describe.configure({ timeout: 120_000 });

const BAD_WORDS = /\bNaN\b|\bInfinity\b|\bundefined\b|\[object Object\]/;

async function noPanelError(page: Page, where: string) {
  await expect(page.getByTestId('panel-error'), `${where}: a panel failed`).toHaveCount(0);
  await expect(page.getByTestId('root-error'), `${where}: the studio failed`).toHaveCount(0);
}

async function textOf(page: Page, testId: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what the page shows, as a user reads it
  return (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ');
}

DESIGNS.forEach((design, i) => {
  test(`generated design ${i + 1} of ${DESIGNS.length} (${design.tables.length} table${design.tables.length === 1 ? '' : 's'}) renders every panel`, async ({
    page,
  }) => {
    await page.goto('./');
    await page.goto(`./${encodeShare(design)}`);
    await expect(page.getByTestId('design-view')).toBeVisible();
    await noPanelError(page, 'form');
    if (design.tables.length) {
      await expect(page.getByTestId('estimates')).toBeVisible();
      expect(await textOf(page, 'estimates')).not.toMatch(BAD_WORDS);
    }
    // The form, the findings and the estimates: what the page says, not what the user typed.
    // biome-ignore lint/performance/useDomNodeTextContent: what the page shows, as a user reads it
    const side = await page.locator('.design-side').innerText();
    expect(side).not.toMatch(/\bNaN\b|\bInfinity\b|\[object Object\]/);

    for (const tab of ['yaml', 'sorter', 'simulate'] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page).toHaveURL(new RegExp(`view=${tab}`));
      const view = { yaml: 'code-view', sorter: 'sorter-view', simulate: 'sim-view' }[tab];
      await expect(page.getByTestId(view)).toBeVisible({ timeout: 30_000 });
      await noPanelError(page, tab);
    }
    await page.getByTestId('tab-form').click();
    for (const dialog of ['export-open', 'share-open'] as const) {
      await page.getByTestId(dialog).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noPanelError(page, dialog);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});
