// Runs the CLI in memory for tests and benchmarks: argv in, exit code and both streams' text out.
import { PassThrough } from 'node:stream';
import { main } from './main';

/** Runs `btstudio ...argv` with empty standard input. */
export function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return runCliWithInput(argv);
}

/** The same, with text on standard input. */
export async function runCliWithInput(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const input = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  input.end(stdin);
  const code = await main(argv, { stdout, stderr, stdin: input });
  return { code, out, err };
}
