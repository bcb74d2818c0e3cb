// The studio alone, for a Node without the built-in SQLite the rooms need (node:sqlite, Node
// 22.13+): `btstudio serve` / `npm start` still serve the built studio with its CSP, and the live
// endpoints answer 503 with the reason, so "Share live" says why it is off instead of failing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { sendText, serveStatic } from './static';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function startStaticServer(opts: { host: string; port: number; staticDir: string; reason: string }): Promise<StaticServer> {
  const root = resolve(opts.staticDir);
  const http = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/live')) {
      sendText(res, 503, JSON.stringify({ error: opts.reason }), 'application/json; charset=utf-8');
      return;
    }
    if (serveStatic(root, req, res)) return;
    sendText(res, 404, 'not found');
  });
  // A WebSocket upgrade to /live is refused the same way: nothing here speaks the protocol.
  http.on('upgrade', (_req, socket) => {
    socket.end(`HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${opts.reason}`);
  });
  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(opts.port, opts.host, () => done());
  });
  const a = http.address() as AddressInfo;
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return { url: `http://${host}:${a.port}`, close: () => new Promise((done) => http.close(() => done())) };
}
