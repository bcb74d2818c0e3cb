// bin/btstudio.mjs run as a program (as `btstudio` and `npx btstudio` run it) starts Node
// through /bin/sh with NODE_EXTRA_CA_CERTS deferred: Node 20 would otherwise read the whole
// certificate store before the first line of ours. Checked here on the real bin and a real
// build: what each Node process saw at its start and at its end (a --require probe in
// NODE_OPTIONS writes it down), that the commands which connect to Bigtable run again with the
// variable set, that the variable is back for every process the CLI starts, and that
// `node bin/btstudio.mjs` is unchanged.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../scripts/build-cli.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let dir = '';
let bin = '';
let probe = '';

/** One Node process as the probe saw it. */
interface Seen {
  pid: number;
  ppid: number;
  at: 'start' | 'exit';
  extraCa: string | null;
  carried: string | null;
  argv: string[];
  execArgv: string[];
}

beforeAll(async () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'btstudio-bin-start-'));
  // The bin finds the bundle at ../dist/cli from itself, as in the checkout.
  await buildCli(join(dir, 'dist', 'cli'));
  mkdirSync(join(dir, 'bin'));
  bin = join(dir, 'bin', 'btstudio.mjs');
  copyFileSync(join(ROOT, 'bin', 'btstudio.mjs'), bin);
  spawnSync('chmod', ['+x', bin]);
  probe = join(dir, 'probe.cjs');
  writeFileSync(
    probe,
    [
      "const { appendFileSync } = require('node:fs');",
      "const { isMainThread } = require('node:worker_threads');",
      'const see = (at) => appendFileSync(process.env.PROBE_OUT, JSON.stringify({ pid: process.pid, ppid: process.ppid, at,',
      '  extraCa: process.env.NODE_EXTRA_CA_CERTS ?? null, carried: process.env.BTSTUDIO_NODE_EXTRA_CA_CERTS ?? null, argv: process.argv.slice(2), execArgv: process.execArgv }) + "\\n");',
      "if (isMainThread) { see('start'); process.on('exit', () => see('exit')); }",
      '',
    ].join('\n'),
  );
}, 60_000);

