// Hostile share links: every case goes through decodeShare, the one door a link comes
// in by (the app's openSharedLink and `btstudio open` both call it). The answer's message is
// `kind: error`, so a case's `where` can check the kind and the position (a character of the
// design part, the text after "#d=") or the path in the design.
import { deflateSync } from 'fflate';
import type { Design } from '../core/model/schema';
import { fromBase64, toBase64Url } from '../core/keys/base64';
import { SHARE_DICTIONARY_V1 } from '../core/share/dictionary';
import { crc32, decodeShare, encodeShare, MAX_SHARE_CHARS, type ShareResult } from '../core/share/share';
import type { HostileAnswer, HostileCase } from './case';

/** A design with some of everything, so its link is a realistic ~1,000 characters. */
const DESIGN: Design = {
  format: 'bigtable-studio/v1',
  name: 'Hostile links',
  description: 'IoT readings, one table per access pattern.',
  cluster: { nodes: 3, storage: 'ssd' },
  tables: [
    {
      name: 'readings',
      rowKey: {
        template: '{salt}#{tenant}#{device}#{ts}',
        fields: {
          salt: { type: 'hash', buckets: 16 },
          tenant: { type: 'string', values: ['acme', 'globex', 'initech'], weights: [70, 20, 10] },
          device: { type: 'string', cardinality: 100000, length: 12, alphabet: 'hex' },
          ts: { type: 'timestamp', unit: 'ms', reversed: true },
        },
      },
      families: [
        {
          name: 'm',
          gc: { union: [{ maxAge: '30d' }, { maxVersions: 1 }] },
          columns: [
            { qualifier: 'temp', valueBytes: 8 },
            { qualifier: 'hum', valueBytes: 8 },
          ],
        },
        { name: 'agg', aggregate: 'sum', columns: [{ qualifier: 'count', counter: true }] },
      ],
      queries: [{ name: 'latest for a device', match: { tenant: 'eq', device: 'eq' }, order: 'newest', limit: 10, perSecond: 500 }],
      load: { writesPerSecond: 20000, readsPerSecond: 2000, retention: '30d' },
    },
    { name: 'devices', rowKey: { template: '{tenant}#{device}', fields: { tenant: { type: 'string' }, device: { type: 'uuid' } } } },
  ],
};

/** The fragment of the design: `#d=1.…`. */
const GOOD = encodeShare(DESIGN);
const PREFIX = '#d=1.';
const BODY = GOOD.slice(PREFIX.length);
const BYTES = (() => {
  const r = fromBase64(BODY, true);
  if (!r.ok) throw new Error('the corpus link does not decode');
  return r.bytes;
})();

const answer = (r: ShareResult): HostileAnswer => (r.ok ? { refused: false, message: '' } : { refused: true, message: `${r.kind}: ${r.error}` });
const open = (input: string) => () => answer(decodeShare(input));

/** The link with bit `bit` of decoded byte `index` flipped (0-3 the checksum, then deflate). */
function flipByte(index: number, bit: number): string {
  const b = BYTES.slice();
  b[index]! ^= 1 << bit;
  return PREFIX + toBase64Url(b);
}

/** A link made by hand: the checksum of `json` over the deflate of `data` (normally the same). */
function packed(json: Uint8Array, deflated = deflateSync(json, { level: 9, dictionary: SHARE_DICTIONARY_V1 })): string {
  const crc = crc32(json);
  const out = new Uint8Array(4 + deflated.length);
  out.set([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]);
  out.set(deflated, 4);
  return PREFIX + toBase64Url(out);
}
const packedText = (text: string) => packed(new TextEncoder().encode(text));
const packedDesign = (d: unknown) => packedText(JSON.stringify(d));

// ---- A real decompression bomb -------------------------------------------------------------
// One dynamic-Huffman DEFLATE block whose codes are as short as codes get: a literal space
// (2 bits), then `matches` copies of "258 bytes at distance 1" (1 bit length + 1 bit distance),
// then end of block. 2 bits per 258 bytes is DEFLATE's ceiling of about 1,032 : 1, so the
// largest bomb that fits in a link (64 KiB of text, 48 KiB of data) unpacks to about 50 MB;
// a bigger one is refused by its length before anything is inflated.

