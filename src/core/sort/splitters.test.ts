import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Splitters } from './splitters';

/** The bucket by definition: how many (sorted, distinct) splitters sort at or before the line. */
const expectedBucket = (splitters: Buffer[], line: Buffer): number => splitters.filter((s) => Buffer.compare(s, line) <= 0).length;

/** Splitters from exactly these lines: a sample of them with one bucket wanted per line. */
function splittersFrom(lines: Buffer[]): { splitters: Splitters; picked: Buffer[] } {
  const sample = Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));
  const splitters = Splitters.fromSample(sample, lines.length * 128 * 1024 + 1);
  const [text, starts] = splitters.parts();
  const picked = Array.from({ length: starts.length - 1 }, (_, i) => Buffer.from(text.subarray(starts[i]!, starts[i + 1]!)));
  return { splitters, picked };
}

function bucketOf(splitters: Splitters, line: Buffer): number {
  const text = Buffer.concat([Buffer.from('pad'), line, Buffer.from('\n')]);
  return splitters.bucketOf(new DataView(text.buffer, text.byteOffset, text.byteLength), text, 3, 3 + line.length);
}

// Bytes from a small alphabet with NUL and 0xff, so lines and splitters share long prefixes
// and tie on zero-filled words; many splitters share their first two bytes (second tables).
const key = fc
  .tuple(
    fc.constantFrom('', 'ab', 'ab#', 'ab#dev', 'ab#device#0000000000'),
    fc.uint8Array({ maxLength: 24 }).map((a) => a.map((b) => [0, 1, 0x23, 0x61, 0x62, 0xff][b % 6]!)),
  )
  .map(([p, tail]) => Buffer.concat([Buffer.from(p), Buffer.from(tail)]));

describe('Splitters.bucketOf', () => {
  it('counts the splitters at or before a line, as Buffer.compare does, with shared prefixes (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(key, { minLength: 1, maxLength: 120 }),
        fc.array(
          fc.oneof(
            key,
            fc.uint8Array({ maxLength: 30 }).map((a) => Buffer.from(a.map((b) => (b === 10 ? 11 : b)))),
          ),
          { maxLength: 60 },
        ),
        (sampleLines, probes) => {
          const { splitters, picked } = splittersFrom(sampleLines.map((l) => Buffer.from(l.map((b) => (b === 10 ? 11 : b)))));
          for (const line of [...probes, ...picked, ...sampleLines]) expect(bucketOf(splitters, line)).toBe(expectedBucket(picked, line));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('handles a slice whose shared prefix is a whole splitter, and lines shorter than it', () => {
    const lines = ['ab#device', ...Array.from({ length: 20 }, (_, i) => `ab#device#${String(i).padStart(3, '0')}`)].map((s) => Buffer.from(s));
    const { splitters, picked } = splittersFrom(lines);
    expect(picked.length).toBeGreaterThanOrEqual(16);
    for (const probe of [
      'a',
      'ab',
      'ab#',
      'ab#devic',
      'ab#device',
      'ab#device\0',
      'ab#device#',
      'ab#device#005',
      'ab#device#0055',
      'ab#device#999',
      'ab#devicf',
      'ab$',
      'b',
    ]) {
      expect(bucketOf(splitters, Buffer.from(probe))).toBe(expectedBucket(picked, Buffer.from(probe)));
    }
  });
});
