// Vitest globalSetup for the emulator suite (vitest.emulator.config.ts): one cbtemulator for
// the whole run. It runs in Vitest's main process before any worker is created, so setting
// process.env here is what lets workers (and any client they construct) inherit the host;
// provide() hands the same value to inject('emulatorHost') for tests that want it explicitly.
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { startEmulator } from './emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `127.0.0.1:PORT` of the Bigtable emulator this run uses. */
    emulatorHost: string;
  }
}

function reachable(hostPort: string, timeoutMs = 1_000): Promise<boolean> {
  const at = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, at);
  const port = Number(hostPort.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.BIGTABLE_EMULATOR_HOST;
  if (given && (await reachable(given))) {
    // Someone else owns this emulator (e.g. `node scripts/emulator.mjs` in another shell): reuse it, never stop it.
    project.provide('emulatorHost', given);
    return undefined;
  }
  if (given) console.warn(`BIGTABLE_EMULATOR_HOST=${given} is not reachable; starting a fresh emulator instead`);
  const emulator = await startEmulator();
  process.env.BIGTABLE_EMULATOR_HOST = emulator.host;
  project.provide('emulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    if (given === undefined) delete process.env.BIGTABLE_EMULATOR_HOST;
    else process.env.BIGTABLE_EMULATOR_HOST = given;
  };
}
