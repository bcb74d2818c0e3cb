// npm start (scripts/start.mjs): a taken port or a bad PORT is one line that
// names it and how to choose another, exit 1, no stack trace, and nothing is built.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let taken = 0;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  taken = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const start = (port: string) => spawnSync('node', ['scripts/start.mjs'], { env: { ...process.env, PORT: port }, encoding: 'utf8', timeout: 20_000 });

describe('npm start', () => {
  it('on a taken port: one line naming the port and how to choose another, exit 1, nothing built', () => {
    const r = start(String(taken));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`npm start: port ${taken} on 127.0.0.1 is already in use (another npm start?); choose another with PORT=${taken + 1} npm start\n`);
  });

  it('with a PORT that is not a port: one line, exit 1', () => {
    for (const bad of ['http', '0', '70000', '-1']) {
      const r = start(bad);
      expect(r.status, bad).toBe(1);
      expect(r.stderr, bad).toBe(`npm start: PORT must be a port number from 1 to 65535 (got "${bad}"); e.g. PORT=4174 npm start\n`);
    }
  });
});