/** The environment a user has, with this test's Node first on PATH and the probe preloaded. */
function environment(out: string, extraCa: string | undefined, node = process.execPath): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}`, NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out };
  delete env.BTSTUDIO_NODE_EXTRA_CA_CERTS;
  delete env.BIGTABLE_EMULATOR_HOST;
  delete env.GOOGLE_CLOUD_PROJECT;
  delete env.CLOUDSDK_CORE_PROJECT;
  if (extraCa === undefined) delete env.NODE_EXTRA_CA_CERTS;
  else env.NODE_EXTRA_CA_CERTS = extraCa;
  return env;
}

function seen(out: string): Seen[] {
  return existsSync(out)
    ? readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Seen)
    : [];
}

let runs = 0;
/** Runs `command` (argv) with the probe; returns its result and what every Node process saw. */
function run(command: string[], extraCa: string | undefined, input = '', node = process.execPath) {
  const out = join(dir, `seen-${++runs}.jsonl`);
  const r = spawnSync(command[0]!, command.slice(1), { env: environment(out, extraCa, node), input, encoding: 'utf8', cwd: dir });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seen: seen(out) };
}

const CA = '/etc/ssl/certs/ca-certificates.crt';

describe('bin/btstudio.mjs run as a program', () => {
  it('starts a command that makes no connection with NODE_EXTRA_CA_CERTS empty, then puts it back', () => {
    const r = run([bin, 'sort'], CA, 'b\na\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('a\nb\n');
    // One Node process: the sort; its start saw the variable empty and carried, its end saw it back.
    expect(r.seen.map((s) => [s.at, s.extraCa, s.carried])).toEqual([
      ['start', '', CA],
      ['exit', CA, null],
    ]);
  });

  it('starts sort, and only sort, with V8 compiling on the thread that runs the code', () => {
    // --no-concurrent-recompilation for the main thread can only be given on Node's command line;
    // Node 20, without Maglev, waits on a compiler thread that takes turns with the sorting threads.
    const sorted = run([bin, 'sort'], CA, 'b\na\n');
    expect(sorted.stdout).toBe('a\nb\n');
    expect(sorted.seen.map((s) => s.execArgv)).toEqual([['--no-concurrent-recompilation'], ['--no-concurrent-recompilation']]);
    expect(sorted.seen[0]!.argv).toEqual(['sort']);
    for (const command of [['--version'], ['sort-of'], ['check', 'sort']]) {
      const other = run([bin, ...command], CA);
      expect(other.seen.length).toBeGreaterThan(0);
      for (const s of other.seen) expect(s.execArgv).toEqual([]);
    }
    // `node bin/btstudio.mjs sort` is Node's to start: nothing is added.
    const plain = run([process.execPath, bin, 'sort'], CA, 'b\na\n');
    expect(plain.stdout).toBe('a\nb\n');
    for (const s of plain.seen) expect(s.execArgv).toEqual([]);
  });

  it('leaves the variable unset when it was unset', () => {
    const r = run([bin, '--version'], undefined);
    expect(r.status).toBe(0);
    expect(r.seen.map((s) => [s.at, s.extraCa, s.carried])).toEqual([
      ['start', '', ''],
      ['exit', null, null],
    ]);
  });

  it('keeps arguments as given: spaces, quotes, a dollar sign and a value with spaces for the variable', () => {
    const file = join(dir, 'a $HOME "b" c.txt');
    writeFileSync(file, 'zz\n`id`\n$PATH\n');
    const odd = '/tmp/no such dir/$HOME `id`.pem';
    const r = run([bin, 'sort', file], odd);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('$PATH\n`id`\nzz\n');
    expect(r.seen[0]).toMatchObject({ at: 'start', extraCa: '', carried: odd, argv: ['sort', file] });
    expect(r.seen[1]).toMatchObject({ at: 'exit', extraCa: odd, carried: null });
  });

  for (const command of ['apply', 'load', 'pull', 'verify']) {
    it(`runs ${command} again in a Node started with the variable set, and ends as it ended`, () => {
      const viaBin = run([bin, command], CA);
      const viaNode = run([process.execPath, bin, command], CA);
      // The same answer as through `node bin/btstudio.mjs` (a usage error: no design, no target).
      expect(viaBin.status).toBe(2);
      expect(viaBin.status).toBe(viaNode.status);
      expect(viaBin.stderr).toBe(viaNode.stderr);
      expect(viaBin.stdout).toBe(viaNode.stdout);
      const starts = viaBin.seen.filter((s) => s.at === 'start');
      expect(starts).toHaveLength(2);
      const [first, second] = starts as [Seen, Seen];
      expect([first.extraCa, first.carried]).toEqual(['', CA]);
      // The second is the first's child, started with the variable as the user set it.
      expect(second.ppid).toBe(first.pid);
      expect([second.extraCa, second.carried, second.argv[0]]).toEqual([CA, null, command]);
    });
  }

  it('passes SIGTERM on to the command it runs again, and ends by it', async () => {
    // `load` into a loopback server that takes the connection and never answers: it waits.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const design = join(dir, 'load.yaml');
    copyFileSync(join(ROOT, 'examples', 'iot-multitenant.yaml'), design);
    const out = join(dir, 'seen-term.jsonl');
    const env = { ...environment(out, CA), BIGTABLE_EMULATOR_HOST: `127.0.0.1:${port}` };
    const child = spawn(bin, ['load', design, '--rows', '1000000'], { env, cwd: dir, stdio: 'ignore' });
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, signal) => resolve([code, signal])));
    // Wait for the second Node to start (a wait, not a bound: a loaded machine may take seconds).
    const started = Date.now() + 30_000;
    while (Date.now() < started && seen(out).filter((s) => s.at === 'start').length < 2) await new Promise((r) => setTimeout(r, 25));
    const second = seen(out).filter((s) => s.at === 'start')[1];
    expect(second?.argv[0]).toBe('load');
    child.kill('SIGTERM');
    expect(await ended).toEqual([null, 'SIGTERM']);
    // The command's own Node is gone too.
    let alive = true;
    const gone = Date.now() + 10_000;
    while (alive && Date.now() < gone) {
      try {
        process.kill(second!.pid, 0);
        await new Promise((r) => setTimeout(r, 25));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
    silent.close();
  });
});

describe("the bin's list of commands that connect", () => {
  it('is every command that takes the target flags (src/cli/target.ts)', () => {
    const listed = /const CONNECTING = \[([^\]]*)\]/.exec(readFileSync(join(ROOT, 'bin', 'btstudio.mjs'), 'utf8'))?.[1];
    const names = [...(listed ?? '').matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort();
    const commands = join(ROOT, 'src', 'cli', 'commands');
    const connecting = readdirSync(commands)
      .filter((f) => /^[a-z-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .filter((f) => /from '\.\.\/target'/.test(readFileSync(join(commands, f), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(connecting.length).toBeGreaterThan(0);
    expect(names).toEqual(connecting);
  });
});

describe('node bin/btstudio.mjs', () => {
  it('is unchanged: Node starts with the variable as set, and nothing is carried', () => {
    const r = run([process.execPath, bin, 'sort'], CA, 'b\na\n');
    expect(r.stdout).toBe('a\nb\n');
    expect(r.seen.map((s) => [s.at, s.extraCa, s.carried])).toEqual([
      ['start', CA, null],
      ['exit', CA, null],
    ]);
  });
});

// The reason for all of the above, on the Node it is for: Node 20 reads the certificate file at
// its start when the variable is set (a missing file is a warning then), Node 22 and later at the
// first TLS connection. On the machine's Node 20 (/usr/bin/node), the bin's sort never reads it.
const node20 = (() => {
  const r = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.startsWith('v20.') ? '/usr/bin/node' : null;
})();
describe.runIf(node20 !== null)('on Node 20 (/usr/bin/node)', () => {
  const missing = '/nonexistent/extra-ca.pem';
  it("reads the certificate file at start through `node bin/btstudio.mjs`, not through the bin's sort", () => {
    const direct = run([node20!, bin, 'sort'], missing, 'b\na\n', node20!);
    expect(direct.stdout).toBe('a\nb\n');
    expect(direct.stderr).toContain('Ignoring extra certs from `/nonexistent/extra-ca.pem`');
    const viaBin = run([bin, 'sort'], missing, 'b\na\n', node20!);
    expect(viaBin.stdout).toBe('a\nb\n');
    expect(viaBin.stderr).toBe('');
  });

  it('reads it for a command that connects (once, in the Node that runs the command)', () => {
    const viaBin = run([bin, 'pull'], missing, '', node20!);
    expect(viaBin.status).toBe(2);
    expect(viaBin.stderr.match(/Ignoring extra certs/g)).toHaveLength(1);
  });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});
