// The studio predicts row order, prefix scans and tablet ranges with compareBytes. This test
// checks that prediction against a real Bigtable implementation (the emulator): every key the
// key engine can produce, plus keys chosen to break string-based ordering, must come back in
// exactly compareBytes order, and range reads must select exactly what compareBytes selects.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Table } from '@google-cloud/bigtable';
import type { RowKey } from '../core/model/schema';
import { compareBytes, concatBytes, displayKey, fromUtf8, prefixSuccessor, toHex, utf8 } from '../core/keys/bytes';
import { sampleKeys } from '../core/keys/generate';
import { Rng } from '../core/keys/random';
import { emulatorClient, emulatorInstance, freshTable, insertRows, readKeys, type ByteRange } from '../test-support/emulator';

const TOTAL = 2_000;
const FAMILY = 'f';

// Under the unit-test config (no globalSetup) there is no emulator: skip rather than fail.
const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;

const TEMPLATES: Record<string, RowKey> = {
  // Non-ASCII values whose UTF-16 order differs from their UTF-8 order; unpadded ints.
  tenantDeviceTs: {
    template: '{tenant}#{device}#{ts}',
    fields: {
      tenant: { type: 'string', values: ['acme', 'Acme', 'café', 'cafe\u0301', '！bang', '😀smile', '\uFFFDrepl', 'zeta', 'a'] },
      device: { type: 'int', min: 0, max: 20_000 },
      ts: { type: 'timestamp', unit: 'ms' },
    },
  },
  // Zero-padded ints and a reversed timestamp (newest first).
  regionSensorReversed: {
    template: 'r{region}#{sensor}#{rts}',
    fields: {
      region: { type: 'string', alphabet: 'lower', length: 3, cardinality: 6 },
      sensor: { type: 'int', min: 0, max: 999_999, pad: 6 },
      rts: { type: 'timestamp', unit: 'us', reversed: true },
    },
  },
  // Ordered-code Int64 inside a delimited key, negative and positive, 1 to 9 bytes.
  orderedCodeInt: {
    template: 'oc#{n}',
    fields: { n: { type: 'int', encoding: 'orderedCode', min: -5_000_000_000_000, max: 5_000_000_000_000 } },
  },
  // Bigtable's orderedCodeBytes struct encoding: 0x00 0x01 between fields, 0x00 escaped.
  orderedCodeStruct: {
    template: '{shard}#{n}',
    encoding: 'orderedCode',
    fields: {
      shard: { type: 'bytes', length: 2 },
      n: { type: 'int', encoding: 'orderedCode', min: -300, max: 300 },
    },
  },
  // 8-byte two's complement: negative values sort after positive ones in byte order.
  bigEndianInt: {
    template: 'be#{seq}',
    fields: { seq: { type: 'int', encoding: 'bigEndian', min: -1_000_000, max: 1_000_000 } },
  },
  // Raw random bytes, alone and behind a text prefix: every byte value, invalid UTF-8.
  rawBytes: { template: '{blob}', encoding: 'singleton', fields: { blob: { type: 'bytes', length: 3 } } },
  prefixedBytes: {
    template: '{kind}#{blob}',
    fields: { kind: { type: 'string', values: ['b', 'b#', 'bb'] }, blob: { type: 'bytes', length: 5 } },
  },
};

const bytes = (...b: number[]) => Uint8Array.from(b);

