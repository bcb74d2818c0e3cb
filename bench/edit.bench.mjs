// Work done once per edit, on the largest example (iot-multitenant), two ways:
// - edit.node.*: the store's per-edit work in Node, step by step, as the studio does it on a
//   form keystroke (YAML tab closed) and on one typed in the YAML tab: the store's edit, what
//   persistence writes, the lint the panels read, the Capacity panel's two plans, and in the
//   YAML tab the code view's markers. Median of 400 edits each a new design (one table changed, as a keystroke does);
//   beside it a bare lint of the same design as the anchor, since timings on a loaded machine
//   are comparable only as ratios within one run.
// - edit.app.keystroke-to-findings: the built app (dist/app; run `npm run build` first) in
//   Debian's Chromium through Playwright: a digit typed into "Writes per second" (x10, then
//   Backspace), from the input event to the findings panel showing the changed findings;
//   median and max of 40 keystrokes.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { importBundle, src } from './bundle.mjs';

const out = (name, value, unit, extra = {}) => console.log(JSON.stringify({ name, value, unit, ...extra }));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x) => Math.round(x * 1000) / 1000;
const ID = 'iot-multitenant';

// ---- Node: the store's per-edit work --------------------------------------------------------
{
  const m = await importBundle(
    `export { createStudioStore } from ${src('src/app/store.ts')};
export { lintOf } from ${src('src/app/lint-cache.ts')};
export { lint } from ${src('src/core/rules/lint.ts')};
export { toRecord } from ${src('src/app/persist/format.ts')};
export { capacityPlans } from ${src('src/app/capacity/plans.ts')};
export { marksFor } from ${src('src/app/code/markers.ts')};
export { docText, checkDesign } from ${src('src/app/documents/docs.ts')};
export { exportDesign } from ${src('src/core/export/design.ts')};
export { loadDesign } from ${src('src/core/load/load-design.ts')};
export { loadModel } from ${src('src/app/model.ts')};`,
    { define: { 'import.meta.env.VITE_BTSTUDIO_TEST_HOOKS': '"0"' } },
  );
  await m.loadModel(); // the studio loads the design model after its first paint
  const store = m.createStudioStore(undefined, { ready: true });
  store.getState().materializeExample(ID);
  const source = m.docText(store.getState().docs[ID]);
  if (!source.includes('writesPerSecond: 50000')) throw new Error('bench/edit: the example changed; pick another edit');
  const KEYS = ['edit', 'persist', 'lint', 'capacity', 'markers', 'anchorLint', 'validate', 'yamlDump', 'yamlParse', 'lintUnverified'];
  const measure = (kind) => {
    const steps = Object.fromEntries(KEYS.map((k) => [k, []]));
    const run = (i, record) => {
      const t = [performance.now()];
      // A form keystroke (the YAML tab closed), or a keystroke typed in the YAML tab's editor.
      if (kind === 'form')
        store
          .getState()
          .editDesign(ID, (d) => ({ ...d, tables: d.tables.map((tb, j) => (j === 0 ? { ...tb, load: { ...tb.load, writesPerSecond: 500000 + i } } : tb)) }), {
            label: 'Set writes per second',
            coalesceKey: 'bench',
          });
      else store.getState().editText(ID, source.replace('writesPerSecond: 50000', `writesPerSecond: ${500000 + i}`));
      t.push(performance.now());
      const doc = store.getState().docs[ID];
      m.toRecord(doc);
      t.push(performance.now());
      const { analysis } = m.lintOf(doc.design);
      t.push(performance.now());
      m.capacityPlans(doc.design, analysis, undefined);
      t.push(performance.now());
      if (kind === 'yaml') m.marksFor(m.docText(doc), doc.textIssues, doc.design);
      t.push(performance.now());
      // The anchor: the same lint again on a copy (no cache can answer it).
      m.lint(structuredClone(doc.design));
      t.push(performance.now());
      // The parts of an edit, apart: validation, a YAML dump of the design, the dump parsed again,
      m.checkDesign(doc.design, ID);
      t.push(performance.now());
      const text = m.exportDesign(doc.design, null, { as: 'yaml' }).text;
      t.push(performance.now());
      m.loadDesign(text, 'bench.yaml');
      t.push(performance.now());
      // What the lint costs without checking its fixes (each offered fix is linted again first).
      m.lint(structuredClone(doc.design), { verifyFixes: false });
      t.push(performance.now());
      if (record) KEYS.forEach((k, n) => steps[k].push(t[n + 1] - t[n]));
    };
    for (let i = 0; i < 100; i++) run(i, false);
    for (let i = 100; i < 500; i++) run(i, true);
    return Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, round(median(v))]));
  };
  const form = measure('form');
  const formTotal = form.edit + form.persist + form.lint + form.capacity;
  out('edit.node.form-keystroke', round(formTotal), 'ms', {
    ...form,
    markers: undefined,
    perLint: round(formTotal / form.anchorLint),
    design: ID,
    note: 'a form edit: store edit + persist + lint + capacity (YAML tab closed); perLint: the total in bare lints of this design',
  });
  const yaml = measure('yaml');
  const yamlTotal = yaml.edit + yaml.persist + yaml.lint + yaml.capacity + yaml.markers;
  out('edit.node.yaml-keystroke', round(yamlTotal), 'ms', {
    ...yaml,
    perLint: round(yamlTotal / yaml.anchorLint),
    findings: m.lintOf(store.getState().docs[ID].design).findings.length,
    design: ID,
    note: 'text typed in the YAML tab: store edit (parse) + persist + lint + capacity + code view markers',
  });
}

// ---- The built app in Chromium --------------------------------------------------------------
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}dist/app/index.html`)) {
  console.error('bench/edit: dist/app is missing; run `npm run build` first');
  process.exit(1);
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const port = await freePort();
const server = await preview({ root, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/#/design/${ID}`);
  const field = page.getByLabel('Writes per second').first();
  await field.waitFor();
  await page.getByTestId('findings').waitFor();
  await page.waitForTimeout(1000);
  const r = await field.evaluate(async (el) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const panel = () => document.querySelector('[data-testid="findings"]');
    const times = [];
    const start = el.value;
    for (let i = 0; i < 41; i++) {
      const before = panel().textContent;
      const t0 = performance.now();
      setter.call(el, i % 2 === 0 ? `${start}0` : start); // a digit typed, then Backspace
      el.dispatchEvent(new Event('input', { bubbles: true }));
      // React renders a discrete input event at once; wait for the panel if it ever does not.
      if (panel().textContent === before)
        await new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error('the findings did not change')), 5000);
          new MutationObserver((_, mo) => {
            if (panel().textContent !== before) {
              mo.disconnect();
              clearTimeout(timer);
              res();
            }
          }).observe(panel(), { childList: true, subtree: true, characterData: true });
        });
      if (i > 0) times.push(performance.now() - t0); // the first keystroke loads lazy chunks
      await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
    }
    times.sort((a, b) => a - b);
    return { median: times[times.length >> 1], max: times[times.length - 1], runs: times.length };
  });
  out('edit.app.keystroke-to-findings', Math.round(r.median * 10) / 10, 'ms', {
    max: Math.round(r.max * 10) / 10,
    runs: r.runs,
    design: ID,
    field: 'Writes per second',
    budget: 16,
  });
  await context.close();
} finally {
  await browser.close();
  await new Promise((res) => server.httpServer.close(res));
}
