// Bigtable's order-preserving encodings (google/bigtable/admin/v2/types.proto):
// - Int64 OrderedCodeBytes: the signed "ordered code" of 1 to 10 bytes. The first bit is the
//   sign (1 = non-negative); the following run of bits equal to it counts the extra bytes;
//   one bit of the opposite value ends the run; the rest is the two's complement value.
// - Struct OrderedCodeBytes: fields joined by 0x00 0x01, 0x00 inside a field escaped as
//   0x00 0xFF, an empty field written 0x00 0x00, trailing empty fields omitted.

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

export function checkInt64(v: bigint): void {
  if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`${v} does not fit in a signed 64-bit integer`);
}

function exactBitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** `value` in two's complement, big-endian, in `len` bytes (sign-extended to them). */
function twosComplementBytes(value: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let v = BigInt.asUintN(len * 8, value);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** The signed value of the `len` big-endian two's complement bytes at `at`. */
function fromTwosComplement(bytes: Uint8Array, at: number, len: number): bigint {
  let v = 0n;
  for (let i = 0; i < len; i++) v = (v << 8n) | BigInt(bytes[at + i]!);
  return BigInt.asIntN(len * 8, v);
}

/**
 * The header of an ordered-code Int64 of `len` bytes: `len` one-bits at the top (sign + len-1
 * size bits), XORed onto the two's complement bytes, which flips them to zeros for negative
 * numbers, whose sign-extension bits are ones. The same flip puts it on and takes it off.
 */
function flipHeader(b: Uint8Array, len: number): void {
  b[0]! ^= len >= 8 ? 0xff : (0xff00 >> len) & 0xff;
  if (len > 8) b[1]! ^= (0xff00 >> (len - 8)) & 0xff;
}

/** The byte count the header at `at` declares: the leading run of bits equal to the sign bit across the first two bytes (0 to 16). */
function headerLength(bytes: Uint8Array, at: number): number {
  const b0 = bytes[at]!;
  const negative = (b0 & 0x80) === 0;
  // A missing second byte reads as the sign's extension.
  const word = ((b0 << 8) | (bytes[at + 1] ?? (negative ? 0xff : 0x00))) ^ (negative ? 0xffff : 0);
  let run = 0;
  while (run < 16 && (word & (0x8000 >> run)) !== 0) run++;
  return run;
}

export function encodeOrderedInt64(value: bigint): Uint8Array {
  checkInt64(value);
  const magnitude = value < 0n ? -value - 1n : value;
  const len = Math.ceil((exactBitLength(magnitude) + 1) / 7);
  const out = twosComplementBytes(value, len);
  flipHeader(out, len);
  return out;
}

/** Decodes one ordered-code Int64 at `at`; returns the value and the bytes it took, or null if malformed. */
export function decodeOrderedInt64(bytes: Uint8Array, at = 0): { value: bigint; length: number } | null {
  if (at >= bytes.length) return null;
  const len = headerLength(bytes, at);
  if (len < 1 || len > 10 || at + len > bytes.length) return null;
  const buf = bytes.slice(at, at + len);
  flipHeader(buf, len);
  const value = fromTwosComplement(buf, 0, len);
  if (value < INT64_MIN || value > INT64_MAX) return null;
  // Reject non-minimal encodings: Bigtable writes the shortest form.
  if (encodeOrderedInt64(value).length !== len) return null;
  return { value, length: len };
}

export function encodeBigEndianInt64(value: bigint): Uint8Array {
  checkInt64(value);
  return twosComplementBytes(value, 8);
}

export function decodeBigEndianInt64(bytes: Uint8Array, at = 0): bigint | null {
  if (at + 8 > bytes.length) return null;
  return fromTwosComplement(bytes, at, 8);
}

/** Joins encoded fields by the Struct OrderedCodeBytes rules. */
export function joinOrderedCodeStruct(fields: readonly Uint8Array[]): Uint8Array {
  let last = fields.length - 1;
  while (last >= 0 && fields[last]!.length === 0) last--;
  if (last < 0) return Uint8Array.of(0, 0);
  // Sized first, then filled: a key of megabytes is one allocation, not an array of numbers.
  let size = 2 * last;
  for (let i = 0; i <= last; i++) {
    const f = fields[i]!;
    size += f.length === 0 ? 2 : f.length;
    for (let j = 0; j < f.length; j++) if (f[j] === 0x00) size++;
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (let i = 0; i <= last; i++) {
    if (i > 0) {
      out[o++] = 0x00;
      out[o++] = 0x01;
    }
    const f = fields[i]!;
    if (f.length === 0) {
      out[o++] = 0x00;
      out[o++] = 0x00;
      continue;
    }
    for (let j = 0; j < f.length; j++) {
      const b = f[j]!;
      out[o++] = b;
      if (b === 0x00) out[o++] = 0xff;
    }
  }
  return out;
}

/**
 * Splits a Struct OrderedCodeBytes key into its `count` fields (omitted trailing fields come
 * back empty), or null when the bytes do not follow the rules. Like the join, it makes no array
 * of numbers: a field without escapes is a slice of the key.
 */
export function splitOrderedCodeStruct(key: Uint8Array, count: number): Uint8Array[] | null {
  if (key.length === 2 && key[0] === 0 && key[1] === 0) return Array.from({ length: count }, () => new Uint8Array(0));
  const fields: Uint8Array[] = [];
  // The field being read: where it starts, its 0x00 0xFF escapes and its 0x00 0x00 markers.
  let start = 0;
  let escapes = 0;
  let markers = 0;
  for (let i = 0; i <= key.length; i++) {
    if (i < key.length && key[i] !== 0x00) continue;
    // The end of the key closes the last field as a separator closes the others.
    const next = i < key.length ? key[i + 1] : 0x01;
    if (next === 0xff) escapes++;
    else if (next === 0x00) markers++;
    else if (next === 0x01) {
      const field = structField(key, start, i, escapes, markers);
      if (!field) return null;
      fields.push(field);
      start = i + 2;
      escapes = 0;
      markers = 0;
    } else return null;
    i++;
  }
  if (fields.length > count) return null;
  while (fields.length < count) fields.push(new Uint8Array(0));
  return fields;
}

/**
 * The field written as key[start, end), or null: an empty field is the marker 0x00 0x00 alone
 * (repeated or not), any other field one byte or more, each 0x00 of it escaped as 0x00 0xFF.
 */
function structField(key: Uint8Array, start: number, end: number, escapes: number, markers: number): Uint8Array | null {
  if (markers > 0) return end - start === 2 * markers ? new Uint8Array(0) : null;
  if (end === start) return null;
  if (escapes === 0) return key.slice(start, end);
  const out = new Uint8Array(end - start - escapes);
  let o = 0;
  for (let i = start; i < end; i++) {
    out[o++] = key[i]!;
    if (key[i] === 0x00) i++;
  }
  return out;
}
