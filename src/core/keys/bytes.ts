// Byte helpers shared by the key engine. Row keys are bytes, and Bigtable orders them as
// unsigned bytes, so every comparison here is on Uint8Array, never on JavaScript strings
// (whose default order is UTF-16 code units, which differs above U+FFFF).

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export function utf8(text: string): Uint8Array {
  // Keys are mostly short ASCII: filling the bytes directly is several times faster than
  // TextEncoder.encode on short strings (key generation feeds the sorter and the simulator).
  const n = text.length;
  if (n <= 64) {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return encoder.encode(text);
      out[i] = c;
    }
    return out;
  }
  return encoder.encode(text);
}

/** The UTF-8 byte length of a string, without encoding it (lone surrogates count 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Decodes UTF-8, or returns null when the bytes are not valid UTF-8. */
export function fromUtf8(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Unsigned lexicographic order; a strict prefix sorts first (Bigtable row order). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && compareBytes(a, b) === 0;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Index of `needle` in `hay` at or after `from`, or -1. */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  if (needle.length === 0) return from <= hay.length ? from : -1;
  const first = needle[0]!;
  const last = hay.length - needle.length;
  outer: for (let i = from; i <= last; i++) {
    if (hay[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export function startsWithAt(hay: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at + needle.length > hay.length) return false;
  for (let j = 0; j < needle.length; j++) if (hay[at + j] !== needle[j]) return false;
  return true;
}

/**
 * The smallest key greater than every key starting with `prefix`: trailing 0xFF bytes are
 * dropped and the last byte incremented. Null when there is none (empty or all 0xFF), i.e.
 * the range is open-ended.
 */
export function prefixSuccessor(prefix: Uint8Array): Uint8Array | null {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return null;
  const out = prefix.slice(0, end);
  out[end - 1]! += 1;
  return out;
}

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

/** Whether a valid 2-byte sequence at `i` is a C1 control (U+0080-U+009F: C2 80 to C2 9F). */
const isC1 = (bytes: Uint8Array, i: number) => bytes[i] === 0xc2 && bytes[i + 1]! < 0xa0;

/**
 * Key bytes as text for display and for `btstudio keys`: printable UTF-8 as is, backslash as
 * `\\`, anything else (C0 controls, DEL, C1 controls such as U+0085 and the one-byte CSI
 * U+009B, which terminals obey, and invalid UTF-8) as `\xNN` per byte. The one escaping rule of
 * every place that prints a key: sort's escapeKey (core/sort/escape.ts) writes the same text.
 */
export function displayKey(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x5c) {
      out += '\\\\';
      i++;
    } else if (b >= 0x20 && b < 0x7f) {
      out += String.fromCharCode(b);
      i++;
    } else {
      const n = utf8SequenceLength(bytes, i);
      if (n > 1 && !isC1(bytes, i)) {
        out += new TextDecoder().decode(bytes.subarray(i, i + n));
        i += n;
      } else {
        out += '\\x' + HEX[b >> 4]! + HEX[b & 15]!;
        i++;
      }
    }
  }
  return out;
}

/**
 * displayKey's text as UTF-8 bytes, appended to `out`, for bytes[start, end): the same text
 * without a string per key (`btstudio keys` writes a million of them).
 */
export function displayKeyInto(bytes: Uint8Array, start: number, end: number, out: ByteBuffer): void {
  out.room(end - start);
  // The buffer and the fill in locals: a million keys go through this loop.
  let buf = out.buf;
  let at = out.len;
  for (let i = start; i < end; ) {
    const b = bytes[i]!;
    if (b >= 0x20 && b < 0x7f && b !== 0x5c) {
      // Room is made for every byte left: plain bytes need no check each.
      buf[at++] = b;
      i++;
      continue;
    }
    out.len = at;
    if (b === 0x5c) {
      out.push(0x5c);
      out.push(0x5c);
      i++;
    } else {
      const n = utf8SequenceLength(bytes, i, end);
      if (n > 1 && !isC1(bytes, i)) {
        for (let k = 0; k < n; k++) out.push(bytes[i + k]!);
        i += n;
      } else if (n === 2) {
        // A C1 control: both bytes escaped, as escapeKey does.
        for (let k = 0; k < 2; k++) {
          out.push(0x5c);
          out.push(0x78);
          out.push(HEX.charCodeAt(bytes[i + k]! >> 4));
          out.push(HEX.charCodeAt(bytes[i + k]! & 15));
        }
        i += 2;
      } else {
        out.push(0x5c);
        out.push(0x78);
        out.push(HEX.charCodeAt(b >> 4));
        out.push(HEX.charCodeAt(b & 15));
        i++;
      }
    }
    out.room(end - i);
    buf = out.buf;
    at = out.len;
  }
  out.len = at;
}

/** "00" to "99" as ASCII pairs: decimal text two digits a division. */
const DIGIT_PAIRS = (() => {
  const t = new Uint8Array(200);
  for (let i = 0; i < 100; i++) {
    t[2 * i] = 48 + ((i / 10) | 0);
    t[2 * i + 1] = 48 + (i % 10);
  }
  return t;
})();

/** A growable byte buffer for writing keys without an allocation per key (reuse it: set `len = 0`). */
export class ByteBuffer {
  buf: Uint8Array;
  len = 0;

  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }

  room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  push(b: number): void {
    if (this.len === this.buf.length) this.room(1);
    this.buf[this.len++] = b;
  }

  append(bytes: Uint8Array): void {
    this.copy(bytes, bytes.length);
  }

  /** Appends bytes[0, n): a loop for the short runs keys are made of, set() for long ones. */
  copy(bytes: Uint8Array, n: number): void {
    this.room(n);
    const buf = this.buf;
    const at = this.len;
    if (n > 32) buf.set(n === bytes.length ? bytes : bytes.subarray(0, n), at);
    else for (let k = 0; k < n; k++) buf[at + k] = bytes[k]!;
    this.len = at + n;
  }

  /** ASCII decimal digits of a non-negative safe integer, left-padded with zeros to `pad`. */
  digits(v: number, pad: number): void {
    if (v < 1e9) {
      this.smallDigits(v, pad);
      return;
    }
    // Two parts that integer arithmetic handles: the low nine digits (zero-padded) and the rest.
    // floor(v / 10^9) is exact below 2^53 (the quotient is rounded by less than 10^-9), and
    // cheaper than v % 1e9, a floating-point remainder (fmod) on values above 2^31.
    const hi = Math.floor(v / 1e9);
    this.smallDigits(hi, pad - 9);
    this.smallDigits(v - hi * 1e9, 9);
  }

  /** digits() for v below 10^9, in 32-bit integer arithmetic, two digits a step. */
  private smallDigits(v: number, pad: number): void {
    const n = v < 1e4 ? (v < 10 ? 1 : v < 100 ? 2 : v < 1e3 ? 3 : 4) : v < 1e6 ? (v < 1e5 ? 5 : 6) : v < 1e7 ? 7 : v < 1e8 ? 8 : 9;
    const width = n > pad ? n : pad;
    this.room(width);
    const b = this.buf;
    const start = this.len;
    let at = start + width;
    let x = v | 0;
    while (x >= 100) {
      const q = (x / 100) | 0;
      const r = (x - q * 100) << 1;
      b[--at] = DIGIT_PAIRS[r + 1]!;
      b[--at] = DIGIT_PAIRS[r]!;
      x = q;
    }
    if (x >= 10) {
      b[--at] = DIGIT_PAIRS[2 * x + 1]!;
      b[--at] = DIGIT_PAIRS[2 * x]!;
    } else b[--at] = 48 + x;
    while (at > start) b[--at] = 48;
    this.len = start + width;
  }
}

/** Length of a valid multi-byte UTF-8 sequence at `i` (2-4) that ends by `end`, or 0. */
function utf8SequenceLength(bytes: Uint8Array, i: number, end = bytes.length): number {
  const b = bytes[i]!;
  let n: number;
  let min: number;
  if (b >= 0xc2 && b <= 0xdf) [n, min] = [2, 0x80];
  else if (b >= 0xe0 && b <= 0xef) [n, min] = [3, 0x800];
  else if (b >= 0xf0 && b <= 0xf4) [n, min] = [4, 0x10000];
  else return 0;
  if (i + n > end) return 0;
  let cp = b & (0xff >> (n + 1));
  for (let k = 1; k < n; k++) {
    const c = bytes[i + k]!;
    if ((c & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (c & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}
