// "Nothing runs that should not", end to end in the built studio (Chromium):
// - the policy itself: the preview server's header and the built page's <meta> forbid inline
//   scripts and eval (script-src has neither 'unsafe-inline' nor 'unsafe-eval'), workers come
//   from this origin only, and the meta comes before any script;
// - the guard of e2e/fixtures.ts fails a test on a violation in a page and in a worker (proved
//   by provoking each);
// - every view (gallery, form, findings, code view with Monaco and its YAML worker, sorter and
//   its worker, simulation with its worker and charts, share and export dialogs, palette) runs
//   without a single violation.
import type { Page, Worker } from '@playwright/test';
import { codeEditor, expect, test } from './fixtures';

/** A policy as a map of directive -> sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** What a script-src must never allow, and the rest of the strict policy. */
function expectStrict(policy: string, where: string): void {
  const p = parsePolicy(policy);
  const scripts = p.get('script-src') ?? p.get('default-src');
  expect(scripts, `${where}: script-src`).toEqual(["'self'"]);
  for (const bad of ["'unsafe-eval'", "'unsafe-inline'", "'wasm-unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', '*']) {
    expect(scripts, `${where}: script-src allows ${bad}`).not.toContain(bad);
  }
  expect(p.get('worker-src'), `${where}: worker-src`).toEqual(["'self'"]);
  expect(p.get('default-src'), `${where}: default-src`).toEqual(["'self'"]);
  expect(p.get('object-src'), `${where}: object-src`).toEqual(["'none'"]);
  expect(p.get('base-uri'), `${where}: base-uri`).toEqual(["'none'"]);
  expect(p.get('connect-src'), `${where}: connect-src`).toEqual(["'self'"]);
  // The one loosening: Monaco injects <style> elements (docs/security.md).
  expect(p.get('style-src'), `${where}: style-src`).toEqual(["'self'", "'unsafe-inline'"]);
}

test('the server and the built page both forbid inline scripts and eval; workers only from this origin', async ({ page, request }) => {
  const res = await request.get('./');
  const header = res.headers()['content-security-policy'] ?? '';
  expectStrict(header, 'header');
  expect(parsePolicy(header).get('frame-ancestors')).toEqual(["'none'"]);
  expect(parsePolicy(header).get('report-uri')).toEqual(['/__csp-report']);

  // The same policy in the HTML (for any static host), minus what a <meta> cannot carry.
  const html = await res.text();
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)];
  expect(metas).toHaveLength(1);
  const meta = metas[0]![1]!.replace(/&#39;/g, "'");
  expectStrict(meta, 'meta');
  expect(meta).not.toMatch(/frame-ancestors|report-uri|report-to|sandbox/);
  expect(header.startsWith(meta), 'the header is the meta policy plus header-only directives').toBe(true);
  // Before any script or stylesheet, and no inline script anywhere in the page.
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.search(/<link rel="stylesheet"|<link rel="modulepreload"/));
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    expect(m[1], 'every script is a file').toMatch(/\bsrc=/);
    expect(m[2]!.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);

  // In the browser: the page really has the meta policy in force.
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  const inForce = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'));
  expect(inForce).toBe(meta);
});

test('the guard fails a test on a CSP violation in the page (inline script, eval, inline handler)', async ({ page, guard }) => {
  await page.goto('./');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await guard.readReports();
  expect(() => guard.assertClean()).not.toThrow();

  // (eval in a later task: Chromium lets code evaluated by the test itself, in that call, eval.)
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 1';
        document.body.append(s);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__pwned = 2');
        img.src = 'data:,x';
        document.body.append(img);
        setTimeout(() => {
          try {
            // biome-ignore lint/security/noGlobalEval: the test checks that the page's CSP blocks eval
            resolve((0, eval)('"ran"') as string);
          } catch (e) {
            resolve(`blocked: ${(e as Error).name}`);
          }
        });
      }),
  );
  expect(outcome).toBe('blocked: EvalError');
  await expect.poll(() => guard.csp.filter((v) => v.from === 'page').map((v) => v.blocked)).toEqual(expect.arrayContaining(['inline', 'eval']));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(() => guard.assertClean()).toThrow(/CSP violation \(page\): script-src(-elem)? blocked inline/);
  expect(() => guard.assertClean()).toThrow(/CSP violation \(page\): script-src blocked eval/);
  // The server got them too (the header policy's report-uri).
  await expect
    .poll(async () => {
      await guard.readReports();
      return guard.csp.filter((v) => v.from === 'report').map((v) => v.blocked);
    })
    .toEqual(expect.arrayContaining(['inline', 'eval']));
  guard.clear();
});

