// btstudio mcp: the studio's checks as a Model Context Protocol server over stdio (docs/mcp.md).
import { parseFlags, UserError, type Io } from '../io';
import { VERSION } from '../version';

export const usage = `usage: btstudio mcp

Runs a Model Context Protocol server on standard input and output, for a coding agent to call
(register it in the agent's MCP configuration as the command "npx btstudio mcp"; docs/mcp.md).
Tools: check_design, lint_design, plan_capacity, simulate_table, sample_keys, export_design,
apply_fixes, diff_designs, infer_from_keys. Resources: the rule
pages, the design format and its JSON Schema, the example designs. Prompt: review_schema.
Every tool is read-only: it answers text, writes no file and talks to no Bigtable. Designs are
read with the same limits as "btstudio check". The server stops when its input closes.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { positionals } = parseFlags(argv, {});
  if (positionals.length > 0) throw new UserError(`mcp takes no arguments (got "${positionals[0]}")`);
  const { serveStdio } = await import('../mcp/server');
  await serveStdio(VERSION, io.stdin, io.stdout, io.stderr);
  return 0;
}
