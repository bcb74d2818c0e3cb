import { describe, expect, it } from 'vitest';
import type { RowKey } from '../model/schema';
import { recordStream } from './generate';
import { Rng } from './random';
import { uuidText, uuidV7Time } from './uuid';
import { packedKeys } from './writer';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuid text', () => {
  it('writes a v4 with its version and variant bits', () => {
    const rng = new Rng(3, 'id');
    for (let i = 0; i < 200; i++) expect(uuidText(rng, 4, 0)).toMatch(V4);
  });

  it('writes a v7 whose first 48 bits are the millisecond time', () => {
    const rng = new Rng(3, 'id');
    const t = Date.UTC(2026, 11, 5, 13, 0, 0, 123);
    const u = uuidText(rng, 7, t);
    expect(u).toMatch(V7);
    expect(uuidV7Time(u)).toBe(t);
    expect(u.slice(0, 13)).toBe(`${t.toString(16).padStart(12, '0').slice(0, 8)}-${t.toString(16).padStart(12, '0').slice(8)}`);
  });

  it('makes v7 values that sort by time, as text and as key bytes', () => {
    const rowKey = { template: '{id}', fields: { id: { type: 'uuid', version: 7 } } } as unknown as RowKey;
    const s = recordStream(rowKey, { seed: 5, writesPerSecond: 10 });
    const ids = Array.from({ length: 300 }, () => String(s.next().record.id));
    for (const id of ids) expect(id).toMatch(V7);
    // 10 writes/s: each id is 100 ms after the one before, so the list is already in order.
    expect([...ids].sort()).toEqual(ids);
    expect(uuidV7Time(ids[10]!)! - uuidV7Time(ids[0]!)!).toBe(1000);
  });

  it('packs the same v7 keys on the fast path as the general one', () => {
    const rowKey = {
      template: '{tenant}#{id}',
      fields: { tenant: { type: 'string', cardinality: 20 }, id: { type: 'uuid', version: 7 } },
    } as unknown as RowKey;
    const general = recordStream(rowKey, { seed: 9, writesPerSecond: 250 });
    const packed = packedKeys(rowKey, 400, { seed: 9, writesPerSecond: 250 });
    const dec = new TextDecoder();
    for (let k = 0; k < packed.count; k++) expect(dec.decode(packed.data.subarray(packed.starts[k]!, packed.ends[k]!))).toBe(dec.decode(general.next().key));
  });

  it('reads no time from a v4 or from text that is not a UUID', () => {
    expect(uuidV7Time(uuidText(new Rng(1, 'x'), 4, 1e12))).toBeNull();
    expect(uuidV7Time('not-a-uuid')).toBeNull();
  });
});
