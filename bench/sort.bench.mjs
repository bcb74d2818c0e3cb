#!/usr/bin/env node
// Benchmark: `btstudio sort` against `LC_ALL=C sort` on 1,000,000 realistic
// Bigtable row keys (~44 MB). Prints one JSON object per line; exits 1 when the
// two outputs differ, because a fast wrong sort is worth nothing.
//
// Usage: node bench/sort.bench.mjs [--lines N] [--runs N]   (after the CLI is built)
// BTSTUDIO_BIN overrides the CLI script (default bin/btstudio.mjs), e.g. to measure a
// private bundle. The input is generated once (fixed seed) and cached in the temp dir.
// btstudio uses a second thread only for inputs of 32 MiB and more, when a core is idle (see
// src/cli/sort-file.ts); BTSTUDIO_SORT_THREADS=1 or 2 in the environment forces one or two.
// A forced one-thread run is measured too (the `-one-thread` lines): slower, ~20 MB less.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? Number(args[at + 1]) : fallback;
};
const LINES = option('--lines', 1_000_000);
const RUNS = option('--runs', 3);
const SEED = 0x5eed_b7;
const GENERATOR_VERSION = 3;
const cli = resolve(root, process.env.BTSTUDIO_BIN ?? 'bin/btstudio.mjs');

// mulberry32: tiny, deterministic, good enough to make keys look random.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(lines, seed) {
  const rand = rng(seed);
  const int = (n) => Math.floor(rand() * n);
  const pick = (list) => list[int(list.length)];
  const pad = (n, width) => String(n).padStart(width, '0');
  const tenants = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'tyrell', 'café', 'münchen-ag'];
  const domains = ['com.example.www', 'com.example.api', 'org.wikipedia.en', 'com.google.maps', 'io.github.docs', 'jp.co.ｆｕｌｌ', 'net.cdn.static'];
  const words = ['index', 'products', 'users', 'search', 'blog', 'about', 'cart', 'img', 'ünïcode', '🚀launch', 'v2', 'api'];
  const events = ['login', 'logout', 'purchase', 'view', 'click'];
  const kinds = ['temp', 'humidity', 'pressure', 'battery', 'gps'];
  const maxLong = 9223372036854775807n;
  const out = [];
  let previous = '';
  for (let i = 0; i < lines; i++) {
    const roll = rand();
    let key;
    if (roll < 0.02 && previous) {
      key = previous; // real key sets contain duplicates
    } else if (roll < 0.32) {
      const ts = 1_600_000_000_000n + BigInt(int(200_000_000_000));
      key = `${pick(tenants)}#device${pad(int(10_000_000), 7)}#${maxLong - ts}#${pick(kinds)}`;
    } else if (roll < 0.52) {
      const depth = 2 + int(3);
      const parts = [];
      for (let d = 0; d < depth; d++) parts.push(pick(words));
      key = `${pick(domains)}#/${parts.join('/')}?id=${int(1_000_000)}`;
    } else if (roll < 0.77) {
      const ms = 1_700_000_000_000 + int(100_000_000_000);
      key = `user#${int(2_000_000)}#${new Date(ms).toISOString()}#${pick(events)}`;
    } else if (roll < 0.95) {
      const salt = pad(int(100), 2);
      key = `${salt}#${pick(kinds)}#sensor-${int(50_000).toString(16)}#${pad(int(100_000_000), 9)}#${pick(tenants)}`;
    } else {
      const emoji = ['😀', '🚀', '✓', 'é', 'Ω', 'ｆ', '中文'];
      key = `${pick(emoji)}${pick(words)}#${int(1_000_000)}#${pick(tenants)}-${pick(emoji)}`;
    }
    out.push(key);
    previous = key;
  }
  return out.join('\n') + '\n';
}

function inputFile() {
  const file = join(tmpdir(), `btstudio-sort-bench-v${GENERATOR_VERSION}-${SEED}-${LINES}.txt`);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, generate(LINES, SEED));
    // rename is atomic, so a concurrent run never reads a half-written cache file
    spawnSync('mv', [tmp, file]);
  }
  return file;
}

const hasGnuTime = (() => {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' });
  return r.status === 0 && /^\d+\s*$/m.test(r.stderr);
})();

