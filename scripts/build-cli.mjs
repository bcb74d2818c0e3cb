// Bundles the CLI with esbuild into dist/cli (ESM, code-split so each command loads lazily).
// `buildCli(outdir)` is also what tests use to run the CLI as a process from the current source.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

/**
 * esbuild escapes non-ASCII text in code (its default charset) but not in the comments it
 * keeps, and one such character makes V8 hold and scan the whole chunk as two-byte text
 * (zod's chunk has a dash in a comment). Comments only: a character becomes '?' ('??' for a
 * pair of surrogates), so every column of the source maps still holds.
 */
const asciiComments = (text, file) => {
  // A character outside a comment would be code (a string a user sees): refuse to build rather
  // than change it. esbuild escapes those, so this only fails if that ever stops being true.
  for (const [n, line] of text.split('\n').entries()) {
    const at = line.search(/[^\x00-\x7f]/u);
    if (at < 0) continue;
    const before = line.slice(0, at);
    if (!(/^\s*(\/\/|\/?\*)/.test(line) || before.includes('//'))) throw new Error(`build-cli: ${file}:${n + 1}: a non-ASCII character outside a comment`);
  }
  return text.replace(/[^\x00-\x7f]/gu, (c) => '?'.repeat(c.length));
};

export async function buildCli(outdir = `${ROOT}dist/cli`) {
  rmSync(outdir, { recursive: true, force: true });
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  };
  const { outputFiles } = await build({
    ...common,
    entryPoints: { btstudio: `${ROOT}src/cli/entry.ts` },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    // The Bigtable client is large and loads its protos from its own folder: keep it a package.
    // The collaboration engine stays packages too: one copy of yjs for the server and its extensions.
    external: ['@google-cloud/bigtable', '@hocuspocus/server', '@hocuspocus/extension-redis', 'yjs', 'y-protocols', 'lib0', 'crossws'],
    // The code-export engines are source files loaded as text (`?raw`, as in Vite).
    plugins: [rawText, englishZod],
  });
  // `btstudio sort` (bin/btstudio.mjs goes straight to sort-main) and its second thread's
  // script: each one file that imports no chunk, so that neither resolves and reads a dozen
  // modules before it starts (see src/cli/sort-entry.ts). They hold their own copy of the
  // sorting code, ~40 KB.
  const sort = await build({
    ...common,
    entryPoints: { 'sort-main': `${ROOT}src/cli/sort-entry.ts`, 'sort-worker': `${ROOT}src/cli/sort-worker.ts` },
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  for (const file of [...outputFiles, ...sort.outputFiles]) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.mjs') ? asciiComments(file.text, file.path) : file.contents);
  }
  return `${outdir}/btstudio.mjs`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
