// The MCP server's tools: each one runs a btstudio command in memory (the same code, flags and
// JSON as the command line) over the text it was given, through `withFiles`, so a tool reads
// nothing from the disk, writes nothing and talks to no Bigtable. Inputs go through the same
// loader and limits as a file given to the CLI.
import * as z from 'zod';
import { CODE_LANGS, coverageText, EXPORT_FORMATS } from '../../core/outputs';
import { runCliWithInput } from '../run-in-memory';
import { MAX_READ_BYTES, withFiles } from '../io';
import { SCHEMA_URI } from './resources';

/** What a tool answers: MCP's CallToolResult. */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  /** The JSON Schema of the arguments (built on first use: start-up stays fast). */
  inputSchema(): Record<string, unknown>;
  run(args: Record<string, unknown>): Promise<ToolResult>;
}

/** A tool's own mistake of input, answered as a tool error (never a crash of the server). */
export class ToolInputError extends Error {}

const encoder = new TextEncoder();

// A design is the text of a design file (YAML or JSON). Its JSON Schema is not inlined here (it
// is large, and would be repeated in every tool): it is one resource, SCHEMA_URI. The loader
// checks the text as it checks a file, with the same messages; an object is still taken, as
// its JSON text, for clients that send one.
const designInput = (what: string) =>
  z
    .string()
    .max(MAX_READ_BYTES)
    .meta({
      description: `${what}: the text of a design file, YAML or JSON (format bigtable-studio/v1; its JSON Schema is the resource ${SCHEMA_URI}).`,
    });
const fileName = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .meta({ description: 'The file name to use in messages (default design.yaml), e.g. the path the design has in your repository.' });
const tableName = z.string().min(1).max(200).optional().meta({ description: 'The table; may be left out when the design has one table.' });
const severity = z.enum(['off', 'info', 'warning', 'error']);

function jsonSchemaOf(shape: () => z.ZodRawShape): () => Record<string, unknown> {
  let schema: Record<string, unknown> | undefined;
  return () => {
    if (!schema) {
      schema = z.toJSONSchema(z.strictObject(shape()), { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
      delete schema.$schema;
    }
    return schema;
  };
}

/** The bytes a design argument stands for (an object becomes its JSON text). */
function designBytes(value: unknown, what = 'design'): Uint8Array {
  if (typeof value === 'string') return encoder.encode(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    let text: string;
    try {
      text = JSON.stringify(value);
    } catch (e) {
      throw new ToolInputError(`${what}: cannot be read as JSON (${(e as Error).message})`);
    }
    return encoder.encode(text);
  }
  throw new ToolInputError(`${what}: give the text of a design file (YAML or JSON) or a design object`);
}

function optionalString(args: Record<string, unknown>, key: string, max = 200): string | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new ToolInputError(`${key}: a text of 1 to ${max} characters`);
  return v;
}

function optionalInt(args: Record<string, unknown>, key: string): string | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new ToolInputError(`${key}: a whole number`);
  return String(v);
}

function fileNameOf(args: Record<string, unknown>, fallback = 'design.yaml'): string {
  const name = optionalString(args, 'name') ?? fallback;
  // The name is the command's positional argument: it must not read as a flag.
  if (name.startsWith('-')) throw new ToolInputError(`name: a file name, not one that starts with "-" (got "${name}")`);
  return name;
}

/** Runs `btstudio ...argv` in memory with `files` as the only files there are. */
export async function runCommand(argv: string[], files: Map<string, Uint8Array>, stdin = ''): Promise<{ code: number; out: string; err: string }> {
  return withFiles(files, () => runCliWithInput(argv, stdin));
}

function textResult(text: string, structured?: unknown, isError = false): ToolResult {
  const result: ToolResult = { content: [{ type: 'text', text }] };
  if (structured !== undefined) {
    result.structuredContent = (Array.isArray(structured) ? { results: structured } : structured) as Record<string, unknown>;
  }
  if (isError) result.isError = true;
  return result;
}

/** A command's failure (exit 2 or worse) as a tool error carrying the command's own message. */
function commandError(r: { code: number; err: string }): ToolResult {
  return textResult(r.err.trim() || `the command failed (exit ${r.code})`, undefined, true);
}

/** Runs a command whose stdout is JSON; exit codes in `ok` are answers, others are errors. */
async function jsonCommand(argv: string[], files: Map<string, Uint8Array>, ok: number[]): Promise<ToolResult> {
  const r = await runCommand(argv, files);
  if (!ok.includes(r.code)) return commandError(r);
  // A refusal before any report (`check --json` of a design past 5 MiB, exit 2) prints only its
  // reason on stderr: that is the answer, as a tool error.
  if (r.code !== 0 && r.out.trim() === '') return commandError(r);
  const json: unknown = JSON.parse(r.out);
  return textResult(r.out.trimEnd(), json);
}

