// The sort worker's bundle holds core code and the sorter's own pure modules, nothing else:
// no React, no store, no Monaco (STYLE: "the worker entry imports only core code").
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(HERE, '../..');
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:type\s)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;

/** Every module the worker reaches through value imports (type-only imports vanish in the bundle). */
function reach(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (/^\s*import\s+type\b|^\s*export\s+type\b/.test(m[0].trimStart())) continue;
      const spec = m[1]!;
      if (!spec.startsWith('.')) packages.add(spec.split('/')[0]!);
      else visit(resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`));
    }
  };
  visit(entry);
  return { files: [...files].map((f) => relative(SRC, f)), packages: [...packages] };
}

describe('the sort worker bundle', () => {
  const { files, packages } = reach(resolve(HERE, 'sort.worker.ts'));

  it('reaches only core modules and the pure sorter modules', () => {
    const pure = ['sort.worker.ts', 'jobs.ts', 'keyset.ts', 'analysis.ts', 'match.ts', 'spans.ts'].map((f) => `app/sorter/${f}`);
    expect(files.filter((f) => !f.startsWith('core/') && !pure.includes(f))).toEqual([]);
    expect(files).toContain('core/sort/byteSort.ts');
  });

  it('pulls in no UI package', () => {
    expect(packages.filter((p) => /^(react|react-dom|zustand|monaco-editor|monaco-yaml|@monaco-editor)$/.test(p))).toEqual([]);
  });
});
