// Base64 (RFC 4648 section 4) and base64url (section 5) without Node's Buffer: the core runs in
// browsers and workers too. Decoding is strict: it says which character is wrong, and whether
// the text was cut short, instead of skipping what it does not understand.

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encodeWith(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : '');
  }
  return out;
}

/** Standard base64 with `=` padding (what gcloud, Terraform and the admin API use for bytes). */
export function toBase64(bytes: Uint8Array): string {
  return encodeWith(bytes, STD, true);
}

/** base64url without padding (safe in a URL fragment). */
export function toBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL, false);
}

export type Base64Result =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'character'; index: number; char: string }
  | { ok: false; reason: 'length' }
  /** The last character carries bits beyond the data: typically text cut off mid-way. */
  | { ok: false; reason: 'trailing'; index: number };

function lookup(alphabet: string): Int16Array {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
}
const STD_LOOKUP = lookup(STD);
const URL_LOOKUP = lookup(URL);

/**
 * Decodes base64 (`url: false`: `+/`, padding required to a multiple of 4) or base64url
 * (`url: true`: `-_`, padding optional). Never throws.
 */
export function fromBase64(text: string, url: boolean): Base64Result {
  const table = url ? URL_LOOKUP : STD_LOOKUP;
  let end = text.length;
  let padding = 0;
  while (end > 0 && text[end - 1] === '=' && padding < 2) {
    end--;
    padding++;
  }
  // A character that cannot be there is the better answer than a wrong length: a link with a
  // line break or a zero-width space pasted in is damaged, not cut off.
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || table[c]! < 0) return { ok: false, reason: 'character', index: i, char: String.fromCodePoint(text.codePointAt(i)!) };
  }
  if (!url && (text.length % 4 !== 0 || (padding > 0 && text.length === padding))) return { ok: false, reason: 'length' };
  if (end % 4 === 1) return { ok: false, reason: 'length' };
  if (url && padding > 0 && (end + padding) % 4 !== 0) return { ok: false, reason: 'length' };
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = table[c]!;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero: otherwise two texts would decode to the same bytes.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return { ok: false, reason: 'trailing', index: end - 1 };
  return { ok: true, bytes: out };
}

/** True when the text is canonical standard base64 (with padding). */
export function isBase64(text: string): boolean {
  return text.length > 0 && fromBase64(text, false).ok;
}
