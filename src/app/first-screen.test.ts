// The gallery's first paint needs no design model (the first screen's JavaScript budget): nothing main.tsx imports
// statically, followed through every static import, reaches zod or js-yaml (they come with
// model.ts's dynamic import, after the first paint). A static import added anywhere on that
// path fails here, before the bench's byte count notices.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

/** The specifiers a module imports for their values (not `import type`, not dynamic `import()`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const stmt = /^\s*(import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(stmt)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    const clause = m[2]!.replace(/\s+/g, ' ').trim();
    if (/^type\s/.test(clause)) continue;
    // `import { type A, type B } from` brings no value either.
    const named = /^\{(.*)\}$/.exec(clause);
    if (named && named[1]!.split(',').every((p) => p.trim() === '' || /^type\s/.test(p.trim()))) continue;
    out.push(m[3]!);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  if (/\?raw$/.test(spec)) return null; // text, no code
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(c) && !c.endsWith('/')) if (/\.(ts|tsx|js|mjs)$/.test(c)) return c;
  return null;
}

function firstScreenGraph(entry: string) {
  const files = new Map<string, string | null>(); // file -> the file that imported it first
  const packages = new Map<string, string>();
  const queue: [string, string | null][] = [[entry, null]];
  while (queue.length) {
    const [file, by] = queue.shift()!;
    if (files.has(file)) continue;
    files.set(file, by);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const next = resolveLocal(file, spec);
        if (next) queue.push([next, file]);
      } else if (!packages.has(spec)) packages.set(spec, relative(root, file));
    }
  }
  return { files, packages };
}

describe("the gallery's first screen", () => {
  const { files, packages } = firstScreenGraph(join(here, 'main.tsx'));

  it('imports neither zod nor js-yaml statically (they load with the design model, after the first paint)', () => {
    const heavy = [...packages].filter(([p]) => /^(zod|js-yaml|monaco-editor|monaco-yaml)(\/|$)/.test(p));
    expect(heavy.map(([p, by]) => `${p} (imported by ${by})`)).toEqual([]);
  });

  it("reaches the store, the gallery and persistence, but not the design model's modules", () => {
    const rel = new Set([...files.keys()].map((f) => relative(root, f)));
    for (const f of ['src/app/store.ts', 'src/app/views/Gallery.tsx', 'src/app/persist/index.ts', 'src/app/model.ts']) expect(rel).toContain(f);
    for (const f of [
      'src/app/model-impl.ts',
      'src/core/model/schema.ts',
      'src/core/load/load-design.ts',
      'src/app/persist/restore.ts',
      'src/app/documents/docs-model.ts',
    ])
      expect(rel).not.toContain(f);
  });
});
