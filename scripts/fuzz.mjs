#!/usr/bin/env node
// npm run fuzz: the property tests over generated designs run long, with random fast-check
// seeds, until one fails or the time is up (FUZZ_SECONDS, default 600; FUZZ_RUNS designs per
// property per round, default 100). Each round prints its seed; a failure prints fast-check's
// counterexample and the command that replays it (FUZZ_SHRINK=1 there shrinks it to a minimal
// one, slowly). Here, unlike CI, each command is also held to ten times its time budget
// (src/cli/budgets.ts, FUZZ_TIMES=1). docs/fuzz.md says where the counterexample goes
// (src/hostile/regressions.ts).
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seconds = Number(process.env.FUZZ_SECONDS ?? 600);
const runs = Number(process.env.FUZZ_RUNS ?? 100);
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'src/hostile/outputs.test.ts',
      'src/hostile/properties.test.ts',
      'src/hostile/commands.test.ts',
      'src/hostile/mcp.test.ts',
      'src/hostile/one-count.test.ts',
    ];
const end = Date.now() + seconds * 1000;
let round = 0;
while (Date.now() < end) {
  const seed = randomInt(0, 2 ** 31 - 1);
  round++;
  console.log(`fuzz round ${round}: seed ${seed}, ${runs} designs per property (${Math.max(0, Math.round((end - Date.now()) / 1000))} s left)`);
  const r = spawnSync('npx', ['vitest', 'run', ...files, '--maxWorkers=1', '--reporter=dot'], {
    env: { FUZZ_TIMES: '1', ...process.env, FC_SEED: String(seed), FUZZ_RUNS: String(runs) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const text = `${r.stdout}\n${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    // The failure report: from the first FAIL to the summary, without stack frames (at most 200 lines).
    const lines = text.split('\n');
    const from = Math.max(
      0,
      lines.findIndex((l) => /FAIL|Property failed/.test(l)),
    );
    const to = lines.findIndex((l, i) => i > from && /Test Files/.test(l));
    const report = lines.slice(from, to > from ? to : undefined).filter((l) => !/^\s*❯ |node_modules/.test(l));
    console.log(report.slice(0, 200).join('\n'));
    if (!/FAIL|Property failed/.test(text))
      console.log(`vitest ended (status ${r.status}, signal ${r.signal ?? 'none'}) without a failure report: killed or out of memory, not a counterexample.`);
    console.log(`\nA counterexample (above). Replay: FC_SEED=${seed} FUZZ_RUNS=${runs} FUZZ_TIMES=1 npx vitest run ${files.join(' ')}`);
    console.log('(FUZZ_SHRINK=1 in front shrinks it to a minimal design: minutes per property.)');
    console.log('Then add it to src/hostile/regressions.ts with a name that says what it exercises, and fix it (docs/fuzz.md).');
    process.exit(1);
  }
}
console.log(`fuzz: ${round} rounds, no counterexample`);
