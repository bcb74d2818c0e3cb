// Starts the Cloud Bigtable emulator (cbtemulator from the Google Cloud SDK) on 127.0.0.1 for
// tests, .ci/run and local use. Plain ESM so it runs without a TypeScript loader.
//
//   import { startEmulator } from './scripts/emulator.mjs';
//   const emu = await startEmulator();      // { host: '127.0.0.1:PORT', pid, stop }
//   process.env.BIGTABLE_EMULATOR_HOST = emu.host;
//   ...
//   await emu.stop();
//
//   node scripts/emulator.mjs [--port N]    // prints BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT, runs until SIGINT/SIGTERM
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 20_000;
const KILL_GRACE_MS = 3_000;
const RELATIVE = path.join('platform', 'bigtable-emulator', 'cbtemulator');

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function gcloudSdkRoot() {
  return new Promise((resolve) => {
    execFile(
      'gcloud',
      ['info', '--format=value(installation.sdk_root)'],
      // gcloud may want to prompt or phone home; neither should stall a test run.
      { timeout: 30_000, env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' } },
      (err, stdout) => resolve(err ? null : stdout.trim() || null),
    );
  });
}

let located = null;

/** Absolute path of cbtemulator; throws with every place it looked when there is none. */
export async function locateEmulator() {
  if (located) return located;
  const fromEnv = process.env.CBTEMULATOR;
  if (fromEnv) {
    // An explicit choice that is wrong should fail, not silently run some other emulator.
    if (!isExecutable(fromEnv)) throw new Error(`CBTEMULATOR=${fromEnv} is not an executable file`);
    return (located = fromEnv);
  }
  const tried = [];
  const root = await gcloudSdkRoot();
  if (root) {
    const candidate = path.join(root, RELATIVE);
    if (isExecutable(candidate)) return (located = candidate);
    tried.push(`${candidate} (from gcloud info)`);
  } else {
    tried.push('gcloud info (gcloud not found or failed)');
  }
  const roots = [
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    '/usr/local/google-cloud-sdk',
    '/google-cloud-sdk',
    path.join(os.homedir(), 'google-cloud-sdk'),
    '/opt/homebrew/share/google-cloud-sdk',
    '/usr/local/share/google-cloud-sdk',
  ];
  const candidates = roots.map((r) => path.join(r, RELATIVE));
  // Some installs put it on PATH directly.
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, 'cbtemulator'));
  for (const candidate of candidates) {
    if (isExecutable(candidate)) return (located = candidate);
    tried.push(candidate);
  }
  throw new Error(
    'Cannot find the Bigtable emulator (cbtemulator). Install it with ' +
      '`gcloud components install bigtable` (or apt `google-cloud-cli-bigtable-emulator`), ' +
      'or set CBTEMULATOR=/path/to/cbtemulator. Looked in:\n  ' +
      tried.join('\n  '),
  );
}

/** A port free on 127.0.0.1 right now (the kernel's pick for port 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A watchdog for the case no handler in this process can run (SIGKILL, OOM): a detached shell
 * blocks reading a pipe from us; when we die the pipe closes and it kills the emulator.
 * Node cannot set PR_SET_PDEATHSIG, so this is the portable way to tie the lifetimes.
 */
function spawnGuard(pid) {
  if (process.platform === 'win32') return null;
  try {
    const guard = spawn('/bin/sh', ['-c', 'read _ignored; kill -KILL "$1" 2>/dev/null', 'cbtemulator-guard', String(pid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
    guard.on('error', () => {});
    guard.unref();
    // The pipe must not keep the event loop alive, or a test run would never exit.
    guard.stdin?.unref?.();
    return guard;
  } catch {
    return null;
  }
}

function killQuietly(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

async function startOnce(binary, port) {
  const child = spawn(binary, ['-host', HOST, '-port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', (err) => {
      exitInfo = { code: null, signal: null, error: err };
      resolve(exitInfo);
    });
  });
  const guard = child.pid ? spawnGuard(child.pid) : null;
  const onParentExit = () => {
    // 'exit' handlers must be synchronous: no grace period here.
    if (guard?.pid) killQuietly(guard.pid, 'SIGKILL');
    if (!exitInfo && child.pid) killQuietly(child.pid, 'SIGKILL');
  };
  process.on('exit', onParentExit);

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      // Guard first: once the emulator is gone its pid may be reused by someone else.
      if (guard?.pid) killQuietly(guard.pid, 'SIGKILL');
      if (!exitInfo) {
        child.kill('SIGTERM');
        let timer;
        const grace = new Promise((resolve) => (timer = setTimeout(resolve, KILL_GRACE_MS, 'timeout')));
        const first = await Promise.race([exited, grace]);
        clearTimeout(timer);
        if (first === 'timeout') {
          child.kill('SIGKILL');
          await exited;
        }
      }
      process.off('exit', onParentExit);
    })();
    return stopping;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exitInfo) {
      await stop();
      const why = exitInfo.error ? String(exitInfo.error) : `exit code ${exitInfo.code}${exitInfo.signal ? `, signal ${exitInfo.signal}` : ''}`;
      return { ok: false, output, why, portInUse: /address already in use/i.test(output) };
    }
    if (await canConnect(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`cbtemulator did not accept connections on ${HOST}:${port} within ${READY_TIMEOUT_MS / 1000} s; its output:\n${output || '(none)'}`);
    }
    await sleep(50);
  }
  return { ok: true, emulator: { host: `${HOST}:${port}`, port, pid: child.pid, stop, exited } };
}

/**
 * Starts cbtemulator bound to 127.0.0.1 and resolves once its port accepts TCP connections.
 * Returns { host: '127.0.0.1:PORT', port, pid, stop, exited }; stop() sends SIGTERM, then
 * SIGKILL after 3 s, and is safe to call twice.
 */
export async function startEmulator({ port } = {}) {
  const binary = await locateEmulator();
  // A port picked by us can be taken between our probe and the emulator's bind; pick again then.
  const attempts = port ? 1 : 3;
  let last = null;
  for (let i = 0; i < attempts; i++) {
    const p = port ?? (await freePort());
    const r = await startOnce(binary, p);
    if (r.ok) return r.emulator;
    last = r;
    if (!r.portInUse) break;
  }
  throw new Error(`cbtemulator (${binary}) failed to start (${last?.why}); its output:\n${last?.output || '(none)'}`);
}

function isMain() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main() {
  const args = process.argv.slice(2);
  let port;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = a === '--port' ? args[++i] : a.startsWith('--port=') ? a.slice(7) : undefined;
    if (value === undefined) {
      console.error(`usage: node scripts/emulator.mjs [--port N]   (unknown argument ${a})`);
      process.exit(2);
    }
    port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      console.error(`--port must be 1-65535, got ${value}`);
      process.exit(2);
    }
  }
  const emu = await startEmulator({ port });
  console.log(`BIGTABLE_EMULATOR_HOST=${emu.host}`);
  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    await emu.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGHUP', shutdown);
  const { code, signal } = await emu.exited;
  if (stopping) return;
  console.error(`cbtemulator exited unexpectedly (code ${code}, signal ${signal})`);
  process.exit(1);
}

if (isMain()) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