function designArgs(args: Record<string, unknown>): { file: string; files: Map<string, Uint8Array> } {
  const file = fileNameOf(args);
  return { file, files: new Map([[file, designBytes(args.design)]]) };
}

function tableFlags(args: Record<string, unknown>): string[] {
  const table = optionalString(args, 'table');
  return table === undefined ? [] : [`--table=${table}`];
}

/** A tool whose arguments are the zod shape `inputs` (their JSON Schema made on first use). */
function tool({ inputs, ...rest }: Omit<Tool, 'inputSchema'> & { inputs: () => z.ZodRawShape }): Tool {
  return { ...rest, inputSchema: jsonSchemaOf(inputs) };
}

/**
 * A tool over one design: its arguments are `design` (described as `design`), `name`, then
 * the tool's own `inputs`; `run` has the design as the one file there is.
 */
function designTool(spec: {
  name: string;
  title: string;
  description: string;
  design: string;
  inputs?: () => z.ZodRawShape;
  run(args: Record<string, unknown>, design: { file: string; files: Map<string, Uint8Array> }): Promise<ToolResult>;
}): Tool {
  const { design, inputs, run, ...texts } = spec;
  return tool({
    ...texts,
    inputs: () => ({ design: designInput(design), name: fileName, ...inputs?.() }),
    async run(args) {
      return run(args, designArgs(args));
    },
  });
}

const checkDesign = designTool({
  name: 'check_design',
  title: 'Check a design',
  description:
    'Validates a design against the design format (bigtable-studio/v1). Answers ok and the number of tables, or every problem with its line, column and path, as `btstudio check --json` does.',
  design: 'The design to check',
  async run(_args, { file, files }) {
    return jsonCommand(['check', file, '--json'], files, [0, 2]);
  },
});

const lintDesign = designTool({
  name: 'lint_design',
  title: 'Lint a design',
  description:
    'Runs every rule of the validator (Bigtable schema guidance: hotspots, key bytes, families, queries, capacity) over a design. Answers the findings (rule, severity, message, fix available, line and column), the plan of each declared query and size estimates, as `btstudio lint --format json` does. Errors come first.',
  design: 'The design to lint',
  inputs: () => ({
    rules: z
      .record(z.string().max(100), severity)
      .optional()
      .meta({ description: "Severity per rule id for this run (off, info, warning, error), over the design's own lint.rules." }),
  }),
  async run(args, { file, files }) {
    const argv = ['lint', file, '--format=json'];
    const rules = args.rules;
    if (rules !== undefined) {
      if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) throw new ToolInputError('rules: an object of rule id to severity');
      for (const [id, sev] of Object.entries(rules)) argv.push(`--rule=${id}=${String(sev)}`);
    }
    return jsonCommand(argv, files, [0, 1]);
  },
});

const simulateTable = designTool({
  name: 'simulate_table',
  title: 'Simulate a table',
  description:
    "Simulates tablets, nodes and hotspots of one table under its declared load, as `btstudio simulate --format json` does (pattern, hotspot score, throttled writes, heatmap values). The text answer is the command's report with a small ASCII heatmap of writes by key range and time.",
  design: 'The design',
  inputs: () => ({
    table: tableName,
    nodes: z.number().int().min(1).max(1000).optional().meta({ description: "Nodes (default: the design's cluster, else 3)." }),
    seconds: z.number().int().min(1).optional().meta({ description: 'Simulated seconds (default 600).' }),
    seed: z.number().int().min(0).max(0xffffffff).optional().meta({ description: 'Random seed of the run (default 1).' }),
    writesPerSecond: z.number().int().min(0).optional().meta({ description: "Write rate instead of the table's load.writesPerSecond." }),
    buckets: z.number().int().min(1).optional().meta({ description: 'Key ranges of the heatmap (default 100).' }),
    slots: z.number().int().min(1).optional().meta({ description: 'Time slots of the heatmap (default 60).' }),
    preSplit: z.boolean().optional().meta({
      description:
        'When the new table throttles writes while it splits (launch), propose split keys and check them with a second run (preSplit in the answer).',
    }),
  }),
  async run(args, { file, files }) {
    const flags = [...tableFlags(args)];
    if (args.preSplit === true) flags.push('--pre-split');
    for (const [key, flag] of [
      ['nodes', '--nodes'],
      ['seconds', '--seconds'],
      ['seed', '--seed'],
      ['writesPerSecond', '--wps'],
      ['buckets', '--buckets'],
      ['slots', '--slots'],
    ] as const) {
      const v = optionalInt(args, key);
      if (v !== undefined) flags.push(`${flag}=${v}`);
    }
    const json = await runCommand(['simulate', file, ...flags, '--format=json'], files);
    if (json.code !== 0) return commandError(json);
    const text = await runCommand(['simulate', file, ...flags, '--format=text'], files);
    if (text.code !== 0) return commandError(text);
    return textResult(text.out.trimEnd(), JSON.parse(json.out));
  },
});

