import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/load/load-design';
import { FORMAT_V1, type Design, type Table } from '../../core/model/schema';
import { addKeyField, gcOfKind, moveKeyField, removeKeyField, renameKeyField, setDelimiter, setMatch, setOpt } from './ops';

const table = (over: Partial<Table> = {}): Table => ({
  name: 't',
  rowKey: { template: '{tenant}#{device}#{ts}', fields: { tenant: { type: 'string' }, device: { type: 'int', pad: 4 }, ts: { type: 'timestamp' } } },
  queries: [{ name: 'q', match: { tenant: 'eq', device: 'prefix' } }],
  ...over,
});
const valid = (t: Table) => validateDesign({ format: FORMAT_V1, name: 'd', tables: [t] } satisfies Design).ok;

describe('key template edits', () => {
  it('appends a field with the inferred delimiter, and a singleton key becomes delimited', () => {
    const rk = addKeyField({ template: '{a}', encoding: 'singleton', fields: { a: { type: 'string' } } }, 'b', 'int');
    expect(rk).toEqual({ template: '{a}#{b}', fields: { a: { type: 'string' }, b: { type: 'int' } } });
    expect(addKeyField(table().rowKey, 'salt', 'hash').fields['salt']).toEqual({ type: 'hash', buckets: 8 });
  });

  it('moves a field left and right, keeping literal text with its field', () => {
    const rk = { template: 'user_{id}#{ts}#x', fields: { id: { type: 'string' as const }, ts: { type: 'timestamp' as const } } };
    expect(moveKeyField(rk, 'ts', -1).template).toBe('{ts}#user_{id}#x');
    expect(moveKeyField(rk, 'id', 1).template).toBe('{ts}#user_{id}#x');
    expect(moveKeyField(rk, 'id', -1)).toBe(rk);
  });

  it('removes a field from the template, the fields, query matches and salts', () => {
    const t = table({
      rowKey: {
        ...table().rowKey,
        template: '{salt}#{tenant}#{device}#{ts}',
        fields: { ...table().rowKey.fields, salt: { type: 'hash', of: ['device'], buckets: 4 } },
      },
    });
    const out = removeKeyField(t, 'device');
    expect(out.rowKey.template).toBe('{salt}#{tenant}#{ts}');
    expect(out.rowKey.fields['salt']).toEqual({ type: 'hash', buckets: 4 });
    expect(out.queries?.[0]?.match).toEqual({ tenant: 'eq' });
    expect(valid(out)).toBe(true);
  });

  it('renames a field everywhere and keeps the order of fields', () => {
    const out = renameKeyField(table(), 'device', 'dev');
    expect(out.rowKey.template).toBe('{tenant}#{dev}#{ts}');
    expect(Object.keys(out.rowKey.fields)).toEqual(['tenant', 'dev', 'ts']);
    expect(out.queries?.[0]?.match).toEqual({ tenant: 'eq', dev: 'prefix' });
    expect(valid(out)).toBe(true);
  });

  it('changes the delimiter in the template, and keeps an explicit delimiter explicit', () => {
    expect(setDelimiter(table().rowKey, '/')).toMatchObject({ template: '{tenant}/{device}/{ts}' });
    expect(setDelimiter(table().rowKey, '/').delimiter).toBeUndefined();
    const explicit = { ...table().rowKey, delimiter: '#' };
    expect(setDelimiter(explicit, '::')).toMatchObject({ template: '{tenant}::{device}::{ts}', delimiter: '::' });
  });

  it('escapes literal braces when it rebuilds a template', () => {
    const rk = { template: 'a{{b}}_{x}#{y}', fields: { x: { type: 'string' as const }, y: { type: 'string' as const } } };
    expect(moveKeyField(rk, 'y', -1).template).toBe('{y}#a{{b}}_{x}');
  });
});

describe('small helpers', () => {
  it('setOpt removes a key instead of leaving undefined behind', () => {
    const o = { a: 1, b: 2 } as { a: number; b?: number };
    expect(setOpt(o, 'b', undefined)).toEqual({ a: 1 });
    expect('b' in setOpt(o, 'b', undefined)).toBe(false);
    expect(setOpt(o, 'a', 1)).toBe(o);
  });

  it('gcOfKind wraps a simple rule into a union or intersection and unwraps back', () => {
    expect(gcOfKind('union', { maxVersions: 3 })).toEqual({ union: [{ maxVersions: 3 }, { maxAge: '30d' }] });
    expect(gcOfKind('intersection', { union: [{ maxAge: '1d' }] })).toEqual({ intersection: [{ maxAge: '1d' }] });
    expect(gcOfKind('maxAge', undefined)).toEqual({ maxAge: '30d' });
    expect(gcOfKind('none', { maxVersions: 1 })).toBeUndefined();
  });

  it('setMatch sets and clears one field, dropping an empty match', () => {
    const q = setMatch({ name: 'q' }, 'a', 'eq');
    expect(q).toEqual({ name: 'q', match: { a: 'eq' } });
    expect(setMatch(q, 'a', undefined)).toEqual({ name: 'q' });
  });
});
