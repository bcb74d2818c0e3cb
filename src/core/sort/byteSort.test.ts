import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, sortLineIndex, sortLines, splitLines } from './byteSort';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const byBufferCompare = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(a, b);

/** Lines laid out back to back with explicit offsets, so they may contain any byte. */
function layout(lines: Uint8Array[]): { data: Uint8Array; starts: Uint32Array; ends: Uint32Array } {
  const data = new Uint8Array(lines.reduce((n, l) => n + l.length + 1, 0));
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  let at = 0;
  lines.forEach((line, i) => {
    data.set(line, at);
    starts[i] = at;
    at += line.length;
    ends[i] = at;
    data[at++] = 0xaa; // a separator byte that must never be read as part of a line
  });
  return { data, starts, ends };
}

function sortedByEngine(lines: Uint8Array[]): Uint8Array[] {
  const { data, starts, ends } = layout(lines);
  const order = sortLineIndex(data, starts, ends, lines.length);
  return Array.from(order, (i) => lines[i]!);
}

function expectSortedLikeBufferCompare(lines: Uint8Array[]): void {
  const expected = [...lines].sort(byBufferCompare).map((l) => Buffer.from(l).toString('hex'));
  expect(sortedByEngine(lines).map((l) => Buffer.from(l).toString('hex'))).toEqual(expected);
}

const joinLines = (lines: Uint8Array[]): Uint8Array => Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));

/** Keys built from a few pieces, so lines share prefixes, repeat and end inside each other. */
const pieces = ['', 'a', 'ab', 'user#', '9', '10', '100', '\u00e9', '\uff01', '\u{1f600}', '\u0000', '\u007f', 'x'.repeat(70)];
const prefixHeavyKey = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => utf8(parts.join('')));

describe('compareBytes', () => {
  it('orders bytes as unsigned values and puts a strict prefix first', () => {
    expect(compareBytes(utf8('a'), utf8('b'))).toBeLessThan(0);
    expect(compareBytes(Uint8Array.of(0x7f), Uint8Array.of(0x80))).toBeLessThan(0);
    expect(compareBytes(utf8('ab'), utf8('abc'))).toBeLessThan(0);
    expect(compareBytes(utf8('abc'), utf8('ab'))).toBeGreaterThan(0);
    expect(compareBytes(utf8('same'), utf8('same'))).toBe(0);
  });

  it('agrees in sign with Buffer.compare for any two byte arrays', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), fc.uint8Array({ maxLength: 12 }), (a, b) => {
        expect(Math.sign(compareBytes(a, b))).toBe(Buffer.compare(a, b));
      }),
    );
  });
});

describe('splitLines', () => {
  const lines = (text: string): string[] => {
    const data = utf8(text);
    const { starts, ends, count } = splitLines(data);
    return Array.from({ length: count }, (_, i) => new TextDecoder().decode(data.subarray(starts[i], ends[i])));
  };

  it('counts a last line without a newline and adds no empty line after a trailing newline', () => {
    expect(lines('a\nb')).toEqual(['a', 'b']);
    expect(lines('a\nb\n')).toEqual(['a', 'b']);
    expect(lines('')).toEqual([]);
    expect(lines('\n')).toEqual(['']);
  });

  it('keeps empty lines in the middle and carriage returns as bytes', () => {
    expect(lines('a\n\n\nb\r\n')).toEqual(['a', '', '', 'b\r']);
  });
});

