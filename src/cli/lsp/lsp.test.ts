// `btstudio lsp` as an editor meets it: the CLI built from this source, started as a process,
// driven over stdio by the LSP client library VS Code's own client is built on
// (vscode-languageserver-protocol): initialize, open a flawed design, diagnostics, a code
// action applied, hover, completion, shutdown.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type MarkupContent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ruleById } from '../../core/rules/registry';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../../scripts/build-cli.mjs';
import { ridesYaml } from '../../test-support/rides';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const URI = 'file:///work/designs/rides.yaml';

// A first draft: the key leads with the time (timestamp-leading, which offers a fix, and
// query-full-scan) and the cluster is too small for what it stores (storage-capacity).
const FLAWED = ridesYaml('first');

let child: ChildProcessWithoutNullStreams;
let bundle = '';
let conn: ProtocolConnection;
let stderr = '';
const published: PublishDiagnosticsParams[] = [];
let waiters: (() => void)[] = [];

/** The next diagnostics published for a version of the document (or later). */
async function diagnosticsFor(version: number, timeout = 20_000): Promise<Diagnostic[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const hit = published.find((p) => p.uri === URI && (p.version ?? 0) >= version);
    if (hit) return hit.diagnostics;
    if (Date.now() > deadline) throw new Error(`no diagnostics for version ${version} (got ${published.map((p) => p.version).join(', ')}); stderr: ${stderr}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

beforeAll(async () => {
  // Inside the repository, so the server finds docs/ as an installed package does.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  bundle = (await buildCli(mkdtempSync(join(cache, 'btstudio-lsp-')))) as string;
  child = spawn(process.execPath, [bundle, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (d) => (stderr += d));
  conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  });
  conn.listen();
}, 60_000);

afterAll(() => {
  conn?.dispose();
  if (child && child.exitCode === null) child.kill();
});

describe('btstudio lsp', () => {
  let doc = TextDocument.create(URI, 'yaml', 1, FLAWED);
  const change = async (text: string) => {
    const version = doc.version + 1;
    doc = TextDocument.create(URI, 'yaml', version, text);
    await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: URI, version }, contentChanges: [{ text }] });
    return version;
  };
  const textOf = (d: { range: Diagnostic['range'] }) => doc.getText(d.range);

  it('initializes and says what it serves', async () => {
    const init = await conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
    expect(init.serverInfo?.name).toBe('btstudio');
    expect(init.capabilities.hoverProvider).toBe(true);
    expect(init.capabilities.codeActionProvider).toBeTruthy();
    expect(init.capabilities.completionProvider).toBeTruthy();
    await conn.sendNotification(InitializedNotification.type, {});
  });

  it('publishes the findings of a flawed design with the exact range of each', async () => {
    await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: FLAWED } });
    const diags = await diagnosticsFor(1);
    // Opening is checked once, at once (not again when the debounce runs out).
    await new Promise((r) => setTimeout(r, 400));
    expect(published.filter((p) => p.uri === URI).map((p) => p.version)).toEqual([1]);
    const rules = diags.map((d) => d.code);
    expect(rules).toContain('timestamp-leading');
    expect(rules).toContain('query-full-scan');
    const ts = diags.find((d) => d.code === 'timestamp-leading')!;
    expect(ts.severity).toBe(1);
    expect(ts.source).toBe('btstudio');
    // The finding is about the field ts: its key is underlined, on its line.
    expect(textOf(ts)).toBe('ts');
    expect(ts.range.start).toEqual({ line: 8, character: 8 });
    const scan = diags.find((d) => d.code === 'query-full-scan')!;
    expect(doc.getText({ start: { line: scan.range.start.line, character: 0 }, end: scan.range.end })).toMatch(/- name: latest trips of a driver$/);
    expect(ts.codeDescription?.href).toMatch(/docs\/rules\/timestamp-leading\.md$/);
  });

  it('shows the rule page of a finding on hover', async () => {
    const diags = await diagnosticsFor(1);
    const ts = diags.find((d) => d.code === 'timestamp-leading')!;
    const hover = await conn.sendRequest(HoverRequest.type, {
      textDocument: { uri: URI },
      position: { line: ts.range.start.line, character: ts.range.start.character + 1 },
    });
    const value = (hover!.contents as MarkupContent).value;
    expect(value).toContain(ts.message);
    expect(value).toContain(readFileSync(join(ROOT, 'docs', 'rules', 'timestamp-leading.md'), 'utf8'));
    // Away from any finding, over a key: what the schema says of it.
    const rowKey = FLAWED.split('\n').findIndex((l) => l.trim() === 'rowKey:');
    const key = await conn.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: { line: rowKey, character: 6 } });
    expect((key!.contents as MarkupContent).value).toMatch(/^`rowKey` \(object, required\)/);
    const template = FLAWED.split('\n').findIndex((l) => l.includes('template:'));
    const described = await conn.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: { line: template, character: 8 } });
    expect((described!.contents as MarkupContent).value).toContain('{field} placeholders');
    expect(key!.range).toEqual({ start: { line: rowKey, character: 4 }, end: { line: rowKey, character: 10 } });
    // Over a value, away from any finding: nothing.
    expect(await conn.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: { line: 1, character: 10 } })).toBeNull();
  });

  it('offers a checked fix as a code action; applied, its diagnostic goes', async () => {
    const diags = await diagnosticsFor(1);
    const ts = diags.find((d) => d.code === 'timestamp-leading')!;
    const actions = (await conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: URI },
      range: ts.range,
      context: { diagnostics: [ts] },
    })) as CodeAction[];
    const action = actions.find((a) => a.diagnostics?.some((d) => d.code === 'timestamp-leading'));
    expect(action, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
    expect(action!.title).toBe('Move {driver} in front of {ts}');
    expect(action!.kind).toBe('quickfix');
    const edits = action!.edit!.changes![URI]!;
    const next = TextDocument.applyEdits(doc, edits);
    // A minimal edit: only the template's line changes; the comment and every other line stay.
    const was = doc.getText().split('\n');
    const now = next.split('\n');
    expect(was.filter((l) => !now.includes(l))).toEqual(['      template: "{ts}#{driver}"']);
    expect(now.filter((l) => !was.includes(l))).toEqual(['      template: "{driver}#{ts}"', "      delimiter: '#'"]);
    expect(next).toContain('# every trip of every driver');
    const version = await change(next);
    const after = await diagnosticsFor(version);
    expect(after.map((d) => d.code)).not.toContain('timestamp-leading');
    expect(after.map((d) => d.code)).toContain('storage-capacity');
  });

  it('offers "Fix all" as a source action (what editors run on save): every fix planned together', async () => {
    const uri = 'file:///work/designs/rides-all.yaml';
    await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text: FLAWED } });
    const whole = { start: { line: 0, character: 0 }, end: { line: FLAWED.split('\n').length, character: 0 } };
    const actions = (await conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: whole,
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.btstudio']);
    expect(actions[0]!.title).toMatch(/^Fix all: \d+ checked fixes/);
    const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, FLAWED), actions[0]!.edit!.changes![uri]!);
    expect(fixed).toContain('# every trip of every driver');
    await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }] });
    const deadline = Date.now() + 20_000;
    while (!published.some((p) => p.uri === uri && p.version === 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // As `btstudio fix` leaves this design: no finding at all.
    expect(published.find((p) => p.uri === uri && p.version === 2)?.diagnostics).toEqual([]);
  });

  it('completes the keys the schema allows where the cursor is, and values of a key', async () => {
    const lines = doc.getText().split('\n');
    const at = lines.findIndex((l) => l.includes('- name: trips'));
    lines.splice(at + 1, 0, '    de');
    await change(lines.join('\n'));
    const labels = async (line: number, character: number) => {
      const r = (await conn.sendRequest(CompletionRequest.type, { textDocument: { uri: URI }, position: { line, character } })) as
        | CompletionItem[]
        | CompletionList
        | null;
      return (Array.isArray(r) ? r : (r?.items ?? [])).map((i) => i.label);
    };
    // Keys of a table, less those it has.
    const table = await labels(at + 1, 6);
    expect(table).toContain('description');
    expect(table).not.toContain('rowKey');
    expect(table).not.toContain('name');
    // Keys of a key field, at the depth of `ts:`'s own keys.
    lines.splice(at + 1, 1);
    const ts = lines.findIndex((l) => l.includes('ts: {type: timestamp'));
    lines.splice(ts + 1, 0, '        ts2:', '          ty');
    await change(lines.join('\n'));
    expect(await labels(ts + 2, 12)).toContain('type');
    // Values of a key.
    lines.splice(ts + 2, 1, '          type: ');
    await change(lines.join('\n'));
    expect(await labels(ts + 2, 16)).toEqual(expect.arrayContaining(['string', 'int', 'timestamp', 'uuid']));
  });

  it('waits for typing to pause: quick changes give one check, of the last version', async () => {
    const base = doc.getText();
    const before = published.length;
    await change(base.replace('ride-events', 'ride-events-a'));
    await change(base.replace('ride-events', 'ride-events-b'));
    const last = await change(base.replace('ride-events', 'ride-events-c'));
    await diagnosticsFor(last);
    const since = published.slice(before).map((p) => p.version);
    expect(since).toEqual([last]);
  });

  it('publishes a format problem where it is, and nothing for a file that is not a design', async () => {
    const broken = FLAWED.replace('unit: ms', 'unit: fortnights');
    const version = await change(broken);
    const diags = await diagnosticsFor(version);
    expect(diags).toHaveLength(1);
    expect(diags[0]!.message).toMatch(/^tables\[0\]\.rowKey\.fields\.ts\.unit: /);
    expect(textOf(diags[0]!)).toBe('fortnights');
    const other = 'file:///work/designs/compose.yaml';
    await conn.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: other, languageId: 'yaml', version: 1, text: 'services:\n  web: {image: nginx}\n' },
    });
    const deadline = Date.now() + 10_000;
    while (!published.some((p) => p.uri === other) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(published.find((p) => p.uri === other)?.diagnostics).toEqual([]);
    // Nor the design's keys in completion; a new, empty file gets them.
    expect(await conn.sendRequest(CompletionRequest.type, { textDocument: { uri: other }, position: { line: 1, character: 2 } })).toEqual([]);
    const empty = 'file:///work/designs/new.yaml';
    await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: empty, languageId: 'yaml', version: 1, text: 'fo' } });
    const top = (await conn.sendRequest(CompletionRequest.type, { textDocument: { uri: empty }, position: { line: 0, character: 2 } })) as CompletionItem[];
    expect(top.map((i) => i.label)).toEqual(expect.arrayContaining(['format', 'name', 'tables']));
    expect(top.find((i) => i.label === 'format')?.insertText).toBe('format: ');
  });

  it('shuts down and exits with 0 when told', async () => {
    await conn.sendRequest(ShutdownRequest.type);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await conn.sendNotification(ExitNotification.type);
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});

describe('btstudio lsp outside its package (a bundle copied elsewhere)', () => {
  it("still serves: findings link nowhere and hover their rule's description", async () => {
    const away = mkdtempSync(join(tmpdir(), 'btstudio-lsp-away-'));
    try {
      cpSync(dirname(bundle), away, { recursive: true });
      const proc = spawn(process.execPath, [join(away, 'btstudio.mjs'), 'lsp'], { stdio: ['pipe', 'pipe', 'pipe'] });
      const c = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
      const got = new Promise<PublishDiagnosticsParams>((resolve) => c.onNotification(PublishDiagnosticsNotification.type, resolve));
      c.listen();
      await c.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
      await c.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: FLAWED } });
      const ts = (await got).diagnostics.find((d) => d.code === 'timestamp-leading')!;
      expect(ts.codeDescription).toBeUndefined();
      const hover = await c.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: ts.range.start });
      expect((hover!.contents as MarkupContent).value).toContain(ruleById('timestamp-leading')!.meta.description);
      await c.sendRequest(ShutdownRequest.type);
      const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
      await c.sendNotification(ExitNotification.type);
      expect(await exited).toBe(0);
      c.dispose();
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });
});
