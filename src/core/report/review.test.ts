import { describe, expect, it, vi } from 'vitest';
import type { Design } from '../model/schema';

// The review's lint is counted: a design of many tables must be linted once, not once per table
// (a lint checks every finding's fix, so one per table made the review grow with the cube of
// the tables: 200 tables took minutes).
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

const { exportMarkdown } = await import('./review');
const { parseCase } = await import('../rules/tester');
const { adClicksYaml } = await import('../../test-support/ad-clicks');

function design(tables: number): Design {
  return {
    format: 'bigtable-studio/v1',
    name: 'many',
    tables: Array.from({ length: tables }, (_, i) => ({
      name: `t${i}`,
      rowKey: { template: '{id}#{ts}', fields: { id: { type: 'string', cardinality: 1000 }, ts: { type: 'timestamp', unit: 'ms' } } },
      families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 100 }] }],
      queries: [{ name: 'by-id', match: { id: 'eq' }, perSecond: 100 }],
      load: { writesPerSecond: 50_000 },
    })),
  } as Design;
}

describe('the design review (markdown export)', () => {
  it('lints the design once, whatever its number of tables, and gives each table its own section', () => {
    for (const n of [1, 12]) {
      calls.lint = 0;
      const text = exportMarkdown(design(n), null, {}).text;
      expect(calls.lint).toBe(1);
      expect(text.match(/^## Table /gm)).toHaveLength(n);
      // Each section has its table's query plan, read from that one lint's analysis.
      expect(text.match(/^\| by-id \| /gm)).toHaveLength(n);
    }
  });

  it("names an instance's clusters as the plan does, and a cluster: design as before", () => {
    // ad-clicks: two autoscaled clusters; the header said "Cluster: 3 nodes, SSD".
    const clicks = exportMarkdown(parseCase(adClicksYaml()), null, {}).text;
    expect(clicks).toContain('Clusters: cluster clicks-us-a: 10 to 80 nodes (autoscaled); cluster clicks-us-b: 10 to 80 nodes (autoscaled); SSD. 3 tables.');
    expect(exportMarkdown(design(2), null, {}).text).toContain('Cluster: 3 nodes, SSD. 2 tables.');
  });

  it('lints once for one table of the design too', () => {
    calls.lint = 0;
    const d = design(5);
    const text = exportMarkdown(d, d.tables[3]!, {}).text;
    expect(calls.lint).toBe(1);
    expect(text).toContain('## Table `t3`');
    expect(text).not.toContain('## Table `t2`');
  });
});
