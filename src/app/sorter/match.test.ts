import { describe, expect, it } from 'vitest';
import type { Table } from '../../core/model/schema';
import type { Prepared } from './jobs';
import { runJob } from './jobs';
import { matchQuery } from './match';
import { createSpanner } from './spans';
import { utf8 } from '../../core/keys/bytes';

const drain = <T>(gen: Generator<unknown, T>): T => {
  for (;;) {
    const s = gen.next();
    if (s.done) return s.value;
  }
};

const table = (template: string, fields: Table['rowKey']['fields'], queries: Table['queries']): Table => ({ name: 't', rowKey: { template, fields }, queries });

function prepare(t: Table, count = 5000): Prepared {
  return drain(runJob({ kind: 'prepare', source: { from: 'generate', rowKey: t.rowKey, count, seed: 5 } })) as Prepared;
}

describe('spans', () => {
  it('finds each field of a delimited key, and says when a key does not fit', () => {
    const s = createSpanner({ template: 'u{user}#{ts}', fields: { user: { type: 'string' }, ts: { type: 'timestamp' } } });
    expect(s.spans(utf8('ualice#17'))).toEqual([
      { kind: 'literal', field: null, start: 0, end: 1 },
      { kind: 'field', field: 'user', start: 1, end: 6 },
      { kind: 'separator', field: null, start: 6, end: 7 },
      { kind: 'field', field: 'ts', start: 7, end: 9 },
    ]);
    expect(s.spans(utf8('alice#17'))).toBeNull();
    expect(s.spans(utf8('ualice'))).toBeNull();
  });

  it('splits ordered-code keys at 0x00 0x01', () => {
    const s = createSpanner({ template: '{a}#{b}', encoding: 'orderedCode', fields: { a: { type: 'string' }, b: { type: 'string' } } });
    const out = new Int32Array(4);
    expect(s.fieldRanges(Uint8Array.of(0x61, 0x00, 0xff, 0x00, 0x01, 0x62), out)).toBe(true);
    expect(Array.from(out)).toEqual([0, 3, 5, 6]);
  });
});

describe('query matches', () => {
  const fields: Table['rowKey']['fields'] = {
    device: { type: 'string', length: 4, cardinality: 40 },
    ts: { type: 'timestamp', reversed: true },
  };

  it('lights one contiguous run for a prefix scan on the leading field', () => {
    const t = table('{device}#{ts}', fields, [{ name: 'by device', match: { device: 'eq' } }]);
    const p = prepare(t);
    const r = drain(matchQuery(p.keys, { table: t, queryIndex: 0, anchor: 2500 }));
    expect(r.plan.kind).toBe('prefix');
    expect(r.matched).toBeGreaterThan(10);
    expect(r.runs).toBe(1);
    expect(r.mask[2500]).toBe(1);
  });

  it('scatters the rows of a full scan (the field is not the key prefix)', () => {
    const t = table('{ts}#{device}', { ...fields, ts: { type: 'timestamp' } }, [{ name: 'by device', match: { device: 'eq' } }]);
    const p = prepare(t);
    const r = drain(matchQuery(p.keys, { table: t, queryIndex: 0, anchor: 100 }));
    expect(r.plan.kind).toBe('full-scan');
    expect(r.runs).toBeGreaterThan(20);
  });

  it('shows one run per salt bucket for a range read of a salted key', () => {
    const t = table(
      '{salt}#{ts}#{device}',
      { salt: { type: 'hash', buckets: 4, of: ['device'] }, ts: { type: 'timestamp' }, device: { type: 'string', length: 4, cardinality: 40 } },
      [{ name: 'time window', match: { ts: 'range' } }],
    );
    const p = prepare(t);
    const r = drain(matchQuery(p.keys, { table: t, queryIndex: 0, anchor: 1000 }));
    expect(r.plan.kind).toBe('multi-scan');
    expect(r.plan.scans).toBe(4);
    expect(r.runs).toBe(4);
    expect(r.matched).toBeGreaterThan(1000);
  });

  it("shows a reversed timestamp's value decoded beside its digits", () => {
    const t = table('{device}#{ts}', fields, [{ name: 'one reading', match: { device: 'eq', ts: 'eq' } }]);
    const p = prepare(t);
    const r = drain(matchQuery(p.keys, { table: t, queryIndex: 0, anchor: 10 }));
    const ts = r.bindings.find((b) => b.field === 'ts')!;
    expect(ts.value).toMatch(/^\d{19}$/);
    expect(BigInt(ts.value)).toBe(9223372036854775807n - BigInt(Date.parse(ts.readable!)));
    expect(r.bindings.find((b) => b.field === 'device')!.readable).toBeUndefined();
  });

  it('never matches keys that do not fit the template, and counts them', () => {
    const t = table('{device}#{ts}', fields, [{ name: 'by device', match: { device: 'eq' } }]);
    const p = drain(runJob({ kind: 'prepare', source: { from: 'paste', text: 'abcd#1\nnot a key\nabcd#2\n' } })) as Prepared;
    const r = drain(matchQuery(p.keys, { table: t, queryIndex: 0, anchor: 0 }));
    expect(r.unfit).toBe(1);
    expect(r.matched).toBe(2);
  });
});
