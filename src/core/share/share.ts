// Share links: the whole design in the URL fragment, so it never reaches a server.
//
//   https://host/path/#d=1.<base64url( crc32(json) [4 bytes, big-endian] ++ deflate(json) )>[&b=<version id>]
//
// `b=` (optional, added later; older studios ignore it, and links without it still open) is
// the id of the version the design came from (diff/version-id.ts): the base of a three-way
// merge when the receiver's browser holds that version.
// `1.` is the format version; json is the design as compact JSON (UTF-8); deflate is raw
// DEFLATE (RFC 1951, fflate level 9, deterministic) primed with a preset dictionary
// (dictionary.ts); crc32 (IEEE, as zip and PNG) of the JSON catches links changed by hand.
// Decoding does bounded work whatever it is given: the text is capped before anything is
// decoded, inflate writes into a fixed buffer (a full buffer means a decompression bomb), and
// the result is parsed and validated strictly before anyone sees it.
import { deflateSync, Inflate } from 'fflate';
import { formatPath, validateDesign, type DesignIssue } from '../load/load-design';
import type { Design } from '../model/schema';
import { fromBase64, toBase64Url } from '../keys/base64';
import { SHARE_DICTIONARY_V1 } from './dictionary';
import { formatBytes } from '../units';
import { isVersionId } from '../diff/version-id';

export const SHARE_VERSION = 1;
/** The fragment parameter that holds a design. */
export const SHARE_PARAM = 'd';
/** The fragment parameter that names the version a shared design came from. */
export const SHARE_BASE_PARAM = 'b';
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
  | { ok: true; design: Design /** The version the design came from, when the link names one. */; from?: string }
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

/**
 * Why the link of this design would not open (decodeShare's limits: the design as JSON at most
 * MAX_SHARE_JSON_BYTES, the design part at most MAX_SHARE_CHARS characters), or null: what
 * `share` makes, `open` opens.
 */
export function shareRefusal(design: Design): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(design)).length;
  if (bytes > MAX_SHARE_JSON_BYTES) {
    return `the design is ${bytes.toLocaleString('en-US')} bytes as JSON and a link unpacks to at most ${MAX_SHARE_JSON_BYTES.toLocaleString('en-US')} (${KIB(MAX_SHARE_JSON_BYTES)}; open refuses more, as a possible decompression bomb): share the design file instead`;
  }
  const chars = encodeSharePayload(design).length;
  if (chars > MAX_SHARE_CHARS) {
    return `the link's design part would be ${chars.toLocaleString('en-US')} characters and a link holds at most ${MAX_SHARE_CHARS.toLocaleString('en-US')} (open refuses longer ones): share the design file instead`;
  }
  return null;
}

/** The URL fragment of a design, with its `#`: `#d=1.…`, and `&b=<id>` when it names the version it came from. */
export function encodeShare(design: Design, from?: string): string {
  if (from !== undefined && !isVersionId(from)) throw new Error(`not a version id: ${JSON.stringify(from)}`);
  return `#${SHARE_PARAM}=${encodeSharePayload(design)}${from ? `&${SHARE_BASE_PARAM}=${from}` : ''}`;
}

/** The full link: `base` (any fragment of it dropped) + `#d=1.…` (+ `&b=…`). */
export function shareUrl(design: Design, base: string, from?: string): string {
  const hash = base.indexOf('#');
  return `${hash >= 0 ? base.slice(0, hash) : base}${encodeShare(design, from)}`;
}

/** The version id a link names (`b=`), or undefined: absent or not an id (then the link opens without a base). */
function linkBase(input: string): string | undefined {
  const hash = input.indexOf('#');
  const frag = hash >= 0 ? input.slice(hash + 1) : input;
  const part = frag.split('&').find((p) => p.startsWith(`${SHARE_BASE_PARAM}=`));
  const id = part?.slice(SHARE_BASE_PARAM.length + 1).trim();
  return id && isVersionId(id) ? id : undefined;
}

const fail = (kind: ShareErrorKind, error: string, issues?: DesignIssue[]): ShareResult => ({ ok: false, kind, error, ...(issues ? { issues } : {}) });
const KIB = formatBytes;

