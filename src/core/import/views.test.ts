import { describe, expect, it } from 'vitest';
import { importText } from './index';

describe('import of view describe output', () => {
  it('reads a logical view and a materialized view (source table from its FROM)', () => {
    const lv = importText(JSON.stringify({ name: 'projects/p/instances/i/logicalViews/lv', query: 'SELECT _key FROM t', deletionProtection: true }), {
      file: 'lv.json',
    });
    expect(lv.ok && lv.design.logicalViews).toEqual([{ name: 'lv', query: 'SELECT _key FROM t', deletionProtection: true }]);
    const mv = importText('name: projects/p/instances/i/materializedViews/mv\nquery: SELECT k AS k, COUNT(*) AS n FROM `my-t` GROUP BY k\n', {
      file: 'mv.yaml',
    });
    expect(mv.ok && mv.design.materializedViews).toEqual([{ name: 'mv', table: 'my-t', query: 'SELECT k AS k, COUNT(*) AS n FROM `my-t` GROUP BY k' }]);
    expect(mv.ok && mv.notes[0]).toMatch(/source table my-t is not in the imported design/);
  });

  it('names where a view cannot be read', () => {
    const bad = importText(JSON.stringify({ name: 'projects/p/instances/i/tables/t/authorizedViews/av', subsetView: { rowPrefixes: ['/w=='] } }), {
      file: 'av.json',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatch(/^av\.json:1:\d+: subsetView\.rowPrefixes\[0\]: holds bytes that are not UTF-8 text/);
    const noQuery = importText(JSON.stringify({ name: 'projects/p/instances/i/materializedViews/mv' }), { file: 'mv.json' });
    expect(!noQuery.ok && noQuery.errors[0]).toMatch(/a view has a query/);
  });
});
