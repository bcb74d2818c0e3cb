// Names full of markup, everywhere a name can go (e2e/markup-fixture.ts: the design name,
// descriptions, table and family names, column qualifiers, query names and filters, string
// values, examples and prefixes, split keys). The design arrives by share link, by an imported
// file and through the code view; every view shows it: gallery and sidebar, the form, findings,
// the YAML (Monaco, its markers' hover), the sorter, the simulation (labels, summary, tooltip),
// share and export dialogs (every format) and the palette. Throughout: no dialog opens,
// window.__pwned is never set, nothing is injected (an init script's MutationObserver flags any
// new <script>, <img src=x>, stray <svg>, on* attribute or javascript: URL), no CSP violation
// (the guard of fixtures.ts), and each payload is shown as the text it is.
// Where the format refuses a name (key field names), the refusal quotes the payload as text.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { dump } from 'js-yaml';
import { encodeShare } from '../src/core/share';
import { ALL, FILTER, IMG, JS_URL, MARKUP, PAYLOADS, SCRIPT, TEMPLATE, TEXTAREA } from './markup-fixture';
import { codeEditor, expect, saved, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });

interface Watch {
  dialogs: string[];
}

/** Installs the injection detector in every page of the context, and records dialogs. */
async function watchInjections(context: BrowserContext): Promise<Watch> {
  const watch: Watch = { dialogs: [] };
  const onPage = (p: Page) =>
    p.on('dialog', (d) => {
      watch.dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
  context.pages().forEach(onPage);
  context.on('page', onPage);
  await context.addInitScript(() => {
    const found: string[] = [];
    const w = window as unknown as { __injected: string[]; __pwned?: unknown };
    w.__injected = found;
    let pwned: unknown;
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => pwned,
      set: (v) => {
        pwned = v;
        found.push(`window.__pwned set to ${String(v)}`);
      },
    });
    const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];
    const describe = (el: Element) => el.outerHTML.slice(0, 160);
    const check = (el: Element) => {
      const tag = el.tagName.toLowerCase();
      if (tag === 'script') {
        const src = el.getAttribute('src') ?? '';
        // The page's own module script(s): a bundled file, no inline text.
        if (!/^(\.\/|\/|http:\/\/127\.0\.0\.1:\d+\/)assets\/[\w.-]+\.js$/.test(src) || el.textContent) found.push(`script: ${describe(el)}`);
      }
      if (tag === 'img' && el.getAttribute('src') === 'x') found.push(`img src=x: ${describe(el)}`);
      if (tag === 'svg' && !el.closest('.recharts-wrapper, .recharts-surface, .recharts-legend-wrapper')) found.push(`svg: ${describe(el)}`);
      if (tag === 'iframe' || tag === 'object' || tag === 'embed') found.push(`${tag}: ${describe(el)}`);
      for (const a of Array.from(el.attributes)) {
        if (/^on/i.test(a.name)) found.push(`${a.name} attribute: ${describe(el)}`);
        if (URL_ATTRS.includes(a.name.toLowerCase()) && /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value))
          found.push(`${a.name}=${a.value}: ${describe(el)}`);
      }
    };
    const walk = (n: Node) => {
      if (n.nodeType !== 1) return;
      check(n as Element);
      (n as Element).querySelectorAll('*').forEach(check);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') r.addedNodes.forEach(walk);
        else if (r.type === 'attributes' && r.target.nodeType === 1) check(r.target as Element);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
    document.addEventListener('DOMContentLoaded', () => walk(document.documentElement));
  });
  return watch;
}

