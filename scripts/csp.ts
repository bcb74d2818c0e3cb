// The studio's Content Security Policy, defined once, and the two Vite plugins that deliver it.
//
// - The built index.html carries the policy as <meta http-equiv="Content-Security-Policy">, so
//   any static host serves a page that runs nothing but its own bundled scripts. Only in the
//   build: the dev server injects inline scripts (React Refresh), which the policy forbids.
// - The preview server (`npm start`, the e2e tests) sends the same policy as a header, plus
//   what a <meta> policy cannot say (frame-ancestors, report-uri). The header also covers the
//   Web Workers: a worker's policy comes from its own script's response, never from the page's
//   <meta>, so on a static host that sends no header the workers run without one (they only
//   ever load bundled files of this origin).
// - The preview server records the violation reports the browser POSTs to /__csp-report (from
//   pages and workers alike) and lists them at /__csp-reports, so the e2e guard can fail a test
//   on any violation, including one inside a worker, where no test script can listen.
//
// Scripts are strict: no inline script, no eval (no 'unsafe-eval', no 'wasm-unsafe-eval'),
// workers only from this origin. The one loosening is style-src 'unsafe-inline', for Monaco:
// it injects <style> elements (its theme, token colours, decorations) and sets style
// attributes, with no nonce option. Inline styles cannot run code; the app's own styles are
// bundled CSS files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** Where the preview server receives violation reports, and where it lists them. */
export const CSP_REPORT_PATH = '/__csp-report';
export const CSP_REPORTS_PATH = '/__csp-reports';

/** Directive, sources, and whether a <meta> policy can carry it (browsers ignore some there, with a console error). */
const DIRECTIVES: readonly (readonly [string, string, 'meta' | 'header-only'])[] = [
  ['default-src', "'self'", 'meta'],
  ['script-src', "'self'", 'meta'],
  ['style-src', "'self' 'unsafe-inline'", 'meta'],
  ['img-src', "'self' data:", 'meta'],
  ['font-src', "'self'", 'meta'],
  ['connect-src', "'self'", 'meta'],
  ['worker-src', "'self'", 'meta'],
  ['object-src', "'none'", 'meta'],
  ['base-uri', "'none'", 'meta'],
  ['form-action', "'none'", 'meta'],
  ['frame-ancestors', "'none'", 'header-only'],
  ['report-uri', CSP_REPORT_PATH, 'header-only'],
];

const join = (ds: readonly (readonly [string, string, string])[]) => ds.map(([d, v]) => `${d} ${v}`).join('; ');

/** The policy the preview server sends as a header (pages and workers). */
export const CSP_HEADER = join(DIRECTIVES);
/** The same policy without what a <meta> element cannot carry: what the built index.html holds. */
export const CSP_META = join(DIRECTIVES.filter(([, , where]) => where === 'meta'));

/** Puts the policy into the built index.html, first in <head> (before any script). */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'btstudio-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
    },
  };
}

/** One violation report as the preview server keeps it. */
export interface StoredCspReport {
  /** 1, 2, 3, ...: list with ?after=N to get only later ones. */
  seq: number;
  receivedAt: string;
  /** The `csp-report` object of a report-uri POST (or the body of a Reporting API one). */
  report: Record<string, unknown>;
}

const MAX_REPORTS = 1000;
const MAX_BODY = 64 * 1024;

/** Receives violation reports on the preview server (loopback only) and lists them. */
export function cspReportPlugin(): Plugin {
  const reports: StoredCspReport[] = [];
  let seq = 0;
  const receive = (req: IncomingMessage, res: ServerResponse) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      res.statusCode = 204;
      res.end();
      if (size > MAX_BODY) return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return;
      }
      // report-uri sends {"csp-report": {...}}; the Reporting API a list of {type, body}.
      const items = Array.isArray(body) ? body.map((r) => (r as { body?: unknown })?.body) : [(body as Record<string, unknown>)?.['csp-report'] ?? body];
      for (const report of items) {
        if (!report || typeof report !== 'object') continue;
        reports.push({ seq: ++seq, receivedAt: new Date().toISOString(), report: report as Record<string, unknown> });
        if (reports.length > MAX_REPORTS) reports.shift();
        const r = report as Record<string, string>;
        console.warn(
          `CSP violation: ${r['violated-directive'] ?? r['effectiveDirective'] ?? '?'} blocked ${r['blocked-uri'] ?? r['blockedURL'] ?? '?'} in ${r['source-file'] ?? r['document-uri'] ?? r['documentURL'] ?? '?'}`,
        );
      }
    });
  };
  return {
    name: 'btstudio-csp-reports',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (url.pathname === CSP_REPORT_PATH && req.method === 'POST') return receive(req, res);
        if (url.pathname === CSP_REPORTS_PATH && req.method === 'GET') {
          const after = Number(url.searchParams.get('after') ?? 0) || 0;
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify({ last: seq, reports: reports.filter((r) => r.seq > after) }));
          return;
        }
        next();
      });
    },
  };
}
