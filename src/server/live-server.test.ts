// The collaboration server on a real socket (in this process): links as capabilities, view
// links that cannot write, the limits, and a fuzz of hostile frames with a fixed, printed seed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFrame, connect, frame, makeRoom, rawSocket, seeded, until, updateFrame, type Client } from '../test-support/live';
import { startLiveServer, type LiveServer } from './live-server';
import { signToken, verifyToken } from './tokens';

let server: LiveServer;
const clients: Client[] = [];
const client = (...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  clients.push(c);
  return c;
};
const LIMITS = { maxDocBytes: 64 * 1024, maxFrameBytes: 256 * 1024, messagesPerSecond: 50, burst: 100, maxConnectionsPerRoom: 4 };

beforeAll(async () => {
  server = await startLiveServer({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'btstudio-live-')), limits: LIMITS, compactAfterMs: 200 });
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await server.close();
});

const editText = (c: Client, at: number, s: string) => c.doc.transact(() => c.text.insert(at, s));

describe('room links', () => {
  it('an edit link opens its room: two clients converge', async () => {
    const r = await makeRoom(server.url);
    const a = client(server.url, r.room, r.edit);
    const b = client(server.url, r.room, r.edit);
    await Promise.all([a.synced, b.synced]);
    editText(a, 0, 'name: A\n');
    editText(b, 0, '# from b\n');
    await until(() => a.text.toString() === b.text.toString() && a.text.length === 17, 'both edits on both clients');
    expect(a.text.toString()).toContain('name: A\n');
    expect(a.text.toString()).toContain('# from b\n');
  });

  it("room A's tokens never open room B, and a missing or forged token opens nothing", async () => {
    const ra = await makeRoom(server.url);
    const rb = await makeRoom(server.url);
    const owner = client(server.url, rb.room, rb.edit);
    await owner.synced;
    editText(owner, 0, 'secret: design of B\n');
    await until(() => owner.provider.unsyncedChanges === 0, 'B saved');
    const forged = `e.${'A'.repeat(43)}`;
    for (const token of [ra.edit, ra.view, forged, null, '', rb.edit.replace(/^e/, 'v')]) {
      const c = client(server.url, rb.room, token);
      await until(() => c.refusals.length > 0, `a refusal for token ${token}`);
      expect(c.refusals[0]).toMatch(/^auth: (invalid-token|permission-denied)/);
      expect(c.text.toString()).toBe('');
      c.destroy();
    }
    expect(verifyToken(Buffer.alloc(32, 1), ra.room, ra.edit)).toBeNull(); // another server's secret
  });

  it('a room id that is not one of ours is refused before any lookup', async () => {
    const c = client(server.url, '../../etc/passwd', signToken(Buffer.alloc(32), 'x', 'edit'));
    await until(() => c.refusals.length > 0, 'a refusal');
    expect(c.refusals[0]).toMatch(/invalid-room/);
  });

  it('a view link reads the room but the server refuses its updates', async () => {
    const r = await makeRoom(server.url);
    const editor = client(server.url, r.room, r.edit);
    await editor.synced;
    editText(editor, 0, 'tables: []\n');
    const viewer = client(server.url, r.room, r.view);
    await until(() => viewer.text.toString() === 'tables: []\n', 'the viewer sees the room');
    editText(viewer, 0, 'HACKED ');
    editText(editor, editor.text.length, '# later\n');
    await until(() => viewer.text.toString().includes('# later'), 'the viewer still receives edits');
    // A fresh reader sees the editor's text only.
    const reader = client(server.url, r.room, r.view);
    await until(() => reader.text.toString().includes('# later'), 'the reader loads');
    expect(reader.text.toString()).toBe('tables: []\n# later\n');
    expect(editor.text.toString()).toBe('tables: []\n# later\n');
  });
});