/** Nothing ran, nothing was injected, in any open page. */
async function expectNothingRan(context: BrowserContext, watch: Watch, where: string): Promise<void> {
  for (const p of context.pages()) {
    if (p.isClosed() || p.url() === 'about:blank') continue;
    const state = await p.evaluate(() => {
      const w = window as unknown as { __injected?: string[]; __pwned?: unknown; alertCalled?: boolean };
      return { injected: w.__injected ?? ['(the detector is not installed)'], pwned: w.__pwned };
    });
    expect(state.injected, `${where}: injected elements`).toEqual([]);
    expect(state.pwned, `${where}: window.__pwned`).toBeUndefined();
  }
  expect(watch.dialogs, `${where}: dialogs`).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const designsNav = (page: Page) => page.getByRole('navigation', { name: 'Designs' });

/** The text of an element exactly as shown (textContent, so nothing is normalised away). */
const text = (l: Locator) => l.evaluate((el) => el.textContent ?? '');

async function checkForm(page: Page): Promise<void> {
  const form = page.getByTestId('design-form');
  await expect(form.getByLabel('Design name')).toHaveValue(MARKUP.name);
  await expect(form.getByLabel('Description').first()).toHaveValue(ALL);
  await expect(page.getByLabel('Table name')).toHaveValue(IMG);
  const families = page.getByTestId('family-editor');
  await expect(families.nth(0).getByLabel('Family name')).toHaveValue(TEXTAREA);
  await expect(families.nth(1).getByLabel('Family name')).toHaveValue(JS_URL);
  await expect(families.nth(0).getByLabel('Qualifier 1')).toHaveValue(SCRIPT);
  await expect(families.nth(0).getByLabel('Qualifier 2')).toHaveValue(TEMPLATE);
  const queries = page.getByTestId('query-editor');
  await expect(queries.nth(0).getByLabel('Query name')).toHaveValue(SCRIPT);
  await expect(queries.nth(1).getByLabel('Query name')).toHaveValue(JS_URL);
  await expect(queries.nth(0).getByLabel(/^Filters/)).toHaveValue(FILTER);
  await expect(page.getByLabel('Pre-split keys (one per line)')).toHaveValue(`${TEXTAREA}\n${JS_URL}`);
  // The example key holds the tenant's example, as text.
  expect(await text(page.getByTestId('example-key'))).toMatch(new RegExp(`^${TEXTAREA.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}#\\d+$`));
  const samples = await page.getByTestId('sample-key').allTextContents();
  for (const p of PAYLOADS)
    expect(
      samples.some((s) => s.includes(p)),
      `a sample key shows ${p}`,
    ).toBe(true);
  // The selected field's settings: values, example, description.
  const field = page.getByTestId('field-settings');
  await expect(field.getByLabel('Example value')).toHaveValue(TEXTAREA);
  await expect(field.getByLabel('Description')).toHaveValue(TEMPLATE);
  // Findings quote the names (table id and family id rules) as text.
  const findings = await text(page.getByTestId('findings'));
  expect(findings).toContain(IMG);
  expect(findings).toContain(TEXTAREA);
}

test('the detector itself sees injected markup, a set window.__pwned and a dialog', async ({ page, context, guard }) => {
  const watch = await watchInjections(context);
  await page.goto('./');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  await expectNothingRan(context, watch, 'clean page');
  await page.evaluate(() => {
    const div = document.createElement('div');
    div.innerHTML = '<img src=x onerror="window.__pwned=1"><svg onload="1"></svg><a href=" javascript:alert(1)">x</a>';
    document.body.append(div);
    (window as unknown as { __pwned: number }).__pwned = 2;
    setTimeout(() => alert('deliberate'));
  });
  await expect.poll(() => watch.dialogs).toEqual(['alert: deliberate']);
  const injected = await page.evaluate(() => (window as unknown as { __injected: string[] }).__injected);
  expect(injected).toEqual([
    'window.__pwned set to 2',
    expect.stringMatching(/^img src=x: <img src="x"/),
    expect.stringMatching(/^onerror attribute: <img/),
    expect.stringMatching(/^svg: <svg onload/),
    expect.stringMatching(/^onload attribute: <svg/),
    expect.stringMatching(/^href= javascript:alert\(1\): <a/),
  ]);
  await expect(expectNothingRan(context, watch, 'dirty page')).rejects.toThrow(/injected elements/);
  // The img's inline handler was a CSP violation too: deliberate, so forget it.
  // Forget them only once the server has the report too (Chromium sends one for the identical
  // violations the page saw): a report arriving after the clear failed the test once in CI.
  await expect
    .poll(
      async () => {
        await guard.readReports();
        return guard.csp.some((c) => c.from === 'page') && guard.csp.some((c) => c.from === 'report');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  guard.clear();
});

test('opened from a share link: every view shows the names as text and runs nothing', async ({ page, context }) => {
  const watch = await watchInjections(context);
  await page.goto('./');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  await page.goto(`./${encodeShare(MARKUP)}`);
  const banner = page.getByTestId('shared-banner');
  await expect(banner).toBeVisible();
  expect(await text(banner.locator('q').first())).toBe(MARKUP.name);
  await expect(h1(page)).toHaveText(MARKUP.name);
  await expectNothingRan(context, watch, 'shared copy');
  await banner.getByTestId('shared-save').click();
  await saved(page);
  expect(await designsNav(page).getByTestId('design-link').allTextContents()).toContain(MARKUP.name);
  expect(await designsNav(page).locator('.side-tables a').allTextContents()).toEqual([IMG, SCRIPT]);

  // The form, the example and sample keys, the findings.
  await checkForm(page);
  await expectNothingRan(context, watch, 'form');

  // The second table, through its link (its name is URL-encoded in the route).
  await designsNav(page).locator('.side-tables a').filter({ hasText: SCRIPT }).click();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', SCRIPT);
  expect(decodeURIComponent(page.url().split('/').pop()!)).toBe(SCRIPT);
  await expect(page.getByLabel('Table name')).toHaveValue(SCRIPT);
  await expect(page.getByTestId('family-editor').getByLabel('Family name')).toHaveValue(TEMPLATE);
  expect(await text(page.getByTestId('example-key'))).toBe(TEMPLATE);
  await page.goBack();
  await expect(page.getByTestId('table-panel')).toHaveAttribute('data-table', IMG);

  // The gallery (the sidebar lists the design there too), then back.
  await page.goto('./#/');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  expect(await designsNav(page).getByTestId('design-link').allTextContents()).toContain(MARKUP.name);
  await expectNothingRan(context, watch, 'gallery');
  await page.goBack();
  await expect(h1(page)).toHaveText(MARKUP.name);

  // The YAML in Monaco: the text is the design, markers quote names, their hover shows text.
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  const yamlText = await codeEditor.text(view);
  expect(yamlText).toContain(IMG);
  await expect.poll(async () => (await codeEditor.markers(view)).some((m) => m.message.includes(IMG)), { timeout: 30_000 }).toBe(true);
  const marker = (await codeEditor.markers(view)).find((m) => m.message.includes(IMG))!;
  await codeEditor.goTo(view, marker.line, 12);
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Control+i');
  const hover = page.locator('.monaco-hover:not(.hidden)').first();
  await expect(hover).toBeVisible();
  await expect(hover).toContainText(IMG);
  await page.keyboard.press('Escape');
  const rendered = await view.locator('.view-lines').evaluate((el) => el.textContent ?? '');
  expect(rendered.replace(/\u00a0/g, ' ')).toContain(IMG);
  await expectNothingRan(context, watch, 'code view');

  // The sorter: keys hold the values.
  await page.getByTestId('tab-sorter').click();
  await expect(page.getByTestId('sorter-summary')).toHaveAttribute('data-count', '1000', { timeout: 30_000 });
  const rows = await page.getByTestId('sorter-row').allTextContents();
  expect(rows.some((r) => r.includes(SCRIPT))).toBe(true);
  const queryOptions = await page.getByTestId('sorter-query').locator('option').allTextContents();
  expect(queryOptions).toEqual(expect.arrayContaining([SCRIPT, JS_URL]));
  await page.getByTestId('sorter-query').selectOption({ label: SCRIPT });
  await expect(page.getByTestId('sorter-match')).toBeVisible();
  await expectNothingRan(context, watch, 'sorter');

  // The simulation: its labels name the table, its summary and tooltip the keys.
  await page.getByTestId('tab-simulate').click();
  const sim = page.getByTestId('sim-view');
  await sim.getByTestId('sim-run').click();
  await expect(sim.getByTestId('sim-output').getByTestId('sim-results')).toBeVisible({ timeout: 90_000 });
  const canvas = sim.getByTestId('sim-heatmap');
  await expect(canvas).toHaveAttribute('data-painted', 'true');
  expect(await text(sim.locator('figcaption').first())).toContain(IMG);
  expect(
    await sim
      .getByRole('group', { name: /^Heatmap of / })
      .first()
      .getAttribute('aria-label'),
  ).toContain(`Heatmap of ${IMG}:`);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  const tip = sim.getByTestId('sim-heatmap-tooltip');
  await expect(tip).toBeVisible();
  const tipText = await text(tip);
  // The cell's key range: keys start with a tenant value, shown as text.
  expect(
    PAYLOADS.some((p) => tipText.includes(p)),
    tipText,
  ).toBe(true);
  await expectNothingRan(context, watch, 'simulation');

  // Share and export dialogs.
  await page.getByTestId('share-open').first().click();
  const share = page.getByRole('dialog');
  await expect(share.getByTestId('share-link')).toHaveValue(/#d=1\./);
  await page.keyboard.press('Escape');
  await page.getByTestId('export-open').first().click();
  const exp = page.getByRole('dialog');
  const expectIn: Record<string, string[]> = {
    // Refused (the family "javascript:alert(1)" holds the ":" both tools split at): the reason quotes the names.
    gcloud: [`table ${IMG}`, `family "${JS_URL}"`],
    cbt: [`table ${IMG}`, `family "${JS_URL}"`],
    terraform: [IMG],
    sql: [SCRIPT],
    markdown: [MARKUP.name, IMG, TEXTAREA, JS_URL, TEMPLATE],
    design: [IMG, JS_URL, TEXTAREA],
    code: [],
    'row-key-schema': [],
  };
  for (const [format, shown] of Object.entries(expectIn)) {
    await exp.getByTestId('export-format').selectOption(format);
    const pre = exp.getByTestId('export-preview');
    const err = exp.getByTestId('export-error');
    await expect(pre.or(err)).toBeVisible();
    const t = (await pre.count()) ? await text(pre) : await text(err);
    for (const s of shown) expect(t, `${format} shows ${s}`).toContain(s);
    if (await pre.count()) expect(await pre.evaluate((el) => el.children.length), `${format}: the preview is text only`).toBe(0);
  }
  await page.keyboard.press('Escape');
  await expectNothingRan(context, watch, 'dialogs');

  // The palette, and its download of the design: the name stays text in the file.
  await page.getByTestId('tab-form').click();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('palette');
  await expect(palette).toBeVisible();
  await page.keyboard.type('download');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^[\w.-]+$/);
  const file = readFileSync(await download.path(), 'utf8');
  expect(file).toContain(IMG);
  await expectNothingRan(context, watch, 'palette');
});

test('imported from a file, and typed in the code view: names are text; refused names are quoted as text', async ({ page, context }) => {
  const watch = await watchInjections(context);
  await page.goto('./#/design/chat-messages');
  await expect(page.getByTestId('design-view')).toBeVisible();

  // Import: the ready message quotes the name; the new design shows it.
  const yaml = dump(MARKUP, { lineWidth: -1 });
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name: `${IMG}.yaml`, mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
  await expect(page.getByTestId('import-ready')).toBeVisible();
  expect(await text(page.getByTestId('import-name'))).toBe(MARKUP.name);
  expect(await text(page.getByTestId('import-ready').locator('strong').first())).toBe(`${IMG}.yaml`);
  await page.getByTestId('import-new').click();
  await expect(h1(page)).toHaveText(MARKUP.name);
  await checkForm(page);
  await expectNothingRan(context, watch, 'import');

  // A file that fails to import (file names hold no "/"): its name and the loader's message quote the markup.
  await page
    .getByTestId('import-file')
    .first()
    .setInputFiles({
      name: `${TEMPLATE}"><b>.yaml`,
      mimeType: 'application/yaml',
      buffer: Buffer.from(`format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{${IMG}}", fields: {}}\n`),
    });
  const error = page.getByTestId('import-error');
  await expect(error).toBeVisible();
  expect(await text(error)).toContain(`${TEMPLATE}"><b>.yaml could not be imported`);
  expect(await text(error)).toContain(`{${IMG}}`);
  await expectNothingRan(context, watch, 'import error');

  // The form refuses a key field named with markup, quoting it as text.
  const addField = page.getByRole('form', { name: 'Add a key field' });
  await addField.getByLabel('New field name').fill(IMG);
  await addField.getByRole('button', { name: 'Add field' }).click();
  const refusal = page.getByTestId('table-panel').locator('.field-error[role=alert]').first();
  await expect(refusal).toBeVisible();
  expect(await text(refusal)).toContain(IMG);
  await expectNothingRan(context, watch, 'refused field name');

  // The code view: the whole design typed as text.
  await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  const typed = dump({ ...MARKUP, name: `Typed ${TEXTAREA}${SCRIPT}` }, { lineWidth: -1 });
  await codeEditor.setText(view, typed);
  await expect(h1(page)).toHaveText(`Typed ${TEXTAREA}${SCRIPT}`);
  await expect(
    designsNav(page)
      .getByTestId('design-link')
      .filter({ hasText: `Typed ${TEXTAREA}${SCRIPT}` }),
  ).toHaveCount(1);
  // A placeholder the format refuses: the code view says so, quoting the markup as text.
  await codeEditor.setText(view, typed.replace("template: '{tenant}#{ts}'", `template: '{${IMG}}#{ts}'`));
  await expect.poll(async () => (await codeEditor.markers(view)).map((m) => m.message).join('\n'), { timeout: 30_000 }).toContain(`{${IMG}}`);
  const status = page.getByTestId('code-status');
  await expect(status).toBeVisible();
  await expect(h1(page)).toHaveText(`Typed ${TEXTAREA}${SCRIPT}`);
  await saved(page);
  await expectNothingRan(context, watch, 'code view');
});
