// Key generation: `btstudio keys -n 1000000` for every table of every example (its output to
// a file), beside GNU `LC_ALL=C sort` sorting that same output in the same run (the anchor:
// generation should take no more time than the sort). Prints one JSON line a table.
// Usage: node bench/keys.bench.mjs [--keys N] [--runs 3]   (after the CLI is built; medians of the runs)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const N = option('--keys', 1_000_000);
// Runs alternate (generate, sort, generate, ...) so load from other programs falls on both alike.
const RUNS = option('--runs', 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'btstudio-keys-'));
const round = (x) => Math.round(x * 10) / 10;

function timed(cmd, args, opts = {}) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { maxBuffer: 1 << 30, ...opts });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return ms;
}

const tablesOf = (file) => [...readFileSync(file, 'utf8').matchAll(/^  - name: (\S+)/gm)].map((m) => m[1]);
let worst = 0;
try {
  for (const ex of readdirSync('examples')
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    for (const table of tablesOf(join('examples', ex))) {
      const out = join(dir, `${ex}.${table}.txt`);
      const gens = [];
      const sorts = [];
      for (let r = 0; r < RUNS; r++) {
        gens.push(timed('sh', ['-c', `"${process.execPath}" bin/btstudio.mjs keys "examples/${ex}" --table "${table}" -n ${N} > "${out}"`]));
        sorts.push(timed('sh', ['-c', `LC_ALL=C sort "${out}" > /dev/null`]));
      }
      const gen = median(gens);
      const sort = median(sorts);
      worst = Math.max(worst, gen / sort);
      const mb = statSync(out).size / 1e6;
      console.log(
        JSON.stringify({
          name: `keys-generate-${N}`,
          example: ex,
          table,
          value: round(gen),
          unit: 'ms',
          anchor: 'LC_ALL=C sort of the output',
          anchorMs: round(sort),
          ratio: Math.round((gen / sort) * 100) / 100,
          outputMB: round(mb),
          nsPerKey: Math.round((gen * 1e6) / N),
        }),
      );
      rmSync(out);
    }
  }
  console.log(
    JSON.stringify({ name: `keys-generate-${N}-worst-ratio`, value: Math.round(worst * 100) / 100, unit: 'x GNU sort', target: 1, node: process.version }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
