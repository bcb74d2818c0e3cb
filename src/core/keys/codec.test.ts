import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Field, RowKey } from '../model/schema';
import { compareBytes, displayKey, toHex, utf8 } from './bytes';
import { createCodec } from './codec';
import { exampleRecord, recordStream, sampleKeys } from './generate';
import { fnv1a32 } from './hash';
import { layoutOf } from './template';
import type { FieldValue, KeyRecord } from './values';

/** How often each value of field d comes up in 20,000 records drawn with `seed`. */
function drawCounts(rowKey: Parameters<typeof recordStream>[0], seed: number): Map<bigint, number> {
  const s = recordStream(rowKey, { seed });
  const counts = new Map<bigint, number>();
  for (let i = 0; i < 20000; i++) {
    const d = s.next().record.d as bigint;
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return counts;
}

const rk = (template: string, fields: Record<string, Field>, extra: Partial<RowKey> = {}): RowKey => ({ template, fields, ...extra });

/** Values each field type accepts; text avoids the delimiter, as the validator demands. */
function arbValue(f: Field): fc.Arbitrary<FieldValue> {
  const int64 = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
  switch (f.type) {
    case 'string':
      return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((s) => !s.includes('#') && !s.includes('|') && !s.includes('\u0000'));
    case 'int':
      return f.encoding ? int64 : fc.bigInt({ min: -(10n ** 12n), max: 10n ** 15n });
    case 'timestamp':
      return f.format === 'iso'
        ? fc.bigInt({ min: 0n, max: 4_000_000_000_000n }).map((ms) => (f.unit === 'us' ? ms * 1000n : f.unit === 's' ? ms / 1000n : ms))
        : fc.bigInt({ min: 0n, max: 10n ** 15n });
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'domain':
      return fc.domain();
    case 'bytes':
      return fc.uint8Array({ minLength: f.length ?? 8, maxLength: f.length ?? 8 });
    case 'hash':
      return fc.constant(0n);
  }
}

function arbRecord(rowKey: RowKey): fc.Arbitrary<KeyRecord> {
  return fc.record(Object.fromEntries(Object.entries(rowKey.fields).map(([n, f]) => [n, arbValue(f)])));
}

const layouts: Record<string, RowKey> = {
  delimited: rk('{tenant}#{device}#{ts}', {
    tenant: { type: 'string' },
    device: { type: 'int', pad: 6 },
    ts: { type: 'timestamp', reversed: true },
  }),
  binaryInDelimited: rk('{a}#{b}#{c}#{d}', {
    a: { type: 'int', encoding: 'bigEndian' },
    b: { type: 'int', encoding: 'orderedCode' },
    c: { type: 'bytes', length: 5 },
    d: { type: 'string' },
  }),
  literals: rk('user#week{w}#{id}', { w: { type: 'int', pad: 2 }, id: { type: 'uuid' } }, { delimiter: '#' }),
  orderedCode: rk(
    '{s}{n}{b}',
    { s: { type: 'string' }, n: { type: 'int', encoding: 'orderedCode' }, b: { type: 'bytes', length: 3 } },
    { encoding: 'orderedCode' },
  ),
  singleton: rk('{n}', { n: { type: 'int', encoding: 'orderedCode' } }, { encoding: 'singleton' }),
  salted: rk('{salt}#{host}#{t}', {
    salt: { type: 'hash', buckets: 16 },
    host: { type: 'domain', reversed: true },
    t: { type: 'timestamp', unit: 'us', format: 'iso' },
  }),
  buckets: rk('{id}|{h}|{m}', {
    id: { type: 'string' },
    h: { type: 'timestamp', bucket: 'hour', format: 'iso' },
    m: { type: 'timestamp', unit: 's', bucket: 'week' },
  }),
  bigEndianTs: rk('{id}#{t}', { id: { type: 'string' }, t: { type: 'timestamp', encoding: 'bigEndian', unit: 'us', reversed: true } }),
};

describe('key codec', () => {
  for (const [name, rowKey] of Object.entries(layouts)) {
    it(`round-trips records and keys byte for byte (${name})`, () => {
      const codec = createCodec(rowKey);
      fc.assert(
        fc.property(arbRecord(rowKey), (record) => {
          const key = codec.encode(record);
          const back = codec.decode(key);
          expect(toHex(codec.encode(back))).toBe(toHex(key));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('writes the example key of the format spec', () => {
    const codec = createCodec(layouts.delimited!);
    const key = codec.encode({ tenant: 'acme', device: 42n, ts: 1767225600000n });
    expect(new TextDecoder().decode(key)).toBe('acme#000042#9223370269629175807');
  });

  it('writes literal text inside a segment as part of the value', () => {
    const key = createCodec(layouts.literals!).encode({ w: 7n, id: '7f1c1d6e-2a3b-4c5d-8e9f-001122334455' });
    expect(new TextDecoder().decode(key)).toBe('user#week07#7f1c1d6e-2a3b-4c5d-8e9f-001122334455');
  });

  it('computes the salt as FNV-1a of the other fields joined by the delimiter, modulo buckets', () => {
    const codec = createCodec(layouts.salted!);
    const key = new TextDecoder().decode(codec.encode({ salt: 0n, host: 'www.example.com', t: 1767225600000000n }));
    const rest = 'com.example.www#2026-01-01T00:00:00.000000Z';
    expect(key).toBe(`${String(fnv1a32(utf8(rest)) % 16).padStart(2, '0')}#${rest}`);
  });

  it('refuses a key whose salt does not match its fields', () => {
    const codec = createCodec(layouts.salted!);
    const good = new TextDecoder().decode(codec.encode({ salt: 0n, host: 'a.b', t: 0n }));
    const wrong = `${String((Number(good.slice(0, 2)) + 1) % 16).padStart(2, '0')}${good.slice(2)}`;
    expect(() => codec.decode(utf8(wrong))).toThrow(/salt/);
  });

  it('says where a key does not follow the template', () => {
    const codec = createCodec(layouts.delimited!);
    expect(() => codec.decode(utf8('acme#000042'))).toThrow(/delimiter|segment/);
    expect(() => codec.decode(utf8('acme#x#9223370269629175807'))).toThrow(/device/);
  });

  it('sorts a reversed timestamp newest first', () => {
    const codec = createCodec(layouts.delimited!);
    const older = codec.encode({ tenant: 'a', device: 1n, ts: 1000n });
    const newer = codec.encode({ tenant: 'a', device: 1n, ts: 2000n });
    expect(compareBytes(newer, older)).toBeLessThan(0);
  });

  it('rounds time buckets down in UTC, weeks from Monday', () => {
    const codec = createCodec(layouts.buckets!);
    // 2026-11-30 is a Monday; 2026-12-03T17:45:10Z is the Thursday after.
    const t = BigInt(Date.UTC(2026, 11, 3, 17, 45, 10));
    const key = new TextDecoder().decode(codec.encode({ id: 'x', h: t, m: t / 1000n }));
    expect(key).toBe(`x|2026-12-03T17|${Date.UTC(2026, 10, 30) / 1000}`);
  });
});

describe('templates', () => {
  it('infers the delimiter when one literal separates all fields', () => {
    expect(layoutOf({ template: '{a}#{b}#{c}' }).delimiter).toBe('#');
    expect(layoutOf({ template: '{a}#x#{b}#{c}' }).delimiter).toBe('#');
    expect(layoutOf({ template: '{a}#x#{b}#{c}' }).segments.map((s) => s.prefix + (s.field ?? ''))).toEqual(['a', 'x', 'b', 'c']);
  });

  it('explains templates it cannot use', () => {
    expect(() => layoutOf({ template: '{a}{b}' })).toThrow(/delimiter/);
    expect(() => layoutOf({ template: '{a}#{a}' })).toThrow(/twice/);
    expect(() => layoutOf({ template: '{a' })).toThrow(/unclosed/);
    expect(() => layoutOf({ template: '{1x}' })).toThrow(/not a field placeholder/);
    expect(() => layoutOf({ template: '{a}#{b}', encoding: 'singleton' })).toThrow(/singleton/);
  });
});

describe('generators', () => {
  const table = layouts.delimited!;

  it('give the same keys for the same seed and other keys for another seed', () => {
    const a = sampleKeys(table, 100, { seed: 7 }).map(toHex);
    expect(sampleKeys(table, 100, { seed: 7 }).map(toHex)).toEqual(a);
    expect(sampleKeys(table, 100, { seed: 8 }).map(toHex)).not.toEqual(a);
  });

  it("are pinned across machines (a change here changes every user's sample keys)", () => {
    const first = sampleKeys(
      rk('{t}#{d}#{ts}', { t: { type: 'string', values: ['acme', 'globex'] }, d: { type: 'int', cardinality: 1000, pad: 4 }, ts: { type: 'timestamp' } }),
      3,
      { seed: 1 },
    ).map(displayKey);
    expect(first).toMatchInlineSnapshot(`
      [
        "acme#0788#1767225600000",
        "acme#0459#1767225600001",
        "acme#0170#1767225600002",
      ]
    `);
  });

  it('follow weights of a closed set of values', () => {
    const s = recordStream(rk('{t}#{x}', { t: { type: 'string', values: ['a', 'b'], weights: [0.9, 0.1] }, x: { type: 'uuid' } }), { seed: 3 });
    let a = 0;
    for (let i = 0; i < 10000; i++) if (s.next().record.t === 'a') a++;
    expect(a / 10000).toBeGreaterThan(0.88);
    expect(a / 10000).toBeLessThan(0.92);
  });

  it('make a hot value take its share of writes', () => {
    const counts = drawCounts(rk('{d}', { d: { type: 'int', cardinality: 1000, distribution: 'hot', share: 0.3 } }), 3);
    expect((counts.get(0n) ?? 0) / 20000).toBeCloseTo(0.3, 1);
  });

  it('make zipf ranks skewed: rank 0 is drawn far more often than rank 100', () => {
    const counts = drawCounts(rk('{d}', { d: { type: 'int', cardinality: 100000, distribution: 'zipf', skew: 1.2 } }), 5);
    expect(counts.get(0n) ?? 0).toBeGreaterThan(20 * (counts.get(100n) ?? 1));
  });

  it('count sequential values up and follow simulated time', () => {
    const s = recordStream(rk('{n}#{ts}', { n: { type: 'int', distribution: 'sequential', min: 5 }, ts: { type: 'timestamp' } }), {
      writesPerSecond: 10,
      startMs: 0,
    });
    const rows = [s.next(), s.next(), s.next()];
    expect(rows.map((r) => r.record.n)).toEqual([5n, 6n, 7n]);
    expect(rows.map((r) => r.record.ts)).toEqual([0n, 100n, 200n]);
  });

  it('use field examples for the example key', () => {
    const r = exampleRecord(rk('{t}#{d}', { t: { type: 'string', example: 'acme' }, d: { type: 'int', example: 42, pad: 4 } }));
    expect(r).toEqual({ t: 'acme', d: 42n });
  });
});

describe('byte order', () => {
  it('agrees with Buffer.compare on arbitrary strings, unlike JavaScript string order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const ea = utf8(a);
        const eb = utf8(b);
        expect(Math.sign(compareBytes(ea, eb))).toBe(Math.sign(Buffer.compare(Buffer.from(ea), Buffer.from(eb))));
      }),
      { numRuns: 3000 },
    );
    // U+FF01 sorts before U+1F600 in bytes, after it in UTF-16.
    expect(compareBytes(utf8('\uFF01'), utf8('\u{1F600}'))).toBeLessThan(0);
    expect('\uFF01' < '\u{1F600}').toBe(false);
    expect(compareBytes(utf8('device#10'), utf8('device#2'))).toBeLessThan(0);
  });

  it('displays keys with non-printable bytes escaped', () => {
    expect(displayKey(Uint8Array.from([0x61, 0x00, 0xff, 0x5c, 0xc3, 0xa9]))).toBe('a\\x00\\xff\\\\é');
  });
});
