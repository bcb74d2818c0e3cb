import { describe, expect, it } from 'vitest';
import { layoutOf } from '../keys/template';
import type { Table } from '../model/schema';
import { planQuery } from './query-plan';

const table = (template: string, fields: Table['rowKey']['fields']): Table => ({ name: 't', rowKey: { template, fields } });
const plan = (t: Table, match: Record<string, 'eq' | 'prefix' | 'range'>, filter?: string[]) =>
  planQuery(t, layoutOf(t.rowKey), { name: 'q', match, ...(filter ? { filter } : {}) }, 0);

const iot = table('{tenant}#{device}#{ts}', { tenant: { type: 'string' }, device: { type: 'int', pad: 6 }, ts: { type: 'timestamp', reversed: true } });
const salted = table('{salt}#{region}#{user}', { salt: { type: 'hash', buckets: 8, of: ['user'] }, region: { type: 'string' }, user: { type: 'uuid' } });

describe('query plans', () => {
  it('reads one row when every field is bound', () => {
    expect(plan(iot, { tenant: 'eq', device: 'eq', ts: 'eq' })).toMatchObject({
      kind: 'point',
      scans: 1,
      start: '{tenant}#{device}#{ts}',
      end: '{tenant}#{device}#{ts}\\x00',
    });
  });

  it('reads a prefix when leading fields are bound, and a range when the next is a range', () => {
    expect(plan(iot, { tenant: 'eq', device: 'eq' })).toMatchObject({ kind: 'prefix', start: '{tenant}#{device}#', end: 'successor({tenant}#{device}#)' });
    expect(plan(iot, { tenant: 'eq', device: 'eq', ts: 'range' })).toMatchObject({
      kind: 'range',
      start: '{tenant}#{device}#{ts from}',
      end: '{tenant}#{device}#{ts to}',
    });
    expect(plan(iot, { tenant: 'prefix' })).toMatchObject({ kind: 'prefix', start: '{tenant prefix}' });
  });

  it('scans the whole table when the first field is not bound, and names the gap', () => {
    expect(plan(iot, { device: 'eq' })).toMatchObject({ kind: 'full-scan', scans: 1, unusable: ['device'], gap: ['device'] });
    expect(plan(iot, {}, ['m:temp'])).toMatchObject({ kind: 'full-scan', filterOnly: true });
    expect(plan(iot, { tenant: 'eq', ts: 'range' })).toMatchObject({ kind: 'prefix', gap: ['ts'] });
  });

  it('fans out over salt buckets unless the salt is computable or named', () => {
    expect(plan(salted, { region: 'eq' })).toMatchObject({ kind: 'multi-scan', scans: 8, fanout: [{ field: 'salt', buckets: 8 }] });
    expect(plan(salted, { region: 'eq', user: 'eq' })).toMatchObject({ kind: 'point', scans: 1 });
    expect(plan(salted, { salt: 'eq', region: 'eq' })).toMatchObject({ kind: 'prefix', scans: 1 });
  });

  it('does not count a computable salt alone as narrowing the read', () => {
    expect(plan(salted, { user: 'eq' })).toMatchObject({ kind: 'full-scan' });
  });
});
