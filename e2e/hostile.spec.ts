// Hostile files and text in the browser: each bad file opened for import is answered
// with a clear error naming the file and where (line:column, or its size), the page stays
// responsive, and nothing saved changes (IndexedDB compared byte for byte before and after).
// Hostile text typed into the code view leaves the last valid design in place, across a reload.
import type { Page } from '@playwright/test';
import { codeEditor, expect, saved, test } from './fixtures';

/** Every record of the studio's IndexedDB store, as JSON: what "nothing saved changed" compares. */
async function storage(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('bigtable-schema-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('kv', 'readonly');
          const store = tx.objectStore('kv');
          const keys = store.getAllKeys();
          const values = store.getAll();
          tx.oncomplete = () => {
            db.close();
            resolve(JSON.stringify([keys.result, values.result]));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

const enc = (s: string) => Buffer.from(s, 'utf8');
const DESIGN =
  'format: bigtable-studio/v1\nname: Hostile import\ntables:\n  - name: t\n    rowKey:\n      template: "{id}"\n      fields:\n        id: {type: uuid}\n';
const laughs = () => {
  let y = 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i < 10; i++) y += `a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(',')}]\n`;
  return `${y}format: bigtable-studio/v1\nname: bomb\ntables: *a9\n`;
};

const FILES: { name: string; bytes: Buffer; where: RegExp; what: RegExp }[] = [
  { name: 'laughs.yaml', bytes: enc(laughs()), where: /laughs\.yaml:6:10:/, what: /alias bomb/ },
  {
    name: 'wide-laughs.yaml',
    bytes: enc(`a: &a [x, x, x, x, x, x, x, x]\nformat: bigtable-studio/v1\nname: w\ntables: [${Array.from({ length: 5000 }, () => '*a').join(',')}]\n`),
    where: /wide-laughs\.yaml:4:\d+/,
    what: /alias/i,
  },
  {
    name: 'huge.yaml',
    bytes: Buffer.concat([enc(DESIGN), Buffer.alloc(6 * 1024 * 1024, 0x23)]),
    where: /huge\.yaml/,
    what: /6\.\d MB|too large|at most|up to/i,
  },
  {
    name: 'bad-utf8.yaml',
    bytes: Buffer.concat([enc('format: bigtable-studio/v1\nname: "caf'), Buffer.from([0xc3, 0x28]), enc('"\ntables: []\n')]),
    where: /bad-utf8\.yaml:2:11/,
    what: /not valid UTF-8/,
  },
  { name: 'utf16.yaml', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DESIGN, 'utf16le')]), where: /utf16\.yaml:1:1/, what: /UTF-16/ },
  {
    name: 'deep.yaml',
    bytes: enc(`format: bigtable-studio/v1\nname: deep\ntables: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`),
    where: /deep\.yaml:3:\d+/,
    what: /deep|nest/i,
  },
  {
    name: 'proto.yaml',
    bytes: enc(DESIGN.replace('    rowKey:', '    __proto__: {polluted: true}\n    rowKey:')),
    where: /proto\.yaml:5:\d+/,
    what: /__proto__/,
  },
  { name: 'tabs.yaml', bytes: enc(DESIGN.replace('    rowKey:', '\trowKey:')), where: /tabs\.yaml:5:\d+/, what: /tab/i },
  { name: 'unknown.yaml', bytes: enc(DESIGN.replace('id: {type: uuid}', 'id: {type: uuid, colour: red}')), where: /unknown\.yaml:8:\d+/, what: /colour/ },
];

test('hostile files opened for import are refused clearly, the page stays responsive, nothing saved changes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#/design/chat-messages');
  await expect(page.getByTestId('design-view')).toBeVisible();
  await saved(page);
  const before = await storage(page);
  const nav = page.getByRole('navigation', { name: 'Designs' });
  const designs = await nav.textContent();

  for (const f of FILES) {
    await page.getByTestId('import-file').first().setInputFiles({ name: f.name, mimeType: 'application/yaml', buffer: f.bytes });
    const error = page.getByTestId('import-error');
    await expect(error, f.name).toContainText(`${f.name} could not be imported`, { timeout: 10_000 });
    await expect(error, f.name).toContainText(f.where);
    await expect(error, f.name).toContainText(f.what);
    await expect(error).toContainText('Nothing was changed.');
    // Responsive: the page answers a script at once, and the design is still the one open.
    expect(await page.evaluate(() => document.title)).toContain('Chat');
    await expect(nav).toHaveText(designs ?? '');
    expect(await storage(page), `${f.name}: storage changed`).toBe(before);
  }
  // Once window.__pwned or a page error would have shown, the fixture's guard fails the test.
});

test('hostile text in the code view keeps the last valid design, across a reload', async ({ page }) => {
  await page.goto('./#/design/web-pages?view=yaml');
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  const h1 = page.getByRole('heading', { level: 1 });
  const name = await h1.textContent();

  for (const text of [
    laughs(),
    `name: x\ntables: ${'['.repeat(20_000)}`,
    'format: bigtable-studio/v1\nname: p\n__proto__: {x: 1}\ntables: []\n',
    '\u0000\u0001 not yaml {{{',
  ]) {
    await codeEditor.setText(view, text);
    await expect(page.getByTestId('code-status')).toContainText(/problem/i);
    await expect(page.getByTestId('code-status')).toContainText(/line \d+/i);
    await expect(h1).toHaveText(name!);
  }
  await saved(page);
  await page.reload();
  await expect(h1).toHaveText(name!);
  await expect(page.getByTestId('text-errors')).toBeVisible();
});
