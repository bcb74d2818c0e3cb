// The studio's budgets in the browser, measured on the built app (dist/app; run
// `npm run build` first) served by Vite's preview server on a free 127.0.0.1 port and driven
// in Debian's Chromium (/usr/bin/chromium) through Playwright:
// - initial JavaScript, gzipped: every .js file the page has requested when the gallery is shown
//   (budget 150 KB), beside the files index.html names and all fetched with idle prefetches;
// - gallery render: navigation start -> the gallery's example cards in the DOM, in a fresh
//   browser context each time (cold cache, empty storage), median and max of 15 (budget 0.5 s);
// - a keystroke in the key template -> new example key and findings rendered, on the three
//   largest examples, median and max of 30 keystrokes each (budget one frame, 16 ms);
// - the key sorter: 1,000,000 generated keys, click to list (median of 3, budget 2 s), with the
//   worker's generate and sort times and when the numeric-order check after the list was done;
// - the YAML tab on a warm page: click to the editor's lines (median of 3, budget 1 s).
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { preview } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/app`;
if (!existsSync(`${dist}/index.html`)) {
  console.error('bench/app: dist/app is missing; run `npm run build` first');
  process.exit(1);
}

// `node bench/app.bench.mjs sorter yaml` runs only the named parts (initial, gallery, keystroke, sorter, yaml).
const parts = process.argv.slice(2);
const want = (part) => parts.length === 0 || parts.includes(part);
const out = (name, value, unit, extra = {}) => console.log(JSON.stringify({ name, value, unit, ...extra }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).byteLength;
const kb = (n) => Math.round((n / 1024) * 10) / 10;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// What index.html names: the entry script and its modulepreloads.
const html = readFileSync(`${dist}/index.html`, 'utf8');
const named = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const namedGz = named.reduce((s, f) => s + gz(`${dist}/${f}`), 0);

const port = await freePort();
const server = await preview({ root, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
const base = `http://127.0.0.1:${port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

try {
  // Initial JavaScript: the .js files the page has asked for when the gallery's first card is in
  // the DOM (what the first view needed), and, beside it, all it fetched until the network went
  // idle (including what it prefetches in idle time for the next view).
  if (want('initial')) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched = [];
    let atGallery = null;
    await page.exposeBinding('__galleryShown', () => {
      atGallery ??= [...fetched];
    });
    await page.addInitScript(() => {
      new MutationObserver((_, mo) => {
        if (document.querySelector('[data-testid="gallery"] [data-testid="gallery-card"]')) {
          mo.disconnect();
          window.__galleryShown();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.host === `127.0.0.1:${port}` && u.pathname.endsWith('.js') && !fetched.includes(u.pathname.slice(1))) fetched.push(u.pathname.slice(1));
    });
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.getByTestId('gallery').waitFor();
    await page.waitForTimeout(2500); // the idle-time prefetch (at most 2 s after the first view)
    const sum = (files) => files.reduce((s, f) => s + gz(`${dist}/${f}`), 0);
    const initial = sum(atGallery ?? fetched);
    out('app.initial-js-gzip', kb(initial), 'KB', {
      budget: 150,
      files: (atGallery ?? fetched).length,
      namedByIndexHtml: kb(namedGz),
      withIdlePrefetch: kb(sum(fetched)),
      within: initial <= 150 * 1024,
    });
    await context.close();
  }

  // Gallery render, cold each time.
  if (want('gallery')) {
    const times = [];
    for (let i = 0; i < 16; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(base, { waitUntil: 'commit' });
      const t = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const done = () => document.querySelector('[data-testid="gallery"] [data-testid="gallery-card"]');
            if (done()) return resolve(performance.now());
            new MutationObserver((_, mo) => {
              if (done()) {
                mo.disconnect();
                resolve(performance.now());
              }
            }).observe(document, { childList: true, subtree: true });
          }),
      );
      if (i > 0) times.push(t); // the first run warms the OS file cache and Chromium's disk cache
      await context.close();
    }
    out('app.gallery-render', Math.round(median(times)), 'ms', { max: Math.round(Math.max(...times)), runs: times.length, budget: 500 });
  }

  // Keystroke in the key template -> example key and findings (the same work as a user's).
  if (want('keystroke')) {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const id of ['user-profiles', 'iot-multitenant', 'ad-counters']) {
      await page.goto(`${base}#/design/${id}`);
      const template = page.getByLabel('Template');
      await template.waitFor();
      const r = await template.evaluate(async (el) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        const example = document.querySelector('[data-testid="example-key"]');
        const times = [];
        for (let i = 0; i < 30; i++) {
          const before = example.textContent;
          const t0 = performance.now();
          setter.call(el, `${el.value}x`);
          el.dispatchEvent(new Event('input', { bubbles: true }));
          const t1 = performance.now();
          if (example.textContent === before) throw new Error('the example key did not change in the same task');
          times.push(t1 - t0);
          await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
        }
        times.sort((a, b) => a - b);
        return { median: times[15], max: times[times.length - 1] };
      });
      out(`app.keystroke.${id}`, Math.round(r.median * 10) / 10, 'ms', { max: Math.round(r.max * 10) / 10, budget: 16 });
    }
    await context.close();
  }
  // The sorter's largest case: a million keys generated, sorted in its worker and first shown
  // (click -> the list says 1,000,000); median of 3.
  if (want('sorter')) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}#/design/iot-multitenant?view=sorter`);
      const summary = page.getByTestId('sorter-summary');
      await page.waitForFunction(() => document.querySelector('[data-testid="sorter-summary"]')?.getAttribute('data-count') === '1000', null, {
        timeout: 60_000,
      });
      await page.getByTestId('sorter-count').fill('1000000');
      const t0 = Date.now();
      await page.getByTestId('sorter-run').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="sorter-summary"]')?.getAttribute('data-count') === '1000000', null, {
        timeout: 300_000,
      });
      const wall = Date.now() - t0;
      // The numeric-order check and the checksum come after the list, in the worker.
      await page.waitForFunction(() => document.querySelector('[data-testid="sorter-summary"]')?.getAttribute('data-checked') === 'true', null, {
        timeout: 300_000,
      });
      const checked = Date.now() - t0;
      const attr = async (name) => Number(await summary.getAttribute(name));
      runs.push({ wall, checked, build: await attr('data-build-ms'), sort: await attr('data-sort-ms'), job: await attr('data-total-ms') });
      await context.close();
    }
    const mid = [...runs].sort((a, b) => a.wall - b.wall)[1];
    out('app.sorter-1m.click-to-list', mid.wall, 'ms', {
      generateInWorker: mid.build,
      sortInWorker: mid.sort,
      job: mid.job,
      analysisDoneAt: mid.checked,
      runs: runs.map((r) => r.wall),
      keys: 1_000_000,
      budget: 2000,
    });
  }

  // The YAML tab on a warm page (the design's form shown, nothing of Monaco loaded yet): the
  // pointer moves onto the tab bar, then the click; until the editor shows its lines. Median of 3.
  if (want('yaml')) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}#/design/iot-multitenant`);
      await page.getByLabel('Template').waitFor();
      await page.waitForTimeout(1000);
      await page.getByTestId('tab-form').hover();
      await page.getByTestId('tab-yaml').hover();
      const t0 = Date.now();
      await page.getByTestId('tab-yaml').click();
      await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
      runs.push(Date.now() - t0);
      await context.close();
    }
    out('app.yaml-tab', median(runs), 'ms', { runs, budget: 1000 });
  }
} finally {
  await browser.close();
  await new Promise((r) => server.httpServer.close(r));
}
