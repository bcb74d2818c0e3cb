// Bundles the CLI with esbuild into dist/cli (ESM, code-split so each command loads lazily).
// `buildCli(outdir)` is also what tests use to run the CLI as a process from the current source.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rawText } from './raw-text-plugin.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * zod's namespace export carries every locale of its error messages (64 of them, a third of
 * its code); the CLI configures none but English (zod's default), so the others are left out:
 * less JavaScript to parse at every start.
 */
const englishZod = {
  name: 'english-zod',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir) ? { path: args.path, namespace: 'english-zod', pluginData: args.resolveDir } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-zod' }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

export async function buildCli(outdir = `${ROOT}dist/cli`) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { btstudio: `${ROOT}src/cli/entry.ts` },
    outdir,
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
    plugins: [rawText, englishZod],
    logLevel: 'warning',
  });
  return `${outdir}/btstudio.mjs`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
