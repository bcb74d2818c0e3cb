#!/usr/bin/env node
// Runs the bundled CLI. `npm ci` builds it (the "prepare" script); a checkout without a build
// gets a clear message instead of a module-not-found stack.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli/btstudio.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('btstudio: the CLI is not built yet; run "npm run build:cli" (npm ci does it for you)\n');
  process.exit(2);
}
await import(bundle.href);
