// The policy's two forms agree, stay strict, and the preview server's report endpoint records
// what browsers POST (report-uri's and the Reporting API's shapes) and lists only newer ones.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CSP_HEADER, CSP_META, CSP_REPORT_PATH, CSP_REPORTS_PATH, cspMetaPlugin, cspReportPlugin } from './csp';

const directives = (p: string) =>
  new Map(
    p
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...v]) => [name!, v]),
  );

describe('the studio CSP', () => {
  it('forbids inline scripts and eval in both forms; the meta is the header without header-only directives', () => {
    for (const policy of [CSP_HEADER, CSP_META]) {
      const d = directives(policy);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('worker-src')).toEqual(["'self'"]);
      expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy).not.toMatch(/unsafe-eval|wasm-unsafe-eval|blob:|\*/);
    }
    expect(CSP_HEADER).toBe(`${CSP_META}; frame-ancestors 'none'; report-uri ${CSP_REPORT_PATH}`);
    expect(CSP_META).not.toMatch(/frame-ancestors|report-uri|report-to|sandbox/);
  });

  it('puts the meta first in the built page only', () => {
    const plugin = cspMetaPlugin();
    expect(plugin.apply).toBe('build');
    const hook = plugin.transformIndexHtml as { handler: () => unknown };
    expect(hook.handler()).toEqual([{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }]);
  });

  it('records reports POSTed to the preview server and lists the newer ones', async () => {
    let middleware: ((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void) | undefined;
    const hook = cspReportPlugin().configurePreviewServer as (server: unknown) => void;
    hook({ middlewares: { use: (fn: typeof middleware) => (middleware = fn) } });
    const server = http.createServer((req, res) =>
      middleware!(req, res, () => {
        res.statusCode = 404;
        res.end();
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const post = (body: string) => fetch(`${base}${CSP_REPORT_PATH}`, { method: 'POST', body, headers: { 'content-type': 'application/csp-report' } });
      expect(
        (await post(JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'eval', 'document-uri': `${base}/w.js` } }))).status,
      ).toBe(204);
      expect((await post(JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'script-src-elem', blockedURL: 'inline' } }]))).status).toBe(204);
      expect((await post('not json')).status).toBe(204);
      const all = await (await fetch(`${base}${CSP_REPORTS_PATH}`)).json();
      expect(all.last).toBe(2);
      expect(all.reports.map((r: { report: Record<string, string> }) => r.report['blocked-uri'] ?? r.report['blockedURL'])).toEqual(['eval', 'inline']);
      const newer = await (await fetch(`${base}${CSP_REPORTS_PATH}?after=1`)).json();
      expect(newer.reports.map((r: { seq: number }) => r.seq)).toEqual([2]);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      console.warn = warn;
      server.close();
    }
  });
});
