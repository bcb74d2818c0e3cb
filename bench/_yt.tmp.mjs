import { chromium } from '@playwright/test';
import { preview } from 'vite';
const root = process.argv[2];
const server = await preview({ root, logLevel: 'error', preview: { host: '127.0.0.1', port: 4814, strictPort: true, open: false } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (let i = 0; i < 3; i++) {
const page = await (await browser.newContext()).newPage();
await page.goto('http://127.0.0.1:4814/#/design/iot-multitenant');
await page.getByLabel('Template').waitFor();
await page.waitForTimeout(1000);
await page.evaluate(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask' }); });
await page.getByTestId('tab-form').hover();
const h = await page.evaluate(() => performance.now());
await page.getByTestId('tab-yaml').hover();
await page.getByTestId('tab-yaml').click();
const c = await page.evaluate(() => performance.now());
await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
const l = await page.evaluate(() => performance.now());
const res = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /Monaco|editor|CodeView|yaml|textEdits/.test(e.name)).map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]));
const lt = await page.evaluate(() => window.__lt);
console.log(JSON.stringify({ hoverAt: Math.round(h), clickDoneAt: Math.round(c), linesAt: Math.round(l), res, longtasks: lt }));
}
await browser.close(); server.httpServer.close();
