// A keystroke in a large design: 300 generated tables in the code view, one table's line edited.
// The studio lints that keystroke from the last lint (only the edited table and what reads it
// again; docs/architecture.md): the findings panel must show exactly what a whole lint of the
// text says (checked here against the core's lint in Node), the edited table's finding gone,
// every other table's findings kept, and a kept finding's fix applying to the edited design.
// The time from the edit to the updated panel is printed, never asserted.
import type { Locator, Page } from '@playwright/test';
import { loadDesign } from '../src/core/load/load-design';
import { lint } from '../src/core/rules/lint';
import { manyTablesYaml } from '../src/test-support/lint-designs';
import { codeEditor as editor, expect, test } from './fixtures';

const TABLES = 300;
const TEXT = manyTablesYaml(TABLES, 'varied');

/** Every finding the panel lists, as "table rule", sorted (the panel groups them by table). */
const shown = async (page: Page) =>
  (
    await page
      .getByTestId('findings')
      .evaluate((root) =>
        [...root.querySelectorAll('[data-testid="finding-group"]')].flatMap((g) =>
          [...g.querySelectorAll('[data-testid="finding"]')].map((f) => `${g.getAttribute('data-table')} ${f.getAttribute('data-rule')}`),
        ),
      )
  ).sort();

/** The same list from the core's lint of `text`. */
function expected(text: string): string[] {
  const r = loadDesign(text);
  if (!r.ok) throw new Error('the generated design loads');
  return lint(r.design)
    .findings.map((f) => `${f.table ?? ''} ${f.rule}`)
    .sort();
}

/** Replaces the first `from` in the editor's text with `to`: one small edit, as typing makes. */
const edit = (view: Locator, from: string, to: string) =>
  view.evaluate(
    (el, [a, b]) => {
      const m = (el as any).studioEditor.model();
      const at = m.getValue().indexOf(a);
      if (at < 0) throw new Error(`no "${a}" in the text`);
      const s = m.getPositionAt(at);
      const e = m.getPositionAt(at + a.length);
      m.pushEditOperations(
        [],
        [{ range: { startLineNumber: s.lineNumber, startColumn: s.column, endLineNumber: e.lineNumber, endColumn: e.column }, text: b }],
        () => null,
      );
    },
    [from, to] as const,
  );

const group = (page: Page, table: string) => page.locator(`[data-testid="finding-group"][data-table="${table}"]`);

test('a keystroke in one table of a 300-table design: that table found again, the others kept, their fixes on the edited design', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('./#/design/iot-multitenant?view=yaml');
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(view, TEXT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('generated', { timeout: 20_000 });
  await expect(page.locator('.design-meta')).toContainText(`${TABLES} tables`);
  const before = expected(TEXT);
  await expect.poll(() => shown(page), { timeout: 20_000 }).toEqual(before);
  await expect(group(page, 't150').locator('[data-rule="domain-not-reversed"]')).toHaveCount(1);

  // The keystroke: table t150's domain becomes reversed (its finding goes).
  const typed = TEXT.replace('host: {type: domain, cardinality: 1150}', 'host: {type: domain, reversed: true, cardinality: 1150}');
  const t0 = await page.evaluate(() => performance.now());
  await edit(view, 'host: {type: domain, cardinality: 1150}', 'host: {type: domain, reversed: true, cardinality: 1150}');
  await expect(group(page, 't150').locator('[data-rule="domain-not-reversed"]')).toHaveCount(0, { timeout: 20_000 });
  const t1 = await page.evaluate(() => performance.now());
  console.log(`keystroke in a ${TABLES}-table design: findings updated ${Math.round(t1 - t0)} ms after the edit (150 ms of it the editor's debounce)`);

  const after = expected(typed);
  expect(after.length).toBe(before.length - 1);
  await expect.poll(() => shown(page)).toEqual(after);
  for (const t of ['t0', 't149', 't151', 't299']) await expect(group(page, t).locator('[data-rule="domain-not-reversed"]')).toHaveCount(1);

  // A kept finding's fix (t151's, checked after the keystroke) applies to the edited design: t150 keeps its edit.
  const fix = group(page, 't151').locator('[data-rule="domain-not-reversed"]').getByTestId('fix');
  await expect(fix).toBeVisible({ timeout: 20_000 });
  await fix.click();
  await expect(group(page, 't151').locator('[data-rule="domain-not-reversed"]')).toHaveCount(0);
  const reversed = async () => {
    const r = loadDesign(await editor.text(view));
    return r.ok ? r.design.tables.filter((t) => (t.rowKey.fields.host as { reversed?: boolean }).reversed).map((t) => t.name) : [];
  };
  await expect.poll(reversed).toEqual(['t150', 't151']);
  const both = expected(await editor.text(view));
  expect(both.filter((f) => f.endsWith(' domain-not-reversed')).length).toBe(TABLES - 2);
  await expect.poll(() => shown(page)).toEqual(both);
});
