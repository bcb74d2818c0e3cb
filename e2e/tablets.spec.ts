// Tablet boundaries from the simulator in the key sorter, end to end in the built studio: no
// simulation yet shows a hint with a link to the Simulate tab; a finished run of the chat
// example (hundreds of tablets) puts separators between the sorted keys, each between two keys
// that its boundary really falls between in byte order (read back from the DOM, compared with
// Buffer.compare), exactly on the gap between them; the toggle hides them; the keyboard, a
// query's jump to its next match and axe still work; an edit of the key marks them stale.
import type { Locator, Page } from '@playwright/test';
import { expect, seriousA11y, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const ROW_HEIGHT = 26;
const OVERSCAN = 6;

interface SeenSeparator {
  above: number;
  firstHex: string;
  lastHex: string;
  tablet: number;
  firstTablet: number;
  label: string;
  /** Pixel gaps between the key above and the separator, and the separator and the key below (when both were rendered). */
  gaps: [number, number] | null;
}

/** Scrolls the whole list, collecting every key (index -> hex) and every separator with its geometry. */
async function sweep(list: Locator): Promise<{ keys: Map<number, string>; separators: Map<number, SeenSeparator> }> {
  const seen = await list.evaluate(
    async (el, { rowHeight, overscan }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const keys: [number, string][] = [];
      const seps: Record<number, unknown> = {};
      for (let top = 0; ; top += Math.max(rowHeight, el.clientHeight - rowHeight)) {
        el.scrollTop = top;
        // Wait for the window to catch up with the scroll position (it renders on the next frame).
        const want = String(Math.max(0, Math.floor(el.scrollTop / rowHeight) - overscan));
        for (let i = 0; i < 30 && (el as HTMLElement).dataset.first !== want; i++) await frame();
        for (const r of el.querySelectorAll<HTMLElement>('[role="option"]')) keys.push([Number(r.dataset.index), r.dataset.hex ?? '']);
        for (const s of el.querySelectorAll<HTMLElement>('[role="separator"]')) {
          const above = Number(s.dataset.above);
          const prev = el.querySelector(`[role="option"][data-index="${above - 1}"]`);
          const next = el.querySelector(`[role="option"][data-index="${above}"]`);
          const b = s.getBoundingClientRect();
          const gaps = prev && next ? [b.top - prev.getBoundingClientRect().bottom, next.getBoundingClientRect().top - b.bottom] : null;
          seps[above] = {
            above,
            firstHex: s.dataset.firstHex,
            lastHex: s.dataset.lastHex,
            tablet: Number(s.dataset.tablet),
            firstTablet: Number(s.dataset.firstTablet),
            label: s.getAttribute('aria-label') ?? '',
            gaps: gaps ?? (seps[above] as { gaps: unknown } | undefined)?.gaps ?? null,
          };
        }
        if (el.scrollTop >= el.scrollHeight - el.clientHeight - 1) break;
      }
      return { keys, seps: Object.values(seps) };
    },
    { rowHeight: ROW_HEIGHT, overscan: OVERSCAN },
  );
  return { keys: new Map(seen.keys), separators: new Map((seen.seps as SeenSeparator[]).map((s) => [s.above, s])) };
}

const hex = (h: string) => Buffer.from(h, 'hex');

/** Scrolls until key k is on screen. Separator rows push keys down, so a key's row is not k: home in on it. */
async function scrollToKey(list: Locator, k: number): Promise<void> {
  await list.scrollIntoViewIfNeeded();
  await list.evaluate(
    async (el, { k, rowHeight, overscan }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      let top = k * rowHeight;
      for (let tries = 0; tries < 12; tries++) {
        el.scrollTop = top;
        const want = String(Math.max(0, Math.floor(el.scrollTop / rowHeight) - overscan));
        for (let i = 0; i < 30 && (el as HTMLElement).dataset.first !== want; i++) await frame();
        const row = el.querySelector(`[role="option"][data-index="${k}"]`);
        const box = el.getBoundingClientRect();
        if (row && row.getBoundingClientRect().top >= box.top && row.getBoundingClientRect().bottom <= box.bottom) return;
        const shown = [...el.querySelectorAll<HTMLElement>('[role="option"]')].map((r) => Number(r.dataset.index));
        const mid = shown.length ? shown[Math.floor(shown.length / 2)]! : 0;
        top += (k - mid) * rowHeight;
      }
    },
    { k, rowHeight: ROW_HEIGHT, overscan: OVERSCAN },
  );
  await expect(list.locator(`[data-index="${k}"]`)).toBeInViewport();
}

async function sorterWith1000Keys(page: Page) {
  await expect(page.getByTestId('sorter-view')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
}

test('tablet boundaries of a simulation appear as separators between the right keys, toggle off, and go stale after an edit', async ({ page }) => {
  await page.goto('./#/design/chat-messages/messages?view=sorter');
  await sorterWith1000Keys(page);
  const status = page.getByTestId('sorter-tablets');
  const list = page.getByTestId('sorter-list');

  // No simulation yet: a hint, no separators, and a link to the Simulate tab.
  await expect(status).toHaveAttribute('data-status', 'none');
  await expect(list.getByRole('separator')).toHaveCount(0);
  await status.getByRole('link', { name: 'run one in the Simulate tab' }).click();
  await expect(page).toHaveURL(/#\/design\/chat-messages\/messages\?view=simulate$/);

  const sim = page.getByTestId('sim-view');
  await sim.getByTestId('sim-run').click();
  await expect(sim.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 90_000 });
  const toSorter = sim.getByTestId('sim-to-sorter');
  const tablets = Number(/its ([\d,]+) tablets/.exec((await toSorter.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(tablets, 'the chat table splits into many tablets').toBeGreaterThan(20);
  await toSorter.click();
  await expect(page).toHaveURL(/view=sorter/);
  await sorterWith1000Keys(page);

  await expect(status).toHaveAttribute('data-status', 'current');
  await expect(status).toHaveAttribute('data-tablets', String(tablets));
  await expect(page.getByTestId('sorter-tablets-show')).toBeChecked();
  const within = Number(await status.getAttribute('data-within'));
  expect(within).toBeGreaterThan(0);
  await expect(page.getByTestId('sorter-tablets-status')).toHaveText(
    new RegExp(
      `^${tablets.toLocaleString('en-US')} tablets from the simulation of \\d\\d:\\d\\d:\\d\\d \\(\\w[\\w ]*; 8 nodes, 20,000 writes/s for 600 s, seed 1\\); [\\d,]+ boundar(y falls|ies fall) within these 1,000 keys`,
    ),
  );
  await expect(list.getByRole('separator', { name: /^Tablets? \d+ (to \d+ )?of [\d,]+ starts? here/ }).first()).toBeVisible();

  // Every key and every separator, read from the DOM while scrolling the whole list.
  const { keys, separators } = await sweep(list);
  expect(keys.size).toBe(1000);
  for (let k = 1; k < 1000; k++) expect(Buffer.compare(hex(keys.get(k - 1)!), hex(keys.get(k)!)), `keys ${k - 1} and ${k}`).toBeLessThanOrEqual(0);
  expect(separators.size).toBeGreaterThan(0);
  let counted = 0;
  for (const s of separators.values()) {
    expect(s.above).toBeGreaterThan(0);
    expect(s.above).toBeLessThan(1000);
    // key[above - 1] < every boundary here <= key[above], in unsigned byte order.
    expect(Buffer.compare(hex(keys.get(s.above - 1)!), hex(s.firstHex)), `key above separator at ${s.above}`).toBeLessThan(0);
    expect(Buffer.compare(hex(s.firstHex), hex(s.lastHex))).toBeLessThanOrEqual(0);
    expect(Buffer.compare(hex(s.lastHex), hex(keys.get(s.above)!)), `key below separator at ${s.above}`).toBeLessThanOrEqual(0);
    expect(s.tablet).toBeGreaterThanOrEqual(s.firstTablet);
    expect(s.tablet).toBeLessThanOrEqual(tablets);
    expect(s.label).toContain(`between keys ${s.above.toLocaleString('en-US')} and ${(s.above + 1).toLocaleString('en-US')}`);
    // Drawn exactly in the gap between its two keys.
    expect(s.gaps, `separator at ${s.above} seen with both neighbours`).not.toBeNull();
    expect(Math.abs(s.gaps![0])).toBeLessThan(1.5);
    expect(Math.abs(s.gaps![1])).toBeLessThan(1.5);
    counted += s.tablet - s.firstTablet + 1;
  }
  // The separators account for every boundary the status says falls within the keys; tablet numbers grow down the list.
  expect(counted).toBe(within);
  const ordered = [...separators.values()].sort((a, b) => a.above - b.above);
  for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.firstTablet).toBe(ordered[i - 1]!.tablet + 1);

  // The keyboard and a query's jump still land on the right rows with separators in the list.
  await list.focus();
  await page.keyboard.press('End');
  await expect(list.locator('[data-index="999"]')).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(list.locator('[data-index="0"]')).toBeInViewport();
  await page.getByTestId('sorter-query').selectOption({ label: 'open a room' });
  await expect(page.getByTestId('sorter-match')).toHaveAttribute('data-runs', /\d+/);
  await page.getByRole('button', { name: 'Next matching row' }).click();
  const active = list.locator('.key-row.matched.active');
  await expect(active).toBeInViewport();

  expect(await seriousA11y(page, '[data-testid="sorter-view"]')).toEqual([]);

  // Keys equal to a boundary: pasted with the generated keys, each is the first key below its separator.
  const exact = ordered.filter((_, i) => i % Math.ceil(ordered.length / 8) === 0).map((x) => x.lastHex);
  const pasted = [...keys.values(), ...exact].map(hex).sort(Buffer.compare);
  await page.getByLabel('Paste keys').check();
  await page.getByTestId('sorter-paste').evaluate(
    (el, text) => {
      (el as HTMLTextAreaElement).value = text;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    pasted.map((b) => b.toString('hex').replace(/../g, '\\x$&')).join('\n'),
  );
  await page.getByTestId('sorter-run').click();
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', String(pasted.length));
  await expect(status).toHaveAttribute('data-status', 'current');
  for (const b of exact) {
    const at = pasted.findIndex((k) => k.toString('hex') === b);
    const sep = list.locator(`[role="separator"][data-above="${at}"]`);
    await scrollToKey(list, at);
    await expect(sep).toHaveAttribute('data-last-hex', b);
    await expect(list.locator(`[data-index="${at}"]`)).toHaveAttribute('data-hex', b);
    expect(Buffer.compare(hex((await list.locator(`[data-index="${at - 1}"]`).getAttribute('data-hex'))!), hex(b))).toBeLessThan(0);
  }

  // The toggle hides them: where separators were, the rows close up (consecutive keys, edge to edge).
  await page.getByTestId('sorter-tablets-show').uncheck();
  await expect(list.getByRole('separator')).toHaveCount(0);
  const busiest = ordered[Math.floor(ordered.length / 2)]!.above;
  await scrollToKey(list, busiest);
  const rows = await list
    .locator('[role="option"]')
    .evaluateAll((els) => els.map((e) => ({ index: Number((e as HTMLElement).dataset.index), top: e.getBoundingClientRect().top })));
  expect(rows.length).toBeGreaterThan(5);
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.index).toBe(rows[i - 1]!.index + 1);
    expect(rows[i]!.top - rows[i - 1]!.top).toBeCloseTo(ROW_HEIGHT, 0);
  }
  await page.getByTestId('sorter-tablets-show').check();
  await expect(list.getByRole('separator').first()).toBeVisible();

  // Another key template: these boundaries are from an earlier version of the table.
  await page.getByRole('link', { name: 'Form', exact: true }).click();
  await page.getByLabel('Template', { exact: true }).fill('{message}#{room}#{ts}');
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('{message}#{room}#{ts}');
  await page.getByRole('link', { name: 'Sorter', exact: true }).click();
  await sorterWith1000Keys(page);
  await expect(status).toHaveAttribute('data-status', 'stale');
  await expect(status).toContainText('from an earlier version of this table');
  await expect(list.getByRole('separator')).toHaveCount(0);
  expect(await seriousA11y(page, '[data-testid="sorter-view"]')).toEqual([]);
});
