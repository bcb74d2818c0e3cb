// Process entry of the bundled CLI (dist/cli/btstudio.mjs).
import { main } from './main';

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`btstudio: ${(e as Error).message}\n`);
    process.exitCode = 70;
  },
);