// Peak RSS comes from getrusage(RUSAGE_CHILDREN).ru_maxrss of a parent that
// runs only the measured command: /usr/bin/time reports exactly that, and the
// python fallback reads the same counter when `time` is not installed.
function measure(command, env) {
  const fullEnv = { ...process.env, ...env };
  const started = process.hrtime.bigint();
  let r;
  let rssKb;
  if (hasGnuTime) {
    r = spawnSync('/usr/bin/time', ['-f', '%M', ...command], { env: fullEnv, encoding: 'utf8' });
    const lines = r.stderr.trim().split('\n');
    rssKb = Number(lines.pop());
    r.stderr = lines.join('\n');
  } else {
    const py =
      'import resource,subprocess,sys\nc=subprocess.run(sys.argv[1:]).returncode\nsys.stderr.write("\\n%d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\nsys.exit(c)';
    r = spawnSync('python3', ['-c', py, ...command], { env: fullEnv, encoding: 'utf8' });
    const lines = r.stderr.trim().split('\n');
    rssKb = Number(lines.pop());
    r.stderr = lines.join('\n');
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) {
    process.stderr.write(`command failed (${r.status}): ${command.join(' ')}\n${r.stderr}\n`);
    process.exit(1);
  }
  return { ms, rssMB: (rssKb * 1024) / 1e6 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (n) => Math.round(n * 10) / 10;

const summary = (name, runs) => ({ name, ms: median(runs.map((r) => r.ms)), rssMB: median(runs.map((r) => r.rssMB)) });

if (!existsSync(cli)) {
  process.stderr.write(`sort bench: ${cli} not found (build the CLI first or set BTSTUDIO_BIN)\n`);
  process.exit(1);
}
/** Keys with long shared prefixes (tenant#type#device#reversed ts), from the iot example. */
function prefixFile() {
  const file = join(tmpdir(), `btstudio-sort-bench-prefixes-${LINES}.txt`);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" keys "${join(root, 'examples/iot-multitenant.yaml')}" -n ${LINES} > "${tmp}"`]);
    if (r.status !== 0) {
      process.stderr.write(`sort bench: cannot generate the prefix keys: ${r.stderr}\n`);
      process.exit(1);
    }
    spawnSync('mv', [tmp, file]);
  }
  return file;
}

// The mixed keys of generate() (names unchanged from earlier runs), then long shared prefixes.
for (const [label, input] of [
  ['', inputFile()],
  ['-prefixes', prefixFile()],
]) {
  // MB are 10^6 bytes for the input and the peak RSS alike, so their ratio is unit-free.
  const inputMB = statSync(input).size / 1e6;
  const out1 = join(tmpdir(), `btstudio-sort-bench-${process.pid}-ours.txt`);
  const out2 = join(tmpdir(), `btstudio-sort-bench-${process.pid}-gnu.txt`);
  const out3 = join(tmpdir(), `btstudio-sort-bench-${process.pid}-one.txt`);
  try {
    const runOurs = () => measure([process.execPath, cli, 'sort', input, '-o', out1]);
    const runOne = () => measure([process.execPath, cli, 'sort', input, '-o', out3], { BTSTUDIO_SORT_THREADS: '1' });
    const runGnu = () => measure(['sort', input, '-o', out2], { LC_ALL: 'C' });
    // One unmeasured run each warms the page cache; then the runs alternate, so that load
    // from other programs on the machine falls on all alike.
    runOurs();
    runOne();
    runGnu();
    const oursRuns = [];
    const oneRuns = [];
    const gnuRuns = [];
    for (let i = 0; i < RUNS; i++) {
      oursRuns.push(runOurs());
      oneRuns.push(runOne());
      gnuRuns.push(runGnu());
    }
    const ours = summary(`sort-1m${label}-btstudio`, oursRuns);
    const one = summary(`sort-1m${label}-btstudio-one-thread`, oneRuns);
    const gnu = summary(`sort-1m${label}-gnu-sort`, gnuRuns);
    const expected = readFileSync(out2);
    if (!readFileSync(out1).equals(expected) || !readFileSync(out3).equals(expected)) {
      process.stderr.write(`sort bench${label}: btstudio output differs from LC_ALL=C sort\n`);
      process.exit(1);
    }
    for (const r of [ours, one, gnu]) {
      console.log(JSON.stringify({ name: r.name, value: round(r.ms), unit: 'ms', peakRssMB: round(r.rssMB), inputMB: round(inputMB) }));
    }
    const ratio = (a, b) => Math.round((a / b) * 100) / 100;
    console.log(JSON.stringify({ name: `sort-1m${label}-ratio`, value: ratio(ours.ms, gnu.ms), unit: 'x' }));
    console.log(JSON.stringify({ name: `sort-1m${label}-rss-ratio`, value: ratio(ours.rssMB, inputMB), unit: 'x input' }));
    console.log(JSON.stringify({ name: `sort-1m${label}-one-thread-ratio`, value: ratio(one.ms, gnu.ms), unit: 'x' }));
    console.log(JSON.stringify({ name: `sort-1m${label}-one-thread-rss-ratio`, value: ratio(one.rssMB, inputMB), unit: 'x input' }));
  } finally {
    rmSync(out1, { force: true });
    rmSync(out2, { force: true });
    rmSync(out3, { force: true });
  }
}
