// The core is plain TypeScript over plain data: the web app and the CLI are two front ends
// over it, so it may never import upward (app, CLI, store), React, the DOM layer or Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve(__dirname);
const FORBIDDEN_PACKAGES = /^(react|react-dom|zustand|zundo|recharts|monaco-editor|monaco-yaml|@monaco-editor\/.*|node:.*|fs|path|child_process|@google-cloud\/.*)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

export function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
    out.push((m[1] ?? m[2] ?? m[3])!);
  }
  return out;
}

describe('core layering', () => {
  it('finds the import statements it checks', () => {
    expect(importsOf("import { a } from './x';\nimport type { B } from 'react';\nconst m = import('node:fs');")).toEqual(['./x', 'react', 'node:fs']);
  });

  it('has no core module that imports the app, the CLI, React, the store or Node', () => {
    const bad: string[] = [];
    const files = sources(CORE);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const rel = relative(CORE, file);
        if (spec.startsWith('.')) {
          const target = resolve(file, '..', spec);
          if (relative(CORE, target).startsWith('..')) bad.push(`${rel} imports ${spec} (outside src/core)`);
        } else if (FORBIDDEN_PACKAGES.test(spec)) {
          bad.push(`${rel} imports ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
