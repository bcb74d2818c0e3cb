#!/usr/bin/env node
// Benchmark: `btstudio sort` against `LC_ALL=C sort` on 1,000,000 Bigtable row keys of two
// shapes (mixed keys, ~44 MB; keys with long shared prefixes, ~48 MB), on the Node running
// this script and on the system's Node 20 (/usr/bin/node, what a fresh user runs) when it is
// another version; a missing one is said on stderr. Prints one JSON object per line; exits 1
// when an output differs from GNU sort's, because a fast wrong sort is worth nothing.
//
// Usage: node bench/sort.bench.mjs [--lines N] [--runs N]   (after the CLI is built)
// BTSTUDIO_BIN overrides the CLI script (default bin/btstudio.mjs), e.g. to measure a
// private bundle; BTSTUDIO_BENCH_NODES=path,path the Nodes to run it on. The inputs are
// generated once (fixed seed) and cached in the temp dir.
// The machine may be shared: every round runs each command once, in turn (GNU sort in the
// same round), and a ratio is taken round by round, so that load from other programs falls
// on both sides of it alike; the lines give the median and the minimum of those ratios, and
// the CPU time (user + system) beside the wall time, which load changes less.
// btstudio uses a second thread only for inputs of 32 MiB and more, when a core is idle (see
// src/cli/sort-file.ts); BTSTUDIO_SORT_THREADS=1 or 2 in the environment forces one or two.
// A forced one-thread run is measured too (the `-one-thread` lines).
// Each Node's bare start (`node -e 0`) is measured beside it (the `node-start-` lines): Node 20
// reads the whole CA store at start when NODE_EXTRA_CA_CERTS is set (nodejs/node#40524; Node
// 22 and later read it at the first TLS connection), tens of milliseconds before the sort's
// first line runs. When the environment sets it, the Node 20 sort is measured both ways (the
// `-no-extra-ca` lines run it with the variable unset); the plain lines keep the environment.
// The plain lines run `node bin/btstudio.mjs sort`; the `-bin` lines run bin/btstudio.mjs as a
// program (as `btstudio` after `npm link`, and `npx btstudio`, do), with the measured Node first
// on PATH: its first lines start Node with the variable deferred to the commands that connect.
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
const RUNS = option('--runs', 5);
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

