// Rooms outlive the server process: `btstudio serve` (built from this source) is stopped, or
// killed with SIGKILL in the middle of a burst of edits, and started again on the same data
// directory; every edit is there. Ports 4236-4237 (the live work's range).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, connect, makeRoom, serveProcess, stopProcess, until, type Client, type ServerProcess } from '../test-support/live';

const PORT = Number(process.env.LIVE_TEST_PORT ?? 4236);
let cli = '';
const running: ServerProcess[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  cli = await builtCli();
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.destroy();
  for (const p of running) await stopProcess(p, 'SIGKILL');
});

const start = async (dir: string) => {
  const p = await serveProcess(cli, PORT, dir);
  running.push(p);
  return p;
};
const client = (...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  clients.push(c);
  return c;
};
/** A server on a new folder, a room on it, and a client that edits the room. */
const freshRoom = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-live-'));
  const p = await start(dir);
  const r = await makeRoom(p.url);
  return { dir, p, r, a: client(p.url, r.room, r.edit) };
};
const markers = (text: string) => new Set(text.match(/edit-\d+/g) ?? []);

describe('persistence', () => {
  it('keeps a room across a stop and a start', async () => {
    const { dir, r, a, ...started } = await freshRoom();
    let p = started.p;
    await a.synced;
    a.text.insert(0, 'name: kept\n');
    await until(() => a.provider.unsyncedChanges === 0, 'acknowledged');
    a.destroy();
    await stopProcess(p);
    p = await start(dir);
    const b = client(p.url, r.room, r.view);
    await b.synced;
    expect(b.text.toString()).toBe('name: kept\n');
    await stopProcess(p);
  });

  it('keeps every acknowledged update when killed with SIGKILL before it compacts', async () => {
    const { dir, r, a, ...started } = await freshRoom();
    let p = started.p;
    await a.synced;
    for (let i = 0; i < 100; i++) a.text.insert(a.text.length, `edit-${i}\n`);
    await until(() => a.provider.unsyncedChanges === 0, 'all acknowledged');
    a.destroy(); // no client left to send anything again: what survives is what the server saved
    await stopProcess(p, 'SIGKILL');
    p = await start(dir);
    const b = client(p.url, r.room, r.view);
    await b.synced;
    expect(markers(b.text.toString()).size).toBe(100);
    await stopProcess(p);
  });

  it('loses no edit when killed in the middle of a burst: clients reconnect and every edit is in the room', async () => {
    const { dir, r, a, ...started } = await freshRoom();
    let p = started.p;
    const b = client(p.url, r.room, r.edit);
    await Promise.all([a.synced, b.synced]);
    let killed = false;
    for (let i = 0; i < 300; i++) {
      const c = i % 2 ? a : b;
      c.text.insert(c.text.length, `edit-${i}\n`);
      if (i === 150) {
        await stopProcess(p, 'SIGKILL');
        killed = true;
        setTimeout(() => void start(dir).then((q) => (p = q)), 300);
      }
      await new Promise((res) => setTimeout(res, 3));
    }
    expect(killed).toBe(true);
    await until(() => a.text.toString() === b.text.toString() && markers(a.text.toString()).size === 300, 'both clients hold all 300 edits', 20_000);
    await until(() => a.provider.unsyncedChanges === 0 && b.provider.unsyncedChanges === 0, 'all acknowledged after the restart', 20_000);
    a.destroy();
    b.destroy();
    const fresh = client(p.url, r.room, r.view);
    await fresh.synced;
    expect(markers(fresh.text.toString()).size).toBe(300);
    await stopProcess(p);
  });
});
