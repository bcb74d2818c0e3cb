// The fast key writer must give exactly the keys of the general path (recordStream + the codec):
// the generators are part of the format. Checked on every example table and on generated
// designs covering every field type, option and encoding (fixed seed, printed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowKey } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { validDesign } from '../../test-support/design-arbitrary';
import { ByteBuffer, displayKey, displayKeyInto, toHex } from './bytes';
import { recordStream } from './generate';
import { keyWriter, packedKeys } from './writer';
import { mix, mixBase, mixRound, modulo } from './generators';

const SEED = 20261201;

function expectSameKeys(rowKey: RowKey, n: number, opts: { seed?: number; writesPerSecond?: number; startMs?: number } = {}): void {
  let general: ReturnType<typeof recordStream>;
  try {
    general = recordStream(rowKey, opts);
  } catch (e) {
    // A key the codec refuses is refused by the writer too, with the same error.
    expect(() => keyWriter(rowKey, opts)).toThrow((e as Error).message);
    return;
  }
  const fast = keyWriter(rowKey, opts);
  for (let i = 0; i < n; i++) {
    let want: string;
    try {
      want = toHex(general.next().key);
    } catch (e) {
      expect(() => fast.next(), `key ${i}`).toThrow((e as Error).message);
      return;
    }
    const len = fast.next();
    expect(toHex(fast.bytes().subarray(0, len)), `key ${i} of ${rowKey.template}`).toBe(want);
    // A key the writer calls plain is its own display text.
    if (fast.plain)
      expect(displayKey(fast.bytes().subarray(0, len)), `plain key ${i} of ${rowKey.template}`).toBe(new TextDecoder().decode(fast.bytes().subarray(0, len)));
  }
}

/** nextInto appends the keys next() writes, after whatever the buffer held. */
function expectSameKeysInto(rowKey: RowKey, n: number, opts: { seed?: number; writesPerSecond?: number } = {}): void {
  let a: ReturnType<typeof keyWriter>;
  try {
    a = keyWriter(rowKey, opts);
  } catch {
    return;
  }
  const b = keyWriter(rowKey, opts);
  const out = new ByteBuffer(4);
  out.push(0x7c);
  for (let i = 0; i < n; i++) {
    let want: string;
    try {
      const len = a.next();
      want = toHex(a.bytes().subarray(0, len));
    } catch (e) {
      expect(() => b.nextInto(out), `key ${i}`).toThrow((e as Error).message);
      return;
    }
    const from = out.len;
    const len = b.nextInto(out);
    expect(out.len - from).toBe(len);
    expect(toHex(out.buf.subarray(from, out.len)), `key ${i} of ${rowKey.template}`).toBe(want);
  }
  expect(out.buf[0]).toBe(0x7c);
}

