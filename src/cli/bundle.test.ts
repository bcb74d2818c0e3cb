// The built CLI's start-up: `btstudio sort` (and its worker thread, which loads the same chunk)
// reaches no chunk with zod, js-yaml or the design loader, and zod's locales other than English
// are left out of the bundle; the language server's library loads only for `btstudio lsp`;
// and `btstudio keys` writes the same bytes to a file as to a pipe.
// Checked on the CLI built from this source (through its source maps for what a chunk reaches).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../scripts/build-cli.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let dir = '';

beforeAll(async () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = join((await buildCli(mkdtempSync(join(cache, 'btstudio-bundle-')))) as string, '..');
}, 60_000);

/** The sources of every chunk a chunk imports, itself included. */
function reachableSources(chunk: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import) "\.\/([^"]+)"/g)) visit(m[1]!);
  };
  visit(chunk);
  return [...seen].flatMap((f) => (JSON.parse(readFileSync(join(dir, `${f}.map`), 'utf8')) as { sources: string[] }).sources);
}

describe('the CLI bundle', () => {
  it('loads neither zod, js-yaml nor the design loader for btstudio sort', () => {
    const sort = readdirSync(dir).find((f) => /^sort-.*\.mjs$/.test(f))!;
    const sources = reachableSources(sort);
    expect(sources.some((s) => s.endsWith('src/cli/sort-file.ts'))).toBe(true);
    expect(sources.filter((s) => /node_modules\/(zod|js-yaml)\/|load-design/.test(s))).toEqual([]);
  });

  it('has btstudio sort and its worker each as one file that imports no chunk, and the sort chunk without zod either', () => {
    for (const file of ['sort-main.mjs', 'sort-worker.mjs']) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text.match(/(?:from|import) "\.\/[^"]+"/g), file).toBeNull();
      const sources = reachableSources(file);
      expect(sources.some((s) => s.endsWith('src/cli/sort-file.ts'))).toBe(true);
      expect(sources.filter((s) => /node_modules\/(zod|js-yaml)\/|load-design|src\/cli\/main\.ts/.test(s))).toEqual([]);
    }
  });

  it('runs btstudio sort from its own entry as through the CLI: output, --help, errors and exit codes', () => {
    const input = join(mkdtempSync(join(tmpdir(), 'btstudio-sort-entry-')), 'in.txt');
    writeFileSync(input, Buffer.from('b\na\n\xff\nab\n', 'latin1'));
    for (const args of [
      ['sort', input],
      ['sort', '--help'],
      ['sort', join(input, 'missing')],
      ['sort', '--nope'],
    ]) {
      const direct = spawnSync(process.execPath, [join(dir, 'sort-main.mjs'), ...args]);
      const viaCli = spawnSync(process.execPath, [join(dir, 'btstudio.mjs'), ...args]);
      expect(direct.status, args.join(' ')).toBe(viaCli.status);
      expect(direct.stdout.equals(viaCli.stdout), args.join(' ')).toBe(true);
      expect(direct.stderr.toString(), args.join(' ')).toBe(viaCli.stderr.toString());
    }
    expect(spawnSync(process.execPath, [join(dir, 'sort-main.mjs'), 'sort', input]).stdout.toString('latin1')).toBe('a\nab\nb\n\xff\n');
  });

  it("keeps zod's English messages and leaves its other locales out", () => {
    const keys = readdirSync(dir).find((f) => /^keys-.*\.mjs$/.test(f))!;
    const locales = reachableSources(keys).filter((s) => s.includes('zod/v4/locales/'));
    expect(locales.map((s) => s.replace(/.*\/locales\//, ''))).toEqual(['en.js']);
  });
});

describe('the language server in the bundle', () => {
  it('is its own chunk, loaded only by btstudio lsp: start-up and other commands do not load it', () => {
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    const server = chunks.filter((f) => reachableSources(f).some((s) => s.endsWith('src/cli/lsp/server.ts')));
    expect(server.length).toBeGreaterThan(0);
    for (const f of server)
      expect(
        reachableSources(f).some((s) => /vscode-languageserver\/lib\//.test(s)),
        f,
      ).toBe(true);
    // Nothing a command reaches at once pulls the LSP library in (the lsp command imports it lazily).
    const lsp = chunks.find((f) => /^lsp-.*\.mjs$/.test(f))!;
    expect(lsp).toBeDefined();
    for (const f of ['btstudio.mjs', lsp, chunks.find((c) => /^lint-.*\.mjs$/.test(c))!]) {
      expect(
        reachableSources(f).filter((s) => /vscode-/.test(s)),
        f,
      ).toEqual([]);
    }
  });
});

describe('the built CLI writing keys', () => {
  it('writes the same bytes to a file (chunks written while the next fills) as to a pipe', () => {
    const cli = join(dir, 'btstudio.mjs');
    const args = [cli, 'keys', join(ROOT, 'examples/chat-messages.yaml'), '-n', '300000', '--seed', '7'];
    const piped = spawnSync(process.execPath, args, { maxBuffer: 1 << 28 });
    expect(piped.status).toBe(0);
    const path = join(mkdtempSync(join(tmpdir(), 'btstudio-keys-file-')), 'keys.txt');
    const fd = openSync(path, 'w');
    const toFile = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
    expect(toFile.status).toBe(0);
    const written = readFileSync(path);
    expect(written.length).toBeGreaterThan(20 * 1024 * 1024); // many chunks
    expect(written.equals(piped.stdout)).toBe(true);
    expect(written.toString('latin1').split('\n').length).toBe(300_001);
  });
});
