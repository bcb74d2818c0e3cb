// Helpers for the live collaboration tests and bench: a server process built from this source,
// headless clients on the same provider library as the studio, and raw frames for the fuzz.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../scripts/build-cli.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the CLI from this source into node_modules/.cache (so its packages resolve); returns the entry. */
export async function builtCli(): Promise<string> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  return (await buildCli(mkdtempSync(join(cache, 'btstudio-live-')))) as string;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** `btstudio serve` as a child process; resolves once it listens. */
export function serveProcess(cli: string, port: number, dataDir: string, extra: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data', dataDir, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 15 s:\n${out}`)), 15_000);
    child.stdout!.on('data', () => {
      if (out.includes('Serving the studio')) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}`, output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${out}`));
    });
  });
}

export async function stopProcess(p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  await new Promise<void>((r) => {
    p.child.once('exit', () => r());
    p.child.kill(signal);
  });
}

export async function makeRoom(url: string): Promise<{ room: string; edit: string; view: string }> {
  const res = await fetch(`${url}/live/rooms`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  if (res.status !== 201) throw new Error(`POST /live/rooms: ${res.status} ${await res.text()}`);
  return (await res.json()) as { room: string; edit: string; view: string };
}

export interface Client {
  doc: Y.Doc;
  text: Y.Text;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Reasons the server gave: authentication failures and closes. */
  refusals: string[];
  synced: Promise<void>;
  destroy(): void;
}

/** A headless client of a room (the studio's provider, Node's WebSocket). */
export function connect(url: string, room: string, token: string | null, opts: { doc?: Y.Doc; delay?: number } = {}): Client {
  const doc = opts.doc ?? new Y.Doc();
  const refusals: string[] = [];
  const socket = new HocuspocusProviderWebsocket({
    url: `${url.replace(/^http/, 'ws')}/live`,
    delay: opts.delay ?? 100,
    minDelay: opts.delay ?? 100,
    maxDelay: 500,
    jitter: false,
  });
  let onSynced: () => void = () => {};
  const synced = new Promise<void>((r) => (onSynced = r));
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: room,
    document: doc,
    token,
    onSynced: () => onSynced(),
    onAuthenticationFailed: ({ reason }) => void refusals.push(`auth: ${reason}`),
    onClose: ({ event }) => {
      if (event.reason) refusals.push(`close: ${event.reason}`);
    },
  });
  provider.attach();
  return {
    doc,
    text: doc.getText('design'),
    provider,
    socket,
    refusals,
    synced,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Waits until `cond()` holds (polling every 20 ms), or throws after `ms` with `what`. */
export async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A Hocuspocus message: the document name, a type, then `body`. */
export function frame(room: string, type: number, body: (e: encoding.Encoder) => void = () => {}): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, type);
  body(e);
  return encoding.toUint8Array(e);
}

/** The provider's first message: the token (message type 2, token 0). */
export const authFrame = (room: string, token: string) =>
  frame(room, 2, (e) => {
    encoding.writeVarUint(e, 0);
    encoding.writeVarString(e, token);
  });

/** A sync update message (type 0, step 2) carrying `update`. */
export const updateFrame = (room: string, update: Uint8Array) =>
  frame(room, 0, (e) => {
    encoding.writeVarUint(e, 2);
    encoding.writeVarUint8Array(e, update);
  });

/** A raw WebSocket to the server, collecting what it receives and how it closed. */
export interface RawSocket {
  ws: WebSocket;
  send(bytes: Uint8Array): void;
  received: Uint8Array[];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
}

export function rawSocket(url: string): RawSocket {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/live`);
  ws.binaryType = 'arraybuffer';
  const received: Uint8Array[] = [];
  ws.addEventListener('message', (e) => received.push(new Uint8Array(e.data as ArrayBuffer)));
  const opened = new Promise<void>((r, j) => {
    ws.addEventListener('open', () => r());
    ws.addEventListener('error', () => j(new Error('the socket did not open')));
  });
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.addEventListener('close', (e) => r({ code: e.code, reason: e.reason })));
  return { ws, send: (bytes) => ws.send(bytes as Uint8Array<ArrayBuffer>), received, closed, opened };
}

/** mulberry32: a small seeded generator, so a fuzz run can be replayed from its printed seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