describe('limits', () => {
  it('refuses an update that would make the room larger than the limit, with a reason, and keeps the room', async () => {
    const r = await makeRoom(server.url);
    const a = client(server.url, r.room, r.edit);
    await a.synced;
    editText(a, 0, 'kept\n');
    await until(() => a.provider.unsyncedChanges === 0, 'first edit saved');
    editText(a, 0, 'x'.repeat(LIMITS.maxDocBytes));
    await until(() => a.refusals.some((x) => x.includes('document-too-large')), 'the size refusal');
    const fresh = client(server.url, r.room, r.view);
    await fresh.synced;
    expect(fresh.text.toString()).toBe('kept\n');
  });

  it('closes a frame over the frame limit (1009) and the server goes on', async () => {
    const r = await makeRoom(server.url);
    const s = rawSocket(server.url);
    await s.opened;
    s.send(authFrame(r.room, r.edit));
    s.send(new Uint8Array(LIMITS.maxFrameBytes + 1));
    expect((await s.closed).code).toBe(1009);
    const ok = client(server.url, r.room, r.edit);
    await ok.synced;
  });

  it('closes a connection sending more messages than the rate allows, saying so', async () => {
    const r = await makeRoom(server.url);
    const s = rawSocket(server.url);
    await s.opened;
    s.send(authFrame(r.room, r.edit));
    for (let i = 0; i < LIMITS.burst * 3; i++) s.send(frame(r.room, 3)); // QueryAwareness
    const closed = await s.closed;
    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/rate-limited: more than 50 messages a second/);
  });

  it('refuses a connection past the per-room limit, with a reason', async () => {
    const r = await makeRoom(server.url);
    const cs = Array.from({ length: LIMITS.maxConnectionsPerRoom }, () => client(server.url, r.room, r.edit));
    await Promise.all(cs.map((c) => c.synced));
    const extra = client(server.url, r.room, r.edit);
    await until(() => extra.refusals.length > 0, 'a refusal');
    expect(extra.refusals[0]).toMatch(/room-full: the room already has 4 connections \(the limit is 4\)/);
    for (const c of cs) c.destroy();
  });

  it('makes rooms only for a same-origin JSON request', async () => {
    const bad = await fetch(`${server.url}/live/rooms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
    });
    expect(bad.status).toBe(403);
    const form = await fetch(`${server.url}/live/rooms`, { method: 'POST', headers: { 'Content-Type': 'text/plain' } });
    expect(form.status).toBe(415);
  });
});

describe('hostile frames', () => {
  it('closes the connection of every malformed or unknown frame; the server and the room survive', async () => {
    const SEED = Number(process.env.LIVE_FUZZ_SEED ?? 20261205);
    console.log(`live fuzz seed ${SEED} (LIVE_FUZZ_SEED=n to change)`);
    const rnd = seeded(SEED);
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
    const r = await makeRoom(server.url);
    const owner = client(server.url, r.room, r.edit);
    await owner.synced;
    editText(owner, 0, 'name: survives\n');
    await until(() => owner.provider.unsyncedChanges === 0, 'saved');
    const other = new Y.Doc();
    other.getMap('junk').set('x', 1);
    const junkRoot = Y.encodeStateAsUpdate(other);
    const kinds = [
      'random bytes',
      'random bytes after auth',
      'unknown type',
      'random update',
      'update of another shared type',
      'bad sync step',
      'truncated update',
    ] as const;
    const counts: Record<string, number> = {};
    for (let i = 0; i < 140; i++) {
      const kind = kinds[Math.floor(rnd() * kinds.length)]!;
      counts[kind] = (counts[kind] ?? 0) + 1;
      const s = rawSocket(server.url);
      await s.opened;
      if (kind !== 'random bytes') s.send(authFrame(r.room, r.edit));
      switch (kind) {
        case 'random bytes':
        case 'random bytes after auth':
          s.send(bytes(1 + Math.floor(rnd() * 200)));
          break;
        case 'unknown type':
          s.send(frame(r.room, 11 + Math.floor(rnd() * 100), (e) => encoding.writeUint8Array(e, bytes(8))));
          break;
        case 'random update':
          s.send(updateFrame(r.room, bytes(1 + Math.floor(rnd() * 100))));
          break;
        case 'update of another shared type':
          s.send(updateFrame(r.room, junkRoot));
          break;
        case 'bad sync step':
          s.send(frame(r.room, 0, (e) => encoding.writeVarUint(e, 3 + Math.floor(rnd() * 50))));
          break;
        case 'truncated update': {
          const good = new Y.Doc();
          good.getText('design').insert(0, 'tail');
          const u = Y.encodeStateAsUpdate(good);
          s.send(updateFrame(r.room, u.slice(0, Math.max(1, Math.floor(u.length / 2)))));
          break;
        }
      }
      const closed = await Promise.race([s.closed, new Promise<null>((res) => setTimeout(() => res(null), 3000))]);
      // Random bytes may happen to be harmless (e.g. a valid empty message): then this socket stays open, and we close it.
      if (closed === null) {
        expect(kind, `frame ${i} (${kind}) was not refused`).toMatch(/random bytes/);
        s.ws.close();
      }
    }
    console.log(`live fuzz frames: ${JSON.stringify(counts)}`);
    // The server still serves, and the room holds exactly what its owner wrote.
    const fresh = client(server.url, r.room, r.view);
    await fresh.synced;
    expect(fresh.text.toString()).toBe('name: survives\n');
    expect(fresh.doc.share.size).toBe(1);
    editText(owner, owner.text.length, 'after: fuzz\n');
    await until(() => fresh.text.toString() === 'name: survives\nafter: fuzz\n', 'edits after the fuzz');
  });
});
