// The browser studio. The CLI is bundled separately (into dist/cli), not by this config.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The production page makes no request off its own origin and runs only its own bundled
// scripts: no inline script, no eval, workers from this origin. The policy, why style-src has
// 'unsafe-inline' (Monaco), and the plugins that put it into the built index.html as a <meta>
// and record violation reports on the preview server are in scripts/csp.ts; docs/security.md
// explains them.
import { CSP_HEADER, cspMetaPlugin, cspReportPlugin } from './scripts/csp.js';

export default defineConfig({
  // Relative asset URLs, so the built app works from any host and any path.
  base: './',
  plugins: [react(), cspMetaPlugin(), cspReportPlugin()],
  worker: { format: 'es' },
  // Test-only hooks (src/app/test-hooks.ts) exist only in a build made with
  // VITE_BTSTUDIO_TEST_HOOKS=1 (e2e/boundaries.spec.ts makes one); elsewhere the flag is the
  // constant '' and the minifier drops the hooks.
  define: { 'import.meta.env.VITE_BTSTUDIO_TEST_HOOKS': JSON.stringify(process.env.VITE_BTSTUDIO_TEST_HOOKS === '1' ? '1' : '') },
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
    headers: { 'Content-Security-Policy': CSP_HEADER },
  },
});
