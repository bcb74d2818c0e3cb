// The key sorter end to end, in the built studio: 10,000 pasted keys sorted in the worker and
// checked against Node's own byte sort (Buffer.compare), on screen (rendered rows' data-hex
// while scrolling) and as a whole (first and last key, and a checksum of the order computed in
// the page); numeric-order flags, JavaScript's order, query highlights, axe.
// The 1,000,000-key case is measured by `npm run bench app` (bench/app.bench.mjs).
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ROW_HEIGHT = 26;

/** 10,000 keys that byte order and people disagree about: unpadded numbers, case, binary bytes, astral characters. */
function pastedKeys(): string[] {
  let s = 0x2545f491;
  const rand = (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
  const prefixes = ['user', 'User', 'item', 'é', '\u{1F600}', '\uFF21', 'bin\\x00', '\\xff', 'a\\\\b', 'z'];
  const keys = ['num#1', 'num#10', 'num#2'];
  while (keys.length < 10_000) keys.push(`${prefixes[rand(prefixes.length)]}#${rand(100_000)}#${rand(1000)}`);
  return keys;
}

/** What the sorter reads from a pasted line: \xNN is a byte, \\ a backslash, the rest UTF-8. */
function unescape(line: string): Buffer {
  const out: number[] = [];
  const bytes = Buffer.from(line, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x5c && bytes[i + 1] === 0x78) {
      out.push(parseInt(bytes.subarray(i + 2, i + 4).toString('latin1'), 16));
      i += 3;
    } else if (bytes[i] === 0x5c && bytes[i + 1] === 0x5c) {
      out.push(0x5c);
      i++;
    } else out.push(bytes[i]!);
  }
  return Buffer.from(out);
}

/** The page's checksum of an order: FNV-1a 32 over each key's 4-byte big-endian length and bytes. */
function checksum(keys: Buffer[]): number {
  let h = 0x811c9dc5;
  for (const k of keys) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(k.length);
    for (const b of [...len, ...k]) {
      h ^= b;
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

async function openSorter(page: Page, id = 'iot-multitenant'): Promise<void> {
  await page.goto(`./#/design/${id}?view=sorter`);
  await expect(page.getByTestId('sorter-view')).toBeVisible({ timeout: 30_000 });
  // The view sorts 1,000 generated keys on first visit.
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
}

/** The rendered rows: index and key bytes, read from the DOM. */
async function renderedRows(list: Locator): Promise<{ index: number; hex: string; cls: string }[]> {
  return list
    .locator('[data-testid="sorter-row"]')
    .evaluateAll((els) => els.map((el) => ({ index: Number(el.getAttribute('data-index')), hex: el.getAttribute('data-hex') ?? '', cls: el.className })));
}

test('10,000 pasted keys come back in byte order, on screen and as a whole', async ({ page }) => {
  await openSorter(page);
  const lines = pastedKeys();
  const expected = lines.map(unescape).sort(Buffer.compare);

  await page.getByLabel('Paste keys').check();
  // As a paste arrives: the whole text at once and one input event (fill() types it in, which is slow for 10,000 lines).
  await page.getByTestId('sorter-paste').evaluate((el, text) => {
    (el as HTMLTextAreaElement).value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, lines.join('\n'));
  await page.getByTestId('sorter-run').click();
  const summary = page.getByTestId('sorter-summary');
  await expect(summary).toHaveAttribute('data-count', '10000', { timeout: 30_000 });
  await expect(summary).toHaveAttribute('data-mode', 'worker');
  await expect(summary).toHaveAttribute('data-first-hex', expected[0]!.toString('hex'));
  await expect(summary).toHaveAttribute('data-last-hex', expected[expected.length - 1]!.toString('hex'));
  await expect(summary).toHaveAttribute('data-checksum', String(checksum(expected)));

  // What is on screen, at the top, in the middle and at the end of the list.
  const list = page.getByTestId('sorter-list');
  let checked = 0;
  for (const at of [0, 0.37, 0.5, 0.81, 1]) {
    await list.evaluate((el, f) => (el.scrollTop = f * (el.scrollHeight - el.clientHeight)), at);
    await expect.poll(async () => (await renderedRows(list)).some((r) => Math.abs(r.index - at * 9_990) < 40)).toBe(true);
    const rows = await renderedRows(list);
    expect(rows.length).toBeGreaterThan(5);
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!;
      expect(r.hex, `row ${r.index}`).toBe(expected[r.index]!.toString('hex'));
      if (k > 0) expect(Buffer.compare(Buffer.from(rows[k - 1]!.hex, 'hex'), Buffer.from(r.hex, 'hex'))).toBeLessThanOrEqual(0);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(50);

  // num#10 sorts between num#1 and num#2: num#2 is flagged as out of numeric order.
  const two = expected.findIndex((b) => b.toString('latin1') === 'num#2');
  await list.evaluate((el, top) => (el.scrollTop = top), Math.max(0, two * ROW_HEIGHT - 100));
  const row = list.locator(`[data-index="${two}"]`);
  await expect(row).toHaveClass(/flagged/);
  await expect(row).toContainText('numeric order');
  await expect(list.locator(`[data-index="${two - 1}"]`)).not.toHaveClass(/flagged/);

  // JavaScript's sort of the same keys (UTF-16 code units of the decoded text) differs: binary bytes, astral characters.
  await page.getByTestId('sorter-js').check();
  const moved = page.getByTestId('sorter-js-moved');
  await expect(moved).toBeVisible({ timeout: 30_000 });
  expect(Number(await moved.getAttribute('data-moved'))).toBeGreaterThan(0);
});

test('the keyboard moves through the list, and a query lights up one run for a prefix scan', async ({ page }) => {
  await openSorter(page);
  const list = page.getByTestId('sorter-list');
  await list.focus();
  await page.keyboard.press('End');
  await expect(list.locator('[data-index="999"]')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(list.locator('[data-index="0"]')).toBeVisible();

  await page.getByTestId('sorter-query').selectOption({ label: 'latest readings of a device' });
  const match = page.getByTestId('sorter-match');
  await expect(match).toHaveAttribute('data-plan', 'prefix');
  await expect(match).toHaveAttribute('data-runs', '1');
  expect(Number(await match.getAttribute('data-matched'))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Next matching row' }).click();
  await expect(list.locator('.key-row.matched').first()).toBeVisible();
});

test('a salted key shows one run per bucket for a range query', async ({ page }) => {
  await openSorter(page, 'user-profiles');
  await page.getByTestId('sorter-query').selectOption({ label: 'users in an id range' });
  const match = page.getByTestId('sorter-match');
  await expect(match).toHaveAttribute('data-plan', 'multi-scan');
  await expect(match).toContainText('32 scans');
  await expect(match).toHaveAttribute('data-runs', '32');
});

test('the sorter has no serious or critical accessibility violations', async ({ page }) => {
  await openSorter(page);
  await page.getByTestId('sorter-query').selectOption({ index: 1 });
  await expect(page.getByTestId('sorter-match')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="sorter-view"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});
