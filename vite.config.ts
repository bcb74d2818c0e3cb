// The browser studio. The CLI is bundled separately (into dist/cli), not by this config.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The production page makes no request off its own origin; the preview server says so with a
// strict policy, so a stray inline script, injected style element or CDN fetch shows up as a
// console error (which the e2e tests treat as a failure). The one loosening is for Monaco:
// it injects <style> elements (its theme, decorations) and has no nonce option, so styles
// need 'unsafe-inline'. Scripts stay strict; Monaco's workers are bundled files of this
// origin (no blob: URLs), and its codicon font is a bundled file too.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export default defineConfig({
  // Relative asset URLs, so the built app works from any host and any path.
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  // The dev server pre-bundles monaco-yaml's worker up front; found mid-session it would
  // re-bundle and reload the page.
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
  },
  server: {
    host: '127.0.0.1',
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CSP },
  },
});
