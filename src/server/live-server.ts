// The collaboration server: one HTTP server on one port serving the built studio, the room
// endpoint (POST /live/rooms) and the collaboration WebSocket (/live), run by Hocuspocus (Yjs)
// through crossws, as Hocuspocus's own Server class wires them; rooms persist in SQLite
// (room-store.ts); links are HMAC tokens (tokens.ts); limits.ts screens every message.
// docs/live.md says how to run it, how it is secured and how to run more than one.
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import crossws from 'crossws/adapters/node';
import * as Y from 'yjs';
import { checkUpdate, CODES, DEFAULT_LIMITS, DESIGN_TEXT, inspect, RateLimit, Refusal, type LiveLimits } from './limits';
import { RoomStore } from './room-store';
import { serveStatic, sendText } from './static';
import { loadSecret, newRoomId, ROOM_ID, signToken, verifyToken } from './tokens';

export interface LiveServerOptions {
  host?: string;
  port?: number;
  /** Holds the secret and the rooms' database. */
  dataDir: string;
  /** The built studio to serve (dist/app); null serves only the collaboration endpoints. */
  staticDir?: string | null;
  limits?: Partial<LiveLimits>;
  /** Share rooms with other server processes through Redis (Hocuspocus's Redis extension). */
  redis?: { host: string; port: number } | null;
  /** Milliseconds after the last change before a room's state is compacted (the updates are saved at once regardless). */
  compactAfterMs?: number;
  log?: (line: string) => void;
}

export interface LiveServer {
  url: string;
  port: number;
  store: RoomStore;
  hocuspocus: Hocuspocus;
  close(): Promise<void>;
}

export const LIVE_PATH = '/live';
export const ROOMS_PATH = '/live/rooms';

const reject = (code: number, reason: string) => new Refusal(code, reason);

