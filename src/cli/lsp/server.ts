// `btstudio lsp`: a Language Server Protocol server over stdio (the vscode-languageserver
// library), for design files in any editor with an LSP client (docs/editors.md). It publishes
// `check` and `lint` as diagnostics while the user types, offers each checked fix as a code
// action, shows a rule's page on hover and completes keys and values from the design's JSON
// Schema. It reads only the documents the editor sends and writes nothing.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  MarkupKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type Range,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { designJsonSchema } from '../../core/model/schema';
import { ruleById } from '../../core/rules/lint';
import type { Severity } from '../../core/rules/types';
import { packageRoot } from '../mcp/resources';
import { analyze, looksLikeDesign, type Analysis, type Problem } from './analysis';
import { ITEM, jsonContext, keysAt, valuesAt, yamlContext } from './completion';

/** The kind of the "Fix all" source action (`source.fixAll`, what editors run on save). */
const SOURCE_FIX_ALL = `${CodeActionKind.SourceFixAll}.btstudio`;

/** How long typing must pause before a document is checked again. */
export const DEBOUNCE_MS = 200;

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

const isJson = (doc: TextDocument) => doc.languageId === 'json' || /\.json$/i.test(doc.uri) || /^\s*\{/.test(doc.getText().slice(0, 200));

/** The file name a design's messages use: the document's own. */
function fileOf(uri: string): string {
  try {
    return uri.startsWith('file:') ? basename(fileURLToPath(uri)) : basename(uri);
  } catch {
    return 'design.yaml';
  }
}

export function serveLsp(version: string, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): void {
  const connection = createConnection(stdin, stdout);
  const documents = new TextDocuments(TextDocument);
  const state = new Map<string, { version: number; analysis: Analysis }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // The rule pages are read from the package the server runs from (docs/rules/); without
  // them (a bundle copied elsewhere) a finding still links nowhere and hovers its description.
  let root: string | null | undefined;
  const docsRoot = () => {
    if (root === undefined) {
      try {
        root = packageRoot();
      } catch {
        root = null;
      }
    }
    return root;
  };
  let schema: Record<string, unknown> | undefined;

  const rangeOf = (doc: TextDocument, p: { start: number; end: number }): Range => ({ start: doc.positionAt(p.start), end: doc.positionAt(p.end) });
  const rulePath = (rule: string) => {
    const dir = docsRoot();
    return dir === null ? null : join(dir, 'docs', 'rules', `${rule}.md`);
  };

  const diagnostic = (doc: TextDocument, p: Problem): Diagnostic => ({
    range: rangeOf(doc, p),
    severity: SEVERITY[p.severity],
    source: 'btstudio',
    message: p.message,
    ...(p.rule ? { code: p.rule } : {}),
    ...(p.rule && rulePath(p.rule) ? { codeDescription: { href: pathToFileURL(rulePath(p.rule)!).href } } : {}),
    data: { finding: p.finding, version: doc.version },
  });

  const check = (doc: TextDocument) => {
    timers.delete(doc.uri);
    let analysis: Analysis;
    try {
      analysis = analyze(doc.getText(), fileOf(doc.uri), isJson(doc));
    } catch (e) {
      // A bug must not take the editor's server down: it is said where the user looks.
      connection.console.error(`btstudio lsp: cannot check ${doc.uri}: ${(e as Error).stack ?? e}`);
      return;
    }
    state.set(doc.uri, { version: doc.version, analysis });
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: analysis.problems.map((p) => diagnostic(doc, p)) });
    // The fix checks (a lint per proposed fix) run when typing has paused, before a code action
    // is likely to be asked for; a newer version makes them moot.
    setTimeout(() => {
      const now = state.get(doc.uri);
      if (now?.analysis === analysis && documents.get(doc.uri)?.version === doc.version) {
        try {
          analysis.verified();
        } catch (e) {
          connection.console.error(`btstudio lsp: checking the fixes of ${doc.uri}: ${(e as Error).message}`);
        }
      }
    }, DEBOUNCE_MS);
  };

  /** The analysis of a document as it is now (checked at once if typing has not paused yet). */
  const current = (uri: string) => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const s = state.get(uri);
    if (!s || s.version !== doc.version) {
      clearTimeout(timers.get(uri));
      check(doc);
    }
    const now = state.get(uri);
    return now ? { doc, analysis: now.analysis } : undefined;
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, SOURCE_FIX_ALL] },
      hoverProvider: true,
      completionProvider: { triggerCharacters: ['"'] },
    },
    serverInfo: { name: 'btstudio', version },
  }));

  // Opening is checked at once; the change event that also comes with it then finds that
  // version checked. Edits wait for typing to pause (one check of the last version).
  documents.onDidOpen(({ document }) => check(document));
  documents.onDidChangeContent(({ document }) => {
    if (state.get(document.uri)?.version === document.version) return;
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        if (state.get(document.uri)?.version !== document.version) check(document);
      }, DEBOUNCE_MS),
    );
  });
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    state.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCodeAction(({ textDocument, range, context }) => {
    const here = current(textDocument.uri);
    if (!here) return [];
    const { doc, analysis } = here;
    const from = doc.offsetAt(range.start);
    const to = doc.offsetAt(range.end);
    const actions: CodeAction[] = [];
    const only = context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const allFixes = (kind: string) => {
      const all = analysis.fixAll();
      if (all) actions.push({ title: all.title, kind, edit: { changes: { [doc.uri]: all.edits.map((e) => ({ range: rangeOf(doc, e), newText: e.text })) } } });
    };
    // "Fix all" (on save, or from the source actions menu): every fix planned together.
    if (only && wants(SOURCE_FIX_ALL)) {
      allFixes(SOURCE_FIX_ALL);
      return actions;
    }
    if (!wants(CodeActionKind.QuickFix)) return actions;
    for (const p of analysis.problems) {
      if (p.finding === undefined || p.end < from || p.start > to) continue;
      const fix = analysis.fix(p.finding);
      if (!fix) continue;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic(doc, p)],
        isPreferred: true,
        edit: { changes: { [doc.uri]: fix.edits.map((e) => ({ range: rangeOf(doc, e), newText: e.text })) } },
      });
    }
    // Beside two or more fixes of the document, the same "Fix all" as a quick fix.
    if (actions.length > 0 && analysis.problems.filter((p) => p.finding !== undefined && analysis.fix(p.finding)).length > 1) allFixes(CodeActionKind.QuickFix);
    return actions;
  });

  connection.onHover(({ textDocument, position }) => {
    const here = current(textDocument.uri);
    if (!here) return null;
    const { doc, analysis } = here;
    const at = doc.offsetAt(position);
    const hits = analysis.problems.filter((p) => p.start <= at && at <= p.end);
    if (hits.length === 0) return analysis.design ? keyHover(doc, at) : null;
    const parts = hits.map((p) => {
      const head = `**${p.severity}**${p.rule ? ` \`${p.rule}\`` : ''}: ${p.message}`;
      return p.rule ? `${head}\n\n---\n\n${rulePage(p.rule)}` : head;
    });
    const first = hits[0]!;
    return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, range: rangeOf(doc, first) };
  });

  /** Over a key of the design: what the schema says of it. */
  const keyHover = (doc: TextDocument, at: number) => {
    const text = doc.getText();
    const json = isJson(doc);
    // The word under the cursor, and where it starts.
    let start = at;
    while (start > 0 && /[\w$-]/.test(text[start - 1]!)) start--;
    let end = at;
    while (end < text.length && /[\w$-]/.test(text[end]!)) end++;
    const word = text.slice(start, end);
    if (!word || !(json ? text[end] === '"' && /^\s*:/.test(text.slice(end + 1, end + 20)) : /^\s*:(\s|$)/.test(text.slice(end, end + 20)))) return null;
    const ctx = json ? jsonContext(text, start) : yamlContext(text, start);
    if (!ctx || ctx.valueKey !== undefined) return null;
    schema ??= designJsonSchema();
    const key = keysAt(schema, ctx.path).find((k) => k.name === word);
    if (!key) return null;
    const head = `\`${word}\`${key.type ? ` (${key.type}${key.required ? ', required' : ''})` : ''}`;
    return {
      contents: { kind: MarkupKind.Markdown, value: key.description ? `${head}: ${key.description}` : head },
      range: { start: doc.positionAt(start), end: doc.positionAt(end) },
    };
  };

  const rulePage = (rule: string): string => {
    try {
      const path = rulePath(rule);
      if (path) return readFileSync(path, 'utf8');
    } catch {
      // no page: the rule's own description below
    }
    const meta = ruleById(rule)?.meta;
    return meta ? `# ${rule}\n\n${meta.description}` : `# ${rule}`;
  };

  connection.onCompletion(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return [];
    const text = doc.getText();
    const offset = doc.offsetAt(position);
    // Other YAML and JSON files get none of the design's keys; a new, empty file does.
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const lineEnd = text.indexOf('\n', offset);
    const rest = text.slice(0, lineStart) + (lineEnd < 0 ? '' : text.slice(lineEnd));
    if (!looksLikeDesign(text) && /\S/.test(rest)) return [];
    const json = isJson(doc);
    const ctx = json ? jsonContext(text, offset) : yamlContext(text, offset);
    if (!ctx) return [];
    schema ??= designJsonSchema();
    const where = ctx.path.map((s) => (s === ITEM ? '[]' : s)).join('.') || 'the design';
    if (ctx.valueKey !== undefined) {
      return valuesAt(schema, ctx.path, ctx.valueKey).map(
        ({ value, description }): CompletionItem => ({
          label: String(value),
          kind: CompletionItemKind.Value,
          detail: `${ctx.valueKey} in ${where}`,
          ...(description ? { documentation: { kind: MarkupKind.Markdown, value: description } } : {}),
          insertText: json ? JSON.stringify(value) : typeof value === 'string' && /^[\w./-]+$/.test(value) ? value : JSON.stringify(value),
        }),
      );
    }
    return keysAt(schema, ctx.path)
      .filter((k) => !ctx.present.has(k.name))
      .map(
        (k): CompletionItem => ({
          label: k.name,
          kind: CompletionItemKind.Property,
          detail: `${k.type ?? 'value'}${k.required ? ', required' : ''} (in ${where})`,
          ...(k.description ? { documentation: { kind: MarkupKind.Markdown, value: k.description } } : {}),
          insertText: json ? (ctx.quoted ? k.name : `${JSON.stringify(k.name)}: `) : `${k.name}: `,
          sortText: `${k.required ? 0 : 1}${k.name}`,
        }),
      );
  });

  documents.listen(connection);
  connection.listen();
}
