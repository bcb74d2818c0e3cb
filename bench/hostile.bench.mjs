// The hostile-input corpus timed: every case of src/hostile/*.cases.ts runs once, cold
// (one process, in file order), through its real entry point. One JSON line per group (design,
// share, import, cli) and one for all: cases, answered as expected, crashes, p50 and max ms, the
// cases over 1 s and the slowest three.
//
// The bar is 1 s a case. A case's time is min(wall, cpu): wall-clock time grows when other
// processes share the CPU, and process CPU time counts the garbage collector's and the
// compiler's helper threads; the smaller of the two is the time the case itself needed. Both are
// reported. A case that builds its input (a 10 MB file) builds it before the clock starts.
// Exits 1 when any case crashed, took more than 1 s, or gave no answer within 20 s (a hang).
//
//   node bench/hostile.bench.mjs [--only ID-SUBSTRING] [--verbose]     (or: npm run bench hostile)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importBundle, ROOT, src } from './bundle.mjs';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, verbose: { type: 'boolean' } } });
const BAR_MS = 1000;
/** A case that has not answered after this long is reported as a hang (a crash), and the run goes on. */
const HANG_MS = 20_000;

const files = readdirSync(join(ROOT, 'src/hostile'))
  .filter((f) => f.endsWith('.cases.ts'))
  .sort();
// CLI cases reach code that imports @google-cloud/bigtable: a Node bundle.
const bundle = await importBundle(
  [`export { runHostileCase } from ${src('src/hostile/case.ts')};`, ...files.map((f, i) => `export * as m${i} from ${src(`src/hostile/${f}`)};`)].join('\n'),
  { node: true },
);
const { runHostileCase } = bundle;

const isCase = (x) => x && typeof x === 'object' && typeof x.id === 'string' && typeof x.run === 'function' && x.expect;
const cases = files.flatMap((file, i) =>
  Object.values(bundle[`m${i}`])
    .filter((v) => Array.isArray(v) && v.length > 0 && v.every(isCase))
    .flat()
    .map((c) => ({ c, file })),
);

const asExpected = (c, r) => {
  if (r.crash || !r.answer) return false;
  if (!c.expect.refused) return !r.answer.refused;
  return r.answer.refused && c.expect.what.test(r.answer.message) && c.expect.where.test(r.answer.message);
};

const results = [];
for (const { c, file } of cases) {
  if (args.only && !c.id.includes(args.only)) continue;
  if (typeof c.input === 'function') c.input(); // build a big input before the clock starts
  if (args.verbose) process.stderr.write(`${c.id} ... `);
  const cpu0 = process.cpuUsage();
  let timer;
  const hang = new Promise((resolve) => (timer = setTimeout(() => resolve({ id: c.id, ms: HANG_MS, crash: `no answer within ${HANG_MS / 1000} s` }), HANG_MS)));
  const r = await Promise.race([runHostileCase(c), hang]);
  clearTimeout(timer);
  const cpu = process.cpuUsage(cpu0);
  if (args.verbose) process.stderr.write(`${Math.round(r.ms)} ms\n`);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  results.push({ id: c.id, group: c.group, file, wallMs: r.ms, cpuMs, ms: Math.min(r.ms, cpuMs), ok: asExpected(c, r), crash: r.crash });
  // Answers quote hostile input: JSON-escaped, so no escape sequence reaches the terminal.
  if (r.crash) process.stderr.write(`crash: ${c.id}: ${JSON.stringify(r.crash.slice(0, 300))}\n`);
  else if (!asExpected(c, r))
    process.stderr.write(`not as expected: ${c.id}: ${r.answer.refused ? 'refused' : 'accepted'}: ${JSON.stringify(r.answer.message.slice(0, 300))}\n`);
}

const round = (x) => Math.round(x * 10) / 10;
const p50 = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1] : 0);
function summary(name, rs) {
  const slowest = [...rs].sort((a, b) => b.ms - a.ms).slice(0, 3);
  return {
    name,
    value: round(Math.max(0, ...rs.map((r) => r.ms))),
    unit: 'ms',
    cases: rs.length,
    asExpected: rs.filter((r) => r.ok).length,
    crashes: rs.filter((r) => r.crash).length,
    maxMs: round(Math.max(0, ...rs.map((r) => r.ms))),
    p50Ms: round(p50(rs.map((r) => r.ms))),
    maxWallMs: round(Math.max(0, ...rs.map((r) => r.wallMs))),
    over1s: rs.filter((r) => r.ms > BAR_MS).map((r) => r.id),
    slowest: slowest.map((r) => ({ id: r.id, ms: round(r.ms), wallMs: round(r.wallMs), cpuMs: round(r.cpuMs) })),
    note: 'each case once, cold; ms = min(wall, process cpu)',
  };
}
for (const group of [...new Set(results.map((r) => r.group))])
  console.log(
    JSON.stringify(
      summary(
        `hostile-${group}`,
        results.filter((r) => r.group === group),
      ),
    ),
  );
const all = summary('hostile-all', results);
console.log(JSON.stringify(all));
if (all.crashes || all.over1s.length) {
  process.stderr.write(`hostile: ${all.crashes} crashed, ${all.over1s.length} over ${BAR_MS} ms (${all.over1s.join(', ')})\n`);
  process.exitCode = 1;
}
// A case that hung may still hold the event loop (a read that never ends): leave anyway.
process.exit();
