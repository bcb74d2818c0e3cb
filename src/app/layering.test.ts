// The layers of the folder tree, enforced: the core is framework-free (no React, no store,
// no app or CLI code), and the app never reaches into the CLI.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(?:ts|tsx|mts)$/.test(f))
    .map((f) => join(SRC, dir, f));
}

/** Every import of a file: the specifier, and for relative ones the folder under src it lands in. */
function importsOf(file: string): { spec: string; target: string | null }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = (m[1] ?? m[2])!;
    const target = spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)).split(/[\\/]/)[0]! : null;
    return { spec, target };
  });
}

function violations(dir: string, bad: (i: { spec: string; target: string | null }) => boolean): string[] {
  return sourceFiles(dir).flatMap((f) =>
    importsOf(f)
      .filter(bad)
      .map((i) => `${relative(SRC, f)} imports ${i.spec}`),
  );
}

describe('source layering', () => {
  it('finds the imports it checks (the scanner works)', () => {
    const own = importsOf(fileURLToPath(import.meta.url)).map((i) => i.spec);
    expect(own).toContain('node:fs');
    expect(own).toContain('vitest');
  });

  it('keeps the core free of React, the store, the app and the CLI', () => {
    const ui = /^(?:react|react-dom|zustand|recharts|monaco-editor|@monaco-editor\/|monaco-yaml)(?:\/|$)/;
    expect(violations('core', (i) => ui.test(i.spec) || i.target === 'app' || i.target === 'cli')).toEqual([]);
  });

  it('keeps the core free of DOM-only globals', () => {
    const dom = /\b(?:document|window|localStorage|sessionStorage|navigator)\s*\.[A-Za-z_$]/;
    const offenders = sourceFiles('core').filter((f) => !/\.test\.ts$/.test(f) && dom.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('keeps the app from importing the CLI', () => {
    expect(violations('app', (i) => i.target === 'cli')).toEqual([]);
  });
});
