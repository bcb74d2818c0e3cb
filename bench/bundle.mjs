// What the benchmarks share: the TypeScript they measure (src/...) bundled with esbuild into a
// temporary folder and imported. `node: true` for code that uses Node (the CLI, the Bigtable
// client, kept external and resolved from this repository's node_modules, as in the CLI build);
// else a platform-neutral bundle, as the browser gets the core.
import { build } from 'esbuild';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawText } from '../scripts/raw-text-plugin.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A module path of this repository, quoted for an `export ... from` line. */
export const src = (path) => JSON.stringify(join(ROOT, path));

/** Bundles `entry` (export lines naming modules with `src()`) and imports the result. */
export async function importBundle(entry, { node = false, define } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-bench-'));
  writeFileSync(join(dir, 'entry.ts'), entry);
  const common = {
    entryPoints: { bench: join(dir, 'entry.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    logLevel: 'error',
    plugins: [rawText],
    ...(define ? { define } : {}),
  };
  if (node) {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    await build({
      ...common,
      splitting: true,
      platform: 'node',
      target: 'node20',
      external: ['@google-cloud/bigtable'],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
  } else {
    await build({ ...common, platform: 'neutral', mainFields: ['module', 'main'] });
  }
  return import(join(dir, 'bench.mjs'));
}