const ADVERSARIAL: Uint8Array[] = [
  // Full-width ! (U+FF01, EF BC 81) sorts before emoji (F0 ...) in bytes but after their
  // UTF-16 surrogates (D83D ...) in JavaScript's default string order.
  ...['！', '！x', '😀', '😀x', '😁', '💩', '\u{10000}', '\u{10FFFF}', '\uFFFF', '\uFFFD', '\uE000'].map(utf8),
  // Precomposed vs combining: different bytes, different positions.
  ...['é', 'e\u0301', 'e', 'f', 'é#1', 'e\u0301#1'].map(utf8),
  // Digits sort as text: no numeric order.
  ...['device#1', 'device#10', 'device#2', 'device#', 'device', '3', '20', '03', '1', '10', '9'].map(utf8),
  // Prefixes of each other: a strict prefix sorts first.
  ...['a', 'a#', 'a#b', 'ab', 'a#a', 'a##', 'aa'].map(utf8),
  // Control, DEL and non-UTF-8 bytes, alone and after text.
  bytes(0x00),
  bytes(0x00, 0x00),
  bytes(0x00, 0x01),
  bytes(0x01),
  bytes(0x7f),
  bytes(0x80),
  bytes(0xc0),
  bytes(0xfe),
  bytes(0xff),
  bytes(0xff, 0xff),
  bytes(0xff, 0x00),
  bytes(0x61, 0x00),
  bytes(0x61, 0x7f),
  bytes(0x61, 0x80),
  bytes(0x61, 0xff),
  bytes(0x61, 0x23, 0xff),
  bytes(0x61, 0x23, 0xff, 0xff),
  bytes(0x61, 0x24),
  // Near the 4 KiB row-key limit.
  new Uint8Array(4_000).fill(0x61),
  new Uint8Array(4_000).fill(0xff),
  concatBytes([utf8('a#'), new Uint8Array(3_998).fill(0x00)]),
];

/** ADVERSARIAL first, then the templates' keys round-robin, without duplicates, up to TOTAL. */
function buildKeys(): Uint8Array[] {
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  const add = (k: Uint8Array) => {
    const id = toHex(k);
    if (out.length >= TOTAL || seen.has(id)) return;
    seen.add(id);
    out.push(k);
  };
  ADVERSARIAL.forEach(add);
  const pools = Object.values(TEMPLATES).map((rowKey, i) => sampleKeys(rowKey, TOTAL, { seed: 1000 + i, writesPerSecond: 7 }));
  for (let i = 0; i < TOTAL && out.length < TOTAL; i++) for (const pool of pools) add(pool[i]!);
  return out;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const rng = new Rng(seed, 'shuffle');
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const sortBytes = (keys: readonly Uint8Array[]) => keys.slice().sort(compareBytes);
/** Hex per key, so a mismatch shows the exact bytes rather than mojibake. */
const hexes = (keys: readonly Uint8Array[]) => keys.map(toHex);

function firstDifference(actual: readonly Uint8Array[], expected: readonly Uint8Array[]): string {
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    const a = actual[i];
    const e = expected[i];
    if (!a || !e || compareBytes(a, e) !== 0) {
      return `at ${i}: emulator ${a ? displayKey(a) : '(none)'} vs compareBytes ${e ? displayKey(e) : '(none)'}`;
    }
  }
  return 'none';
}

