// btstudio serve: the studio and its collaboration server on one port (docs/live.md).
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UserError, write, type Io } from '../io';

export const DEFAULT_PORT = 4173;
export const usage = `usage: btstudio serve [--port N] [--host ADDRESS] [--data DIR] [--static DIR] [--redis HOST:PORT]

Serves the built studio and the live collaboration endpoint (/live) on one port, in one
process. "Share live" in the studio makes a room here and gives an edit link and a view link.
  --port N          port (default: $PORT, else ${DEFAULT_PORT})
  --host ADDRESS    address to listen on (default 127.0.0.1, this machine only). Another address,
                    e.g. 0.0.0.0, lets other machines in: do it only behind TLS (docs/live.md).
                    $BTSTUDIO_HOST says the same.
  --data DIR        the rooms' database and the links' secret (default: $BTSTUDIO_DATA, else
                    ./.btstudio-live); keep it private, back it up
  --static DIR      the built studio to serve (default: the one this CLI came with, dist/app)
  --redis HOST:PORT share rooms with other "btstudio serve" processes through Redis
  --rooms-per-minute N  rooms the server makes per minute (default 60)
Stops on Ctrl+C (SIGINT) or SIGTERM, saving every room first.`;

export async function run(argv: string[], io: Io): Promise<number> {
  // Each default as the usage says: the environment's, else the built-in one.
  const { values, positionals } = parseFlags(argv, {
    port: { type: 'string', default: process.env.PORT ?? String(DEFAULT_PORT) },
    host: { type: 'string', default: process.env.BTSTUDIO_HOST ?? '127.0.0.1' },
    data: { type: 'string', default: process.env.BTSTUDIO_DATA ?? '.btstudio-live' },
    static: { type: 'string' },
    redis: { type: 'string' },
    'rooms-per-minute': { type: 'string' },
  });
  if (positionals.length > 0) throw new UserError(`serve takes no arguments (got "${positionals[0]}")`);
  const rawPort = values.port;
  if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535)
    throw new UserError(`--port must be a port number from 1 to 65535 (got "${rawPort}")`);
  const host = values.host;
  if (host !== 'localhost' && isIP(host) === 0) throw new UserError(`--host must be an IP address such as 127.0.0.1 or 0.0.0.0 (got "${host}")`);
  let redis: { host: string; port: number } | null = null;
  if (values.redis !== undefined) {
    const m = /^(.+):(\d{1,5})$/.exec(values.redis);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new UserError(`--redis must be HOST:PORT, e.g. 127.0.0.1:6379 (got "${values.redis}")`);
    redis = { host: m[1]!, port: Number(m[2]) };
  }
  const rpm = values['rooms-per-minute'];
  if (rpm !== undefined && (!/^\d{1,6}$/.test(rpm) || Number(rpm) < 1)) throw new UserError(`--rooms-per-minute must be a whole number from 1 (got "${rpm}")`);
  const dataDir = resolve(values.data);
  // The bundle is dist/cli/*.mjs; the studio it came with is dist/app.
  const bundled = fileURLToPath(new URL('../app', import.meta.url));
  const staticDir = values.static !== undefined ? resolve(values.static) : bundled;
  if (!existsSync(`${staticDir}/index.html`)) {
    if (values.static !== undefined) throw new UserError(`--static ${values.static}: there is no index.html there (build the studio with "npm run build")`);
    await write(io.stderr, `note: no built studio at ${staticDir} ("npm run build" makes it); serving only the collaboration endpoint\n`);
  }
  try {
    await import('node:sqlite');
  } catch {
    // The studio still works alone: serve it, and say why live rooms are off.
    const reason = `live collaboration keeps rooms in Node's built-in SQLite (node:sqlite), which needs Node 22.13 or later; this is Node ${process.versions.node}`;
    if (!existsSync(`${staticDir}/index.html`)) throw new UserError(reason);
    const { startStaticServer } = await import('../../server/static-server');
    let alone: Awaited<ReturnType<typeof startStaticServer>>;
    try {
      alone = await startStaticServer({ host, port: Number(rawPort), staticDir, reason });
    } catch (e) {
      if ((e as { code?: string }).code === 'EADDRINUSE') throw new UserError(`port ${rawPort} on ${host} is already in use; choose another with --port`);
      throw e;
    }
    await write(io.stdout, `Serving the studio on ${alone.url}/ (without live collaboration)\n`);
    await write(io.stderr, `note: ${reason}\n`);
    await new Promise<void>((done) => {
      const stop = () => void alone.close().then(done, done);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  }
  const { startLiveServer } = await import('../../server/live-server');
  let server: Awaited<ReturnType<typeof startLiveServer>>;
  try {
    server = await startLiveServer({
      host,
      port: Number(rawPort),
      dataDir,
      staticDir: existsSync(`${staticDir}/index.html`) ? staticDir : null,
      redis,
      ...(rpm !== undefined ? { limits: { roomsPerMinute: Number(rpm) } } : {}),
      log: (line) => void io.stderr.write(`${line}\n`),
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new UserError(`port ${rawPort} on ${host} is already in use; choose another with --port`);
    throw e;
  }
  const loopback = host === 'localhost' || host.startsWith('127.') || host === '::1';
  await write(io.stdout, `Serving the studio and live collaboration on ${server.url}/ (data: ${dataDir})\n`);
  if (!loopback) await write(io.stderr, `warning: listening on ${host}: other machines can reach this server; put it behind TLS (docs/live.md)\n`);
  if (redis) await write(io.stdout, `Sharing rooms through Redis at ${redis.host}:${redis.port}\n`);
  await new Promise<void>((done) => {
    const stop = () => {
      server.close().then(done, done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // Rooms are saved; the engine's connection timers would keep the process up for their last round.
  setTimeout(() => process.exit(0), 50).unref();
  return 0;
}
