#!/usr/bin/env node
// Runs the bundled CLI. `npm ci` builds it (the "prepare" script); a checkout without a build
// gets a clear message instead of a module-not-found stack.
import { existsSync } from 'node:fs';
import module from 'node:module';

const bundle = new URL('../dist/cli/btstudio.mjs', import.meta.url);
// `btstudio sort` has an entry of its own, one file: it starts sooner than through the CLI's
// entry and its chunks (src/cli/sort-entry.ts).
const sortMain = new URL('../dist/cli/sort-main.mjs', import.meta.url);
if (!existsSync(bundle) || !existsSync(sortMain)) {
  process.stderr.write('btstudio: the CLI is not built yet; run "npm run build:cli" (npm ci does it for you)\n');
  process.exit(2);
}
// Node 22.1+ keeps the bundle's compiled code between runs (in its cache under the OS temp
// directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): start-up without compiling it again.
// Older Node has no such cache and starts as before.
module.enableCompileCache?.();
await import((process.argv[2] === 'sort' ? sortMain : bundle).href);