function deflateBomb(matches: number): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  const bits = (v: number, len: number) => {
    for (let i = 0; i < len; i++) {
      acc |= ((v >> i) & 1) << n;
      if (++n === 8) {
        out.push(acc);
        acc = n = 0;
      }
    }
  };
  // Huffman codes go most significant bit first.
  const code = (c: number, len: number) => {
    for (let i = len - 1; i >= 0; i--) bits((c >> i) & 1, 1);
  };
  bits(1, 1); // BFINAL
  bits(2, 2); // BTYPE: dynamic Huffman
  bits(286 - 257, 5); // HLIT: literal/length codes 0..285
  bits(2 - 1, 5); // HDIST: distance codes 0..1
  bits(18 - 4, 4); // HCLEN: code length codes up to "1" in the permuted order
  const clLengths: Record<number, number> = { 18: 1, 2: 2, 1: 2 };
  for (const s of [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]) bits(clLengths[s] ?? 0, 3);
  // Canonical codes: 18 -> 0, 1 -> 10, 2 -> 11.
  const cl = (s: 1 | 2 | 18) => (s === 18 ? code(0, 1) : code(s === 1 ? 0b10 : 0b11, 2));
  const zeros = (count: number) => {
    cl(18);
    bits(count - 11, 7);
  };
  // Literal/length lengths: 32 -> 2, 256 -> 2, 285 -> 1; distance lengths: 0 -> 1, 1 -> 1.
  zeros(32);
  cl(2);
  zeros(138);
  zeros(85);
  cl(2);
  zeros(28);
  cl(1);
  cl(1);
  cl(1);
  // Canonical codes: 285 -> 0, 32 -> 10, 256 -> 11; distance 0 -> 0.
  code(0b10, 2);
  for (let i = 0; i < matches; i++) code(0, 2);
  code(0b11, 2);
  if (n) out.push(acc);
  return Uint8Array.from(out);
}

/**
 * crc32 of `count` copies of `byte`, in O(log count): one byte's step of the CRC register is
 * an affine map over GF(2)^32, raised to the count-th power by squaring.
 */
function crc32OfRun(byte: number, count: number): number {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  type Affine = { m: Uint32Array; c: number }; // m[i]: the image of bit i
  const apply = (m: Uint32Array, v: number) => {
    let r = 0;
    for (let i = 0; i < 32; i++) if ((v >>> i) & 1) r ^= m[i]!;
    return r >>> 0;
  };
  const compose = (a: Affine, b: Affine): Affine => ({ m: Uint32Array.from(b.m, (col) => apply(a.m, col)), c: (apply(a.m, b.c) ^ a.c) >>> 0 }); // a after b
  const linear = Uint32Array.from({ length: 32 }, (_, i) => (table[(1 << i) & 0xff]! ^ ((1 << i) >>> 8)) >>> 0);
  let step: Affine = { m: linear, c: table[byte]! };
  let acc: Affine = { m: Uint32Array.from({ length: 32 }, (_, i) => (1 << i) >>> 0), c: 0 };
  for (let k = count; k > 0; k = Math.floor(k / 2)) {
    if (k % 2) acc = compose(step, acc);
    step = compose(step, step);
  }
  return (apply(acc.m, 0xffffffff) ^ acc.c ^ 0xffffffff) >>> 0;
}

/** A bomb link whose checksum matches what it would unpack to, so only its size gives it away. */
function bombLink(matches: number): string {
  const data = deflateBomb(matches);
  const crc = crc32OfRun(0x20, 1 + 258 * matches);
  const out = new Uint8Array(4 + data.length);
  out.set([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]);
  out.set(data, 4);
  return PREFIX + toBase64Url(out);
}

/** Exported for the corpus test: the bomb really unpacks to what its checksum says. */
export const bombForTest = { deflateBomb, crc32OfRun };

// ---- Designs that nest deeper than any design does -------------------------------------------

function deepGcLink(levels: number): string {
  let gc = '{"maxVersions":1}';
  for (let i = 0; i < levels; i++) gc = `{"union":[${gc}]}`;
  const json = JSON.stringify({
    ...DESIGN,
    tables: [{ name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } }, families: [{ name: 'f', gc: '@' }] }],
  }).replace('"@"', gc);
  return packedText(json);
}

const mid = Math.floor(BODY.length / 2);
/** The first letter at or after `from` in the body: flipping its 0x40 bit makes a control character or punctuation. */
const letterAt = (from: number) => {
  for (let i = from; i < BODY.length; i++) if (/[A-Za-z]/.test(BODY[i]!)) return i;
  throw new Error('no letter');
};
const flipChar = (i: number) => PREFIX + BODY.slice(0, i) + String.fromCharCode(BODY.charCodeAt(i) ^ 0x40) + BODY.slice(i + 1);
const insertAt = (i: number, s: string) => PREFIX + BODY.slice(0, i) + s + BODY.slice(i);
/** 1-based position of body index i in the design part ("1." is characters 1-2). */
const pos = (i: number) => i + 3;

