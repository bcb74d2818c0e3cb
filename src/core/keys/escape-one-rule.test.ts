// One escaping rule for every place that prints a key: displayKey (keys, simulate, lint, the
// exports), displayKeyInto (`btstudio keys` in bulk) and escapeKey (sort --escaped) write the
// same text for any bytes: printable UTF-8 as is, `\\` for a backslash, `\xNN` for each byte of
// a C0 control, DEL, a C1 control (U+0085, the one-byte CSI U+009B) or invalid UTF-8.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeKey, unescapeKey } from '../sort/escape';
import { ByteBuffer, displayKey, displayKeyInto, utf8 } from './bytes';

const into = (b: Uint8Array) => {
  const out = new ByteBuffer(4);
  displayKeyInto(b, 0, b.length, out);
  return new TextDecoder().decode(out.buf.subarray(0, out.len));
};

describe('one escaping rule for keys', () => {
  it('escapes C0, DEL, C1 (U+0085, U+009B) and invalid UTF-8; keeps printable text', () => {
    const key = utf8('a\u001b[31m\u0085\u009b\u007f\u00a0é😀\\');
    const text = '\\x1b[31m';
    expect(displayKey(key)).toBe(`a${text}\\xc2\\x85\\xc2\\x9b\\x7f\u00a0é😀\\\\`);
    expect(displayKey(new Uint8Array([0xff, 0xc2, 0x41, 0xe2, 0x82]))).toBe('\\xff\\xc2A\\xe2\\x82');
  });
  it('displayKey, displayKeyInto and escapeKey agree on any bytes, and unescapeKey reads them back', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc
        .array(fc.constantFrom(0x00, 0x1b, 0x5c, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0xa0, 0xc2, 0xe2, 0xf0, 0x9f, 0x98, 0x41), { maxLength: 40 })
        .map((a) => Uint8Array.from(a)),
      fc.string({ unit: 'binary', maxLength: 20 }).map(utf8),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        const text = displayKey(b);
        expect(into(b)).toBe(text);
        expect(escapeKey(b)).toBe(text);
        expect(unescapeKey(text)).toEqual(b);
        // Nothing a terminal obeys is left in the text.
        expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 400 },
    );
  });
});
