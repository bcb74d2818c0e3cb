// The MCP server as an agent meets it: the CLI built from this source, started as a process,
// driven over stdio by the SDK's own client. Each tool's answer is compared with the CLI's own
// JSON for the same design.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designJsonSchema } from '../../core/model/schema';
import { RULES } from '../../core/rules/registry';
import { EXAMPLES_DIR, exampleDesigns, exampleFiles } from '../../test-support/examples';
import { runCli, runCliWithInput } from '../run-in-memory';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../../scripts/build-cli.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let bundle = '';
let client: Client;

type Answer = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Answer;
const text = (a: Answer) => a.content.map((c) => c.text).join('');

beforeAll(async () => {
  // Inside the repository, so the server finds docs/ and examples/ as an installed package does.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  bundle = (await buildCli(mkdtempSync(join(cache, 'btstudio-mcp-')))) as string;
  client = new Client({ name: 'btstudio-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bundle, 'mcp'], stderr: 'pipe' }));
}, 60_000);

afterAll(async () => {
  await client?.close();
});

const example = (file: string) => readFileSync(join(EXAMPLES_DIR, file), 'utf8');
const examplePath = (file: string) => join('examples', file);
const cliJson = async (...argv: string[]) => {
  const r = await runCli(...argv);
  return { code: r.code, json: JSON.parse(r.out) as unknown };
};
/** The CLI, run from the repository root so that file names read as the tool was told. */
const inRoot = async <T>(fn: () => Promise<T>): Promise<T> => {
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    return await fn();
  } finally {
    process.chdir(cwd);
  }
};

describe('btstudio mcp', () => {
  it('lists its tools in under 20 KB: each design argument is text, its schema one resource', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'apply_fixes',
      'check_design',
      'diff_designs',
      'export_design',
      'infer_from_keys',
      'lint_design',
      'plan_capacity',
      'sample_keys',
      'simulate_table',
    ]);
    // The whole answer as it travels (the SDK's client parsed it from one JSON line).
    const size = Buffer.byteLength(JSON.stringify({ tools }));
    expect(size).toBeLessThan(20 * 1024);
    // Before, the design schema was inlined in each tool: 9 copies of it would not fit.
    expect(size).toBeLessThan(Buffer.byteLength(JSON.stringify(designJsonSchema())));
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      const props = t.inputSchema.properties as Record<string, { type?: string; description?: string }>;
      const designs = ['design', 'a', 'b'].filter((k) => k in props);
      expect(designs.length > 0 || t.name === 'infer_from_keys', t.name).toBe(true);
      for (const k of designs) {
        expect(props[k]!.type, `${t.name}.${k}`).toBe('string');
        expect(props[k]!.description, `${t.name}.${k}`).toContain('btstudio://format/design.schema.json');
      }
    }
    // The schema the descriptions name is there, once, and is the design format's.
    const { resources } = await client.listResources();
    expect(resources.filter((r) => r.uri === 'btstudio://format/design.schema.json')).toHaveLength(1);
    const read = await client.readResource({ uri: 'btstudio://format/design.schema.json' });
    expect(read.contents[0]!.mimeType).toBe('application/schema+json');
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(designJsonSchema());
  });

  it('answers check_design and lint_design as the CLI does, for every example', async () => {
    for (const file of exampleFiles()) {
      const name = examplePath(file);
      const check = await call('check_design', { design: example(file), name });
      expect(check.isError, file).toBeFalsy();
      expect(JSON.parse(text(check)), file).toEqual((await inRoot(() => cliJson('check', name, '--json'))).json);
      const lint = await call('lint_design', { design: example(file), name });
      expect(lint.isError, file).toBeFalsy();
      const cli = await inRoot(() => cliJson('lint', name, '--format', 'json'));
      expect(JSON.parse(text(lint)), file).toEqual(cli.json);
      expect(lint.structuredContent, file).toEqual(cli.json);
    }
  }, 120_000);

  it('simulate_table with preSplit answers as `btstudio simulate --pre-split`: launch day and checked split keys', async () => {
    const name = examplePath('web-pages.yaml');
    const sim = await call('simulate_table', { design: example('web-pages.yaml'), name, preSplit: true });
    expect(sim.isError, text(sim)).toBeFalsy();
    const simCli = await inRoot(() => cliJson('simulate', name, '--pre-split', '--format', 'json'));
    expect(sim.structuredContent).toEqual(simCli.json);
    const answer = sim.structuredContent as { launch: { share: number } | null; preSplit: { ok: boolean; splits: string[] } | null };
    expect(answer.launch!.share).toBeGreaterThan(0.03);
    expect(answer.preSplit).toMatchObject({ ok: true });
    expect(answer.preSplit!.splits).toHaveLength(203);
    expect(text(sim)).toMatch(/^pre-split {3}203 pre-split points: /m);
  }, 120_000);

  it('answers simulate_table, sample_keys and export_design as the CLI does, for every table of every example', async () => {
    for (const { file, design } of exampleDesigns()) {
      const name = examplePath(file);
      for (const table of design.tables) {
        const sim = await call('simulate_table', { design: example(file), name, table: table.name, seconds: 60, seed: 7 });
        expect(sim.isError, `${file} ${table.name}: ${text(sim)}`).toBeFalsy();
        const simCli = await inRoot(() => cliJson('simulate', name, '--table', table.name, '--seconds', '60', '--seed', '7', '--format', 'json'));
        expect(sim.structuredContent, `${file} ${table.name}`).toEqual(simCli.json);
        expect(text(sim)).toContain('heatmap: writes by key range');

        const keys = await call('sample_keys', { design: example(file), name, table: table.name, n: 50, seed: 3 });
        const keysCli = await inRoot(() => runCli('keys', name, '--table', table.name, '--sorted', '-n', '50', '--seed', '3'));
        expect(text(keys) + '\n').toBe(keysCli.out);
        expect((keys.structuredContent as { keys: string[] }).keys).toHaveLength(50);

        for (const format of ['gcloud', 'terraform', 'sql', 'row-key-schema'] as const) {
          const exp = await call('export_design', { design: example(file), name, table: table.name, format });
          const expCli = await inRoot(() => runCli('export', name, '--table', table.name, '--to', format));
          expect(exp.isError ?? false, `${file} ${table.name} ${format}`).toBe(expCli.code !== 0);
          expect(exp.isError ? text(exp) + '\n' : text(exp), `${file} ${table.name} ${format}`).toBe(expCli.code === 0 ? expCli.out : expCli.err);
        }
      }
    }
  }, 300_000);

  it('answers plan_capacity, apply_fixes, diff_designs and infer_from_keys as the CLI does', async () => {
    for (const file of exampleFiles()) {
      const name = examplePath(file);
      const plan = await call('plan_capacity', { design: example(file), name });
      expect(plan.structuredContent, file).toEqual((await inRoot(() => cliJson('plan', name, '--format', 'json'))).json);
      const fixed = await call('apply_fixes', { design: example(file), name });
      const cli = await inRoot(() => runCli('fix', name));
      expect((fixed.structuredContent as { design: string }).design, file).toBe(cli.out);
      expect((fixed.structuredContent as { changes: string[] }).changes.join('\n'), file).toBe(cli.err.trimEnd());
    }
    const [a, b] = ['web-pages.yaml', 'iot-multitenant.yaml'];
    const diff = await call('diff_designs', { a: example(a), b: example(b) });
    const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'mcp-diff-'));
    writeFileSync(join(dir, 'a.yaml'), example(a));
    writeFileSync(join(dir, 'b.yaml'), example(b));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(diff.structuredContent).toEqual((await cliJson('diff', 'a.yaml', 'b.yaml', '--format', 'json')).json);
    } finally {
      process.chdir(cwd);
    }
    const keys = (await inRoot(() => runCli('keys', examplePath('iot-multitenant.yaml'), '-n', '2000'))).out;
    const inferred = await call('infer_from_keys', { keys });
    expect(inferred.isError ?? false).toBe(false);
    expect(inferred.structuredContent).toEqual(JSON.parse((await runCliWithInput(['infer', '-', '--format', 'json'], keys)).out));
  }, 300_000);

  it('still takes a design sent as a JSON object (read as its JSON text), with the same findings', async () => {
    const file = exampleFiles()[0]!;
    const { design } = exampleDesigns()[0]!;
    const asText = JSON.parse(text(await call('lint_design', { design: example(file) }))) as { findings: { rule: string; path: string }[] };
    const asObject = JSON.parse(text(await call('lint_design', { design }))) as { findings: { rule: string; path: string }[] };
    expect(asObject.findings.map((f) => [f.rule, f.path])).toEqual(asText.findings.map((f) => [f.rule, f.path]));
  });

  it('answers bad input with the message a user would get, and goes on serving', async () => {
    const broken = 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: nope}}}\n';
    const check = await call('check_design', { design: broken, name: 'mine.yaml' });
    const [result] = JSON.parse(text(check)) as { ok: boolean; issues: { line: number; column: number; path: string }[] }[];
    expect(result!.ok).toBe(false);
    expect(result!.issues[0]!.line).toBe(5);

    const lint = await call('lint_design', { design: broken, name: 'mine.yaml' });
    expect(lint.isError).toBe(true);
    expect(text(lint)).toMatch(/^mine\.yaml:5:\d+: tables\[0\]\.rowKey\.fields\.a\.type: /);
    // JSON text the same way: the message names the file, line, column and design path.
    const json = JSON.stringify(
      { format: 'bigtable-studio/v1', name: 'x', tables: [{ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'nope' } } } }] },
      null,
      2,
    );
    const lintJson = await call('lint_design', { design: json, name: 'mine.json' });
    expect(lintJson.isError).toBe(true);
    expect(text(lintJson)).toMatch(/^mine\.json:\d+:\d+: tables\[0\]\.rowKey\.fields\.a\.type: /);
    expect(text(await call('diff_designs', { a: broken, b: json }))).toMatch(/^btstudio diff: a\.yaml:5:\d+: tables\[0\]\.rowKey/);

    const huge = await call('lint_design', { design: `# ${'x'.repeat(5 * 1024 * 1024 + 10)}` });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toContain('may be at most 5 MiB');
    // check answers such a design with its reason too (its --json report never starts: no JSON to read).
    const hugeCheck = await call('check_design', { design: `# ${'x'.repeat(5 * 1024 * 1024 + 10)}` });
    expect(hugeCheck.isError).toBe(true);
    expect(text(hugeCheck)).toMatch(/^btstudio check: design\.yaml: the file is [\d.]+ MiB; a design file may be at most 5 MiB/);

    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
    ].join('\n');
    const aliases = await call('check_design', { design: bomb });
    expect(JSON.stringify(JSON.parse(text(aliases)))).toMatch(/alias/i);

    expect((await call('sample_keys', { design: example('web-pages.yaml'), n: 'many' })).isError).toBe(true);
    expect(text(await call('sample_keys', { design: example('web-pages.yaml'), n: 1_000_000 }))).toContain('n: from 1 to 10000');
    expect(text(await call('lint_design', { design: 42 }))).toContain('give the text of a design file');
    expect(text(await call('export_design', { design: example('web-pages.yaml'), name: '--output=/tmp/x' }))).toContain('not one that starts with "-"');
    expect(text(await call('export_design', { design: example('web-pages.yaml'), format: 'pdf' }))).toContain('--to must be one of');
    await expect(client.callTool({ name: 'drop_table', arguments: {} })).rejects.toThrow(/no tool "drop_table"/);

    // Still serving.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('reads only the text it is given: a name that is a real file is just a name', async () => {
    const design = 'format: bigtable-studio/v1\nname: only-this\ntables: []\n';
    const [result] = JSON.parse(text(await call('check_design', { design, name: join(ROOT, 'package.json') }))) as { ok: boolean; tables: number }[];
    expect(result).toMatchObject({ ok: true, tables: 0 });
  });

  it('serves every rule page, the design format, its JSON Schema and the examples as resources', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const rule of RULES) expect(uris).toContain(`btstudio://rules/${rule.meta.id}`);
    for (const file of exampleFiles()) expect(uris).toContain(`btstudio://examples/${file}`);
    const textOf = (r: { contents: unknown[] }) => (r.contents[0] as { text: string }).text;
    const page = await client.readResource({ uri: `btstudio://rules/${RULES[0]!.meta.id}` });
    expect(textOf(page)).toBe(readFileSync(join(ROOT, 'docs', 'rules', `${RULES[0]!.meta.id}.md`), 'utf8'));
    const schema = await client.readResource({ uri: 'btstudio://format/design.schema.json' });
    expect(JSON.parse(textOf(schema))).toEqual(designJsonSchema());
    const spec = await client.readResource({ uri: 'btstudio://format/design-format.md' });
    expect(textOf(spec)).toBe(readFileSync(join(ROOT, 'docs', 'design-format.md'), 'utf8'));
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/no resource/);
  });

  it('offers the review_schema prompt, which walks through the tools the server has', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['review_schema']);
    const design = example('web-pages.yaml');
    const prompt = await client.getPrompt({ name: 'review_schema', arguments: { design, goal: 'crawl pages of many sites' } });
    const body = (prompt.messages[0]!.content as { text: string }).text;
    expect(body).toContain(design);
    expect(body).toContain('crawl pages of many sites');
    // The review asks the design to say how the application uses each table.
    for (const key of ['writePattern', 'writeKind', 'latencyMs', 'dataBoost', 'lookback', 'personalData']) expect(body).toContain(key);
    const { tools } = await client.listTools();
    const named = [...body.matchAll(/\b([a-z]+_[a-z_]+)\b/g)]
      .map((m) => m[1]!)
      .filter((w) => /^(check|lint|plan|simulate|sample|apply|export|diff|infer)_/.test(w));
    expect(named.length).toBeGreaterThan(3);
    for (const n of named) expect(tools.map((t) => t.name)).toContain(n);
  });

  it('exits cleanly (code 0) when its client goes away in the middle of a call', async () => {
    const child = spawn(process.execPath, [bundle, 'mcp'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'simulate_table', arguments: { design: example('web-pages.yaml'), seconds: 3600 } } });
    await new Promise((r) => setTimeout(r, 200));
    child.stdin.end();
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(err).not.toMatch(/Error|at .*\.mjs/);
    // Whatever it wrote before is whole JSON-RPC messages.
    for (const line of out.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  }, 60_000);
});
