import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8, positionOfByte } from './utf8';

const fatal = (b: Uint8Array) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};
const enc = (s: string) => new TextEncoder().encode(s);

describe('UTF-8 with a position', () => {
  it('agrees with the platform decoder on arbitrary bytes, and the prefix before the bad byte is UTF-8', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc
            .string({ unit: 'binary' })
            .map(enc)
            .chain((b) =>
              fc.tuple(fc.constant(b), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([x, i, v]) => {
                const c = x.slice();
                if (c.length) c[i % c.length] = v;
                return c;
              }),
            ),
        ),
        (bytes) => {
          const bad = firstInvalidUtf8(bytes);
          expect(bad === -1).toBe(fatal(bytes));
          if (bad >= 0) expect(fatal(bytes.subarray(0, bad))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('finds a bad byte after many multi-byte characters (where halving the input would land mid-character)', () => {
    const good = enc('é'.repeat(1001) + '\n' + '日本'.repeat(300) + '\n  ab');
    const bytes = new Uint8Array([...good, 0xc3, 0x28, ...enc('tail\n')]);
    expect(firstInvalidUtf8(bytes)).toBe(good.length);
    expect(decodeUtf8(bytes)).toMatchObject({ ok: false, line: 3, column: 5, offset: good.length });
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong slash', [0xc0, 0xaf], 0],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a UTF-16 surrogate encoded', [0xed, 0xa0, 0x80], 0],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a sequence cut at the end', [0x61, 0x62, 0xe6, 0x97], 2],
    ['F5 and above', [0xf5, 0x80, 0x80, 0x80], 0],
  ])('refuses %s', (_, bytes, at) => {
    expect(firstInvalidUtf8(new Uint8Array(bytes))).toBe(at);
  });

  it('names UTF-16 and UTF-32 files by their byte-order marks, and keeps a UTF-8 one', () => {
    expect(decodeUtf8(new Uint8Array([0xff, 0xfe, 0x61, 0]))).toMatchObject({ ok: false, message: expect.stringContaining('UTF-16') });
    expect(decodeUtf8(new Uint8Array([0xfe, 0xff, 0, 0x61]))).toMatchObject({ ok: false, message: expect.stringContaining('UTF-16') });
    expect(decodeUtf8(new Uint8Array([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]))).toMatchObject({ ok: false, message: expect.stringContaining('UTF-32') });
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ ok: true, text: '\ufeffa' });
  });

  it('counts columns in characters, lines by LF (CRLF files too)', () => {
    const b = enc('a\r\nxé日z');
    expect(positionOfByte(b, b.length - 1)).toEqual({ line: 2, column: 4 });
  });

  it('ends lines at a lone CR too, and does not count a byte-order mark as a column', () => {
    const b = enc('a\rb\rcd');
    expect(positionOfByte(b, b.length - 1)).toEqual({ line: 3, column: 2 });
    const bom = enc('\ufeffab');
    expect(positionOfByte(bom, bom.length - 1)).toEqual({ line: 1, column: 2 });
  });
});
