import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from './sort';

const dir = mkdtempSync(join(tmpdir(), 'btstudio-sort-'));
let files = 0;
function file(content: string | Uint8Array): string {
  const path = join(dir, `in-${files++}.txt`);
  writeFileSync(path, content);
  return path;
}

async function sort(argv: string[], stdin: string | Uint8Array = '') {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  let err = '';
  stdout.on('data', (d: Buffer) => out.push(d));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const input = new PassThrough();
  input.end(stdin);
  const code = await run(argv, { stdout, stderr, stdin: input });
  return { code, out: Buffer.concat(out), text: Buffer.concat(out).toString('utf8'), err };
}

describe('btstudio sort', () => {
  it('writes the lines of a file in byte order, a prefix before the keys it starts', async () => {
    const r = await sort([file('user#10\nuser#9\nuser#1\nuser#\n\uff01\n\u{1f600}\n\u00e9\nZ\n')]);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.text).toBe('Z\nuser#\nuser#1\nuser#10\nuser#9\n\u00e9\n\uff01\n\u{1f600}\n');
  });

  it('reads standard input when the file is missing or "-"', async () => {
    expect((await sort([], 'b\na\n')).text).toBe('a\nb\n');
    expect((await sort(['-'], 'b\na')).text).toBe('a\nb\n');
    expect((await sort([], '')).text).toBe('');
  });

  it('keeps raw bytes that are not UTF-8, and empty lines, exactly', async () => {
    const r = await sort([file(Uint8Array.of(0xff, 0x0a, 0x0a, 0x61, 0x0d, 0x0a, 0x80, 0x0a))]);
    expect([...r.out]).toEqual([0x0a, 0x61, 0x0d, 0x0a, 0x80, 0x0a, 0xff, 0x0a]);
  });

  it('writes to the -o file instead, and may overwrite its own input', async () => {
    const path = file('c\nb\na\n');
    const r = await sort([path, '-o', path]);
    expect(r).toMatchObject({ code: 0, out: Buffer.alloc(0) });
    expect(readFileSync(path, 'utf8')).toBe('a\nb\nc\n');
  });

  it('writes over an existing -o file and cuts it to the output, longer or shorter than before', async () => {
    const input = file('c\nb\na\n');
    const longer = file('x'.repeat(100_000));
    expect(await sort([input, '-o', longer])).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(longer, 'utf8')).toBe('a\nb\nc\n');
    const shorter = file('z');
    expect(await sort([input, '-o', shorter])).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(shorter, 'utf8')).toBe('a\nb\nc\n');
    // Empty input, from a file and from standard input: an empty file.
    expect(await sort([file(''), '-o', longer])).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(longer, 'utf8')).toBe('');
    writeFileSync(longer, 'old text');
    expect(await sort(['--escaped', '-o', longer], 'b\na\n')).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(longer, 'utf8')).toBe('a\nb\n');
  });

  it('decodes \\xNN and \\\\ with --escaped and writes unprintable bytes escaped', async () => {
    const r = await sort(['--escaped'], 'b\\x00\na\\\\\n\\xFF\n\\x0a\nplain \u00e9\n');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.text).toBe('\\x0a\na\\\\\nb\\x00\nplain \u00e9\n\\xff\n');
  });

  it('reports a bad escape with its line number and exits 2', async () => {
    const r = await sort(['--escaped'], 'ok\nbad\\x4\n');
    expect(r.code).toBe(2);
    expect(r.err).toBe('btstudio sort: line 2: bad escape "\\x4" at offset 3: use \\xNN with two hex digits, or \\\\ for a backslash\n');
  });

  it('exits 2 with one line on stderr for an unknown flag, a missing file or two inputs', async () => {
    const flag = await sort(['--reverse']);
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/^btstudio sort: unknown option "--reverse" \(options: --escaped, --output \(-o\)\)\n$/);
    const missing = await sort([join(dir, 'nope.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`btstudio sort: ${join(dir, 'nope.txt')}: no such file or directory\n`);
    const two = await sort([file('a'), file('b')]);
    expect(two.code).toBe(2);
    expect(two.err.split('\n')).toHaveLength(2);
  });

  it('exits 2 when the output file cannot be created', async () => {
    const r = await sort([file('a\n'), '-o', join(dir, 'no-such-dir', 'out.txt')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^btstudio sort: .*out\.txt: no such file or directory\n$/);
  });

  it('stops quietly with exit 0 when the reader closes the pipe early', async () => {
    const stdout = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await run([file('b\na\n'.repeat(1000))], { stdout, stderr, stdin: new PassThrough() });
    expect({ code, err }).toEqual({ code: 0, err: '' });
  });

  it('gives byte for byte the output of LC_ALL=C sort on 20,000 random UTF-8 lines', async () => {
    let seed = 2026;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const alphabet = ['a', 'b', 'Z', '0', '9', '#', '-', ' ', '\t', '\u00e9', '\uff01', '\u{1f600}', '\u4e2d', '\u007f', '\u0001'];
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const prefix = ['', 'user#', 'tenant#device', 'com.example.www#/'][rand(4)]!;
      let line = prefix;
      for (let n = rand(12); n > 0; n--) line += alphabet[rand(alphabet.length)]!;
      lines.push(line);
    }
    const path = file(lines.join('\n') + '\n');
    const gnu = spawnSync('sort', [path], { env: { ...process.env, LC_ALL: 'C' }, maxBuffer: 64 * 1024 * 1024 });
    expect(gnu.status).toBe(0);
    const r = await sort([path]);
    expect(r.code).toBe(0);
    expect(r.out.equals(gnu.stdout)).toBe(true);
  });

  it('writes the lines sorted by a byte-by-byte comparator, for inputs of many buckets and long shared prefixes (fixed seed)', async () => {
    const SEED = 20261219;
    console.log(`fast-check seed ${SEED}`);
    /** Unsigned bytes compared one at a time; a strict prefix first. */
    const byteWise = (a: Uint8Array, b: Uint8Array): number => {
      for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    };
    const prefixes = ['', 'tenant0123#sensor#45678#92233700', 'tenant0123#sensor#4567', 'user#', '\u00e9\u4e2d#', 'a'.repeat(70)];
    const tail = fc.uint8Array({ maxLength: 14 }).map((b) => b.map((x) => (x === 10 ? 0 : x)));
    const line = fc.tuple(fc.constantFrom(...prefixes), tail).map(([p, t]) => Buffer.concat([Buffer.from(p), t]));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12_000 }), fc.boolean(), async (lines, newlineAtEnd) => {
        const text = Buffer.concat(lines.flatMap((l, i) => (i < lines.length - 1 || newlineAtEnd ? [l, Buffer.of(10)] : [l])));
        // The lines of the text: an empty piece after the last \n (or of an empty text) is none.
        const pieces: Buffer[] = [];
        for (let at = 0; ; ) {
          const nl = text.indexOf(10, at);
          pieces.push(text.subarray(at, nl < 0 ? text.length : nl));
          if (nl < 0) break;
          at = nl + 1;
        }
        if (pieces[pieces.length - 1]!.length === 0) pieces.pop();
        const want = Buffer.concat(pieces.sort(byteWise).flatMap((l) => [l, Buffer.of(10)]));
        const out = join(dir, `out-${files++}.txt`);
        const r = await sort([file(text), '-o', out]);
        expect(r).toMatchObject({ code: 0, err: '' });
        expect(readFileSync(out).equals(want)).toBe(true);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});
