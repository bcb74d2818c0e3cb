// Live collaboration under load: `btstudio serve` (the built CLI) on 127.0.0.1, and headless
// clients in this process on the studio's own provider (Hocuspocus over Node's WebSocket), one
// socket each. Two runs: 30 editors in one room, and 200 rooms of 3 editors. Every edit is a
// unique token inserted into the room's text; its latency is from the insert until every other
// client in the room has it. Prints p50/p95 of that, the rooms and clients held, and the server's
// memory per room (its RSS grown from idle, over the rooms). Targets: p95 < 150 ms for 30
// editors in one room; 200 rooms of 3 held. LIVE_BENCH_PORT (default 4234) picks the port.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';

const PORT = Number(process.env.LIVE_BENCH_PORT ?? 4234);
const URL_ = `http://127.0.0.1:${PORT}`;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const print = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer() {
  const child = spawn(
    process.execPath,
    ['bin/btstudio.mjs', 'serve', '--port', String(PORT), '--data', mkdtempSync(join(tmpdir(), 'btstudio-live-bench-')), '--rooms-per-minute', '1000'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Serving the studio')) resolve();
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}: ${out}`)));
  });
  return child;
}

const health = async () => (await fetch(`${URL_}/live/health`)).json();

async function makeRoom() {
  const r = await fetch(`${URL_}/live/rooms`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  if (r.status !== 201) throw new Error(`room: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A room of n clients; `sent` maps token -> {t0, left}; latencies collects the finished ones. */
async function openRoom(n, latencies) {
  const { room, edit } = await makeRoom();
  const pending = new Map();
  const clients = [];
  for (let i = 0; i < n; i++) {
    const doc = new Y.Doc();
    const text = doc.getText('design');
    text.observe((event, tr) => {
      if (tr.local) return;
      for (const op of event.delta) {
        if (typeof op.insert !== 'string') continue;
        for (const m of op.insert.matchAll(/~(\d+)~/g)) {
          const p = pending.get(m[1]);
          if (p && --p.left === 0) {
            latencies.push(performance.now() - p.t0);
            pending.delete(m[1]);
          }
        }
      }
    });
    const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${PORT}/live` });
    let synced;
    const done = new Promise((r) => (synced = r));
    const provider = new HocuspocusProvider({ websocketProvider: socket, name: room, document: doc, token: edit, onSynced: () => synced() });
    provider.attach();
    clients.push({ doc, text, provider, socket, synced: done });
  }
  await Promise.all(clients.map((c) => c.synced));
  return { room, clients, pending };
}

let seq = 0;
function editOnce(r, i) {
  const c = r.clients[i];
  const id = String(++seq);
  r.pending.set(id, { t0: performance.now(), left: r.clients.length - 1 });
  const at = Math.floor(Math.random() * (c.text.length + 1));
  c.doc.transact(() => c.text.insert(at, `~${id}~ `));
}

async function run(label, rooms, perRoom, editEveryMs, seconds) {
  const before = await health();
  const latencies = [];
  const opened = [];
  for (let i = 0; i < rooms; i++) opened.push(await openRoom(perRoom, latencies));
  const held = await health();
  const timers = [];
  for (const r of opened)
    r.clients.forEach((_, i) => {
      const start = Math.random() * editEveryMs;
      timers.push(
        setTimeout(() => {
          editOnce(r, i);
          timers.push(setInterval(() => editOnce(r, i), editEveryMs));
        }, start),
      );
    });
  await sleep(seconds * 1000);
  for (const t of timers) clearInterval(t);
  await sleep(1500);
  const lost = opened.reduce((n, r) => n + r.pending.size, 0);
  const converged = opened.every((r) => r.clients.every((c) => c.text.toString() === r.clients[0].text.toString()));
  const after = await health();
  for (const r of opened)
    for (const c of r.clients) {
      c.provider.destroy();
      c.socket.destroy();
    }
  const base = { run: label, rooms, clientsPerRoom: perRoom };
  print({ name: `live ${label}: edit to every peer p50`, value: +quantile(latencies, 0.5).toFixed(1), unit: 'ms', ...base, edits: latencies.length });
  print({
    name: `live ${label}: edit to every peer p95`,
    value: +quantile(latencies, 0.95).toFixed(1),
    unit: 'ms',
    ...base,
    target: perRoom >= 30 ? 150 : undefined,
  });
  print({
    name: `live ${label}: rooms and clients held`,
    value: held.documents,
    unit: 'rooms',
    clients: held.connections,
    ...base,
    converged,
    editsNotSeenByEveryPeer: lost,
  });
  print({
    name: `live ${label}: server memory per room`,
    value: +((after.rss - before.rss) / rooms / 1024).toFixed(1),
    unit: 'KiB',
    serverRssMiB: +(after.rss / 2 ** 20).toFixed(1),
    ...base,
  });
  await sleep(1000);
}

const server = await startServer();
try {
  await run('30 editors in one room', 1, 30, 1000, 10);
  await run('200 rooms of 3 editors', 200, 3, 2000, 10);
} finally {
  server.kill('SIGTERM');
}
process.exit(0);
