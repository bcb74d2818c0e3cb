import { describe, expect, it } from 'vitest';
import { diffDesigns } from '../../core/diff';
import type { Design } from '../../core/model/schema';
import { designPath, formMarks, markAt, markIn } from './form-marks';

const mine: Design = {
  format: 'bigtable-studio/v1',
  name: 'Shop',
  tables: [
    {
      name: 'orders',
      rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } },
      families: [
        { name: 'cf', gc: { maxVersions: 1 } },
        { name: 'old', gc: { maxVersions: 1 } },
      ],
      queries: [{ name: 'one', match: { id: 'eq' } }],
      load: { writesPerSecond: 100 },
    },
    { name: 'gone', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } },
  ],
} as Design;

const theirs: Design = {
  ...mine,
  tables: [
    {
      ...mine.tables[0]!,
      families: [
        { name: 'new', gc: { maxAge: '7d' } },
        { name: 'cf', gc: { maxVersions: 3 } },
      ],
      load: { writesPerSecond: 5000 },
    },
    { name: 'added', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } },
  ],
} as Design;

describe('comparison marks on the form', () => {
  const m = formMarks(theirs, diffDesigns(mine, theirs).changes);

  it('places changed and added values at the form paths of the link version (indexes, not names)', () => {
    expect(designPath(theirs, ['tables', 'orders', 'families', 'cf', 'gc'])).toEqual(['tables', 0, 'families', 1, 'gc']);
    expect(designPath(theirs, ['tables', 'nope'])).toBeNull();
    expect(markAt(m, 'tables[0].families[1].gc')).toBe('changed');
    expect(markAt(m, 'tables[0].families[1].gc.maxVersions')).toBe('changed');
    expect(markAt(m, 'tables[0].load.writesPerSecond')).toBe('changed');
    expect(markAt(m, 'tables[0].families[0].name')).toBe('added');
    expect(markAt(m, 'tables[1].rowKey.template')).toBe('added');
    expect(markAt(m, 'tables[0].families[1].name')).toBeUndefined();
    expect(markAt(m, 'tables[0].queries[0].name')).toBeUndefined();
    expect(markAt(m, 'tables[0].load.readsPerSecond')).toBeUndefined();
  });

  it('marks containers that hold changes, and lists what the form cannot show', () => {
    expect(markIn(m, 'tables[0]')).toBe('changed');
    expect(markIn(m, 'tables[1]')).toBe('added');
    expect(markIn(m, 'tables[0].families[0]')).toBe('added');
    expect(markIn(m, 'tables[0].queries[0]')).toBeUndefined();
    expect(m.removed.sort()).toEqual(['family old of table orders', 'table gone']);
    expect(m.added).toBe(2);
    expect(m.changed).toBe(2);
  });
});
