// Text form of arbitrary row keys, one per line: printable UTF-8 stays as it is, every
// other byte becomes \xNN, and a backslash is written \\. Pure TypeScript (no Node APIs)
// so the browser can show and read keys the same way the CLI does.

const BACKSLASH = 0x5c;
const HEX = '0123456789abcdef';
const encoder = new TextEncoder();

/** Escapes a key so the text has no control characters and round-trips through unescapeKey. */
export function escapeKey(bytes: Uint8Array): string {
  let out = '';
  let plainFrom = 0;
  let i = 0;
  const n = bytes.length;
  // Runs of printable ASCII are sliced out in one go; keys are mostly ASCII.
  const flush = (to: number): void => {
    if (to > plainFrom) out += latin1(bytes, plainFrom, to);
  };
  while (i < n) {
    const b = bytes[i]!;
    if (b >= 0x20 && b < 0x7f && b !== BACKSLASH) {
      i++;
      continue;
    }
    flush(i);
    if (b === BACKSLASH) {
      out += '\\\\';
      i++;
    } else if (b < 0x80) {
      out += hexEscape(b);
      i++;
    } else {
      const len = utf8SequenceLength(bytes, i);
      const cp = len > 0 ? decodeSequence(bytes, i, len) : -1;
      // C1 controls (U+0080-U+009F) are valid UTF-8 but would move a terminal's cursor.
      if (cp < 0xa0) {
        const end = len > 0 ? i + len : i + 1;
        for (; i < end; i++) out += hexEscape(bytes[i]!);
      } else {
        out += String.fromCodePoint(cp);
        i += len;
      }
    }
    plainFrom = i;
  }
  flush(n);
  return out;
}

/** Reads text written by escapeKey (or by hand) back into key bytes. */
export function unescapeKey(text: string): Uint8Array {
  return unescapeBytes(encoder.encode(text));
}

/**
 * The same as unescapeKey on the UTF-8 bytes of a line. Works on bytes so that a line
 * which is not valid UTF-8 keeps its bytes instead of turning them into U+FFFD.
 */
export function unescapeBytes(line: Uint8Array): Uint8Array {
  const first = line.indexOf(BACKSLASH);
  if (first < 0) return line;
  const out = new Uint8Array(line.length);
  out.set(line.subarray(0, first));
  let o = first;
  let i = first;
  const n = line.length;
  while (i < n) {
    const b = line[i]!;
    if (b !== BACKSLASH) {
      out[o++] = b;
      i++;
      continue;
    }
    const next = i + 1 < n ? line[i + 1]! : -1;
    if (next === BACKSLASH) {
      out[o++] = BACKSLASH;
      i += 2;
    } else if (next === 0x78 /* x */) {
      const h = i + 2 < n ? hexValue(line[i + 2]!) : -1;
      const l = i + 3 < n ? hexValue(line[i + 3]!) : -1;
      if (h < 0 || l < 0) throw badEscape(line, i, 4);
      out[o++] = (h << 4) | l;
      i += 4;
    } else {
      throw badEscape(line, i, 2);
    }
  }
  return out.subarray(0, o);
}

function badEscape(line: Uint8Array, at: number, width: number): Error {
  const shown = new TextDecoder().decode(line.subarray(at, Math.min(line.length, at + width)));
  const hint = 'use \\xNN with two hex digits, or \\\\ for a backslash';
  return new Error(`bad escape "${shown}" at offset ${at}: ${hint}`);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function hexEscape(b: number): string {
  return '\\x' + HEX[b >>> 4]! + HEX[b & 15]!;
}

/** bytes[from, to) as a string of one UTF-16 unit per byte, of the same value (Latin-1). */
export function latin1(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let s = '';
  // Chunked so String.fromCharCode never gets more arguments than the engine allows.
  for (let at = from; at < to; at += 4096) {
    s += String.fromCharCode(...bytes.subarray(at, Math.min(to, at + 4096)));
  }
  return s;
}

/** Length of the well-formed UTF-8 sequence at i (2-4), or 0 if there is none. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  const n = bytes.length;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const c = i + k < n ? bytes[i + k]! : -1;
    return c >= lo && c <= hi;
  };
  // Ranges from the Unicode table of well-formed byte sequences: no overlongs, no surrogates.
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b >= 0xf1 && b <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

function decodeSequence(bytes: Uint8Array, i: number, len: number): number {
  let cp = bytes[i]! & (0xff >>> (len + 1));
  for (let k = 1; k < len; k++) cp = (cp << 6) | (bytes[i + k]! & 0x3f);
  return cp;
}
