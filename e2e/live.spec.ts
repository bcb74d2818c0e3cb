// Live collaboration end to end: the real server (`btstudio serve`, built from this source)
// serves the built studio and the rooms on its own port (LIVE_E2E_PORT, default 4233); three
// browser contexts join by link and edit at once; presence; a view link; bad tokens; the server
// killed and started again in the middle; an edit made offline. Build first: `npx vite build`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { builtCli, serveProcess, stopProcess, type ServerProcess } from '../src/test-support/live';
import { codeEditor, expect, retype, seriousA11y, test, type ContextGuard } from './fixtures';

const PORT = Number(process.env.LIVE_E2E_PORT ?? 4233);
const LIVE = `http://127.0.0.1:${PORT}`;
let cli = '';
let dataDir = '';
let server: ServerProcess | null = null;

const startServer = async () => {
  server = await serveProcess(cli, PORT, dataDir, ['--static', 'dist/app']);
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cli = await builtCli();
  dataDir = mkdtempSync(joinPath(tmpdir(), 'btstudio-live-e2e-'));
  await startServer();
});
test.afterAll(async () => {
  if (server) await stopProcess(server);
});

test.describe.configure({ timeout: 120_000 });

/** Opens my copy of the chat example on the live server and starts a room; returns its links. */
async function share(page: Page): Promise<{ edit: string; view: string }> {
  await page.goto(`${LIVE}/#/design/chat-messages`);
  await expect(page.getByTestId('design-view')).toBeVisible();
  await page.getByTestId('live-share-open').click();
  await page.getByTestId('live-start').click();
  const edit = await page.getByTestId('live-edit-link').inputValue();
  const view = await page.getByTestId('live-view-link').inputValue();
  expect(edit).toMatch(new RegExp(`^${LIVE}/#/live/[A-Za-z0-9_-]{22}/e\\.`));
  expect(view).toMatch(/\/v\.[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  return { edit, view };
}

async function join(browser: Browser, guard: ContextGuard, link: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  await guard.attach(ctx);
  const page = await ctx.newPage();
  guard.watchPage(page);
  await page.goto(link);
  await expect(page.getByTestId('live-bar')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  return { ctx, page };
}

/** The YAML as the code view shows it. */
async function yamlOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  if (!/view=yaml/.test(url.hash)) await page.getByTestId('tab-yaml').click();
  const view = page.getByTestId('code-view');
  await codeEditor.ready(view);
  return codeEditor.text(view);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('three people join by link, edit the form and the YAML at once, see each other, and end with one design', async ({ page, browser, guard }) => {
  const links = await share(page);
  const b = await join(browser, guard, links.edit);
  const c = await join(browser, guard, links.edit);
  await expect(heading(b.page)).toHaveText((await heading(page).textContent()) ?? '');
  // Presence: everyone sees the two others, and where they are.
  for (const p of [page, b.page, c.page]) await expect(p.getByTestId('live-peer')).toHaveCount(2);

  // At once: B renames the design in the form, C and A comment the YAML at its two ends.
  await c.page.getByTestId('tab-yaml').click();
  const cView = c.page.getByTestId('code-view');
  await codeEditor.ready(cView);
  await page.getByTestId('tab-yaml').click();
  const aView = page.getByTestId('code-view');
  await codeEditor.ready(aView);
  await Promise.all([
    retype(b.page.getByLabel('Design name'), 'Chat together').then(() => b.page.getByLabel('Design name').press('Enter')),
    codeEditor.insertAtStart(cView, '# reviewed by C\n'),
    aView.evaluate((el) => {
      const m = (el as any).studioEditor.model();
      const end = m.getFullModelRange().getEndPosition();
      m.pushEditOperations(
        [],
        [
          {
            range: { startLineNumber: end.lineNumber, startColumn: end.column, endLineNumber: end.lineNumber, endColumn: end.column },
            text: '# checked by A\n',
          },
        ],
        () => null,
      );
    }),
  ]);
  for (const p of [page, b.page, c.page]) await expect(heading(p)).toHaveText('Chat together');
  await expect
    .poll(
      async () => {
        const texts = await Promise.all([yamlOf(page), yamlOf(b.page), yamlOf(c.page)]);
        return (
          new Set(texts).size === 1 &&
          texts[0]!.includes('# reviewed by C') &&
          texts[0]!.includes('# checked by A') &&
          texts[0]!.includes('name: Chat together')
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // Where each one is: the table each has open (and the form field, when one has focus).
  await expect(page.getByTestId('live-peer').filter({ hasText: 'at messages' })).toHaveCount(2);
  await b.page.getByTestId('tab-form').click();
  await b.page.getByLabel('Design name').focus();
  await expect(page.getByTestId('live-peer').filter({ hasText: /at messages: name$/ })).toHaveCount(1);
  expect(await seriousA11y(page, '[data-testid="live-bar"]')).toEqual([]);
  await b.ctx.close();
  await c.ctx.close();
});

test('a view link shows the room but cannot change it', async ({ page, browser, guard }) => {
  const links = await share(page);
  const viewer = await join(browser, guard, links.view);
  await expect(viewer.page.getByTestId('live-mode')).toHaveText('View only: your changes are not sent');
  const before = (await heading(page).textContent()) ?? '';
  await expect(heading(viewer.page)).toHaveText(before);
  await retype(viewer.page.getByLabel('Design name'), 'Vandalised');
  await viewer.page.getByLabel('Design name').press('Enter');
  await expect(heading(viewer.page)).toHaveText(before);
  await expect(viewer.page.getByTestId('live-share-open')).toBeDisabled();
  // The owner's edits still reach the viewer; the viewer's never reached the owner.
  await retype(page.getByLabel('Design name'), 'Owner renamed');
  await page.getByLabel('Design name').press('Enter');
  await expect(heading(viewer.page)).toHaveText('Owner renamed');
  await expect(heading(page)).toHaveText('Owner renamed');
  await viewer.ctx.close();
});

test('a wrong or missing token is refused and shows nothing of the room', async ({ page, browser, guard }) => {
  const links = await share(page);
  const room = /#\/live\/([^/]+)\//.exec(links.edit)![1]!;
  const other = await browser.newContext();
  await guard.attach(other);
  const p = await other.newPage();
  guard.watchPage(p);
  await p.goto(`${LIVE}/#/live/${room}/e.${'A'.repeat(43)}`);
  await expect(p.getByTestId('live-problem')).toContainText('The server refused this link: invalid-token');
  await expect(heading(p)).not.toHaveText((await heading(page).textContent()) ?? '');
  await p.goto(`${LIVE}/#/live/${room}`);
  await expect(p.getByText('This live link cannot be opened')).toBeVisible();
  await other.close();
});

test('the server killed and started again in the middle of a session: every edit survives', async ({ page, browser, guard }) => {
  // The browser logs each refused reconnection while the server is down.
  guard.expected.push('ERR_CONNECTION_REFUSED');
  const links = await share(page);
  const b = await join(browser, guard, links.edit);
  await retype(b.page.getByLabel('Design name'), 'Before the crash');
  await b.page.getByLabel('Design name').press('Enter');
  await expect(heading(page)).toHaveText('Before the crash');
  await stopProcess(server!, 'SIGKILL');
  await expect(page.getByTestId('live-status')).toHaveText(/Offline/);
  // Edited while the server is down: kept in the browser.
  await retype(page.getByLabel('Design name'), 'During the crash');
  await page.getByLabel('Design name').press('Enter');
  await startServer();
  await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 20_000 });
  await expect(heading(b.page)).toHaveText('During the crash', { timeout: 20_000 });
  // A newcomer reads the room from the restarted server.
  const c = await join(browser, guard, links.view);
  await expect(heading(c.page)).toHaveText('During the crash');
  await b.ctx.close();
  await c.ctx.close();
});

test('an edit made offline merges on reconnect with edits made meanwhile', async ({ page, browser, guard }) => {
  guard.expected.push('ERR_INTERNET_DISCONNECTED');
  const links = await share(page);
  const b = await join(browser, guard, links.edit);
  await b.page.getByTestId('tab-yaml').click();
  const bView = b.page.getByTestId('code-view');
  await codeEditor.ready(bView);
  await b.ctx.setOffline(true);
  await expect(b.page.getByTestId('live-status')).toHaveText(/Offline/, { timeout: 20_000 });
  await codeEditor.insertAtStart(bView, '# written offline by B\n');
  await retype(page.getByLabel('Design name'), 'Renamed while B was away');
  await page.getByLabel('Design name').press('Enter');
  await b.ctx.setOffline(false);
  await expect(b.page.getByTestId('live-status')).toHaveText('Live', { timeout: 20_000 });
  await expect(heading(b.page)).toHaveText('Renamed while B was away');
  await expect.poll(() => yamlOf(page), { timeout: 20_000 }).toContain('# written offline by B');
  await b.ctx.close();
});

test('without "Share live" the studio makes no request to the collaboration server, even when it serves the page', async ({ page }) => {
  const sockets: string[] = [];
  const liveRequests: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/live')) liveRequests.push(r.url());
  });
  await page.goto(`${LIVE}/#/design/chat-messages`);
  await expect(page.getByTestId('design-view')).toBeVisible();
  await retype(page.getByLabel('Design name'), 'Alone');
  await page.getByLabel('Design name').press('Enter');
  await page.getByTestId('tab-yaml').click();
  await codeEditor.ready(page.getByTestId('code-view'));
  await page.waitForTimeout(1000);
  expect(sockets).toEqual([]);
  expect(liveRequests).toEqual([]);
  await expect(page.getByTestId('live-bar')).toHaveCount(0);
});

test("each person's undo undoes their own change, not the other's", async ({ page, browser, guard }) => {
  const links = await share(page);
  const b = await join(browser, guard, links.edit);
  await retype(page.getByLabel('Design name'), 'Renamed by A');
  await page.getByLabel('Design name').press('Enter');
  await expect(heading(b.page)).toHaveText('Renamed by A');
  await b.page.getByTestId('tab-yaml').click();
  const bView = b.page.getByTestId('code-view');
  await codeEditor.ready(bView);
  await codeEditor.insertAtStart(bView, '# note by B\n');
  await expect.poll(() => yamlOf(page), { timeout: 10_000 }).toContain('# note by B');
  await page.getByTestId('tab-form').click();
  // A's undo (Ctrl+Z outside a text field): A's rename goes, B's note stays, on both sides.
  await page.getByTestId('design-view').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+z');
  await expect(heading(page)).not.toHaveText('Renamed by A');
  await expect(heading(b.page)).toHaveText((await heading(page).textContent()) ?? '');
  await expect.poll(() => codeEditor.text(bView)).toContain('# note by B');
  await b.ctx.close();
});
