// UTF-8 checking with a position: where the first byte that is not well-formed UTF-8 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence) sits, as a
// byte offset and as the line and column of the text before it. One linear pass.

/** Byte offset of the first ill-formed sequence, or -1 when all of `bytes` is UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // no overlong 3-byte forms
      if (b === 0xed) hi = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // no overlong 4-byte forms
      if (b === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else return i; // a continuation byte alone, C0/C1, F5..FF
    if (i + need >= n) return i; // truncated at the end
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Line and column (1-based, columns in characters) of byte offset `at` of UTF-8 `bytes`. Lines
 * end at LF, CRLF or a lone CR (as YAML counts them); a leading byte-order mark is no column.
 */
export function positionOfByte(bytes: Uint8Array, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf && at >= 3 ? 3 : 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) (line += 1), (lineStart = i + 1);
  }
  const before = new TextDecoder().decode(bytes.subarray(lineStart, at));
  return { line, column: [...before].length + 1 };
}

/**
 * Decodes UTF-8, or says where it is not UTF-8 (also names UTF-16 and UTF-32 files by their
 * byte-order marks, which are not UTF-8 at all). A UTF-8 byte-order mark is kept in the text.
 */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; line: number; column: number; offset: number; message: string } {
  const bom16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (bom16) {
    const utf32 = bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0;
    return { ok: false, line: 1, column: 1, offset: 0, message: `the file is ${utf32 ? 'UTF-32' : 'UTF-16'} (its byte-order mark says so); save it as UTF-8` };
  }
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { ok: true, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  const hex = [...bytes.subarray(bad, Math.min(bytes.length, bad + 4))].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return { ok: false, ...positionOfByte(bytes, bad), offset: bad, message: `the file is not valid UTF-8 here (bytes ${hex} at byte ${bad}); save it as UTF-8` };
}
