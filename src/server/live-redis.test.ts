// More than one server: two `btstudio serve` processes on one data directory (the same secret,
// the same SQLite file) share their rooms through one Redis (Hocuspocus's Redis extension);
// clients on different processes edit the same room and converge. Needs Debian's redis-server
// (/usr/bin/redis-server); ports 4237-4239 (the live work's range).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, connect, makeRoom, serveProcess, stopProcess, until, type Client, type ServerProcess } from '../test-support/live';

const REDIS = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const REDIS_PORT = Number(process.env.LIVE_REDIS_PORT ?? 4238);
const PORTS = [4237, 4239];
let redis: ChildProcess | null = null;
const servers: ServerProcess[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  if (!existsSync(REDIS)) throw new Error(`${REDIS} is not there: install Debian's redis-server (apt-get install -y redis-server) or set REDIS_SERVER`);
  redis = spawn(REDIS, ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    redis!.stdout!.on('data', (d) => {
      out += d;
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis!.once('exit', (c) => reject(new Error(`redis-server exited (${c}):\n${out}`)));
  });
  const cli = await builtCli();
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-live-redis-'));
  for (const port of PORTS) servers.push(await serveProcess(cli, port, dir, ['--redis', `127.0.0.1:${REDIS_PORT}`]));
}, 90_000);

afterAll(async () => {
  for (const c of clients) c.destroy();
  for (const s of servers) await stopProcess(s);
  redis?.kill('SIGTERM');
});

const client = (...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  clients.push(c);
  return c;
};

describe('two server processes on one Redis', () => {
  it('clients on different processes edit one room and converge; a newcomer on either sees it all', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const r = await makeRoom(one.url);
    const a = client(one.url, r.room, r.edit);
    const b = client(two.url, r.room, r.edit);
    await Promise.all([a.synced, b.synced]);
    for (let i = 0; i < 20; i++) {
      a.text.insert(a.text.length, `a-${i}\n`);
      b.text.insert(0, `b-${i}\n`);
    }
    await until(
      () => a.text.toString() === b.text.toString() && a.text.length === b.text.length && (a.text.toString().match(/[ab]-\d+/g) ?? []).length === 40,
      'both clients hold all 40 lines',
      20_000,
    );
    const c = client(two.url, r.room, r.view);
    await c.synced;
    await until(() => c.text.toString() === a.text.toString(), 'a newcomer on the second process sees everything');
    expect(servers.every((s) => !/Error/.test(s.output()))).toBe(true);
  });
});