describe('keyWriter', () => {
  it('writes the keys of the general path for every example table', () => {
    for (const { file, design } of exampleDesigns()) {
      for (const t of design.tables) {
        for (const seed of [1, 7, 123456]) expectSameKeys(t.rowKey, 3000, { seed, writesPerSecond: t.load?.writesPerSecond });
        expectSameKeysInto(t.rowKey, 3000, { seed: 5, writesPerSecond: t.load?.writesPerSecond });
        expect(file).toBeTruthy();
      }
    }
  });

  it("packs the same keys (packedKeys), also when a key outgrows the writer's first buffer", () => {
    for (const { design } of exampleDesigns()) {
      for (const t of design.tables) {
        const general = recordStream(t.rowKey, { seed: 9 });
        const packed = packedKeys(t.rowKey, 500, { seed: 9 });
        expect(packed.count).toBe(500);
        for (let k = 0; k < packed.count; k++) expect(toHex(packed.data.subarray(packed.starts[k]!, packed.ends[k]!))).toBe(toHex(general.next().key));
      }
    }
  });

  it('copies a spelled value the same bytes as spelling it again: kept names and ranks past the kept ones', () => {
    // A domain of 40,000 names (the first 16,384 ranks kept), forward and reversed, and a path of
    // 30 values (all kept): zipf draws hit kept ranks over and over and reach past them too.
    for (const reversed of [false, true]) {
      const rowKey = {
        template: '{d}#{p}',
        fields: {
          d: { type: 'domain', reversed, cardinality: 40000, distribution: 'zipf', skew: 0.6 },
          p: { type: 'string', prefix: '/', length: 9, cardinality: 30, distribution: 'zipf', skew: 1 },
        },
      } as unknown as RowKey;
      expectSameKeys(rowKey, 20000, { seed: 11 });
    }
  });

  it('writes the keys of the general path for generated designs of every field type and encoding', () => {
    console.log(`fast-check seed ${SEED}`);
    fc.assert(
      fc.property(
        validDesign,
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 1e6 })),
        (design, seed, wps) => {
          for (const t of design.tables) {
            expectSameKeys(t.rowKey, 200, { seed, writesPerSecond: wps ?? t.load?.writesPerSecond });
            expectSameKeysInto(t.rowKey, 50, { seed, writesPerSecond: wps ?? t.load?.writesPerSecond });
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('keyWriter timestamps', () => {
  // A timestamp's text is stepped from the last one, digit by digit: past a carry into a new
  // digit (9999999999999 ms to 10^13), past long borrows of LONG_MAX - v, in every unit.
  const timestamp = (extra: Record<string, unknown>): RowKey => ({ template: '{ts}', fields: { ts: { type: 'timestamp', ...extra } } }) as unknown as RowKey;
  it("writes the general path's text across carries and borrows, in every unit and pad", () => {
    const carry = 1e13 - 1500; // 13 digits to 14 in ms, 10 to 11 in s around 2286-11-20
    const borrow = 1767225000000 + 775_807 - 700; // LONG_MAX (...775807) - v ends in 000000 700 ms in
    for (const startMs of [carry, 1e10 * 1000 - 300_000, borrow, 0, 999]) {
      for (const unit of ['ms', 's', 'us']) {
        for (const extra of [
          {},
          { reversed: true },
          { pad: 14 },
          { pad: 20 },
          { bucket: 'minute' },
          { reversed: true, bucket: 'hour' },
          { bucket: 'day' },
          { bucket: 'week' },
          { bucket: 'month' },
        ]) {
          // Down to a row every 14 hours and a row every 5.8 days: rows cross hours, weeks and months.
          for (const writesPerSecond of [1 / 50_000, 1 / 500_000, 1 / 3600, 1, 7, 1000, 3000, 20000]) {
            expectSameKeys(timestamp({ unit, ...extra }), 400, { startMs, writesPerSecond });
          }
        }
      }
    }
  });
});

describe('keyWriter sequences and salts', () => {
  const rowKey = (template: string, fields: Record<string, unknown>): RowKey => ({ template, fields }) as unknown as RowKey;
  it("steps a sequential int's text across carries, its wrap-around and zero, with and without pad", () => {
    // From below zero (written as they come) up past 0, 9 to 10, 999 to 1000; a cardinality that
    // wraps back to min; a value near 2^53.
    for (const min of [-12, 0, 1, 990, 9_999_990, 2 ** 53 - 40]) {
      for (const pad of [undefined, 2, 4, 10]) {
        for (const cardinality of [undefined, 7, 1000]) {
          expectSameKeys(rowKey('{n}', { n: { type: 'int', min, pad, cardinality, distribution: 'sequential' } }), 1200, { seed: 3 });
        }
      }
    }
  });

  it('writes salted keys of every layout the assembled plan takes and the general loop keeps', () => {
    const id = { type: 'int', min: 1, max: 9_999_999_999, cardinality: 50_000_000, pad: 10, distribution: 'sequential' };
    const designs = [
      rowKey('{salt}#{id}', { salt: { type: 'hash', of: ['id'], buckets: 32 }, id }),
      // Literal segments before, between and after; a salt of two fields and of no field at all.
      rowKey('s{salt}x#lit#{id}z#{u}#end', { salt: { type: 'hash', of: ['u', 'id'], buckets: 1000, pad: 5 }, id, u: { type: 'uuid' } }),
      rowKey('{a}:{b}', { a: { type: 'hash', of: ['nothing'], buckets: 7 }, b: { type: 'string', length: 3 } }),
      // The salt after the field it is hashed from.
      rowKey('{u}#{salt}', { u: { type: 'uuid' }, salt: { type: 'hash', of: ['u'], buckets: 64 } }),
      // A pad narrower than the widest bucket: digits written each time.
      rowKey('{salt}/{b}', { salt: { type: 'hash', buckets: 500, pad: 1 }, b: { type: 'string', length: 4, cardinality: 50 } }),
      // A salt of a salt: the general loop.
      rowKey('{s1}#{s2}#{b}', {
        s1: { type: 'hash', of: ['b'], buckets: 9 },
        s2: { type: 'hash', of: ['s1', 'b'], buckets: 13 },
        b: { type: 'string', length: 5 },
      }),
      rowKey('{salt}', { salt: { type: 'hash', of: ['b'], buckets: 16 }, b: { type: 'int' } }),
    ];
    for (const k of designs) {
      expectSameKeys(k, 3000, { seed: 8 });
      expectSameKeysInto(k, 3000, { seed: 8 });
    }
  });
});

describe('displayKeyInto', () => {
  it('writes the UTF-8 bytes of displayKey, for any bytes (fixed seed)', () => {
    const out = new ByteBuffer(4);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.nat(5), (bytes, pad) => {
        // The key sits inside a larger buffer, as in a packed key set.
        const padded = new Uint8Array(bytes.length + 2 * pad).fill(0x5c);
        padded.set(bytes, pad);
        out.len = 0;
        displayKeyInto(padded, pad, pad + bytes.length, out);
        expect(new TextDecoder().decode(out.buf.subarray(0, out.len))).toBe(displayKey(bytes));
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});

describe('ByteBuffer.digits', () => {
  it('writes the decimal text of padStart for any safe integer and pad (fixed seed)', () => {
    const out = new ByteBuffer(2);
    const near = (p: number) => fc.integer({ min: Math.max(0, 10 ** p - 3), max: 10 ** p + 3 });
    const value = fc.oneof(fc.maxSafeNat(), fc.nat(1000), fc.integer({ min: 0, max: 15 }).chain(near));
    fc.assert(
      fc.property(value, fc.nat(20), fc.string({ maxLength: 3 }), (v, pad, before) => {
        out.len = 0;
        for (const c of before) out.push(c.charCodeAt(0) & 0x7f);
        out.digits(v, pad);
        const want = [...before].map((c) => String.fromCharCode(c.charCodeAt(0) & 0x7f)).join('') + String(v).padStart(pad, '0');
        expect(new TextDecoder().decode(out.buf.subarray(0, out.len))).toBe(want);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe("the fast writer's arithmetic", () => {
  it('mixRound(mixBase(k, salt), round) is mix(k, salt, round), and modulo is % (fixed seed)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.nat(0xffffffff), fc.nat(64), fc.integer({ min: 1, max: 0xffffffff }), (k, salt, round, n) => {
        expect(mixRound(mixBase(k, salt), round)).toBe(mix(k, salt, round));
        const u = mix(k, salt, round);
        expect(modulo(u, n)).toBe(u % n);
        expect(modulo(k, n)).toBe(k % n);
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });
});