describe.skipIf(!host)('row key byte order in the Bigtable emulator', () => {
  const keys = buildKeys();
  let table: Table;

  beforeAll(async () => {
    const client = emulatorClient(host!);
    table = await freshTable(emulatorInstance(client), 'byte_order', [FAMILY]);
    await insertRows(
      table,
      shuffled(keys, 42).map((key) => ({ key })),
      FAMILY,
    );
  });

  afterAll(async () => {
    await table?.bigtable.close();
  });

  it('runs against the emulator the global setup started, visible to this worker', () => {
    expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(process.env.BIGTABLE_EMULATOR_HOST).toBe(host);
  });

  it('built the key set it promises: 2,000 distinct keys, including every adversarial one', () => {
    expect(keys).toHaveLength(TOTAL);
    expect(new Set(hexes(keys)).size).toBe(TOTAL);
    expect(keys.slice(0, ADVERSARIAL.length).map(toHex)).toEqual(ADVERSARIAL.map(toHex));
    // Every template contributed, so the engine's encodings are all in play.
    expect(keys.length - ADVERSARIAL.length).toBeGreaterThan(Object.keys(TEMPLATES).length * 200);
  });

  it('returns every row in compareBytes order', async () => {
    const read = await readKeys(table);
    const expected = sortBytes(keys);
    expect(read.length, 'rows read back').toBe(TOTAL);
    expect(firstDifference(read, expected)).toBe('none');
    expect(hexes(read)).toEqual(hexes(expected));

    // Buffer.compare is what Node code outside the core would reach for; it must agree.
    const sign = (x: number) => Math.sign(x);
    const shuffledKeys = shuffled(keys, 7);
    for (const order of [read, shuffledKeys]) {
      for (let i = 1; i < order.length; i++) {
        const a = order[i - 1]!;
        const b = order[i]!;
        expect(sign(Buffer.compare(a, b)), `${displayKey(a)} vs ${displayKey(b)}`).toBe(sign(compareBytes(a, b)));
      }
    }
  });

  it('shows why byte order matters: JavaScript string order disagrees for some keys', () => {
    const text = sortBytes(keys)
      .map((k) => fromUtf8(k))
      .filter((s): s is string => s !== null);
    expect(text.length).toBeGreaterThan(500);
    // Default sort is UTF-16 code unit order.
    const jsOrder = text.slice().sort();
    expect(jsOrder).not.toEqual(text);
    const disagreeing: [string, string][] = [];
    for (let i = 0; i < text.length; i++) {
      for (let j = i + 1; j < text.length; j++) if (text[i]! > text[j]!) disagreeing.push([text[i]!, text[j]!]);
    }
    expect(disagreeing.length).toBeGreaterThan(0);
    expect(disagreeing).toContainEqual(['！', '😀']);
  });

  const PREFIXES: Uint8Array[] = [
    utf8('a'),
    utf8('a#'),
    utf8('device#1'),
    utf8('！'),
    utf8('😀'),
    utf8('e'),
    utf8('café#'),
    utf8('oc#'),
    utf8('be#'),
    utf8('b#'),
    bytes(0x00),
    bytes(0x61, 0x23, 0xff), // successor drops the trailing 0xff: [a#\xff, a$)
    bytes(0x7f),
    bytes(0xfe),
    bytes(0xff), // no successor: the range is open-ended
  ];

  it('prefix ranges [P, prefixSuccessor(P)) return exactly the keys starting with P', async () => {
    const sorted = sortBytes(keys);
    for (const prefix of PREFIXES) {
      const end = prefixSuccessor(prefix);
      const range: ByteRange = end ? { start: prefix, end } : { start: prefix };
      const expected = sorted.filter((k) => compareBytes(k, prefix) >= 0 && (end === null || compareBytes(k, end) < 0));
      // The range must also equal the plain "starts with" definition, or prefixSuccessor is wrong.
      expect(hexes(expected), `prefix ${displayKey(prefix)}`).toEqual(
        hexes(sorted.filter((k) => k.length >= prefix.length && compareBytes(k.subarray(0, prefix.length), prefix) === 0)),
      );
      const read = await readKeys(table, { ranges: [range] });
      expect(hexes(read), `prefix ${displayKey(prefix)}`).toEqual(hexes(expected));
      expect(read.length, `prefix ${displayKey(prefix)} selects something`).toBeGreaterThan(0);
    }
  });

  it('a single-row range [row, row + 0x00) returns exactly that row', async () => {
    const rows = [utf8('a'), utf8('a#'), bytes(0x00), bytes(0xff), bytes(0xff, 0xff), utf8('！'), new Uint8Array(4_000).fill(0xff), keys[TOTAL - 1]!];
    for (const row of rows) {
      const read = await readKeys(table, { ranges: [{ start: row, end: concatBytes([row, bytes(0x00)]) }] });
      expect(hexes(read), displayKey(row)).toEqual([toHex(row)]);
    }
    // A row that is absent but sits between present ones returns nothing.
    const absent = utf8('a#\u0000');
    expect(await readKeys(table, { ranges: [{ start: absent, end: concatBytes([absent, bytes(0x00)]) }] })).toEqual([]);
  });
});
