// Bundles the CLI with esbuild into dist/cli (ESM, code-split so each command loads lazily).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { rawText } from './raw-text-plugin.mjs';

rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { btstudio: 'src/cli/entry.ts' },
  outdir: 'dist/cli',
  bundle: true,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // The Bigtable client is large and loads its protos from its own folder: keep it a package.
  external: ['@google-cloud/bigtable'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // The code-export engines are source files loaded as text (`?raw`, as in Vite).
  plugins: [rawText],
  logLevel: 'warning',
});
