// btstudio: the command line over the same core as the web app.
import { quote, write, type Io } from './io';
import { runCommand, type Command } from './run-command';
import { VERSION } from './version';

// Commands load lazily: `btstudio sort` must not pay for zod or the key engine at start-up.
// Each command's one-line summary lives here only (the help lists them without loading any).
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  check: { summary: 'validate design files (exit 0 ok, 2 invalid)', load: () => import('./commands/check') },
  lint: { summary: 'check designs against Bigtable schema guidance (exit 1 on errors)', load: () => import('./commands/lint') },
  fix: { summary: 'apply the fixes the validator offers, each checked against every declared query', load: () => import('./commands/fix') },
  keys: { summary: 'print sample row keys of a table', load: () => import('./commands/keys') },
  sort: { summary: 'sort keys, one a line, in Bigtable byte order', load: () => import('./commands/sort') as Promise<Command> },
  schema: { summary: 'print the JSON Schema of the design format', load: () => import('./commands/schema') },
  export: {
    summary: 'export a table or the whole design: row_key_schema.yaml, gcloud, cbt, terraform, code, sql, markdown, design',
    load: () => import('./commands/export'),
  },
  import: { summary: 'import a design, row_key_schema.yaml or gcloud tables describe output', load: () => import('./commands/import') },
  share: { summary: 'print a link that holds the whole design', load: () => import('./commands/share') },
  open: { summary: 'print the design inside a share link as YAML', load: () => import('./commands/open') },
  plan: { summary: 'print the nodes, storage and monthly cost the design needs', load: () => import('./commands/plan') },
  simulate: { summary: 'simulate tablets, nodes and hotspots of a table under its write load', load: () => import('./commands/simulate') },
  apply: { summary: "create or update the design's tables in Bigtable or the emulator (plan first)", load: () => import('./commands/apply') },
  load: { summary: "write synthetic rows shaped by a table's design to Bigtable or the emulator", load: () => import('./commands/load') },
  verify: { summary: 'check a real table against its design: key template, byte order, query ranges', load: () => import('./commands/verify') },
  diff: { summary: 'compare two designs: changes classed by what Bigtable allows, plan and finding changes', load: () => import('./commands/diff') },
  infer: { summary: 'infer a design (key template, field types, distributions) from sample row keys', load: () => import('./commands/infer') },
  pull: { summary: 'read live tables (families, GC rules, keys) into a design; read-only', load: () => import('./commands/pull') },
  serve: { summary: 'serve the studio and live collaboration (rooms, links, presence) on one port', load: () => import('./commands/serve') },
  mcp: { summary: 'serve the checks to coding agents: a Model Context Protocol server over stdio', load: () => import('./commands/mcp') },
  lsp: { summary: 'serve diagnostics, fixes, hover and completion to editors: a language server over stdio', load: () => import('./commands/lsp') },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return `btstudio ${VERSION}: Bigtable Schema Studio on the command line

usage: btstudio COMMAND [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`)
  .join('\n')}

Run "btstudio COMMAND --help" for a command's options. Exit codes: 0 ok, 1 a check failed,
2 bad input or usage.
`;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await write(io.stdout, help());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    await write(io.stdout, `${VERSION}\n`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    await write(io.stderr, `btstudio: unknown command ${quote(name)} (commands: ${Object.keys(COMMANDS).join(', ')}; btstudio --help lists them)\n`);
    return 2;
  }
  return runCommand(name, await entry.load(), rest, io);
}
