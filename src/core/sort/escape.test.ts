import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeKey, unescapeBytes, unescapeKey } from './escape';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('escapeKey', () => {
  it('leaves printable ASCII and printable non-ASCII characters as they are', () => {
    expect(escapeKey(utf8('user#42#2026-11-30T00:42:30.123Z'))).toBe('user#42#2026-11-30T00:42:30.123Z');
    expect(escapeKey(utf8('café 🚀 ｆ 中文'))).toBe('café 🚀 ｆ 中文');
  });

  it('writes control bytes and DEL as lower-case \\xNN', () => {
    expect(escapeKey(bytes(0x00, 0x0a, 0x0d, 0x1f, 0x7f))).toBe('\\x00\\x0a\\x0d\\x1f\\x7f');
  });

  it('writes a backslash as two backslashes', () => {
    expect(escapeKey(utf8('a\\b'))).toBe('a\\\\b');
  });

  it('writes each byte of an invalid UTF-8 sequence as \\xNN and keeps valid text around it', () => {
    expect(escapeKey(bytes(0x61, 0xff, 0x62))).toBe('a\\xffb');
    expect(escapeKey(bytes(0xc3))).toBe('\\xc3'); // truncated é
    expect(escapeKey(bytes(0xc0, 0xaf))).toBe('\\xc0\\xaf'); // overlong "/"
    expect(escapeKey(bytes(0xed, 0xa0, 0x80))).toBe('\\xed\\xa0\\x80'); // UTF-16 surrogate
    expect(escapeKey(bytes(0xe2, 0x82, 0x41))).toBe('\\xe2\\x82A');
  });

  it('writes C1 control characters as their bytes', () => {
    expect(escapeKey(bytes(0xc2, 0x85))).toBe('\\xc2\\x85');
  });

  it('never produces control characters, so every key fits on one line', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (key) => {
        expect(escapeKey(key)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
    );
  });
});

describe('unescapeKey', () => {
  it('decodes \\xNN in either case and \\\\', () => {
    expect(unescapeKey('a\\x00\\xFf\\xaB\\\\z')).toEqual(bytes(0x61, 0x00, 0xff, 0xab, 0x5c, 0x7a));
  });

  it('encodes characters other than escapes as UTF-8', () => {
    expect(unescapeKey('é🚀')).toEqual(utf8('é🚀'));
  });

  it('rejects a \\x with fewer than two hex digits', () => {
    expect(() => unescapeKey('ab\\x4')).toThrow(/bad escape "\\x4" at offset 2/);
    expect(() => unescapeKey('\\xg0')).toThrow(/bad escape/);
  });

  it('rejects an unknown escape letter and a lone trailing backslash', () => {
    expect(() => unescapeKey('\\q')).toThrow(/bad escape "\\q"/);
    expect(() => unescapeKey('abc\\')).toThrow(/bad escape "\\" at offset 3/);
  });

  it('keeps raw bytes that are not valid UTF-8 when unescaping bytes', () => {
    expect(unescapeBytes(bytes(0xff, 0x5c, 0x78, 0x30, 0x31))).toEqual(bytes(0xff, 0x01));
  });
});

describe('escape round trip', () => {
  it('gives back the same bytes for any key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 96 }), (key) => {
        expect(unescapeKey(escapeKey(key))).toEqual(key);
      }),
      { numRuns: 500 },
    );
  });

  it('gives back the same bytes for keys made of text, escapes and stray bytes', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 4 }).map(utf8),
      fc.constantFrom(bytes(0x5c), bytes(0x5c, 0x78), bytes(0x0a), bytes(0x80), bytes(0xf0, 0x9f)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const key = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          key.set(p, at);
          at += p.length;
        }
        expect(unescapeKey(escapeKey(key))).toEqual(key);
      }),
    );
  });

  it('leaves an already escaped text unchanged after one more decode and encode', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), (key) => {
        const text = escapeKey(key);
        expect(escapeKey(unescapeKey(text))).toBe(text);
      }),
    );
  });
});
