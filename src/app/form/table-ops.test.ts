import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/load/load-design';
import { FORMAT_V1, type Design } from '../../core/model/schema';
import { duplicateTable, moveQuery, renameTable } from './table-ops';

const design: Design = {
  format: FORMAT_V1,
  name: 'd',
  tables: [
    {
      name: 'trips',
      rowKey: { template: '{city}#{trip}', fields: { city: { type: 'string', values: ['nyc', 'sf'] }, trip: { type: 'uuid' } } },
      queries: [
        { name: 'by city', match: { city: 'eq' } },
        { name: 'one trip', match: { city: 'eq', trip: 'eq' }, limit: 1 },
      ],
    },
    { name: 'drivers', rowKey: { template: '{driver}', fields: { driver: { type: 'uuid' } } }, queries: [{ name: 'one trip' }] },
  ],
};

describe('duplicateTable', () => {
  it('puts a deep copy named <name>_copy after the table, and counts up when that is taken', () => {
    const r = duplicateTable(design, 0)!;
    expect(r.name).toBe('trips_copy');
    expect(r.design.tables.map((t) => t.name)).toEqual(['trips', 'trips_copy', 'drivers']);
    expect(r.design.tables[1]).toEqual({ ...design.tables[0], name: 'trips_copy' });
    expect(r.design.tables[1]!.rowKey).not.toBe(design.tables[0]!.rowKey);
    expect(validateDesign(r.design).ok).toBe(true);
    expect(duplicateTable(r.design, 0)!.name).toBe('trips_copy2');
    expect(duplicateTable(design, 5)).toBeNull();
  });
});

describe('moveQuery', () => {
  it('moves a query, renames it when the target has the name, and drops matches on fields the target lacks', () => {
    const r = moveQuery(design, 0, 1, 1)!;
    expect(r.name).toBe('one trip2');
    expect(r.dropped).toEqual(['city', 'trip']);
    expect(r.design.tables[0]!.queries!.map((q) => q.name)).toEqual(['by city']);
    expect(r.design.tables[1]!.queries).toEqual([{ name: 'one trip' }, { name: 'one trip2', limit: 1 }]);
    expect(validateDesign(r.design).ok).toBe(true);
  });

  it('keeps matches the target key has; the last query leaves no empty list; no move onto itself', () => {
    const twoKeys: Design = { ...design, tables: [design.tables[0]!, { ...design.tables[0]!, name: 'trips2', queries: undefined }] };
    const r = moveQuery(twoKeys, 0, 0, 1)!;
    expect(r.dropped).toEqual([]);
    expect(r.design.tables[1]!.queries).toEqual([{ name: 'by city', match: { city: 'eq' } }]);
    const last = moveQuery(r.design, 1, 0, 0)!;
    expect('queries' in last.design.tables[1]!).toBe(false);
    expect(moveQuery(design, 0, 0, 0)).toBeNull();
  });
});

describe('renameTable', () => {
  it('renames the table and every reference to it: writtenWith, servedBy, view tables', () => {
    const key = { template: '{id}', fields: { id: { type: 'string' as const } } };
    const d: Design = {
      format: 'bigtable-studio/v1',
      name: 'x',
      tables: [
        { name: 'orders', rowKey: key },
        { name: 'by_user', rowKey: key, writtenWith: 'orders', queries: [{ name: 'q', servedBy: 'orders' }] },
      ],
      materializedViews: [{ name: 'v', table: 'orders', index: { fields: ['id'] } }],
      authorizedViews: [{ name: 'a', table: 'by_user', families: {} }],
    };
    const r = renameTable(d, 0, 'orders2');
    expect(r.tables.map((t) => t.name)).toEqual(['orders2', 'by_user']);
    expect(r.tables[1]!.writtenWith).toBe('orders2');
    expect(r.tables[1]!.queries![0]!.servedBy).toBe('orders2');
    expect(r.materializedViews![0]!.table).toBe('orders2');
    expect(r.authorizedViews).toBe(d.authorizedViews); // untouched: the same object
    expect(JSON.stringify(r)).not.toMatch(/"orders"/);
  });
});
