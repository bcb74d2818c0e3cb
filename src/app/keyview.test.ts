import { describe, expect, it } from 'vitest';
import { compareBytes, concatBytes } from '../core/keys/bytes';
import type { RowKey } from '../core/model/schema';
import { buildExampleKey, gcSummary, sortedSampleKeys } from './keyview';

const iot: RowKey = {
  template: '{tenant}#{device}#{ts}',
  fields: {
    tenant: { type: 'string', values: ['acme', 'globex'] },
    device: { type: 'int', cardinality: 1000, pad: 6 },
    ts: { type: 'timestamp', reversed: true },
  },
};

describe('buildExampleKey', () => {
  it('splits the key into pieces that concatenate to the encoded key', () => {
    const ex = buildExampleKey(iot);
    expect(concatBytes(ex.pieces.map((p) => p.bytes))).toEqual(ex.key);
    expect(ex.pieces.map((p) => p.kind)).toEqual(['field', 'separator', 'field', 'separator', 'field']);
    expect(ex.pieces.filter((p) => p.kind === 'field').map((p) => p.field)).toEqual(['tenant', 'device', 'ts']);
  });

  it("reads a reversed timestamp's 19 digits back as an ISO time beside them", async () => {
    const { readableTimestamp } = await import('../core/keys/values');
    const ex = buildExampleKey(iot);
    const ts = ex.pieces.find((p) => p.field === 'ts')!;
    expect(ts.text).toMatch(/^\d{19}$/);
    expect(ts.readable).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The digits are Long.MAX_VALUE minus the milliseconds.
    expect(BigInt(ts.text)).toBe(9223372036854775807n - BigInt(Date.parse(ts.readable!)));
    expect(ex.pieces.filter((p) => p.readable).map((p) => p.field)).toEqual(['ts']);
    const enc = new TextEncoder();
    expect(readableTimestamp('ts', { type: 'timestamp', reversed: true }, enc.encode(String(9223372036854775807n - 1764547200000n)))).toBe(
      '2025-12-01T00:00:00.000Z',
    );
    expect(readableTimestamp('ts', { type: 'timestamp', reversed: true }, enc.encode('not digits'))).toBeNull();
    expect(readableTimestamp('ts', { type: 'timestamp', format: 'iso' }, enc.encode('2025-12-01T00:00:00.000Z'))).toBeNull();
    expect(readableTimestamp('d', { type: 'int' }, enc.encode('42'))).toBeNull();
  });

  it('colours literal text around a field apart from the field', () => {
    const ex = buildExampleKey({
      template: 'dev{device}#day{day}',
      delimiter: '#',
      fields: { device: { type: 'int', example: 7, pad: 3 }, day: { type: 'int', example: 2 } },
    });
    expect(ex.text).toBe('dev007#day2');
    expect(ex.pieces.map((p) => [p.kind, p.text])).toEqual([
      ['literal', 'dev'],
      ['field', '007'],
      ['separator', '#'],
      ['literal', 'day'],
      ['field', '2'],
    ]);
  });

  it('shows ordered-code keys with their 0x00 0x01 separators and escapes', () => {
    const ex = buildExampleKey({
      template: '{a}{b}',
      encoding: 'orderedCode',
      fields: { a: { type: 'bytes', length: 2, example: 'x' }, b: { type: 'int', encoding: 'orderedCode', example: 5 } },
    });
    expect(concatBytes(ex.pieces.map((p) => p.bytes))).toEqual(ex.key);
    expect(ex.pieces.map((p) => p.kind)).toEqual(['field', 'separator', 'field']);
  });
});

describe('sortedSampleKeys', () => {
  it('returns n keys in byte order with matching hex', () => {
    const keys = sortedSampleKeys(iot, 50);
    expect(keys).toHaveLength(50);
    for (let i = 1; i < keys.length; i++) expect(compareBytes(keys[i - 1]!.key, keys[i]!.key)).toBeLessThanOrEqual(0);
    for (const k of keys) expect(Buffer.from(k.hex, 'hex')).toEqual(Buffer.from(k.key));
  });
});

describe('gcSummary', () => {
  it('states when a cell is deleted', () => {
    expect(gcSummary(undefined)).toBe('none: every cell is kept');
    expect(gcSummary({ maxVersions: 1 })).toBe('delete when not the newest version');
    expect(gcSummary({ union: [{ maxVersions: 3 }, { maxAge: '30d' }] })).toBe('delete when not among the newest 3 versions or older than 30d');
    expect(gcSummary({ intersection: [{ maxAge: '7d' }, { union: [{ maxVersions: 2 }, { maxAge: '1d' }] }] })).toBe(
      'delete when older than 7d and (not among the newest 2 versions or older than 1d)',
    );
  });
});
