// Process entry of the bundled CLI (dist/cli/btstudio.mjs).
import { main } from './main';
import { exitWith, processIo } from './run-command';

exitWith(main(process.argv.slice(2), processIo()));