/** Keys an agent reads: a bound below the CLI's 1,000,000, which would not fit a conversation. */
export const MAX_SAMPLE_KEYS = 10_000;

const sampleKeys = designTool({
  name: 'sample_keys',
  title: 'Sample row keys',
  description:
    "Generates N row keys of a table from its key template, in Bigtable's byte order (unsigned bytes), one a line; bytes that are not printable UTF-8 are written \\xNN. As `btstudio keys --sorted`.",
  design: 'The design',
  inputs: () => ({
    table: tableName,
    n: z
      .number()
      .int()
      .min(1)
      .max(MAX_SAMPLE_KEYS)
      .optional()
      .meta({ description: `How many keys (default 20, at most ${MAX_SAMPLE_KEYS}).` }),
    seed: z.number().int().min(0).max(0xffffffff).optional().meta({ description: 'Random seed (default 1).' }),
    hex: z.boolean().optional().meta({ description: 'Write each key as hex instead.' }),
  }),
  async run(args, { file, files }) {
    const n = optionalInt(args, 'n');
    if (n !== undefined && (Number(n) < 1 || Number(n) > MAX_SAMPLE_KEYS)) throw new ToolInputError(`n: from 1 to ${MAX_SAMPLE_KEYS}`);
    const argv = ['keys', file, ...tableFlags(args), '--sorted', `-n${n ?? '20'}`];
    const seed = optionalInt(args, 'seed');
    if (seed !== undefined) argv.push(`--seed=${seed}`);
    if (args.hex === true) argv.push('--hex');
    const r = await runCommand(argv, files);
    if (r.code !== 0) return commandError(r);
    const keys = r.out.split('\n').filter((line, i, all) => i < all.length - 1 || line !== '');
    return textResult(r.out.trimEnd(), { keys });
  },
});

const exportDesign = designTool({
  name: 'export_design',
  title: 'Export a design',
  description: `Exports a table or the whole design (${coverageText()}) as row_key_schema.yaml, a gcloud or cbt script, Terraform, key-builder code, GoogleSQL, a Markdown review or the design file, as \`btstudio export\` does. Answers the text; it writes no file and runs nothing.`,
  design: 'The design',
  inputs: () => ({
    format: z.enum(EXPORT_FORMATS).meta({ description: 'The export format (docs/exports.md).' }),
    table: tableName,
    lang: z.enum(CODE_LANGS).optional().meta({ description: 'With format code: the language.' }),
    preEncoded: z.boolean().optional().meta({ description: 'With format row-key-schema: the delimiter in base64.' }),
    as: z.enum(['yaml', 'json']).optional().meta({ description: 'With format design: YAML (default) or JSON.' }),
  }),
  async run(args, { file, files }) {
    const format = optionalString(args, 'format', 40);
    if (format === undefined) throw new ToolInputError(`format: one of ${EXPORT_FORMATS.join(', ')}`);
    const argv = ['export', file, `--to=${format}`, ...tableFlags(args)];
    const lang = optionalString(args, 'lang', 20);
    if (lang !== undefined) argv.push(`--lang=${lang}`);
    if (args.preEncoded === true) argv.push('--pre-encoded');
    const as = optionalString(args, 'as', 10);
    if (as !== undefined) argv.push(`--as=${as}`);
    const r = await runCommand(argv, files);
    if (r.code !== 0) return commandError(r);
    const notes = r.err
      .split('\n')
      .filter((l) => l.startsWith('note: '))
      .map((l) => l.slice(6));
    return textResult(r.out, { format, notes });
  },
});

