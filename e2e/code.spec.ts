// The code view end to end: Monaco (YAML, monaco-yaml on the design schema) in the built
// studio, under the preview server's CSP, with no request off 127.0.0.1. Text typed in Monaco
// (set through its model, as the notes advise: keyboard typing auto-closes brackets) reaches
// the store and the design view; a store edit (a fix from the findings panel) reaches Monaco as
// an edit that keeps the cursor; undo in the editor is the studio's undo.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { codeEditor as editor, expect, test } from './fixtures';

/** A design whose key starts with a timestamp (a finding) and whose family has no GC rule (a fixable finding). */
const TYPED = `format: bigtable-studio/v1
name: Typed in Monaco
tables:
  - name: events
    rowKey:
      template: "{ts}#{user}"
      fields:
        ts: {type: timestamp}
        user: {type: string}
    families:
      - name: f1
        columns:
          - {qualifier: payload, valueBytes: 200, versions: 3}
  - name: users
    rowKey:
      template: "{user}"
      fields:
        user: {type: string}
`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

async function openCode(page: Page, id = 'iot-multitenant'): Promise<Locator> {
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  return view;
}

test('text typed in Monaco reaches the design view; findings and errors mark the right lines', async ({ page }) => {
  const view = await openCode(page);
  expect(await editor.text(view)).toContain('name: Multi-tenant IoT telemetry');

  await editor.setText(view, TYPED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Typed in Monaco');
  await expect(page.locator('.design-meta')).toContainText('2 tables');
  await expect(page.getByTestId('code-status')).toContainText('agree');

  // The rule findings of the typed design, as markers on the lines they concern.
  await expect.poll(async () => (await editor.markers(view)).filter((m) => m.owner === 'bigtable-studio').length).toBeGreaterThan(0);
  const studio = (await editor.markers(view)).filter((m) => m.owner === 'bigtable-studio');
  const leading = studio.find((m) => m.message.includes('(timestamp-leading)'));
  expect(leading?.line).toBe(lineOf(TYPED, 'ts: {type: timestamp}'));
  expect(studio.find((m) => m.message.includes('(gc-missing)'))?.line).toBe(lineOf(TYPED, '- name: f1'));

  // Text that does not load: the last valid design stays, the problem is marked at its line.
  const broken = TYPED.replace('name: Typed in Monaco', 'name: Broken now').replace('user: {type: string}\n    families', 'user: {type: strng}\n    families');
  await editor.setText(view, broken);
  await expect(page.getByTestId('code-status')).toContainText('One problem');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Typed in Monaco');
  await expect.poll(async () => (await editor.markers(view)).find((m) => m.owner === 'bigtable-studio')?.line).toBe(lineOf(broken, 'strng'));
  const errors = (await editor.markers(view)).filter((m) => m.owner === 'bigtable-studio');
  expect(errors.every((m) => m.severity === 'error')).toBe(true);
  // monaco-yaml validates the same text against the JSON Schema, offline.
  await expect.poll(async () => (await editor.markers(view)).some((m) => m.owner === 'yaml' && m.line === lineOf(broken, 'strng'))).toBe(true);
  await page.getByRole('button', { name: /Go to line/ }).click();
  expect((await editor.position(view))?.line).toBe(lineOf(broken, 'strng'));
});

test('a fix applied from the findings panel shows in Monaco, keeps the cursor, and undo in the editor undoes it', async ({ page }) => {
  const view = await openCode(page);
  await editor.setText(view, TYPED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Typed in Monaco');

  // The cursor on the `- name: users` line; the fix rewrites the text in the store's own layout.
  const usersLine = lineOf(TYPED, '- name: users');
  await editor.goTo(view, usersLine, 5);
  const gc = page.locator('[data-testid="finding"][data-rule="gc-missing"]');
  await expect(gc).toHaveCount(1);
  await gc.getByTestId('fix').click();
  await expect(page.locator('[data-testid="finding"][data-rule="gc-missing"]')).toHaveCount(0);
  // The store regenerated the text from the fixed design; Monaco got it as an edit.
  await expect.poll(async () => /\bgc:/.test(await editor.text(view))).toBe(true);
  // Unchanged lines are left alone (a line diff), so the cursor is still on the same line of text.
  const after = await editor.text(view);
  const pos = await editor.position(view);
  expect(after.split('\n')[pos!.line - 1]).toBe('  - name: users');
  expect(pos!.column).toBe(5);
  expect(await view.evaluate((el) => (el as any).studioEditor.model().canUndo())).toBe(true);

  // Ctrl+Z in the editor is the studio's undo: the fix goes, and its finding returns.
  await view.locator('.monaco-editor textarea').focus();
  await page.keyboard.press('Control+z');
  await expect(page.locator('[data-testid="finding"][data-rule="gc-missing"]')).toHaveCount(1);
  await expect.poll(async () => /\bgc:/.test(await editor.text(view))).toBe(false);
});

test('a burst of typing is one undo step of the studio', async ({ page }) => {
  const view = await openCode(page, 'chat-messages');
  const before = await editor.text(view);
  const nameLine = lineOf(before, 'name: Chat messages per room');
  await editor.goTo(view, nameLine, 'name: Chat messages per room'.length + 1);
  await page.keyboard.type(' typed here', { delay: 40 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat messages per room typed here');
  // The toolbar's Undo (outside the editor) takes the whole burst back, and Monaco follows.
  await page.getByRole('toolbar', { name: 'Studio' }).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat messages per room');
  await expect.poll(() => editor.text(view)).toBe(before);
});

test('a finding clicked in the panel moves the editor to its line', async ({ page }) => {
  const view = await openCode(page);
  await editor.setText(view, TYPED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Typed in Monaco');
  const finding = page.locator('[data-testid="finding"][data-rule="timestamp-leading"]');
  await finding.getByTestId('finding-toggle').click();
  await finding.locator('.finding-where').click();
  await expect.poll(async () => (await editor.position(view))?.line).toBe(lineOf(await editor.text(view), 'ts:'));
});

test('Monaco works offline: completion and hover from the bundled schema, no request leaves 127.0.0.1', async ({ page, guard }) => {
  const view = await openCode(page, 'chat-messages');
  await editor.setText(view, 'format: bigtable-studio/v1\nname: x\n');
  await editor.goTo(view, 3, 1);
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('tables');
  await page.keyboard.press('Escape');
  // Hover docs: the schema's description of `format` (Ctrl+K Ctrl+I shows the hover at the cursor).
  await editor.goTo(view, 1, 3);
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Control+i');
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Always bigtable-studio/v1' })).toBeVisible();
  expect(guard.offHost).toEqual([]);
  expect(guard.errors).toEqual([]);
});

test('the JSON toggle writes the design as JSON and back, as one undo step each', async ({ page }) => {
  const view = await openCode(page, 'chat-messages');
  const formats = view.getByRole('group', { name: 'Text format' });
  await formats.getByRole('button', { name: 'JSON' }).click();
  await expect(view).toHaveAttribute('data-format', 'json');
  await expect.poll(async () => (await editor.text(view)).trimStart().startsWith('{')).toBe(true);
  await formats.getByRole('button', { name: 'YAML' }).click();
  await expect(view).toHaveAttribute('data-format', 'yaml');
  await expect.poll(async () => (await editor.text(view)).includes('format: bigtable-studio/v1')).toBe(true);
});

test('the code view has no serious or critical accessibility violations', async ({ page }) => {
  const view = await openCode(page);
  await expect(view).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="code-view"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('the network gone while Monaco fetches its workers: they start once it is back, the YAML checks work, the page stays clean', async ({
  page,
  context,
  guard,
}) => {
  // The worker scripts are held until the browser is offline, so their fetch fails as it does
  // when the network drops at that moment (the live tests go offline right after opening this view).
  guard.expected.push('ERR_INTERNET_DISCONNECTED');
  const WORKER = /\/assets\/[^/]*\.worker-[^/]*\.js$/;
  const held: (() => void)[] = [];
  let offline = false;
  await context.route(WORKER, async (route) => {
    if (!offline) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (WORKER.test(r.url())) failed.push(r.url());
  });
  const view = await openCode(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await context.setOffline(true);
  offline = true;
  for (const release of held) release();
  await expect.poll(() => failed.length).toBeGreaterThan(0);
  await context.setOffline(false);
  // monaco-yaml's worker answers: a wrong field type gets its schema marker.
  const broken = TYPED.replace('user: {type: string}\n    families', 'user: {type: strng}\n    families');
  await editor.setText(view, broken);
  await expect
    .poll(async () => (await editor.markers(view)).some((m) => m.owner === 'yaml' && m.line === lineOf(broken, 'strng')), { timeout: 20_000 })
    .toBe(true);
});
