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

describe('Splitters.fromSample', () => {
  /** Splitters by definition: the sample's lines in Buffer.compare order, at even quantiles, repeats dropped. */
  function expectedSplitters(lines: Buffer[], want: number): Buffer[] {
    const sorted = [...lines].sort(Buffer.compare);
    const picked: Buffer[] = [];
    for (let q = 1; q < want; q++) {
      const line = sorted[Math.floor((q * sorted.length) / want)]!;
      if (picked.length === 0 || !picked[picked.length - 1]!.equals(line)) picked.push(line);
    }
    return picked;
  }

  const nodeLatin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

  it('picks lines at quantiles of byte order, every byte value included (0x80-0x9f too), with either Latin-1 decoding (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.uint8Array({ maxLength: 20 }).map((a) => Buffer.from(a.map((b) => (b === 10 ? 0x85 : b)))),
          { minLength: 1, maxLength: 200 },
        ),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (lines, want, finalNewline) => {
          // An empty last line without its \n is no line at all.
          fc.pre(finalNewline || lines[lines.length - 1]!.length > 0);
          const body = Buffer.concat(lines.flatMap((l, i) => (i + 1 < lines.length || finalNewline ? [l, Buffer.from('\n')] : [l])));
          const expected = expectedSplitters(lines, Math.min(want, lines.length));
          for (const latin1 of [undefined, nodeLatin1]) {
            const [text, starts] = Splitters.fromSample(body, want * 128 * 1024, latin1).parts();
            const picked = Array.from({ length: starts.length - 1 }, (_, i) => Buffer.from(text.subarray(starts[i]!, starts[i + 1]!)));
            expect(picked).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads no empty line after a trailing newline, and keeps empty lines inside', () => {
    const parts = (sample: string): string[] => {
      const [text, starts] = Splitters.fromSample(Buffer.from(sample), 100 * 128 * 1024).parts();
      return Array.from({ length: starts.length - 1 }, (_, i) => Buffer.from(text.subarray(starts[i]!, starts[i + 1]!)).toString());
    };
    // Three lines, one empty: two splitters, the empty line first.
    expect(parts('b\n\na\n')).toEqual(['a', 'b']);
    expect(parts('b\n\na')).toEqual(['a', 'b']);
    expect(parts('\nb\n')).toEqual(['b']);
    expect(parts('')).toEqual([]);
  });
});
