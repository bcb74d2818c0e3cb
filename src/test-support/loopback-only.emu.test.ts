// The emulator suite's guard (scripts/loopback-only.ts) refuses what would leave the machine,
// and lets loopback through.
import dns from 'node:dns';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopback, takeRefused } from '../../scripts/loopback-only';

const connectTo = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const s = net.connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (e) => resolve(e.message));
  });

describe('the emulator tests stay on 127.0.0.1', () => {
  it('refuses a connection to the GCE metadata server and a DNS lookup of its name', async () => {
    expect(await connectTo('169.254.169.254', 80)).toMatch(/a connection to 169\.254\.169\.254: the emulator tests talk to 127\.0\.0\.1 only/);
    await expect(dns.promises.lookup('metadata.google.internal')).rejects.toThrow(/a DNS lookup of metadata\.google\.internal/);
    const cb = await new Promise<string>((resolve) => dns.lookup('bigtableadmin.googleapis.com', (e) => resolve(e?.message ?? 'resolved')));
    expect(cb).toMatch(/a DNS lookup of bigtableadmin\.googleapis\.com/);
    expect(takeRefused()).toEqual([
      'a connection to 169.254.169.254',
      'a DNS lookup of metadata.google.internal',
      'a DNS lookup of bigtableadmin.googleapis.com',
    ]);
  });
  it('lets loopback through (the emulator itself)', async () => {
    const host = process.env.BIGTABLE_EMULATOR_HOST!;
    const at = host.lastIndexOf(':');
    expect(await connectTo(host.slice(0, at), Number(host.slice(at + 1)))).toBe('connected');
    expect(isLoopback('127.0.0.1') && isLoopback('::1') && isLoopback('localhost')).toBe(true);
    expect(isLoopback('10.0.0.1') || isLoopback('169.254.169.254') || isLoopback('127.example.com')).toBe(false);
  });
});
