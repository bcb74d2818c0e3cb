// btstudio lsp: a Language Server Protocol server over stdio for design files (docs/editors.md).
import { parseFlags, UserError, type Io } from '../io';
import { VERSION } from '../version';

export const usage = `usage: btstudio lsp [--stdio]

Runs a Language Server Protocol server on standard input and output, for an editor's LSP
client (VS Code, Neovim, Helix: docs/editors.md). On a design file (YAML or JSON whose format
is bigtable-studio/v1) it publishes the problems "btstudio check" and the findings
"btstudio lint" report, with their exact ranges, as you type; offers each checked fix as a
code action; shows a finding's rule page on hover; completes keys and values from the design's
JSON Schema. --stdio (the default) and --clientProcessId=PID are accepted for clients that
pass them. It reads
only what the editor sends and writes no file. It stops when the editor says exit or closes
its input.`;

export async function run(argv: string[], io: Io): Promise<number> {
  // LSP clients may add these for the transport they start; stdio is the one there is.
  const { positionals } = parseFlags(argv, { stdio: { type: 'boolean' }, clientProcessId: { type: 'string' } });
  if (positionals.length > 0) throw new UserError(`lsp takes no arguments (got "${positionals[0]}")`);
  const { serveLsp } = await import('../lsp/server');
  serveLsp(VERSION, io.stdin, io.stdout);
  // The connection ends the process (exit notification, or its input closing).
  return new Promise<number>(() => {});
}