describe('sortLineIndex', () => {
  it('sorts arbitrary byte strings, newlines and NULs included, like Buffer.compare', () => {
    fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 16 }), { maxLength: 80 }), expectSortedLikeBufferCompare), { numRuns: 300 });
  });

  it('sorts arbitrary unicode text by its UTF-8 bytes, not by UTF-16 code units', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 }).map(utf8);
    fc.assert(fc.property(fc.array(text, { maxLength: 80 }), expectSortedLikeBufferCompare), { numRuns: 300 });
    // U+FF01 is above U+D83D (the first UTF-16 unit of an emoji) but below it in UTF-8.
    expect(sortedByEngine([utf8('\u{1f600}'), utf8('\uff01'), utf8('\u00e9'), utf8('z')]).map((b) => new TextDecoder().decode(b))).toEqual([
      'z',
      '\u00e9',
      '\uff01',
      '\u{1f600}',
    ]);
  });

  it('sorts keys that are prefixes of each other, repeat, and share prefixes longer than 64 bytes', () => {
    fc.assert(fc.property(fc.array(prefixHeavyKey, { maxLength: 200 }), expectSortedLikeBufferCompare), { numRuns: 200 });
  });

  it('puts "ab" before "ab\\0" and "ab\\0" before "ab\\0\\0" at every key width', () => {
    const lines: Uint8Array[] = [];
    for (let n = 0; n < 20; n++) {
      const base = utf8('k'.repeat(n));
      lines.push(base, Buffer.concat([base, Uint8Array.of(0)]), Buffer.concat([base, Uint8Array.of(0, 0)]), Buffer.concat([base, Uint8Array.of(1)]));
    }
    // Many copies make the groups large enough for every strategy the engine switches between.
    const many = Array.from({ length: 40 }, () => lines).flat();
    expectSortedLikeBufferCompare(many.reverse());
  });

  it('sorts many lines with many duplicates the same as Buffer.compare', () => {
    let seed = 42;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const lines: Uint8Array[] = [];
    for (let i = 0; i < 30_000; i++) {
      const kind = rand(4);
      if (kind === 0) lines.push(utf8(`user#${rand(5000)}#${rand(3)}`));
      else if (kind === 1) lines.push(utf8(`${'p'.repeat(80)}${rand(100)}`));
      else if (kind === 2) lines.push(Uint8Array.from({ length: rand(10) }, () => rand(256)));
      else lines.push(utf8(`tenant${rand(4)}#device${String(rand(100000)).padStart(6, '0')}`));
    }
    expectSortedLikeBufferCompare(lines);
  });

  it('sorts groups of hundreds to thousands of keys (the typed-array sort of packed keys) like Buffer.compare (fast-check)', () => {
    // Keys that share long prefixes, repeat, end inside each other, and hold NUL, CR, 0x80 and 0xFF,
    // in groups large enough for the packed-key sort rather than the insertion sorts.
    const prefix = fc.constantFrom('', 'tenant0123#sensor#', 'tenant0123#sensor#4', 'user#12', '\u00ff\u0000');
    const tail = fc.uint8Array({ maxLength: 12 }).map((a) => a.map((b) => [0x00, 0x0d, 0x23, 0x30, 0x31, 0x39, 0x80, 0xff][b % 8]!));
    const key = fc.tuple(prefix, tail).map(([p, t]) => new Uint8Array(Buffer.concat([Buffer.from(p, 'latin1'), t])));
    fc.assert(
      fc.property(fc.array(key, { minLength: 256, maxLength: 3000, size: 'max' }), fc.nat(40), (keys, copies) => {
        // Duplicates of the first keys, so that some groups tie all the way down.
        expectSortedLikeBufferCompare([...keys, ...keys.slice(0, copies), Uint8Array.of()]);
      }),
      { numRuns: 40 },
    );
  });

  it('returns an empty or one-element order for no lines or one line', () => {
    expect(Array.from(sortLineIndex(new Uint8Array(0), new Uint32Array(0), new Uint32Array(0), 0))).toEqual([]);
    expect(Array.from(sortLineIndex(utf8('x'), Uint32Array.of(0), Uint32Array.of(1), 1))).toEqual([0]);
  });
});

describe('sortLines', () => {
  it('joins the sorted lines with newlines and ends with one', () => {
    expect(new TextDecoder().decode(sortLines(utf8('b\na\n\nc')))).toBe('\na\nb\nc\n');
    expect(sortLines(new Uint8Array(0))).toEqual(new Uint8Array(0));
  });

  it('gives the same bytes as sorting the lines with Buffer.compare', () => {
    const line = fc.uint8Array({ maxLength: 10 }).map((b) => b.map((x) => (x === 10 ? 11 : x)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        expect(Buffer.from(sortLines(joinLines(lines)))).toEqual(Buffer.from(joinLines([...lines].sort(byBufferCompare))));
      }),
    );
  });
});
