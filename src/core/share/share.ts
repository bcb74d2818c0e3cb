// Share links: the whole design in the URL fragment, so it never reaches a server.
//
//   https://host/path/#d=1.<base64url( crc32(json) [4 bytes, big-endian] ++ deflate(json) )>
//
// `1.` is the format version; json is the design as compact JSON (UTF-8); deflate is raw
// DEFLATE (RFC 1951, fflate level 9, deterministic) primed with a preset dictionary
// (dictionary.ts); crc32 (IEEE, as zip and PNG) of the JSON catches links changed by hand.
// Decoding does bounded work whatever it is given: the text is capped before anything is
// decoded, inflate writes into a fixed buffer (a full buffer means a decompression bomb), and
// the result is parsed and validated strictly before anyone sees it.
import { deflateSync, Inflate } from 'fflate';
import { validateDesign, type DesignIssue } from '../model/load';
import type { Design } from '../model/schema';
import { fromBase64, toBase64Url } from './base64';
import { SHARE_DICTIONARY_V1 } from './dictionary';

export const SHARE_VERSION = 1;
/** The fragment parameter that holds a design. */
export const SHARE_PARAM = 'd';
/** The longest payload decoded (links above 32 KiB are offered as a file instead). */
export const MAX_SHARE_CHARS = 64 * 1024;
/** The largest design JSON a link may unpack to. */
export const MAX_SHARE_JSON_BYTES = 1024 * 1024;
/** Above this many characters chat apps may cut a link (Discord: 2,000). */
export const SHARE_WARN_CHARS = 2000;
/** Above this many characters, offer a file instead (Chromium shows 32 KiB of a URL). */
export const SHARE_FILE_CHARS = 32 * 1024;

export type ShareErrorKind = 'not-a-link' | 'not-base64' | 'truncated' | 'tampered' | 'newer-version' | 'too-large' | 'invalid-design';

export type ShareResult =
  | { ok: true; design: Design }
  | { ok: false; kind: ShareErrorKind; error: string; issues?: DesignIssue[] };

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The fragment payload of a design: `1.` + base64url(crc32 + deflate(JSON)). */
export function encodeSharePayload(design: Design): string {
  const json = new TextEncoder().encode(JSON.stringify(design));
  const packed = deflateSync(json, { level: 9, mem: 8, dictionary: SHARE_DICTIONARY_V1 });
  const out = new Uint8Array(4 + packed.length);
  const crc = crc32(json);
  out[0] = crc >>> 24;
  out[1] = (crc >>> 16) & 0xff;
  out[2] = (crc >>> 8) & 0xff;
  out[3] = crc & 0xff;
  out.set(packed, 4);
  return `${SHARE_VERSION}.${toBase64Url(out)}`;
}

/** The URL fragment of a design, with its `#`: `#d=1.…`. */
export function encodeShare(design: Design): string {
  return `#${SHARE_PARAM}=${encodeSharePayload(design)}`;
}

/** The full link: `base` (any fragment of it dropped) + `#d=1.…`. */
export function shareUrl(design: Design, base: string): string {
  const hash = base.indexOf('#');
  return `${hash >= 0 ? base.slice(0, hash) : base}${encodeShare(design)}`;
}

const fail = (kind: ShareErrorKind, error: string, issues?: DesignIssue[]): ShareResult => ({ ok: false, kind, error, ...(issues ? { issues } : {}) });
const KIB = (n: number) => `${Math.round(n / 1024)} KiB`;

/** The payload (`1.…`) inside a link, a fragment, `d=…` or the payload itself; null if none. */
function payloadOf(input: string): string | null {
  let s = input.trim();
  const hash = s.indexOf('#');
  if (hash >= 0) s = s.slice(hash + 1);
  for (const part of s.split('&')) {
    if (part.startsWith(`${SHARE_PARAM}=`)) return part.slice(SHARE_PARAM.length + 1);
  }
  return /^\d+\./.test(s) ? s : null;
}

/**
 * Opens a link (or its fragment). Never throws; bounded time and memory for any input. A
 * failure says what is wrong: not a link, damaged characters, cut off, changed, from a newer
 * studio, too large, or a design that does not validate.
 */
