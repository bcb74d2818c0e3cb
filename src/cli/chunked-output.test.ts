import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chunkedOutput, fileChunks, type ChunkedOutput } from './chunked-output';

/** Writes `lines` lines through the output, flushing every `every` lines; the expected text. */
async function fill(output: ChunkedOutput, lines: number, every: number): Promise<string> {
  let text = '';
  for (let k = 0; k < lines; k++) {
    const line = `key-${k.toString().padStart(7, '0')}-${'x'.repeat(k % 97)}\n`;
    text += line;
    for (let p = 0; p < line.length; p++) output.out.push(line.charCodeAt(p));
    if ((k + 1) % every === 0) await output.flush();
  }
  await output.end();
  return text;
}

describe('chunked output', () => {
  it('writes every chunk to a file in order while the next fills (two buffers, one in flight)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'btstudio-chunks-')), 'out.txt');
    const fd = openSync(path, 'w');
    const output = fileChunks(fd, 1024);
    const first = output.out;
    output.out.push(65);
    await output.flush();
    // The filled buffer is being written; the next one to fill is the other.
    expect(output.out).not.toBe(first);
    expect(output.out.len).toBe(0);
    const text = 'A' + (await fill(output, 20_000, 333));
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('an empty flush writes nothing, and end waits for the last write', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'btstudio-chunks-')), 'out.txt');
    writeFileSync(path, 'old contents');
    const fd = openSync(path, 'w');
    const output = fileChunks(fd, 16);
    await output.flush();
    await output.end();
    expect(readFileSync(path, 'utf8')).toBe('');
    for (const c of 'done\n') output.out.push(c.charCodeAt(0));
    await output.end();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('done\n');
  });

  it('a file that cannot be written is a clear error, not a crash', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'btstudio-chunks-')), 'out.txt');
    writeFileSync(path, '');
    const fd = openSync(path, 'r'); // read-only: every write fails (EBADF)
    const output = fileChunks(fd, 16);
    for (const c of 'lost\n') output.out.push(c.charCodeAt(0));
    await expect(output.end()).rejects.toThrow(/^standard output: cannot write \(/);
    closeSync(fd);
  });

  it('writes through the stream when standard output is not a file (a pipe, a test)', async () => {
    const stream = new PassThrough();
    const got: Buffer[] = [];
    stream.on('data', (b: Buffer) => got.push(b));
    const output = chunkedOutput({ stdout: stream, stderr: new PassThrough(), stdin: new PassThrough() }, 64);
    const text = await fill(output, 5_000, 70);
    expect(Buffer.concat(got).toString('utf8')).toBe(text);
  });
});
