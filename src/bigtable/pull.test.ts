import { describe, expect, it } from 'vitest';
import { rowKeyFromStruct } from '../core/import/struct';
import { between, structAsJson } from './pull';

describe('pull helpers', () => {
  it('reads a row key schema as the admin API returns it (delimiter bytes as Buffer or Uint8Array)', () => {
    for (const delimiter of [Buffer.from('#'), new Uint8Array([0x23])]) {
      const schema = {
        fields: [
          { fieldName: 'tenant', type: { stringType: { encoding: { utf8Bytes: {} } } } },
          { fieldName: 'id', type: { int64Type: { encoding: { bigEndianBytes: {} } } } },
        ],
        encoding: { delimitedBytes: { delimiter } },
      };
      const r = rowKeyFromStruct(structAsJson(schema), ['rowKeySchema'], true);
      expect(r.rowKey.template).toBe('{tenant}#{id}');
      expect(r.rowKey.fields.id).toMatchObject({ type: 'int', encoding: 'bigEndian' });
    }
  });

  it('spreads start keys evenly between two keys on their first 8 bytes', () => {
    const lo = Buffer.from('a');
    const hi = Buffer.from('c');
    expect(Buffer.from(between(lo, hi, 0)).toString('latin1')).toBe('a');
    expect(Buffer.from(between(lo, hi, 0.5)).toString('latin1')).toBe('b');
    const quarter = Buffer.from(between(lo, hi, 0.25));
    expect(quarter[0]).toBe(0x61);
    expect(quarter[1]).toBe(0x80);
  });
});