export function decodeShare(input: string): ShareResult {
  if (input.length > MAX_SHARE_CHARS + 8192) {
    return fail('too-large', `the link is too long: ${input.length} characters (a design link may be at most ${KIB(MAX_SHARE_CHARS)}; share larger designs as a file)`);
  }
  const payload = payloadOf(input);
  if (payload === null) return fail('not-a-link', `this is not a design link: expected "#${SHARE_PARAM}=${SHARE_VERSION}.…" after the address`);
  if (payload.length > MAX_SHARE_CHARS) {
    return fail('too-large', `the link is too long: its design takes ${payload.length} characters (at most ${KIB(MAX_SHARE_CHARS)}; share larger designs as a file)`);
  }
  const m = /^(\d{1,9})\./.exec(payload);
  if (!m) return fail('not-a-link', `this is not a design link: the part after "#${SHARE_PARAM}=" must start with a format version ("${SHARE_VERSION}.")`);
  const version = Number(m[1]);
  if (version > SHARE_VERSION) {
    return fail('newer-version', `this link was made by a newer studio (link format ${version}); this studio reads format ${SHARE_VERSION}: update the studio to open it`);
  }
  if (version !== SHARE_VERSION) return fail('not-a-link', `link format ${version} does not exist; this studio reads format ${SHARE_VERSION}`);
  const body = payload.slice(m[0].length);
  const decoded = fromBase64(body, true);
  if (!decoded.ok) {
    if (decoded.reason !== 'character') return fail('truncated', 'the link is cut off: its last characters are missing (copy the whole link; chat apps and e-mail may cut long lines)');
    return fail('not-base64', `the link is damaged: "${decoded.char}" (character ${m[0].length + decoded.index + 1} of the design part) cannot appear in a design link; was it changed by hand or by an app?`);
  }
  const bytes = decoded.bytes;
  if (bytes.length < 5) return fail('truncated', 'the link is cut off: it holds no design data (copy the whole link)');
  const expected = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  let json: Uint8Array | null;
  try {
    json = inflateBounded(bytes.subarray(4), MAX_SHARE_JSON_BYTES);
  } catch (e) {
    const msg = (e as Error).message;
    if (/unexpected EOF/.test(msg)) return fail('truncated', 'the link is cut off: the design data ends early (copy the whole link; chat apps may cut long messages)');
    return fail('tampered', `the link is damaged: its design data cannot be unpacked (${msg}); it was changed after it was made`);
  }
  if (json === null) return tooBig();
  if (crc32(json) !== expected) return fail('tampered', 'the link is damaged: its checksum does not match, so it was changed or cut after it was made');
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
    value = JSON.parse(text);
  } catch {
    return fail('tampered', 'the link is damaged: its data is not a design (bad UTF-8 or JSON)');
  }
  let result: ReturnType<typeof validateDesign>;
  try {
    result = validateDesign(value, 'link');
  } catch (e) {
    // Deeply nested values can exhaust the stack of the validator: still a bad design.
    return fail('invalid-design', `the link's design cannot be read: ${(e as Error).message}`);
  }
  if (!result.ok) {
    const first = result.issues[0];
    const where = first?.path ? `${first.path}: ` : '';
    return fail('invalid-design', `the link's design is not valid: ${where}${first?.message ?? 'unknown problem'}${result.issues.length > 1 ? ` (and ${result.issues.length - 1} more)` : ''}`, result.issues);
  }
  return { ok: true, design: result.design };
}

/**
 * Inflates into a fixed buffer of `max` bytes, 1 KiB of input at a time, and gives up (null)
 * as soon as the output would not fit: a bomb costs at most `max` + about 1 MiB of work,
 * however far it would expand. Throws fflate's errors for damaged or cut-off data.
 */
function inflateBounded(data: Uint8Array, max: number): Uint8Array | null {
  const out = new Uint8Array(max);
  let size = 0;
  let full = false;
  const inflater = new Inflate({ dictionary: SHARE_DICTIONARY_V1 }, (chunk) => {
    if (full || size + chunk.length > max) {
      full = true;
      return;
    }
    out.set(chunk, size);
    size += chunk.length;
  });
  const STEP = 1024;
  for (let at = 0; !full; at += STEP) {
    const last = at + STEP >= data.length;
    inflater.push(data.subarray(at, at + STEP), last);
    if (last) break;
  }
  return full ? null : out.subarray(0, size);
}

function tooBig(): ShareResult {
  return fail('too-large', `the link unpacks to more than ${KIB(MAX_SHARE_JSON_BYTES)} of design (a damaged link or a decompression bomb); nothing was opened`);
}
