// Screenshots of the Form tab's production parts and of the Diagram tab, for docs/forms.md and
// docs/diagram.md: `npx vite build && node scripts/panel-shots.mjs [port] [outdir]` (it starts
// `vite preview` on 127.0.0.1 itself, in Debian's Chromium). The design is the replicated
// example with a view of each kind added through the form, as a user would.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const port = Number(process.argv[2] ?? 4813);
const out = process.argv[3] ?? 'docs/img';
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
const base = `http://127.0.0.1:${port}/`;

async function replicatedWithViews(page) {
  await page.goto(base);
  await page
    .getByTestId('gallery-card')
    .filter({ hasText: /Replicated orders/i })
    .first()
    .click();
  await page.getByTestId('design-view').waitFor();
  const views = page.getByTestId('views-editor');
  await views.getByRole('button', { name: 'Add materialized view' }).click();
  const mv = views.getByTestId('materialized-view-editor');
  await mv.getByLabel('Defined by').selectOption('groupBy');
  await mv.getByLabel(/Group by key fields/).fill('customer');
  await views.getByRole('button', { name: 'Add logical view' }).click();
  await views.getByRole('button', { name: 'Add authorized view' }).click();
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {}
    if (i > 100) throw new Error('the preview server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const scheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: scheme });
    await replicatedWithViews(page);
    if (scheme === 'light') {
      await page.getByTestId('instance-editor').screenshot({ path: `${out}/forms-instance.png` });
      // A materialized view as SQL, with a function Bigtable refuses marked inline.
      const mv = page.getByTestId('materialized-view-editor');
      await mv.getByLabel('Defined by').selectOption('query');
      const sql = mv.getByTestId('sql-editor');
      await sql.locator('.monaco-editor').waitFor({ timeout: 30_000 });
      await sql.locator('.view-lines').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('SELECT customer AS customer, ARRAY_AGG(_key) AS carts FROM `carts` GROUP BY customer');
      await sql.getByTestId('sql-problems').waitFor();
      await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
      await mv.screenshot({ path: `${out}/forms-view-sql.png` });
      await page.keyboard.press('ControlOrMeta+z');
    }
    await page.getByTestId('tab-diagram').click();
    await page.getByTestId('diagram').waitFor();
    await page.waitForTimeout(300);
    await page.getByTestId('diagram-view').screenshot({ path: `${out}/diagram-${scheme}.png` });
    await page.close();
  }
  // 30 tables (every fifth an index table of the one before), the top of the drawing.
  const { thirtyTables } = await import('../e2e/diagram-designs.mjs');
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
  await page.goto(base);
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name: 'thirty.yaml', mimeType: 'application/yaml', buffer: Buffer.from(thirtyTables()) });
  await page.getByRole('dialog').getByRole('button', { name: 'Open as a new design' }).click();
  await page.getByTestId('design-view').waitFor();
  await page.getByTestId('tab-diagram').click();
  await page.getByTestId('diagram').waitFor();
  await page.getByTestId('diagram-view').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.getByTestId('diagram-view').screenshot({ path: `${out}/diagram-30-tables.png` });
  await browser.close();
} finally {
  process.kill(-server.pid);
}
