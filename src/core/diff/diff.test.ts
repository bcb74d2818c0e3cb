import { describe, expect, it } from 'vitest';
import { parseCase, tableYaml } from '../rules/tester';
import type { Design } from '../model/schema';
import { diffDesigns, diffText, keyChange } from './index';

const base = parseCase(
  tableYaml({
    table: 'orders',
    template: '{customer}#{ts}',
    fields: '        customer: { type: string, cardinality: 1000 }\n        ts: { type: timestamp, unit: ms, reversed: true }',
    families: '      - name: cf\n        gc: { maxVersions: 1 }\n      - name: counts\n        aggregate: sum',
    queries: '      - name: by_customer\n        match: { customer: eq }',
    after: '    load: { writesPerSecond: 100 }\n',
  }),
);

function edit(f: (d: Design) => void): Design {
  const d = structuredClone(base);
  f(d);
  return d;
}
const classes = (a: Design, b: Design) => diffDesigns(a, b).changes.map((c) => [c.path.join('.'), c.class]);

describe('diff: each change classed by what Bigtable allows', () => {
  it('no change, no lines', () => {
    const d = diffDesigns(base, structuredClone(base));
    expect(d.changes).toEqual([]);
    expect(diffText(d, 'a', 'b')).toMatch(/same design/);
  });

  it('in place: a GC rule, a new family, deletion protection, nodes', () => {
    const b = edit((d) => {
      d.tables[0]!.families![0]!.gc = { maxAge: '30d' };
      d.tables[0]!.families!.push({ name: 'meta' });
      (d.tables[0] as Record<string, unknown>).deletionProtection = true;
      d.cluster = { nodes: 5 };
    });
    expect(classes(base, b)).toEqual([
      ['tables.orders.families.cf.gc', 'in-place'],
      ['tables.orders.families.meta', 'in-place'],
      ['tables.orders.deletionProtection', 'in-place'],
      ['cluster', 'in-place'],
    ]);
  });

  it('needs care: a renamed key field (row key schema set once), a dropped family or table, an unknown setting', () => {
    const renamed = edit((d) => {
      const rk = d.tables[0]!.rowKey;
      rk.template = '{buyer}#{ts}';
      rk.fields = { buyer: rk.fields.customer!, ts: rk.fields.ts! };
      d.tables[0]!.queries = [{ name: 'by_customer', match: { buyer: 'eq' } }];
    });
    expect(keyChange(base.tables[0]!.rowKey, renamed.tables[0]!.rowKey)).toBe('names');
    const cs = diffDesigns(base, renamed).changes;
    expect(cs.filter((c) => c.path[2] === 'rowKey').every((c) => c.class === 'needs-care')).toBe(true);
    expect(cs.find((c) => c.path[2] === 'rowKey')!.why).toMatch(/row key schema/);
    const dropped = edit((d) => {
      d.tables[0]!.families!.splice(0, 1);
      (d.tables[0] as Record<string, unknown>).mysterySetting = { x: 1 };
    });
    expect(classes(base, dropped)).toEqual([
      ['tables.orders.families.cf', 'needs-care'],
      ['tables.orders.mysterySetting', 'needs-care'],
    ]);
    expect(
      classes(
        base,
        edit((d) => (d.tables = [])),
      ),
    ).toEqual([['tables.orders', 'needs-care']]);
  });

  it('new table + backfill: a template change, an encoding option, an aggregate type', () => {
    const reordered = edit((d) => (d.tables[0]!.rowKey.template = '{ts}#{customer}'));
    expect(classes(base, reordered)).toEqual([['tables.orders.rowKey.template', 'new-table']]);
    const unit = edit((d) => ((d.tables[0]!.rowKey.fields.ts as { unit: string }).unit = 'us'));
    expect(classes(base, unit)).toEqual([['tables.orders.rowKey.fields.ts.unit', 'new-table']]);
    const agg = edit((d) => (d.tables[0]!.families![1]!.aggregate = 'max'));
    const diff = diffDesigns(base, agg);
    expect(classes(base, agg)).toEqual([['tables.orders.families.counts.aggregate', 'new-table']]);
    expect(diff.headline).toEqual(['table orders needs a new table and a backfill']);
  });

  it('design only: generated values, load, descriptions, columns', () => {
    const b = edit((d) => {
      (d.tables[0]!.rowKey.fields.customer as { cardinality: number }).cardinality = 5000;
      d.tables[0]!.load = { writesPerSecond: 500 };
      d.description = 'now with notes';
      d.tables[0]!.families![0]!.columns = [{ qualifier: 'total' }];
    });
    expect(diffDesigns(base, b).changes.every((c) => c.class === 'design-only')).toBe(true);
    expect(diffDesigns(base, b).changes).toHaveLength(4);
  });

  it('a query that became a full scan is the headline, with its finding', () => {
    const b = edit((d) => (d.tables[0]!.rowKey.template = '{ts}#{customer}'));
    const d = diffDesigns(base, b);
    expect(d.headline[0]).toBe('query by_customer on orders became a full scan (was prefix)');
    const q = d.queries.find((x) => x.query === 'by_customer')!;
    expect(q).toMatchObject({ becameFullScan: true, before: { kind: 'prefix' }, after: { kind: 'full-scan' } });
    expect(q.findingsAdded.join(' ')).toMatch(/query-full-scan/);
    const text = diffText(d, 'a.yaml', 'b.yaml');
    expect(text.split('\n')[1]).toBe('! query by_customer on orders became a full scan (was prefix)');
    expect(text).toMatch(/by_customer: prefix -> full-scan {2}\(now a full scan\)/);
  });

  it('keys other parts of the format add are diffed generically (views by name, instance settings)', () => {
    const a = edit((d) => ((d.tables[0] as Record<string, unknown>).views = [{ name: 'v1', families: ['cf'] }]));
    const b = edit((d) => {
      (d.tables[0] as Record<string, unknown>).views = [{ name: 'v1', families: ['cf', 'counts'] }, { name: 'v2' }];
      (d as Record<string, unknown>).instance = { id: 'prod' };
    });
    expect(classes(a, b)).toEqual([
      ['instance', 'needs-care'],
      ['tables.orders.views.v1.families', 'in-place'],
      ['tables.orders.views.v2', 'in-place'],
    ]);
  });
});

describe('diff: taking changes one by one', () => {
  it('applies the chosen changes of theirs to mine, and only those', async () => {
    const { applyChanges } = await import('./apply');
    const theirs = edit((d) => {
      d.tables[0]!.families![0]!.gc = { maxAge: '30d' };
      d.tables[0]!.families!.push({ name: 'meta' });
      d.tables[0]!.families!.splice(1, 1);
      d.description = 'theirs';
    });
    const all = diffDesigns(base, theirs).changes;
    expect(applyChanges(base, theirs, all)).toEqual(theirs);
    const onlyGc = applyChanges(
      base,
      theirs,
      all.filter((c) => c.path.join('.') === 'tables.orders.families.cf.gc'),
    );
    expect(onlyGc.tables[0]!.families!.map((f) => f.name)).toEqual(['cf', 'counts']);
    expect(onlyGc.tables[0]!.families![0]!.gc).toEqual({ maxAge: '30d' });
    expect(onlyGc.description).toBeUndefined();
    expect(base.tables[0]!.families![0]!.gc).toEqual({ maxVersions: 1 });
    const newTable = edit((d) => d.tables.push({ name: 'audit', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }));
    expect(applyChanges(base, newTable, diffDesigns(base, newTable).changes)).toEqual(newTable);
  });
});
