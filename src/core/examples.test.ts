// Every design in examples/ is part of the product (the gallery shows them): each must load
// with no issues, and each table's row key must be generated and read back byte for byte.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesign } from './load/load-design';
import { exampleRecord, sampleKeys } from './keys/generate';
import { createCodec } from './keys/codec';
import { bytesEqual, displayKey, utf8 } from './keys/bytes';
import { fnv1a32 } from './keys/hash';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const files = readdirSync(EXAMPLES)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

function load(file: string) {
  const r = loadDesign(readFileSync(join(EXAMPLES, file), 'utf8'), file);
  if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.design;
}

/** The keys whose decode -> encode is not the same bytes, with the reason. */
function roundTripFailures(codec: ReturnType<typeof createCodec>, keys: Uint8Array[]): string[] {
  const bad: string[] = [];
  for (const key of keys) {
    try {
      const again = codec.encode(codec.decode(key));
      if (!bytesEqual(again, key)) bad.push(`${displayKey(key)} -> ${displayKey(again)}`);
    } catch (e) {
      bad.push(`${displayKey(key)}: ${(e as Error).message}`);
    }
  }
  return bad;
}

describe('examples/', () => {
  it('holds the gallery designs', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  describe.each(files)('%s', (file) => {
    it('loads with no issues', () => {
      const r = loadDesign(readFileSync(join(EXAMPLES, file), 'utf8'), file);
      expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([]);
    });

    it('has a description, families, queries and a load for every table', () => {
      const design = load(file);
      // It cites the Google page it follows by title (never our reference files).
      expect(design.description ?? '').toMatch(
        /"(Schema design best practices|Schema design for time series data|Aggregate values at write time|Understand performance)"/,
      );
      expect(design.description ?? '').not.toMatch(/\bseed\b/i);
      for (const t of design.tables) {
        expect(t.families?.length ?? 0, t.name).toBeGreaterThan(0);
        expect(t.queries?.length ?? 0, t.name).toBeGreaterThanOrEqual(2);
        expect(t.load?.writesPerSecond, t.name).toBeGreaterThan(0);
        expect(t.load?.retention, t.name).toBeTruthy();
      }
    });

    it('generates keys that decode and re-encode to the same bytes', () => {
      for (const table of load(file).tables) {
        const codec = createCodec(table.rowKey);
        const keys = sampleKeys(table.rowKey, 200, { seed: 1 });
        expect(keys).toHaveLength(200);
        for (const k of keys) expect(k.length, table.name).toBeLessThanOrEqual(4096);
        expect(roundTripFailures(codec, keys), table.name).toEqual([]);
        // The same at the table's own write rate (timestamps then advance differently).
        const atLoad = sampleKeys(table.rowKey, 200, { seed: 1, writesPerSecond: table.load?.writesPerSecond });
        expect(roundTripFailures(codec, atLoad), table.name).toEqual([]);
      }
    });

    it('encodes the example key, which reads back to the same bytes', () => {
      for (const table of load(file).tables) {
        const codec = createCodec(table.rowKey);
        const key = codec.encode(exampleRecord(table.rowKey));
        expect(roundTripFailures(codec, [key]), table.name).toEqual([]);
      }
    });
  });
});

// docs/design-format.md is the public contract: its opening example must load, and the numbers
// it quotes for that example must be what the code computes.
describe('docs/design-format.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/design-format.md', import.meta.url)), 'utf8');
  const firstYaml = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

  it('opens with an example that loads with no issues', () => {
    const r = loadDesign(firstYaml, 'iot.yaml');
    expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([]);
  });

  it('quotes the example key and the salt the code computes', () => {
    const r = loadDesign(firstYaml, 'iot.yaml');
    if (!r.ok) throw new Error('the example does not load');
    const readings = r.design.tables[0]!;
    const key = displayKey(createCodec(readings.rowKey).encode(exampleRecord(readings.rowKey)));
    expect(key).toBe('6#acme#000042#9223370263374362684');
    expect(doc).toContain(key);
    expect(fnv1a32(utf8('acme#000042'))).toBe(3738454118);
    const first = sampleKeys(readings.rowKey, 5, { seed: 1, writesPerSecond: readings.load?.writesPerSecond }).map(displayKey);
    expect(doc).toContain(first.join('\n'));
  });
});
