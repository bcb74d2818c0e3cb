// Two builds of the CLI, the same answers: runs `lint --format json`, `fix`, `plan` and
// `export --to markdown` with each build over the examples, the rule corpus, the engine's test
// designs and generated designs (src/test-support/lint-designs.ts, written to a temporary
// folder), and compares standard output, standard error and the exit code byte for byte. For a
// change that must not change what any command prints (a faster lint):
//   node bench/same-output.mjs OLD/bin/btstudio.mjs bin/btstudio.mjs [DESIGN...]
// (OLD: a checkout of the commit before, built with `npm run build:cli`). Exit 1 on a difference.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBundle, ROOT, src } from './bundle.mjs';

const [oldBin, newBin, ...given] = process.argv.slice(2);
if (!oldBin || !newBin) {
  console.error('usage: node bench/same-output.mjs OLD_BIN NEW_BIN [DESIGN...]');
  process.exit(2);
}

const inDir = (dir, ext = /\.(ya?ml|json)$/) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => ext.test(f))
    .sort()
    .map((f) => join(ROOT, dir, f));

async function generated() {
  const { limitsDesignJson, manyTablesYaml } = await importBundle(
    `export { limitsDesignJson, manyTablesYaml } from ${src('src/test-support/lint-designs.ts')};`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-same-output-'));
  const out = [];
  const put = (name, text) => {
    writeFileSync(join(dir, name), text);
    out.push(join(dir, name));
  };
  for (const n of [3, 30, 100]) put(`limits-${n}.json`, limitsDesignJson(n));
  for (const shape of ['varied', 'same', 'linked']) for (const n of [2, 12, 30, 100]) put(`${shape}-${n}.yaml`, manyTablesYaml(n, shape));
  return out;
}

const designs = given.length
  ? given
  : [
      ...inDir('examples'),
      ...inDir('src/core/rules/corpus/good'),
      ...inDir('src/core/rules/corpus/bad'),
      ...inDir('src/core/rules/engine', /\.design\.json$|^accepted-copy\.json$/),
      ...(await generated()),
    ];

const COMMANDS = [['lint', '--format', 'json'], ['fix'], ['plan'], ['export', '--to', 'markdown']];
const env = { ...process.env, NO_COLOR: '1' };
const runs = (bin, args) => {
  const r = spawnSync(process.execPath, [bin, ...args], { env, maxBuffer: 1 << 30 });
  return { out: r.stdout, err: r.stderr, status: r.status };
};

let differ = 0;
for (const file of designs) {
  for (const [cmd, ...rest] of COMMANDS) {
    const args = [cmd, file, ...rest];
    const a = runs(oldBin, args);
    const b = runs(newBin, args);
    const same = a.status === b.status && a.out.equals(b.out) && a.err.equals(b.err);
    if (!same) {
      differ++;
      console.log(`DIFFERS: ${args.join(' ')} (exit ${a.status} / ${b.status})`);
    }
  }
}
console.log(`${designs.length} designs, ${designs.length * COMMANDS.length} runs per build: ${differ ? `${differ} differ` : 'all byte-identical'}`);
process.exit(differ ? 1 : 0);