// Peak RSS and CPU time come from getrusage(RUSAGE_CHILDREN) of a parent that runs only the
// measured command: /usr/bin/time reports exactly that, and the python fallback reads the
// same counters when `time` is not installed.
function measure(command, env) {
  const fullEnv = { ...process.env, ...env };
  // A variable given as undefined is unset for the command.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete fullEnv[name];
  const started = process.hrtime.bigint();
  let r;
  if (hasGnuTime) {
    r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...command], { env: fullEnv, encoding: 'utf8' });
  } else {
    const py =
      'import resource,subprocess,sys\nc=subprocess.run(sys.argv[1:]).returncode\nu=resource.getrusage(resource.RUSAGE_CHILDREN)\nsys.stderr.write("\\n%d %f %f\\n" % (u.ru_maxrss, u.ru_utime, u.ru_stime))\nsys.exit(c)';
    r = spawnSync('python3', ['-c', py, ...command], { env: fullEnv, encoding: 'utf8' });
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const lines = r.stderr.trim().split('\n');
  const [rssKb, user, sys] = lines.pop().trim().split(/\s+/).map(Number);
  r.stderr = lines.join('\n');
  if (r.status !== 0) {
    process.stderr.write(`command failed (${r.status}): ${command.join(' ')}\n${r.stderr}\n`);
    process.exit(1);
  }
  return { ms, cpuMs: (user + sys) * 1000, rssMB: (rssKb * 1024) / 1e6 };
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const round = (n, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

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

/** The Nodes to measure on: this one, and the system's (Node 20 on our machines) when it is another version. */
function nodes() {
  const paths = process.env.BTSTUDIO_BENCH_NODES ? process.env.BTSTUDIO_BENCH_NODES.split(',') : [process.execPath, '/usr/bin/node'];
  const seen = new Map();
  for (const path of paths) {
    const r = spawnSync(path, ['--version'], { encoding: 'utf8' });
    if (r.status !== 0) {
      process.stderr.write(`# sort bench: no Node at ${path}; not measured there\n`);
      continue;
    }
    const version = r.stdout.trim();
    if (![...seen.values()].some((n) => n.version === version)) seen.set(path, { path, version, tag: `node${version.slice(1).split('.')[0]}` });
  }
  const found = [...seen.values()];
  if (!found.some((n) => n.tag === 'node20')) process.stderr.write('# sort bench: no Node 20 found (/usr/bin/node); the Node 20 figures are missing\n');
  return found;
}

const legs = nodes();
const extraCa = process.env.NODE_EXTRA_CA_CERTS !== undefined;
/** On Node 20 with the variable set, also measured without it (its start loads the certificates). */
const withoutExtraCa = (node) => (extraCa && node.tag === 'node20' ? [{ NODE_EXTRA_CA_CERTS: undefined }] : []);
{
  // Each Node's start alone, in the environment as it is (and, on Node 20, without the variable).
  for (const node of legs) {
    const variants = [['', {}], ...withoutExtraCa(node).map((env) => ['-no-extra-ca', env])];
    for (const [suffix, env] of variants) {
      measure([node.path, '-e', '0'], env);
      const rs = Array.from({ length: RUNS }, () => measure([node.path, '-e', '0'], env));
      console.log(
        JSON.stringify({
          name: `node-start-${node.tag}${suffix}`,
          value: round(median(rs.map((r) => r.ms))),
          unit: 'ms',
          cpuMs: round(median(rs.map((r) => r.cpuMs))),
          node: node.version,
          extraCaCerts: suffix === '' && extraCa,
        }),
      );
    }
  }
}
// The mixed keys of generate(), then long shared prefixes.
for (const [label, input] of [
  ['', inputFile()],
  ['-prefixes', prefixFile()],
]) {
  // MB are 10^6 bytes for the input and the peak RSS alike, so their ratio is unit-free.
  const inputMB = statSync(input).size / 1e6;
  const outGnu = join(tmpdir(), `btstudio-sort-bench-${process.pid}-gnu.txt`);
  // Each command of a round: its name, how to run it, where it writes.
  const commands = [{ name: 'gnu-sort', out: outGnu, run: () => measure(['sort', input, '-o', outGnu], { LC_ALL: 'C' }) }];
  for (const node of legs) {
    // The bin run as a program, as `btstudio` and `npx btstudio` run it: its first lines start
    // this Node through /bin/sh with NODE_EXTRA_CA_CERTS deferred (bin/btstudio.mjs).
    const asProgram = { PATH: `${dirname(node.path)}:${process.env.PATH ?? ''}` };
    for (const [suffix, env, program] of [
      ['btstudio', {}],
      ['btstudio-one-thread', { BTSTUDIO_SORT_THREADS: '1' }],
      ...withoutExtraCa(node).map((env) => ['btstudio-no-extra-ca', env]),
      ['btstudio-bin', asProgram, true],
    ]) {
      const out = join(tmpdir(), `btstudio-sort-bench-${process.pid}-${node.tag}-${suffix}.txt`);
      const command = program ? [cli, 'sort', input, '-o', out] : [node.path, cli, 'sort', input, '-o', out];
      commands.push({ name: `${node.tag}-${suffix}`, node, suffix, out, run: () => measure(command, env) });
    }
  }
  try {
    // One unmeasured round warms the page cache; then rounds of every command in turn.
    for (const c of commands) c.run();
    const runs = new Map(commands.map((c) => [c.name, []]));
    for (let i = 0; i < RUNS; i++) for (const c of commands) runs.get(c.name).push(c.run());
    const expected = readFileSync(outGnu);
    for (const c of commands) {
      if (!readFileSync(c.out).equals(expected)) {
        process.stderr.write(`sort bench${label}: ${c.name} output differs from LC_ALL=C sort\n`);
        process.exit(1);
      }
    }
    const gnu = runs.get('gnu-sort');
    const line = (name, rs, extra = {}) => ({
      name,
      value: round(median(rs.map((r) => r.ms))),
      unit: 'ms',
      minMs: round(sorted(rs.map((r) => r.ms))[0]),
      cpuMs: round(median(rs.map((r) => r.cpuMs))),
      peakRssMB: round(median(rs.map((r) => r.rssMB))),
      maxRssMB: round(Math.max(...rs.map((r) => r.rssMB))),
      inputMB: round(inputMB),
      ...extra,
    });
    console.log(JSON.stringify(line(`sort-1m${label}-gnu-sort`, gnu)));
    for (const c of commands.slice(1)) {
      const ours = runs.get(c.name);
      const name = `sort-1m${label}-${c.node.tag}${c.suffix.slice('btstudio'.length)}`;
      console.log(JSON.stringify(line(`sort-1m${label}-${c.name}`, ours, { node: c.node.version })));
      // Round by round: this run against GNU sort's run of the same round.
      const ratios = ours.map((r, i) => r.ms / gnu[i].ms);
      // CPU times come in 10 ms steps: a round whose GNU sort took less than one step has no CPU ratio.
      const cpuRatios = ours.flatMap((r, i) => (gnu[i].cpuMs > 0 ? [r.cpuMs / gnu[i].cpuMs] : []));
      console.log(
        JSON.stringify({
          name: `${name}-ratio`,
          value: round(median(ratios), 2),
          unit: 'x',
          min: round(sorted(ratios)[0], 2),
          cpu: cpuRatios.length > 0 ? round(median(cpuRatios), 2) : undefined,
          node: c.node.version,
        }),
      );
      const rss = ours.map((r) => r.rssMB / inputMB);
      console.log(
        JSON.stringify({ name: `${name}-rss-ratio`, value: round(median(rss), 2), unit: 'x input', max: round(Math.max(...rss), 2), node: c.node.version }),
      );
    }
  } finally {
    for (const c of commands) rmSync(c.out, { force: true });
  }
}
