// npm run bench: runs every bench/*.bench.mjs in turn. Each prints one JSON object per line
// ({"name", "value", "unit", ...}); benchmarks never gate the tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
let failed = 0;
// Figures depend on the runtime (Node 20, end of life and unsupported, has no compile cache and
// an older V8): say which one ran them.
process.stderr.write(`# node ${process.version} on ${process.platform}-${process.arch}\n`);
for (const f of files) {
  process.stderr.write(`# ${f}\n`);
  const r = spawnSync(process.execPath, [new URL(f, import.meta.url).pathname], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
