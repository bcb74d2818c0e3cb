// A panel that throws never takes the studio down. This spec builds the studio with
// its test hooks (VITE_BTSTUDIO_TEST_HOOKS=1, src/app/test-hooks.ts) into dist/app-test-hooks
// and serves it on E2E_PORT + 1; there a test makes a named panel throw, or adds a rule that
// throws, through localStorage. The production build (the usual server) ignores both.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
const HOOKS = `http://127.0.0.1:${PORT}/`;
const OUT = 'dist/app-test-hooks';
let server: ChildProcess | null = null;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--logLevel', 'error'], {
    env: { ...process.env, VITE_BTSTUDIO_TEST_HOOKS: '1' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`test-hooks build failed:\n${build.stderr}`);
  server = spawn('npx', ['vite', 'preview', '--outDir', OUT, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(HOOKS).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the test-hooks server did not start on ${HOOKS}`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid);
});

/** Opens the IoT example in the test-hooks build with the given hooks set. */
async function openWith(page: Page, base: string, hooks: { panels?: string[]; rule?: boolean }) {
  await page.goto(base);
  await page.evaluate((h) => {
    if (h.panels) localStorage.setItem('btstudio-test-fail-panels', h.panels.join(','));
    if (h.rule) localStorage.setItem('btstudio-test-fail-rule', '1');
  }, hooks);
  await page.goto(base);
  await page.getByTestId('gallery-card').filter({ hasText: /IoT/i }).first().click();
  await expect(page.getByTestId('design-view')).toBeVisible();
}

test('a rule that throws: rule-failed names it and the table, every other finding is there', async ({ page, guard }) => {
  await openWith(page, HOOKS, { rule: true });
  const findings = page.getByTestId('findings');
  await expect(findings).toContainText(/rule test-throws failed on table \S+ \(TypeError: Cannot read properties of undefined \(reading 'name'\)\)/);
  await expect(page.getByTestId('panel-error')).toHaveCount(0);
  await expect(page.getByTestId('estimates')).toBeVisible();
  guard.clear();
});

test('the findings and estimates panels throw: each says so, the form, tabs and dialogs still work, and the saved design reopens', async ({ page, guard }) => {
  guard.expected.push('asked to fail');
  await openWith(page, HOOKS, { panels: ['Findings', 'Estimates'] });
  const errors = page.getByTestId('panel-error');
  await expect(errors).toHaveCount(2);
  await expect(page.locator('[data-panel="Findings"]')).toContainText(
    'Findings failed (Error: test: the Findings panel was asked to fail). The rest of the studio still works',
  );
  await expect(page.locator('[data-panel="Estimates"]')).toBeVisible();
  // The rest works: rename the design in the form, switch tabs, open the export dialog.
  const name = page.getByLabel('Design name');
  await name.fill('Still editable');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Still editable');
  await page.getByTestId('tab-sorter').click();
  await expect(page.getByTestId('sorter-view')).toBeVisible();
  await page.getByTestId('tab-form').click();
  await page.getByTestId('export-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // Saved, reopened: the design still opens, the failing panels still say so.
  await page.reload();
  await expect(page.getByTestId('design-view')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Still editable');
  await expect(errors).toHaveCount(2);
  // Once the panel stops failing, "Try again" brings it back.
  await page.evaluate(() => localStorage.removeItem('btstudio-test-fail-panels'));
  await page.locator('[data-panel="Findings"]').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('findings')).toBeVisible();
  guard.clear();
});

test('a dialog that throws can be closed; the studio itself failing offers to download the design', async ({ page, guard }) => {
  guard.expected.push('asked to fail');
  await openWith(page, HOOKS, { panels: ['The export dialog'] });
  await page.getByTestId('export-open').click();
  const box = page.locator('[data-panel="The export dialog"]');
  await expect(box).toContainText('The export dialog failed');
  await box.getByRole('button', { name: 'Close' }).click();
  await expect(box).toHaveCount(0);
  await expect(page.getByTestId('estimates')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('btstudio-test-fail-panels', 'The studio'));
  await page.reload();
  const root = page.getByTestId('root-error');
  await expect(root).toContainText('The studio hit an error');
  await expect(root.getByTestId('root-error-download')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), root.getByTestId('root-error-download').click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(download.suggestedFilename()).toMatch(/\.yaml$/);
  expect(text).toContain('format: bigtable-studio/v1');
  guard.clear();
});

test('the production build has no test hooks: the same settings change nothing', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => {
    localStorage.setItem('btstudio-test-fail-panels', 'Findings,Estimates,The studio');
    localStorage.setItem('btstudio-test-fail-rule', '1');
  });
  await page.goto('./');
  await page.getByTestId('gallery-card').filter({ hasText: /IoT/i }).first().click();
  await expect(page.getByTestId('findings')).toBeVisible();
  await expect(page.getByTestId('estimates')).toBeVisible();
  await expect(page.getByTestId('panel-error')).toHaveCount(0);
  await expect(page.getByTestId('findings')).not.toContainText('test-throws');
  // Not merely unused: the hooks are not in the production JavaScript at all.
  const assets = readdirSync('dist/app/assets').filter((f) => f.endsWith('.js'));
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.filter((f) => /btstudio-test-fail|asked to fail|test-throws/.test(readFileSync(`dist/app/assets/${f}`, 'utf8')))).toEqual([]);
});