const refused = (what: RegExp, where: RegExp) => ({ refused: true as const, what, where });

const truncations: [string, number][] = [
  ['just the version and one character', PREFIX.length + 1],
  ['the checksum only', PREFIX.length + 6],
  ['a quarter', Math.floor(GOOD.length / 4)],
  ['half', Math.floor(GOOD.length / 2)],
  ['nine tenths', Math.floor((GOOD.length * 9) / 10)],
  ['all but two characters', GOOD.length - 2],
  ['all but the last character', GOOD.length - 1],
];

/** A well-formed body under a format version other than 1: [id, what, the version, what the refusal says, where]. */
const versions: [id: string, what: string, version: string, says: RegExp, where: RegExp][] = [
  ['share-newer-version', 'format version 2', '2', /newer studio/, /^newer-version: .*\(link format 2\).*the number after "#d="/],
  ['share-huge-version', 'format version 999999999', '999999999', /newer studio/, /^newer-version: .*link format 999999999/],
  ['share-version-zero', 'format version 0', '0', /does not exist/, /^not-a-link: link format 0 \(at the start of the design part\)/],
  ['share-version-bit-flip', 'one bit flipped in the version: "1." becomes "3."', '3', /newer studio/, /^newer-version: .*link format 3/],
  ['share-version-bit-flip-punct', 'one bit flipped in the version: "1." becomes "!."', '!', /format version/, /^not-a-link: .*not "!\./],
];

/**
 * Text put into the body at an index, as apps and mail clients do: [id, what, the index, the text,
 * what the refusal says, and what it names before the position it gives].
 */
const insertions: [id: string, what: string, at: number, text: string, says: RegExp, found: RegExp][] = [
  ['share-star', 'a "*" in the middle', mid, '*', /cannot appear in a design link/, /the link is damaged: "\*"/],
  ['share-zero-width-space', 'a zero-width space a chat app put in', 40, '\u200b', /cannot appear in a design link/, /.*U\+200B \(a zero-width space\)/],
  ['share-line-break', 'a line break an e-mail client put in', 76, '\r\n', /cannot appear in a design link/, /.*U\+000D \(a carriage return\)/],
  ['share-standard-base64', 'standard base64 ("+" for "-")', 20, '+', /standard base64/, /.*"\+"/],
  ['share-percent-in-body', 'a percent-encoded character in the body ("%2D" for "-")', 30, '%2D', /percent-encoded/, /.*"%"/],
  ['share-fullwidth', 'a full-width letter (U+FF21) where an A was', 10, '\uff21', /cannot appear in a design link/, /.*"Ａ" \(U\+FF21\)/],
  ['share-lone-surrogate', 'a lone UTF-16 surrogate in the body', 12, '\ud800', /cannot appear in a design link/, /.*U\+D800/],
];

export const shareCases: HostileCase[] = [
  { id: 'share-empty', group: 'share', what: 'an empty link', run: open(''), expect: refused(/not a design link/, /^not-a-link: .*it is empty/) },
  {
    id: 'share-blank',
    group: 'share',
    what: 'only spaces, tabs and line breaks',
    run: open(' \t\n \r\n'),
    expect: refused(/not a design link/, /^not-a-link: .*it is empty/),
  },
  { id: 'share-only-d', group: 'share', what: 'only "#d="', run: open('#d='), expect: refused(/not a design link/, /^not-a-link: .*nothing follows "#d="/) },
  {
    id: 'share-wrong-param',
    group: 'share',
    what: 'the payload under another name, #x=1.…',
    run: open(`https://studio.example.com/#x=1.${BODY}`),
    expect: refused(/not a design link/, /^not-a-link: .*has no "d=" part \(found "x"\)/),
  },
  {
    id: 'share-param-case',
    group: 'share',
    what: 'the parameter in capitals, #D=1.…',
    run: open(`#D=1.${BODY}`),
    expect: refused(/not a design link/, /^not-a-link: .*found "D"/),
  },
  {
    id: 'share-query-not-fragment',
    group: 'share',
    what: 'the design in the query string (?d=1.…) instead of the fragment',
    run: open(`https://studio.example.com/?d=1.${BODY}`),
    expect: refused(/not a design link/, /^not-a-link: .*in the query \("\?d="\)/),
  },
  {
    id: 'share-percent-encoded-equals',
    group: 'share',
    what: 'an app percent-encoded the "=": #d%3D1.…',
    run: open(`https://studio.example.com/#d%3D1.${BODY}`),
    expect: refused(/not a design link/, /^not-a-link: .*percent-encoded \("d%3D"\)/),
  },
  {
    id: 'share-other-hash-route',
    group: 'share',
    what: 'a studio URL with another fragment (a route, not a design)',
    run: open('https://studio.example.com/#/design/abc/readings'),
    expect: refused(/not a design link/, /^not-a-link: .*its fragment "#\/design\/abc\/readings" has no "d=" part;/),
  },
  {
    id: 'share-no-fragment',
    group: 'share',
    what: 'a plain web address',
    run: open('https://example.com/page?x=1'),
    expect: refused(/not a design link/, /^not-a-link: .*has no "#" fragment/),
  },
  {
    id: 'share-no-version',
    group: 'share',
    what: 'the body without its "1." version',
    run: open(`#d=${BODY}`),
    expect: refused(/must start with a format version/, /^not-a-link: .*"#d=" must start with a format version/),
  },
  ...versions.map(
    ([id, what, version, says, where]): HostileCase => ({ id, group: 'share', what, run: open(`#d=${version}.${BODY}`), expect: refused(says, where) }),
  ),
  ...truncations.map(
    ([label, n], i): HostileCase => ({
      id: `share-truncated-${i + 1}`,
      group: 'share',
      what: `the link cut after ${label} (${n} of ${GOOD.length} characters)`,
      run: open(GOOD.slice(0, n)),
      expect: refused(/cut off/, new RegExp(`^truncated: the link is cut off: .*after character ${n - 3}\\b`)),
    }),
  ),
  {
    id: 'share-flip-checksum-first-bit',
    group: 'share',
    what: 'one bit flipped in the first checksum byte',
    run: open(flipByte(0, 7)),
    expect: refused(
      /checksum does not match/,
      /^tampered: .*its checksum does not match its data \(the checksum is the first 6 characters after the version\)/,
    ),
  },
  {
    id: 'share-flip-checksum-last-bit',
    group: 'share',
    what: 'one bit flipped in the last checksum byte',
    run: open(flipByte(3, 0)),
    expect: refused(/checksum does not match/, /^tampered: .*its checksum/),
  },
  {
    id: 'share-flip-deflate-header',
    group: 'share',
    what: 'one bit flipped in the first byte of the compressed data (the block type)',
    run: open(flipByte(4, 1)),
    expect: refused(/cannot be unpacked|checksum does not match/, /^tampered: .*(by character \d+ of the design part|its checksum)/),
  },
  {
    id: 'share-flip-body-middle',
    group: 'share',
    what: 'one bit flipped in the middle of the compressed data',
    run: open(flipByte(4 + Math.floor((BYTES.length - 4) / 2), 3)),
    expect: refused(/damaged/, /^tampered: .*(by character \d+ of the design part|its checksum)/),
  },
  {
    id: 'share-flip-char-to-control',
    group: 'share',
    what: 'one bit flipped in a character of the text, making a control character',
    run: open(flipChar(letterAt(mid))),
    expect: refused(
      /cannot appear in a design link/,
      new RegExp(`^not-base64: .*U\\+00[01][0-9A-F]( \\([a-z -]+\\))? \\(character ${pos(letterAt(mid))} of the design part\\)`),
    ),
  },
  ...insertions.map(
    ([id, what, at, text, says, found]): HostileCase => ({
      id,
      group: 'share',
      what,
      run: open(insertAt(at, text)),
      expect: refused(says, new RegExp(`^not-base64: ${found.source} \\(character ${pos(at)} of the design part\\)`)),
    }),
  ),
  {
    id: 'share-two-fragments',
    group: 'share',
    what: 'two links pasted together: #d=1.…#d=1.…',
    run: open(`https://a/${GOOD}https://a/${GOOD}`),
    expect: refused(/cannot appear in a design link/, new RegExp(`^not-base64: .*":" \\(character ${pos(BODY.length) + 5} of the design part\\)`)),
  },
  {
    id: 'share-10-mb',
    group: 'share',
    what: 'a 10 MB link',
    run: open(PREFIX + 'A'.repeat(10 * 1024 * 1024)),
    expect: refused(/too long/, /^too-large: the link is too long: 10485765 characters/),
  },
  {
    id: 'share-just-over-cap',
    group: 'share',
    what: 'a design part one character over 64 KiB',
    run: open(`#d=1.${'A'.repeat(MAX_SHARE_CHARS - 1)}`),
    expect: refused(/too long/, /^too-large: .*its design takes 65537 characters/),
  },
  {
    id: 'share-bomb-4kb',
    group: 'share',
    what: 'a 4 KB decompression bomb (unpacks to 4 MB, checksum matching)',
    run: open(bombLink(16_000)),
    expect: refused(/decompression bomb/, /^too-large: the link unpacks to more than 1 MiB/),
  },
  {
    id: 'share-bomb-max',
    group: 'share',
    what: 'the largest bomb a link can carry: 47 KB unpacking to 49 MB (checksum matching)',
    run: open(bombLink(190_000)),
    expect: refused(/decompression bomb/, /^too-large: the link unpacks to more than 1 MiB/),
  },
  {
    id: 'share-not-json',
    group: 'share',
    what: 'a well-made link whose data is not JSON',
    run: open(packedText('format: bigtable-studio/v1')),
    expect: refused(/not a design/, /^tampered: .*not JSON/),
  },
  {
    id: 'share-bad-utf8',
    group: 'share',
    what: 'a well-made link whose data is not UTF-8',
    run: open(packed(Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d))),
    expect: refused(/not a design/, /^tampered: .*bad UTF-8/),
  },
  {
    id: 'share-json-list',
    group: 'share',
    what: 'a well-made link holding a JSON list',
    run: open(packedText('[1,2,3]')),
    expect: refused(/design is a mapping/, /^invalid-design: /),
  },
  {
    id: 'share-invalid-design',
    group: 'share',
    what: 'a well-made link holding a design with a wrong field type',
    run: open(
      packedDesign({
        ...DESIGN,
        tables: [{ ...DESIGN.tables[0]!, rowKey: { ...DESIGN.tables[0]!.rowKey, fields: { ...DESIGN.tables[0]!.rowKey.fields, device: { type: 'guid' } } } }],
      }),
    ),
    expect: refused(/type must be one of/, /^invalid-design: the link's design is not valid: tables\[0\]\.rowKey\.fields\.device\.type: /),
  },
  {
    id: 'share-missing-tables',
    group: 'share',
    what: 'a design without tables',
    run: open(packedDesign({ format: 'bigtable-studio/v1', name: 'x' })),
    expect: refused(/required/, /^invalid-design: .*: tables: required/),
  },
  {
    id: 'share-newer-design-format',
    group: 'share',
    what: 'a v1 link holding a bigtable-studio/v2 design',
    run: open(packedDesign({ ...DESIGN, format: 'bigtable-studio/v2' })),
    expect: refused(/newer than this studio/, /^invalid-design: .*: format: /),
  },
  {
    id: 'share-proto-key',
    group: 'share',
    what: 'a design with a "__proto__" key (prototype pollution)',
    run: () => {
      const r = answer(decodeShare(packedText(JSON.stringify(DESIGN).replace('{"format"', '{"__proto__":{"polluted":"yes"},"format"'))));
      if ((Object.prototype as Record<string, unknown>).polluted !== undefined) throw new Error('Object.prototype was polluted');
      return r;
    },
    expect: refused(/the key "__proto__" is not allowed/, /^invalid-design: .*: __proto__: /),
  },
  {
    id: 'share-proto-field',
    group: 'share',
    what: 'a key field named "__proto__"',
    run: () => {
      const r = answer(
        decodeShare(
          packedText(
            JSON.stringify({
              format: 'bigtable-studio/v1',
              name: 'p',
              tables: [{ name: 't', rowKey: { template: '{__proto__}', fields: { x: { type: 'uuid' } } } }],
            }).replace('"x"', '"__proto__"'),
          ),
        ),
      );
      if ((Object.prototype as Record<string, unknown>).type !== undefined) throw new Error('Object.prototype was polluted');
      return r;
    },
    expect: refused(/__proto__/, /^invalid-design: .*: tables\[0\]\.rowKey\./),
  },
  {
    id: 'share-deep-gc',
    group: 'share',
    what: 'a GC rule nested 50,000 unions deep (600 KB of JSON)',
    run: open(deepGcLink(50_000)),
    expect: refused(/nested more than 64 levels/, /^invalid-design: .*tables\[0\]\.families\[0\]\.gc\.union\[0\]\.union\[0\]/),
  },
  {
    id: 'share-deep-list',
    group: 'share',
    what: 'JSON lists nested 200,000 deep',
    run: open(packedText('['.repeat(200_000) + ']'.repeat(200_000))),
    expect: refused(/nested more than 64 levels/, /^invalid-design: .*: \[0\]\[0\]\[0\]/),
  },
  {
    id: 'share-junk-after-data',
    group: 'share',
    what: 'characters added after the compressed data',
    run: open(`${GOOD}AAAA`),
    expect: {
      refused: false,
      why: 'the data ends at its final block and the checksum covers the whole design, which is intact: the link opens the exact design',
    },
  },
];