const planCapacity = designTool({
  name: 'plan_capacity',
  title: 'Plan capacity and cost',
  description:
    "The capacity and cost plan of a design: every table's reads, writes, scans and stored bytes (summed: the tables share the cluster) against Google's per-node figures, the nodes needed, utilization and monthly cost, as `btstudio plan --format json` does.",
  design: 'The design',
  inputs: () => ({
    nodeHour: z.number().min(0).max(1_000_000).optional().meta({ description: 'Price of a node-hour instead of the list price.' }),
    ssdGbMonth: z.number().min(0).max(1_000_000).optional().meta({ description: 'Price of a GB-month of SSD storage.' }),
    hddGbMonth: z.number().min(0).max(1_000_000).optional().meta({ description: 'Price of a GB-month of HDD storage.' }),
  }),
  async run(args, { file, files }) {
    const argv = ['plan', file, '--format=json'];
    for (const [key, flag] of [
      ['nodeHour', '--node-hour'],
      ['ssdGbMonth', '--ssd-gb-month'],
      ['hddGbMonth', '--hdd-gb-month'],
    ] as const) {
      const v = args[key];
      if (v === undefined) continue;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new ToolInputError(`${key}: a number`);
      argv.push(`${flag}=${v}`);
    }
    return jsonCommand(argv, files, [0]);
  },
});

const applyFixes = designTool({
  name: 'apply_fixes',
  title: 'Apply the safe fixes',
  description:
    'Applies every fix the validator offers (each checked first: its finding goes, nothing new is wrong, no declared query is served worse), or those of the rules named, as `btstudio fix` does. Answers the fixed design (YAML) and what each fix did to every declared query; it writes no file.',
  design: 'The design to fix',
  inputs: () => ({
    rules: z.array(z.string().min(1).max(100)).max(100).optional().meta({ description: 'Only the fixes of these rule ids.' }),
  }),
  async run(args, { file, files }) {
    const argv = ['fix', file];
    const rules = args.rules;
    if (rules !== undefined) {
      if (!Array.isArray(rules) || rules.some((r) => typeof r !== 'string')) throw new ToolInputError('rules: a list of rule ids');
      for (const r of rules as string[]) argv.push(`--rule=${r}`);
    }
    const r = await runCommand(argv, files);
    if (r.code === 2) return commandError(r);
    const changes = r.err.split('\n').filter((l) => l !== '');
    const changed = r.code === 0;
    return textResult(`${r.err.trimEnd()}\n\n${r.out}`, { changed, design: r.out, changes });
  },
});

const diffDesigns = tool({
  name: 'diff_designs',
  title: 'Compare two designs',
  description:
    'What changed from design A to design B: tables, families, GC rules, key template and fields, queries, load, views and settings, each classed by what Bigtable allows (in place, needs care, new table and backfill), with the plan and finding changes per query, as `btstudio diff --format json` does.',
  inputs: () => ({
    a: designInput('Design A (before)'),
    b: designInput('Design B (after)'),
  }),
  async run(args) {
    const files = new Map([
      ['a.yaml', designBytes(args.a, 'a')],
      ['b.yaml', designBytes(args.b, 'b')],
    ]);
    return jsonCommand(['diff', 'a.yaml', 'b.yaml', '--format=json'], files, [0, 1]);
  },
});

const inferFromKeys = tool({
  name: 'infer_from_keys',
  title: 'Infer a design from sampled keys',
  description:
    'Reads row keys, one a line (\\xNN for any byte), and answers a design whose key template explains them, each field typed with its distribution and a confidence, and the keys that do not fit by line, as `btstudio infer --format json` does.',
  inputs: () => ({
    keys: z.string().min(1).max(MAX_READ_BYTES).meta({ description: 'The keys, one a line.' }),
    table: z.string().min(1).max(50).optional().meta({ description: 'The table name for the design (default keys).' }),
  }),
  async run(args) {
    const keys = args.keys;
    if (typeof keys !== 'string' || keys.length === 0) throw new ToolInputError('keys: the keys, one a line');
    if (encoder.encode(keys).length > MAX_READ_BYTES) throw new ToolInputError(`keys: at most ${MAX_READ_BYTES} bytes (give a sample)`);
    const argv = ['infer', '-', '--format=json'];
    const table = optionalString(args, 'table', 50);
    if (table !== undefined) argv.push(`--table=${table}`);
    const r = await runCommand(argv, new Map(), keys);
    if (r.code !== 0 && r.code !== 1) return commandError(r);
    return textResult(r.out.trimEnd(), JSON.parse(r.out));
  },
});

export const TOOLS: readonly Tool[] = [checkDesign, lintDesign, planCapacity, simulateTable, sampleKeys, exportDesign, applyFixes, diffDesigns, inferFromKeys];
