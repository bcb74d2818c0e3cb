// Counts in generated text say "1 table", never "the 1 tables" (core/units.ts plural).
import { describe, expect, it } from 'vitest';
import { diffDesigns, diffText } from '../diff';
import type { Design } from '../model/schema';
import { exportTable } from '../outputs';

const table = (name: string) => ({
  name,
  rowKey: { template: '{id}', fields: { id: { type: 'uuid' as const } } },
  families: [{ name: 'cf', gc: { maxVersions: 1 } }],
});
const one: Design = { format: 'bigtable-studio/v1', name: 'One', tables: [table('a')] };
const two: Design = { ...one, name: 'Two', tables: [table('a'), table('b')] };

describe('counts in words', () => {
  it('the whole-design cbt script says "the table" for one and "the 2 tables" for two', () => {
    const first = (d: Design) => exportTable(d, null, 'cbt').text.split('\n')[1]!;
    expect(first(one)).toBe('# Creates the table of design "One" with cbt.');
    expect(first(two)).toBe('# Creates the 2 tables of design "Two" with cbt.');
    expect(exportTable(one, null, 'cbt').text).not.toMatch(/\b1 tables\b/);
  });

  it('a diff counts "1 change" and "2 changes"', () => {
    expect(diffText(diffDesigns(one, { ...one, description: 'x' }), 'a', 'b').split('\n')[0]).toBe('a -> b: 1 change: 1 design only');
    expect(diffText(diffDesigns(one, { ...one, description: 'x', tables: [table('a'), table('c')] }), 'a', 'b').split('\n')[0]).toMatch(/^a -> b: 2 changes:/);
  });
});
