#!/bin/sh
//bin/true; case $1 in sort) set -- --no-concurrent-recompilation "$0" "$@";; *) set -- "$0" "$@";; esac; exec env BTSTUDIO_NODE_EXTRA_CA_CERTS="${NODE_EXTRA_CA_CERTS-}" NODE_EXTRA_CA_CERTS= node "$@"
// Runs the bundled CLI. `npm ci` builds it (the "prepare" script); a checkout without a build
// gets a clear message instead of a module-not-found stack.
//
// The two lines above are read by /bin/sh when this file is run as a program (`btstudio`,
// `npx btstudio`, `bin/btstudio.mjs`; `//bin/true` is /bin/true); `node bin/btstudio.mjs`
// skips the first and reads the second as a comment. The shell starts Node with
// NODE_EXTRA_CA_CERTS empty and its value in BTSTUDIO_NODE_EXTRA_CA_CERTS: Node 20 reads the
// whole certificate store at start when the variable is set (40-80 ms; nodejs/node#40524; Node
// 22 and later wait for the first TLS connection), and only a command that connects to
// Bigtable needs it. Below, the variable is put back for every process this one starts, and
// the commands that connect run again with it set, so they trust exactly what they would have
// trusted (docs/cli.md, "Node 20 and NODE_EXTRA_CA_CERTS"). `sort` alone starts with V8's
// --no-concurrent-recompilation, which only the command line can give the main thread: V8 then
// optimizes the sort's hot code on the thread that runs it instead of on a compiler thread that
// takes turns with the two sorting threads for the two cores (docs/cli.md, "sort").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

/** The commands that may open a TLS connection (to Cloud Bigtable): src/cli/target.ts's users. */
const CONNECTING = ['apply', 'load', 'pull', 'verify'];
const carried = process.env.BTSTUDIO_NODE_EXTRA_CA_CERTS;
let again = false;
if (carried !== undefined) {
  delete process.env.BTSTUDIO_NODE_EXTRA_CA_CERTS;
  // Deferred only when this process started with the variable empty (the shell's doing).
  if (process.env.NODE_EXTRA_CA_CERTS === '') {
    if (carried === '') delete process.env.NODE_EXTRA_CA_CERTS;
    else {
      process.env.NODE_EXTRA_CA_CERTS = carried;
      again = CONNECTING.includes(process.argv[2]);
    }
  }
}

if (again) {
  // The command runs in a Node that read the certificates at its start; this one waits for it and
  // ends as it ended. Ctrl-C reaches both from the terminal; other signals are passed on.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => {
    process.stderr.write(`btstudio: cannot start Node again for ${process.argv[2]}: ${e.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
} else {
  const bundle = new URL('../dist/cli/btstudio.mjs', import.meta.url);
  // `btstudio sort` has an entry of its own, one file: it starts sooner than through the CLI's
  // entry and its chunks (src/cli/sort-entry.ts).
  const sortMain = new URL('../dist/cli/sort-main.mjs', import.meta.url);
  if (!existsSync(bundle) || !existsSync(sortMain)) {
    process.stderr.write('btstudio: the CLI is not built yet; run "npm run build:cli" (npm ci does it for you)\n');
    process.exit(2);
  }
  // Node 22.1+ keeps the bundle's compiled code between runs (in its cache under the OS temp
  // directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): start-up without compiling it again.
  // Older Node has no such cache and starts as before.
  module.enableCompileCache?.();
  await import((process.argv[2] === 'sort' ? sortMain : bundle).href);
}