/** A character as the user can see it in a message: printable ones quoted, others as U+XXXX. */
function showChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const visible =
    cp > 0x20 && cp < 0x7f
      ? `"${ch}"`
      : cp > 0xa0 && !/[\p{Cf}\p{Z}\p{Cs}\p{Co}\p{Cn}\p{M}]/u.test(ch)
        ? `"${ch}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`
        : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}${NAMED[cp] ? ` (${NAMED[cp]})` : ''}`;
  return visible;
}
const NAMED: Record<number, string> = {
  0x20: 'a space',
  0x09: 'a tab',
  0x0a: 'a line break',
  0x0d: 'a carriage return',
  0xa0: 'a no-break space',
  0x200b: 'a zero-width space',
  0xfeff: 'a byte-order mark',
  0x00ad: 'a soft hyphen',
};

/** The start of a text for a message: at most 40 characters, with control characters escaped. */
function excerpt(s: string): string {
  const cut = s.length > 40 ? `${s.slice(0, 40)}…` : s;
  return JSON.stringify(cut);
}

/** The payload (`1.…`) inside a link, a fragment, `d=…` or the payload itself; else why not. */
function payloadOf(input: string): { payload: string } | { error: string } {
  let s = input.trim();
  if (s === '') return { error: `this is not a design link: it is empty (a design link ends in "#${SHARE_PARAM}=${SHARE_VERSION}.…")` };
  const hash = s.indexOf('#');
  const query = hash >= 0 ? s.slice(0, hash) : s;
  if (hash >= 0) s = s.slice(hash + 1);
  for (const part of s.split('&')) {
    if (part.startsWith(`${SHARE_PARAM}=`)) return { payload: part.slice(SHARE_PARAM.length + 1) };
  }
  if (/^\d+\./.test(s)) return { payload: s };
  const expected = `expected "#${SHARE_PARAM}=${SHARE_VERSION}.…" after the address`;
  if (/[?&]d=\d+\./.test(query))
    return { error: `this is not a design link: its design is in the query ("?${SHARE_PARAM}=") where the fragment ("#${SHARE_PARAM}=") belongs; ${expected}` };
  if (/^d(%3D|%3d)/.test(s))
    return { error: `this is not a design link: its "=" was percent-encoded ("${SHARE_PARAM}%3D"), by an app that changed the link; ${expected}` };
  if (hash < 0) return { error: `this is not a design link: it has no "#" fragment; ${expected}` };
  const names = s
    .split('&')
    .filter((p) => p.includes('='))
    .map((p) => p.split('=')[0]!)
    .filter((n) => n !== '');
  return {
    error: `this is not a design link: its fragment ${excerpt(`#${s}`)} has no "${SHARE_PARAM}=" part${
      names.length
        ? ` (found ${names
            .slice(0, 4)
            .map((n) => `"${n}"`)
            .join(', ')})`
        : ''
    }; ${expected}`,
  };
}

/** The deepest a design's JSON may nest (the same bound as a design file's YAML). */
const MAX_JSON_DEPTH = 64;

/**
 * The path of the first value nested deeper than MAX_JSON_DEPTH, or null. Iterative, so a
 * link of 100,000 nested lists cannot exhaust the stack before it is refused.
 */
function tooDeep(value: unknown): (string | number)[] | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return path;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: [...path, i] }));
    else for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k] });
  }
  return null;
}

function showPath(path: readonly (string | number)[]): string {
  const whole = formatPath(path);
  return whole.length > 120 ? `${whole.slice(0, 100)}…` : whole;
}

/**
 * Opens a link (or its fragment). Never throws; bounded time and memory for any input. A
 * failure says what is wrong and where: not a link, a character that cannot be in a link (and
 * which one), cut off (after how many characters), changed (the checksum or the data), from a
 * newer studio, too large, or a design that does not validate (the path in the design).
 * Positions count characters of the design part: the text after "#d=", version included.
 */
export function decodeShare(input: string): ShareResult {
  if (input.length > MAX_SHARE_CHARS + 8192) {
    return fail(
      'too-large',
      `the link is too long: ${input.length} characters (a design link may be at most ${KIB(MAX_SHARE_CHARS)}; share larger designs as a file)`,
    );
  }
  const found = payloadOf(input);
  if ('error' in found) return fail('not-a-link', found.error);
  const payload = found.payload;
  if (payload.length > MAX_SHARE_CHARS) {
    return fail(
      'too-large',
      `the link is too long: its design takes ${payload.length} characters (at most ${KIB(MAX_SHARE_CHARS)}; share larger designs as a file)`,
    );
  }
  if (payload === '')
    return fail(
      'not-a-link',
      `this is not a design link: nothing follows "#${SHARE_PARAM}=" (expected the format version, "${SHARE_VERSION}.", then the design)`,
    );
  const m = /^(\d{1,9})\./.exec(payload);
  if (!m)
    return fail(
      'not-a-link',
      `this is not a design link: the part after "#${SHARE_PARAM}=" must start with a format version ("${SHARE_VERSION}."), not ${excerpt(payload)}`,
    );
  const version = Number(m[1]);
  if (version > SHARE_VERSION) {
    return fail(
      'newer-version',
      `this link was made by a newer studio (link format ${version}); this studio reads format ${SHARE_VERSION}: update the studio to open it (the format is the number after "#${SHARE_PARAM}=")`,
    );
  }
  if (version !== SHARE_VERSION)
    return fail('not-a-link', `link format ${version} (at the start of the design part) does not exist; this studio reads format ${SHARE_VERSION}`);
  const body = payload.slice(m[0].length);
  const at = (bodyIndex: number) => m[0].length + bodyIndex + 1; // 1-based, in the design part
  const decoded = fromBase64(body, true);
  if (!decoded.ok) {
    if (decoded.reason !== 'character')
      return fail(
        'truncated',
        `the link is cut off: its design part ends after character ${payload.length}, in the middle of its data (copy the whole link; chat apps and e-mail may cut long lines)`,
      );
    const hint =
      decoded.char === '+' || decoded.char === '/'
        ? ' ("+" and "/" are standard base64; a link uses "-" and "_")'
        : decoded.char === '%'
          ? ' (a percent-encoded character: an app changed the link)'
          : '';
    return fail(
      'not-base64',
      `the link is damaged: ${showChar(decoded.char)} (character ${at(decoded.index)} of the design part) cannot appear in a design link${hint}; was it changed by hand or by an app?`,
    );
  }
  const bytes = decoded.bytes;
  if (bytes.length < 5)
    return fail('truncated', `the link is cut off: it holds no design data (its design part ends after character ${payload.length}; copy the whole link)`);
  const expected = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  let json: Uint8Array | null;
  try {
    json = inflateBounded(bytes.subarray(4), MAX_SHARE_JSON_BYTES);
  } catch (e) {
    const msg = e instanceof InflateError ? e.reason : String(e);
    const where = e instanceof InflateError ? Math.min(payload.length, at(Math.ceil(((4 + e.end) * 4) / 3) - 1)) : payload.length;
    if (/unexpected EOF/.test(msg))
      return fail(
        'truncated',
        `the link is cut off: the design data ends early, after character ${payload.length} of the design part (copy the whole link; chat apps may cut long messages)`,
      );
    return fail(
      'tampered',
      `the link is damaged: its design data cannot be unpacked (${msg}; found by character ${where} of the design part); it was changed after it was made`,
    );
  }
  if (json === null) return tooBig();
  if (crc32(json) !== expected)
    return fail(
      'tampered',
      'the link is damaged: its checksum does not match its data (the checksum is the first 6 characters after the version), so it was changed or cut after it was made',
    );
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
    value = JSON.parse(text);
  } catch (e) {
    return fail('tampered', `the link is damaged: its data is not a design (${e instanceof SyntaxError ? `not JSON: ${e.message}` : 'bad UTF-8'})`);
  }
  const deep = tooDeep(value);
  if (deep)
    return fail(
      'invalid-design',
      `the link's design is not valid: ${showPath(deep)}: nested more than ${MAX_JSON_DEPTH} levels deep (no design nests that far)`,
      [{ file: 'link', line: 1, column: 1, path: formatPath(deep), message: `nested more than ${MAX_JSON_DEPTH} levels deep` }],
    );
  let result: ReturnType<typeof validateDesign>;
  try {
    result = validateDesign(value, 'link');
  } catch (e) {
    // Guard only: the depth check above keeps the validator's recursion bounded.
    return fail('invalid-design', `the link's design cannot be read: ${(e as Error).message}`);
  }
  if (!result.ok) {
    const first = result.issues[0];
    const where = first?.path ? `${first.path}: ` : '';
    return fail(
      'invalid-design',
      `the link's design is not valid: ${where}${first?.message ?? 'unknown problem'}${result.issues.length > 1 ? ` (and ${result.issues.length - 1} more)` : ''}`,
      result.issues,
    );
  }
  const from = linkBase(input);
  return { ok: true, design: result.design, ...(from ? { from } : {}) };
}

class InflateError extends Error {
  constructor(
    readonly reason: string,
    /** Bytes of deflate data pushed when the inflater gave up. */
    readonly end: number,
  ) {
    super(reason);
  }
}

/**
 * Inflates into a fixed buffer of `max` bytes, 1 KiB of input at a time, and gives up (null)
 * as soon as the output would not fit: a bomb costs at most `max` + about 1 MiB of work,
 * however far it would expand. Throws an InflateError (fflate's message, and how far it got)
 * for damaged or cut-off data.
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
    try {
      inflater.push(data.subarray(at, at + STEP), last);
    } catch (e) {
      throw new InflateError((e as Error).message, Math.min(at + STEP, data.length));
    }
    if (last) break;
  }
  return full ? null : out.subarray(0, size);
}

function tooBig(): ShareResult {
  return fail('too-large', `the link unpacks to more than ${KIB(MAX_SHARE_JSON_BYTES)} of design (a damaged link or a decompression bomb); nothing was opened`);
}