test('the guard fails a test on a CSP violation inside a Web Worker, where no init script runs', async ({ page, guard }) => {
  const worker = page.waitForEvent('worker', (w) => /sort\.worker/.test(w.url()));
  await page.goto('./#/design/iot-multitenant?view=sorter');
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
  const sortWorker = await worker;
  // eval inside the real sort worker (served by the preview server with its policy).
  const ran = await sortWorker.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            // biome-ignore lint/security/noGlobalEval: the test checks that the page's CSP blocks eval
            resolve((0, eval)('"ran"') as string);
          } catch (e) {
            resolve(`blocked: ${(e as Error).name}`);
          }
        }),
      ),
  );
  expect(ran).toBe('blocked: EvalError');
  await expect
    .poll(async () => {
      await guard.readReports();
      return guard.csp.map((v) => `${v.from} ${v.blocked} ${v.document}`);
    })
    .toEqual([expect.stringMatching(/^report eval http:\/\/127\.0\.0\.1:\d+\/assets\/sort\.worker-[\w-]+\.js$/)]);
  // The page's own listener never sees a worker's violation: only the report does.
  expect(guard.csp.filter((v) => v.from === 'page')).toEqual([]);
  expect(() => guard.assertClean()).toThrow(/CSP violation \(report\): script-src blocked eval .* in http:\/\/127\.0\.0\.1:\d+\/assets\/sort\.worker/);
  guard.clear();
});

/** Opens the dialog a button opens; returns it. */
async function openDialog(page: Page, testId: string) {
  await page.getByTestId(testId).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('every view runs without a CSP violation, workers included', async ({ page, guard }) => {
  test.setTimeout(150_000);
  const workers: Worker[] = [];
  page.on('worker', (w) => workers.push(w));

  // Gallery, then the form with its findings.
  await page.goto('./');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  await page.getByTestId('gallery-card').filter({ hasText: /IoT/i }).first().click();
  await expect(page.getByTestId('design-form')).toBeVisible();
  await expect(
    page
      .getByTestId('findings')
      .or(page.getByRole('region', { name: /findings/i }))
      .first(),
  ).toBeVisible();

  // Palette.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette')).toBeVisible();
  await page.keyboard.type('yaml');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('palette')).toBeHidden();

  // Code view: Monaco, its editor worker and monaco-yaml's worker (validation, hover).
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  await codeEditor.insertAtStart(view, 'nosuchkey: 1\n');
  await expect.poll(async () => (await codeEditor.markers(view)).some((m) => m.owner !== 'bigtable-studio'), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('Control+z');

  // Sorter and its worker.
  await page.getByTestId('tab-sorter').click();
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });

  // Simulation, its worker and the charts.
  await page.getByTestId('tab-simulate').click();
  const sim = page.getByTestId('sim-view');
  await expect(sim).toBeVisible();
  await sim.getByTestId('sim-run').click();
  await expect(sim.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 90_000 });
  await expect(sim.getByTestId('sim-heatmap')).toHaveAttribute('data-painted', 'true');
  await expect(sim.locator('.recharts-surface').first()).toBeVisible();

  // Share and export dialogs, every export format.
  const share = await openDialog(page, 'share-open');
  await expect(share.getByTestId('share-link')).toHaveValue(/#d=1\./);
  await page.keyboard.press('Escape');
  const exp = await openDialog(page, 'export-open');
  for (const format of ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design']) {
    await exp.getByTestId('export-format').selectOption(format);
    await expect(exp.getByTestId('export-preview').or(exp.getByTestId('export-error'))).toBeVisible();
  }
  await exp.getByRole('tab', { name: 'Apply to Bigtable' }).click();
  await page.keyboard.press('Escape');

  const urls = workers.map((w) => w.url());
  for (const name of ['yaml.worker', 'editor.worker', 'sort.worker', 'sim.worker']) {
    expect(
      urls.some((u) => u.includes(name)),
      `${name} ran (${urls.join(', ')})`,
    ).toBe(true);
  }
  await page.waitForTimeout(300);
  await guard.readReports();
  expect(guard.csp).toEqual([]);
});
