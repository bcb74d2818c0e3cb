// The design review of many tables lints the design once (by hand at the format's limits: a lint
// per table section made the review of 100 tables with fixes take 26 s, of 1,000 tables hours).
// The lint is the real one, wrapped to count its calls.
import { describe, expect, it, vi } from 'vitest';
import type { Design } from '../model/schema';
import { exportMarkdown } from './review';

const calls = vi.hoisted(() => ({ lint: 0 }));
vi.mock('../rules/lint', async (importOriginal) => {
  const real = await importOriginal<typeof import('../rules/lint')>();
  return {
    ...real,
    lint: (...args: Parameters<typeof real.lint>) => {
      calls.lint++;
      return real.lint(...args);
    },
  };
});

function design(n: number): Design {
  return {
    format: 'bigtable-studio/v1',
    name: 'many tables',
    cluster: { nodes: 3, storage: 'hdd' },
    tables: Array.from({ length: n }, (_, i) => ({
      name: `t${i}`,
      rowKey: { template: '{a}#{b}', fields: { a: { type: 'string', cardinality: 1000, length: 8 }, b: { type: 'int', min: 0, max: 99999 } } },
      families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 100 }] }],
      queries: [{ name: `get${i}`, match: { a: 'eq', b: 'eq' }, perSecond: 5000 }],
      load: { writesPerSecond: 10, retention: '30d' },
    })),
  } as Design;
}

describe('the design review', () => {
  it('lints once for every table section, and each section shows its own queries', () => {
    calls.lint = 0;
    const { text } = exportMarkdown(design(12), null, {});
    expect(calls.lint).toBe(1);
    for (let i = 0; i < 12; i++) {
      expect(text).toContain(`## Table \`t${i}\``);
      expect(text).toMatch(new RegExp(`\\| get${i}\\b[^\\n]*\\| POINT \\|`));
    }
  });
});
