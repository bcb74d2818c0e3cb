// Keys read as their fields: ISO dates, un-reversed timestamps, salt buckets, binary ints.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validDesign } from '../../test-support/design-arbitrary';
import type { RowKey } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { displayKey, utf8 } from './bytes';
import { createCodec } from './codec';
import { recordStream } from './generate';
import { fieldSamples, isoOf, keyReader } from './readable';

const T0 = 1767225600000n; // 2026-01-01T00:00:00Z

describe('keyReader', () => {
  it('shows a reversed millisecond timestamp as the ISO date it was, and the salt as its bucket', () => {
    const rowKey: RowKey = {
      template: '{salt}#{device}#{ts}',
      fields: { salt: { type: 'hash', buckets: 32, of: ['device'] }, device: { type: 'string' }, ts: { type: 'timestamp', reversed: true } },
    };
    const key = createCodec(rowKey).encode({ device: 'dev-7', ts: T0 + 1234n, salt: 0n });
    const raw = displayKey(key);
    expect(raw).toMatch(/^\d\d#dev-7#\d{19}$/);
    const salt = Number(raw.slice(0, 2));
    expect(keyReader(rowKey)(key)).toBe(`bucket ${salt}#dev-7#2026-01-01T00:00:01.234Z`);
  });

  it('reads seconds and microseconds, buckets, big-endian and ordered-code ints', () => {
    expect(isoOf({ type: 'timestamp', unit: 's' }, 1767225600n)).toBe('2026-01-01T00:00:00Z');
    expect(isoOf({ type: 'timestamp', unit: 'us' }, 1767225600123456n)).toBe('2026-01-01T00:00:00.123Z');
    expect(isoOf({ type: 'timestamp', bucket: 'day' }, T0)).toBe('2026-01-01');
    expect(isoOf({ type: 'timestamp', bucket: 'hour' }, T0 + 3_600_000n)).toBe('2026-01-01T01:00Z');
    expect(isoOf({ type: 'timestamp' }, 10n ** 17n)).toBeNull();
    const be: RowKey = { template: 'u#{id}', fields: { id: { type: 'int', encoding: 'bigEndian' } } };
    expect(keyReader(be)(createCodec(be).encode({ id: 258n }))).toBe('u#258');
    const oc: RowKey = { template: '{a}{b}', encoding: 'orderedCode', fields: { a: { type: 'string' }, b: { type: 'int', encoding: 'orderedCode' } } };
    expect(keyReader(oc)(createCodec(oc).encode({ a: 'x', b: 5n }))).toBe('x · 5');
  });

  it('keeps decimal ints and strings as written, and a key of another shape raw', () => {
    const rowKey: RowKey = { template: '{user}#{n}#{ts}', fields: { user: { type: 'string' }, n: { type: 'int', pad: 4 }, ts: { type: 'timestamp' } } };
    const read = keyReader(rowKey);
    expect(read(createCodec(rowKey).encode({ user: 'ann', n: 42n, ts: T0 }))).toBe('ann#0042#2026-01-01T00:00:00Z');
    expect(read(utf8('not#a#timestamp'))).toBe('not#a#timestamp');
    expect(read(Uint8Array.of(0xff, 0x00))).toBe(displayKey(Uint8Array.of(0xff, 0x00)));
    // A design whose template does not compile reads every key raw rather than throwing.
    expect(keyReader({ template: '{missing}', fields: {} })(utf8('k'))).toBe('k');
  });

  it('decodes the generated keys of every example, never into a raw epoch number', () => {
    for (const { design } of exampleDesigns()) {
      for (const t of design.tables) {
        const read = keyReader(t.rowKey);
        const s = recordStream(t.rowKey, { seed: 7 });
        for (let i = 0; i < 20; i++) {
          const { key } = s.next();
          const text = read(key);
          expect(text, `${t.name}`).not.toMatch(/\b1\d{12}\b|\b9\d{18}\b/);
          if (Object.values(t.rowKey.fields).some((f) => f.type === 'timestamp')) expect(text, t.name).toMatch(/20\d\d-\d\d-\d\d/);
        }
      }
    }
  });
});

describe('keyReader on any input', () => {
  it('never throws: generated designs read their own keys, and any bytes read as text (fixed, printed seed)', () => {
    fc.assert(
      fc.property(validDesign, fc.uint8Array({ maxLength: 40 }), (d, junk) => {
        for (const t of d.tables) {
          const read = keyReader(t.rowKey);
          expect(typeof read(junk)).toBe('string');
          let s: ReturnType<typeof recordStream>;
          try {
            s = recordStream(t.rowKey, { seed: 3 });
          } catch {
            continue; // a key the codec refuses has no keys to read
          }
          for (let i = 0; i < 5; i++) {
            let key: Uint8Array;
            try {
              key = s.next().key;
            } catch {
              break;
            }
            const text = read(key);
            // An empty key (one field whose only value is "") reads as empty text.
            expect(text.length > 0).toBe(key.length > 0);
            // Words a value may hold itself (a values list of "NaN") are the key's, not the reader's.
            if (!/undefined|NaN|Infinity/.test(displayKey(key))) expect(text).not.toMatch(/undefined|NaN|Infinity/);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('fieldSamples', () => {
  const rowKey: RowKey = {
    template: '{salt}#{driver}#{city}#{ts}',
    fields: {
      salt: { type: 'hash', buckets: 8, of: ['driver'] },
      driver: { type: 'string', prefix: 'drv-', alphabet: 'digits', length: 7 },
      city: { type: 'string', values: ['Lisbon', 'Porto', 'Faro'] },
      ts: { type: 'timestamp', reversed: true },
    },
  };

  it('shows what the generator writes for one field, as it reads', () => {
    const drivers = fieldSamples(rowKey, 'driver', 4);
    expect(drivers).toHaveLength(4);
    for (const d of drivers) expect(d).toMatch(/^drv-\d{7}$/);
    // The same values the keys hold: the first generated key carries the first sample.
    expect(displayKey(recordStream(rowKey).next().key)).toContain(drivers[0]!);
    expect(new Set(fieldSamples(rowKey, 'city', 3)).size).toBeGreaterThan(0);
    for (const c of fieldSamples(rowKey, 'city', 3)) expect(['Lisbon', 'Porto', 'Faro']).toContain(c);
    for (const s of fieldSamples(rowKey, 'salt', 3)) expect(s).toMatch(/^bucket [0-7]$/);
    expect(fieldSamples(rowKey, 'ts', 1)[0]).toMatch(/^2026-01-01T00:00:0\d(\.\d{3})?Z$/);
  });

  it('is empty for a field that is not there or a key that does not generate', () => {
    expect(fieldSamples(rowKey, 'nope', 3)).toEqual([]);
    expect(fieldSamples({ template: '{a}', fields: {} }, 'a', 3)).toEqual([]);
  });
});
