// The studio served alone (a Node without node:sqlite): pages with the CSP, and the live
// endpoints refused with the reason rather than a failure to start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startStaticServer } from './static-server';

const dir = mkdtempSync(join(tmpdir(), 'btstudio-static-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>studio</title>');
const server = await startStaticServer({ host: '127.0.0.1', port: 0, staticDir: dir, reason: 'live collaboration needs Node 22.13 or later' });
afterAll(() => server.close());

it('serves the studio with its CSP', async () => {
  const r = await fetch(`${server.url}/`);
  expect(r.status).toBe(200);
  expect(await r.text()).toContain('<title>studio</title>');
  expect(r.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
});

it('answers the live endpoints with 503 and the reason', async () => {
  const r = await fetch(`${server.url}/live/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(r.status).toBe(503);
  expect(await r.json()).toEqual({ error: 'live collaboration needs Node 22.13 or later' });
});