export async function startLiveServer(opts: LiveServerOptions): Promise<LiveServer> {
  const limits: LiveLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const log = opts.log ?? (() => {});
  const secret = loadSecret(opts.dataDir);
  const store = new RoomStore(opts.dataDir);
  const sizes = new Map<string, number>();
  const rates = new WeakMap<object, RateLimit>();
  const staticDir = opts.staticDir ? resolve(opts.staticDir) : null;
  let created: number[] = [];

  const rooms: Extension = {
    extensionName: 'btstudio-rooms',
    async onConnect({ documentName, instance }) {
      if (!ROOM_ID.test(documentName)) throw reject(CODES.malformed, 'invalid-room: not a room of this server (a live link has a 22-character room id)');
      const n = instance.documents.get(documentName)?.getConnectionsCount() ?? 0;
      if (n >= limits.maxConnectionsPerRoom)
        throw reject(CODES.full, `room-full: the room already has ${n} connections (the limit is ${limits.maxConnectionsPerRoom})`);
    },
    async onAuthenticate({ token, documentName, connectionConfig }) {
      const mode = verifyToken(secret, documentName, token);
      if (!mode) throw reject(CODES.readOnly, "invalid-token: this link's token does not open this room (ask for a new link)");
      connectionConfig.readOnly = mode === 'view';
      return { mode };
    },
    async onLoadDocument({ document, documentName }) {
      store.createRoom(documentName);
      for (const u of store.load(documentName)) Y.applyUpdate(document, u);
      sizes.set(documentName, Y.encodeStateAsUpdate(document).length);
    },
    async afterLoadDocument({ document, documentName }) {
      // Saved before the update is acknowledged: the event fires inside the transaction that applies it.
      document.on('update', (update: Uint8Array) => {
        store.append(documentName, update);
        sizes.set(documentName, (sizes.get(documentName) ?? 0) + update.length);
      });
    },
    async onStoreDocument({ document, documentName }) {
      const state = Y.encodeStateAsUpdate(document);
      store.compact(documentName, state);
      sizes.set(documentName, state.length);
    },
    async afterUnloadDocument({ documentName }) {
      sizes.delete(documentName);
    },
    async beforeHandleMessage({ connection, update: raw, documentName }) {
      try {
        const socket = connection.webSocket as object;
        let rate = rates.get(socket);
        if (!rate) rates.set(socket, (rate = new RateLimit(limits.messagesPerSecond, limits.burst)));
        if (!rate.take()) throw reject(CODES.rate, `rate-limited: more than ${limits.messagesPerSecond} messages a second; reconnecting`);
        const { update } = inspect(raw, limits);
        if (update && !connection.readOnly) {
          checkUpdate(update);
          const size = (sizes.get(documentName) ?? 0) + update.length;
          if (size > limits.maxDocBytes)
            throw reject(CODES.tooLarge, `document-too-large: the room would hold ${size} bytes, over the limit of ${limits.maxDocBytes}`);
        }
      } catch (e) {
        const r = e instanceof Refusal ? e : reject(CODES.malformed, `refused: ${(e as Error).message}`);
        log(`live: closing a connection to room ${documentName.slice(0, 6)}...: ${r.reason}`);
        // Hocuspocus sends the reason to the provider (a CLOSE message), then the socket goes.
        const ws = connection.webSocket as { close(code?: number, reason?: string): void };
        setTimeout(() => ws.close(r.code, r.reason.slice(0, 120)), 20);
        throw { code: r.code, reason: r.reason };
      }
    },
  };

  const extensions: Extension[] = [rooms];
  if (opts.redis) {
    const { Redis } = await import('@hocuspocus/extension-redis');
    extensions.push(new Redis({ host: opts.redis.host, port: opts.redis.port }));
  }
  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: opts.compactAfterMs ?? 2000,
    maxDebounce: 10_000,
    timeout: 30_000,
    maxUnauthenticatedQueueSize: limits.maxFrameBytes,
    extensions,
  });

  const ws = crossws({
    serverOptions: { maxPayload: limits.maxFrameBytes },
    hooks: {
      open(peer) {
        (peer as unknown as { _h: unknown })._h = hocuspocus.handleConnection(peer.websocket as never, peer.request as never);
      },
      message(peer, message) {
        const h = (peer as unknown as { _h?: { handleMessage(d: Uint8Array): void } })._h;
        try {
          h?.handleMessage(message.uint8Array());
        } catch (e) {
          log(`live: a message failed: ${(e as Error).message}`);
          peer.close(CODES.malformed, 'malformed message');
        }
      },
      close(peer, event) {
        const h = (peer as unknown as { _h?: { handleClose(e: { code: number; reason: string }): void } })._h;
        h?.handleClose({ code: event.code ?? 1000, reason: event.reason ?? '' });
      },
      error(_peer, error) {
        log(`live: socket error: ${error.message}`);
      },
    },
  });

  const createRoom = (req: IncomingMessage) => {
    const now = Date.now();
    created = created.filter((t) => now - t < 60_000);
    if (created.length >= limits.roomsPerMinute)
      return { status: 429, body: { error: `too many rooms made in the last minute (the limit is ${limits.roomsPerMinute}); try again shortly` } };
    // A page elsewhere must not make rooms here: same origin only (a cross-site fetch also needs a preflight for this content type).
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`)
      return { status: 403, body: { error: 'rooms are made from the studio this server serves (the Origin does not match)' } };
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return { status: 415, body: { error: 'send Content-Type: application/json' } };
    created.push(now);
    const room = newRoomId();
    store.createRoom(room);
    return { status: 201, body: { room, edit: signToken(secret, room, 'edit'), view: signToken(secret, room, 'view') } };
  };

  const http: HttpServer = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === ROOMS_PATH) {
      if (req.method !== 'POST') return sendText(res, 405, 'POST makes a room\n');
      req.resume();
      req.on('end', () => {
        const { status, body } = createRoom(req);
        sendText(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
      });
      return;
    }
    if (path === `${LIVE_PATH}/health`)
      return sendText(
        res,
        200,
        JSON.stringify({
          ok: true,
          documents: hocuspocus.getDocumentsCount(),
          connections: hocuspocus.getConnectionsCount(),
          rss: process.memoryUsage().rss,
          heapUsed: process.memoryUsage().heapUsed,
        }),
        'application/json',
      );
    if (staticDir && serveStatic(staticDir, req, res)) return;
    sendText(res, 404, 'not found\n');
  });
  http.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== LIVE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    ws.handleUpgrade(req, socket, head);
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(opts.port ?? 0, host, () => {
      http.off('error', fail);
      ok();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shown}:${port}`,
    port,
    store,
    hocuspocus,
    close: () =>
      (closing ??= (async () => {
        http.close();
        http.closeAllConnections();
        hocuspocus.closeConnections();
        await hocuspocus.flushPendingStores();
        for (const doc of hocuspocus.documents.values()) store.compact(doc.name, Y.encodeStateAsUpdate(doc));
        await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
        store.close();
      })()),
  };
}

export { DESIGN_TEXT };
