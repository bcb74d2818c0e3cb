#!/usr/bin/env node
// npm start: builds the studio and serves it, with live collaboration, on http://127.0.0.1:PORT
// (PORT from the environment, default 4173): one process, `btstudio serve` (docs/live.md).
// A port that is taken or a PORT that is not a port is one line naming it and how to choose
// another, exit 1, before anything is built. --no-build serves what is in dist/app. Other
// arguments go to `btstudio serve` (--host, --data, --redis).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

const DEFAULT_PORT = 4173;
const raw = process.env.PORT ?? String(DEFAULT_PORT);
const fail = (line) => {
  process.stderr.write(`npm start: ${line}\n`);
  process.exit(1);
};

if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535)
  fail(`PORT must be a port number from 1 to 65535 (got "${raw}"); e.g. PORT=${DEFAULT_PORT + 1} npm start`);
const port = Number(raw);

/** Whether 127.0.0.1:port can be listened on now. */
const free = (p) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', (e) => resolve(e.code));
    s.listen(p, '127.0.0.1', () => s.close(() => resolve(null)));
  });

const busy = await free(port);
if (busy === 'EADDRINUSE')
  fail(`port ${port} on 127.0.0.1 is already in use (another npm start?); choose another with PORT=${port === 65535 ? port - 1 : port + 1} npm start`);
if (busy) fail(`cannot listen on 127.0.0.1:${port} (${busy}); choose another port with PORT=${DEFAULT_PORT + 1} npm start`);

if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const passed = process.argv.slice(2).filter((a) => a !== '--no-build');
const child = spawn(process.execPath, ['bin/btstudio.mjs', 'serve', '--port', String(port), ...passed], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
