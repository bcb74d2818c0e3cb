// `btstudio sort` on two threads, which only the built CLI can use (a worker thread runs the
// bundle's sort-worker.mjs, not TypeScript source), and on one: its output, to a file and to a
// pipe, must be the lines in unsigned byte order, as a plain Buffer.compare sort puts them.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../scripts/build-cli.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let cli = '';
let dir = '';

beforeAll(async () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'btstudio-sort-threads-'));
  cli = (await buildCli(join(dir, 'cli'))) as string;
}, 60_000);

/** Keys with long shared prefixes, duplicates, keys that start others, empty lines, \r and high bytes. */
function randomInput(seed: number, lines: number, finalNewline = false): Buffer {
  let s = seed >>> 0;
  const rand = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
  const parts: Buffer[] = [];
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < lines; i++) {
    const kind = rand(8);
    let key: Buffer;
    if (kind === 0) key = previous;
    else if (kind === 1) key = previous.subarray(0, rand(previous.length + 1));
    else if (kind === 2) key = Buffer.from(rand(4) === 0 ? '' : '\r');
    else if (kind === 3) key = Buffer.from([...Array(rand(12))].map(() => [0, 0x80, 0xff, 0x7f, 0x61][rand(5)]!));
    else
      key = Buffer.from(
        `tenant_${String(rand(40)).padStart(4, '0')}#sensor#${String(rand(3000)).padStart(8, '0')}#92233702696${rand(100000)}${rand(3) === 0 ? '\r' : ''}`,
      );
    parts.push(key, Buffer.from('\n'));
    previous = key;
  }
  parts.push(Buffer.from(`tenant_0001#last line${finalNewline ? '\n' : ' without a newline'}`));
  return Buffer.concat(parts);
}

function reference(input: Buffer): Buffer {
  const lines: Buffer[] = [];
  for (let at = 0; at < input.length; ) {
    let nl = input.indexOf(10, at);
    if (nl < 0) nl = input.length;
    lines.push(input.subarray(at, nl));
    at = nl + 1;
  }
  lines.sort(Buffer.compare);
  return Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));
}

describe('btstudio sort on two threads', () => {
  it('writes a file and a pipe in byte order, as a Buffer.compare sort does (fixed seeds)', () => {
    for (const seed of [19, 20190]) {
      console.log(`sort-threads: seed ${seed}`);
      const input = randomInput(seed, 150_000);
      expect(input.length).toBeGreaterThan(3 << 20); // several blocks for the two threads to share
      const path = join(dir, `in-${seed}.txt`);
      writeFileSync(path, input);
      const expected = reference(input);
      const env = { ...process.env, BTSTUDIO_SORT_THREADS: '2' };
      const toFile = spawnSync(process.execPath, [cli, 'sort', path, '-o', `${path}.out`], { env });
      expect(toFile.stderr.toString()).toBe('');
      expect(readFileSync(`${path}.out`).equals(expected)).toBe(true);
      // Over an existing file, longer than the output: written over, and cut to the output.
      writeFileSync(`${path}.over`, Buffer.alloc(input.length + 100_000, 0x78));
      spawnSync(process.execPath, [cli, 'sort', path, '-o', `${path}.over`], { env });
      expect(readFileSync(`${path}.over`).equals(expected)).toBe(true);
      // Its own input as the output: read whole before any of it is written over.
      writeFileSync(`${path}.self`, input);
      spawnSync(process.execPath, [cli, 'sort', `${path}.self`, '-o', `${path}.self`], { env });
      expect(readFileSync(`${path}.self`).equals(expected)).toBe(true);
      const toPipe = spawnSync(process.execPath, [cli, 'sort', path], { env, maxBuffer: 64 << 20 });
      expect(toPipe.status).toBe(0);
      expect(toPipe.stdout.equals(expected)).toBe(true);
    }
  }, 60_000);

  it('sorts random inputs on one thread and on two like a Buffer.compare sort (fast-check, printed seed)', () => {
    // Each run: a generator's own seed, how many lines (1-5 blocks of the file), whether the
    // last line has its newline, and the thread count; every input mixes long shared prefixes,
    // duplicates, keys that start others, empty lines, CR and bytes that are not UTF-8.
    let run = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0x7fffffff }),
        fc.integer({ min: 20_000, max: 100_000 }),
        fc.boolean(),
        fc.constantFrom('1', '2'),
        (seed, lines, finalNewline, threads) => {
          const input = randomInput(seed, lines, finalNewline);
          const path = join(dir, `prop-${run++}.txt`);
          writeFileSync(path, input);
          const env = { ...process.env, BTSTUDIO_SORT_THREADS: threads };
          const toFile = spawnSync(process.execPath, [cli, 'sort', path, '-o', `${path}.out`], { env });
          expect(toFile.stderr.toString()).toBe('');
          expect(readFileSync(`${path}.out`).equals(reference(input))).toBe(true);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});
