// The one test command (npm test): type checks, lint (Biome), unit tests, the build, e2e tests in Debian's
// Chromium and the emulator tests. Each runner prints its own summary; the last line sums
// them all as "N passed, N failed" (CI reads that line).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const OUT = '.test-results';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** The failed tests by name, with the first lines of their messages: printed again beside the summary, so a log cut to its tail still says which test failed and why. */
const failures = [];

function firstLines(text, n = 6) {
  return String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `    ${l.slice(0, 300)}`)
    .join('\n');
}

function run(label, cmd, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function record(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** A step that is one check (type check, build): 1 passed or 1 failed. */
function step(label, cmd, args) {
  const ok = run(label, cmd, args);
  record(label, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(label, config, file) {
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  if (config) args.push('-c', config);
  const ok = run(label, 'npx', args);
  const j = readJson(file);
  if (!j) return record(label, 0, 1); // the runner died before reporting: count it as a failure
  const failed = j.numFailedTests + (ok || j.numFailedTests > 0 ? 0 : 1);
  for (const f of j.testResults ?? []) {
    const file = String(f.name).replace(`${process.cwd()}/`, '');
    for (const a of f.assertionResults ?? [])
      if (a.status === 'failed') failures.push(`${label}: ${file} > ${a.fullName}\n${firstLines((a.failureMessages ?? []).join('\n'))}`);
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'))
      failures.push(`${label}: ${file} (the file failed outside its tests)\n${firstLines(f.message)}`);
  }
  record(label, j.numPassedTests, failed, j.numPendingTests + j.numTodoTests);
}

function playwright(label, file) {
  const ok = run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const j = readJson(file);
  if (!j?.stats) return record(label, 0, 1);
  const failed = j.stats.unexpected + (ok || j.stats.unexpected > 0 ? 0 : 1);
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const last = (t.results ?? []).at(-1);
          failures.push(
            `${label}: ${spec.file}:${spec.line} > ${[...path, spec.title].join(' > ')}\n${firstLines(last?.error?.message ?? last?.errors?.[0]?.message)}`,
          );
        }
    for (const s of suite.suites ?? []) walk(s, [...path, s.title].filter(Boolean));
  };
  for (const s of j.suites ?? []) walk(s, []);
  record(label, j.stats.expected + j.stats.flaky, failed, j.stats.skipped);
}

step('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
step('lint', 'npm', ['run', '-s', 'lint']);
vitest('unit', null, `${OUT}/unit.json`);
const built = step('build', 'npm', ['run', '-s', 'build']);
if (built) playwright('e2e', `${OUT}/e2e.json`);
else record('e2e (not run: the build failed)', 0, 1);
vitest('emulator', 'vitest.emulator.config.ts', `${OUT}/emulator.json`);

if (failures.length) process.stdout.write(`\n=== failed tests\n${failures.join('\n')}\n`);
process.stdout.write(`\n=== summary\n${lines.join('\n')}\n`);
if (!existsSync('/usr/bin/chromium')) process.stdout.write('note: /usr/bin/chromium is missing; .ci/run installs it\n');
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exitCode = totals.failed > 0 ? 1 : 0;
