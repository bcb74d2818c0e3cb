// Screenshots of the studio's first screen of a design, light and dark, for the
// README (and one of a design with findings at 1024 x 700): `npx vite build && node scripts/first-screen-shots.mjs [port] [outdir]` (it starts
// `vite preview` on 127.0.0.1 itself, in Debian's Chromium).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const port = Number(process.argv[2] ?? 4812);
const out = process.argv[3] ?? 'docs/img';
const design = process.env.SHOT_DESIGN ?? 'iot-multitenant';
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
const base = `http://127.0.0.1:${port}/`;
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
    await page.goto(`${base}#/design/${design}`);
    await page.getByTestId('design-summary').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/first-screen-${scheme}.png` });
    await page.close();
  }
  // A design with problems, as a newcomer's first draft looks: imported, at 1024 x 700.
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: 'light' });
  await page.goto(base);
  const yaml = readFileSync(new URL('../e2e/designs/naive-trips.yaml', import.meta.url));
  await page.getByTestId('import-file').first().setInputFiles({ name: 'naive-trips.yaml', mimeType: 'application/yaml', buffer: yaml });
  await page.getByRole('dialog').getByRole('button', { name: 'Open as a new design' }).click();
  await page.getByTestId('design-summary').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/first-screen-findings-1024.png` });
  await browser.close();
} finally {
  process.kill(-server.pid);
}
