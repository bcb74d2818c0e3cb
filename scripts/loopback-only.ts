// Vitest setup file of the emulator suite (vitest.emulator.config.ts): nothing a test runs may
// leave 127.0.0.1. Every socket connection and DNS lookup is checked in each test worker: one to
// a host that is not loopback (the GCE metadata server at 169.254.169.254, a DNS lookup of
// metadata.google.internal, Google's endpoints) is refused with an error naming it, and the test
// that made it fails, even when a library catches the error (google-auth-library turns a failed
// metadata lookup into a MetadataLookupWarning, which is counted too).
import dns from 'node:dns';
import net from 'node:net';
import { afterEach } from 'vitest';

const seen: string[] = [];

/** What the guard refused since the last call (a test that provokes it on purpose takes it). */
export function takeRefused(): string[] {
  return seen.splice(0, seen.length);
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(h);
}

const refuse = (what: string) => {
  seen.push(what);
  const e = new Error(`${what}: the emulator tests talk to 127.0.0.1 only (scripts/loopback-only.ts)`) as NodeJS.ErrnoException;
  e.code = 'ECONNREFUSED';
  return e;
};

// Sockets: TCP to a host that is not loopback. A unix socket path stays on the machine.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  // net.connect passes its arguments already normalized, as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  let host: string | undefined;
  if (first && typeof first === 'object' && !Array.isArray(first)) {
    const o = first as { host?: string; path?: string; port?: number };
    host = o.path !== undefined && o.port === undefined ? undefined : (o.host ?? 'localhost');
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    host = typeof second === 'string' ? second : 'localhost';
  }
  if (host !== undefined && !isLoopback(host)) {
    const e = refuse(`a connection to ${host}`);
    process.nextTick(() => this.destroy(e));
    return this;
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

// DNS: any name but localhost (a lookup of an IP literal is no traffic, but only loopback is used).
const lookup = dns.lookup;
(dns as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) => {
  if (isLoopback(hostname)) return (lookup as (...a: unknown[]) => void).call(dns, hostname, ...rest);
  const cb = rest[rest.length - 1] as (e: Error) => void;
  const e = refuse(`a DNS lookup of ${hostname}`);
  process.nextTick(() => cb(e));
};
const promisedLookup = dns.promises.lookup;
(dns.promises as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) =>
  isLoopback(hostname) ? (promisedLookup as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest) : Promise.reject(refuse(`a DNS lookup of ${hostname}`));
for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveNs', 'resolveSrv', 'resolveTxt'] as const) {
  (dns as unknown as Record<string, unknown>)[name] = (hostname: string, ...rest: unknown[]) => {
    const cb = rest[rest.length - 1] as (e: Error) => void;
    const e = refuse(`a DNS query (${name}) for ${hostname}`);
    process.nextTick(() => cb(e));
  };
  (dns.promises as unknown as Record<string, unknown>)[name] = (hostname: string) => Promise.reject(refuse(`a DNS query (${name}) for ${hostname}`));
}

process.on('warning', (w) => {
  if (w.name === 'MetadataLookupWarning') seen.push(`a GCE metadata lookup (${w.message.split('\n')[0]})`);
});

afterEach(() => {
  const refused = takeRefused();
  if (refused.length) throw new Error(`the test tried to leave 127.0.0.1: ${[...new Set(refused)].join('; ')}`);
});
