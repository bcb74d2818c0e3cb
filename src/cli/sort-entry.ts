// Process entry of `btstudio sort` (dist/cli/sort-main.mjs, one file with all it runs): bin/btstudio.mjs
// loads it instead of the CLI's entry when the command is sort. It reaches the first byte of
// the input without main.ts and its chunks (a dozen modules in all, each resolved and read on
// its own: 10-15 ms of Node 20's start), and the worker thread starts that much sooner. The
// command runs as main.ts runs it (--help, errors, exit codes). Run directly, it takes the
// same arguments as the CLI: `sort FILE ...`.
import * as sort from './commands/sort';
import { exitWith, processIo, runCommand } from './run-command';

exitWith(runCommand('sort', sort, process.argv.slice(3), processIo()));
