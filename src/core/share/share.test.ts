import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Design } from '../model/schema';
import { fromBase64, toBase64, toBase64Url } from '../keys/base64';
import { validDesign } from '../../test-support/design-arbitrary';
import { SHARE_DICTIONARY_V1 } from './dictionary';
import { crc32, decodeShare, encodeShare, MAX_SHARE_JSON_BYTES, shareUrl } from './share';
import { exampleDesigns } from '../../test-support/examples';

const examples = exampleDesigns();

const BASE = 'https://studio.example.com/';
const tiny: Design = { format: 'bigtable-studio/v1', name: 'tiny', tables: [{ name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }] };

/** A payload made by hand: version, crc of `json`, deflate of `data` (normally the same). */
function handMade(json: Uint8Array, data: Uint8Array = json, version = '1'): string {
  const packed = deflateSync(data, { level: 9, dictionary: SHARE_DICTIONARY_V1 });
  const crc = crc32(json);
  const bytes = new Uint8Array([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255, ...packed]);
  return `#d=${version}.${toBase64Url(bytes)}`;
}

describe('share links', () => {
  it('open(share(d)) equals d for generated valid designs', () => {
    fc.assert(
      fc.property(validDesign, (d) => {
        const r = decodeShare(shareUrl(d, BASE));
        expect(r).toEqual({ ok: true, design: d });
      }),
      { numRuns: 300 },
    );
  });

  it('opens every example design unchanged, and the largest example link stays short', () => {
    const sizes: [string, number][] = [];
    for (const { file, design } of examples) {
      const url = shareUrl(design, BASE);
      expect(decodeShare(url)).toEqual({ ok: true, design });
      sizes.push([file, url.length]);
    }
    sizes.sort((a, b) => b[1] - a[1]);
    if (process.env.SHARE_SIZES)
      console.log(`share link lengths with base ${BASE} (${BASE.length} chars):\n${sizes.map(([f, n]) => `  ${n}  ${f}`).join('\n')}`);
    // The issue's budget: the largest built-in example's link stays under 1,500 characters
    // (chat apps cut above 2,000, where the app warns).
    expect(sizes[0]![1]).toBeLessThan(1500);
  });

  it('is deterministic, with a versioned base64url fragment', () => {
    const a = encodeShare(examples[0]!.design);
    expect(encodeShare(structuredClone(examples[0]!.design))).toBe(a);
    expect(a).toMatch(/^#d=1\.[A-Za-z0-9_-]+$/);
    expect(shareUrl(tiny, 'https://h/app/#/design/x')).toBe(`https://h/app/${encodeShare(tiny)}`);
  });

  it('accepts a full link, the fragment, or d=...', () => {
    const frag = encodeShare(tiny);
    for (const input of [`https://h/x/${frag}`, frag, frag.slice(1), `  ${frag}\n`, `https://h/#x=1&${frag.slice(1)}`]) {
      expect(decodeShare(input)).toEqual({ ok: true, design: tiny });
    }
  });

  it('says what is wrong with a bad link', () => {
    const frag = encodeShare(examples[0]!.design);
    const kind = (s: string) => {
      const r = decodeShare(s);
      return r.ok ? 'ok' : `${r.kind}: ${r.error}`;
    };
    expect(kind('https://example.com/')).toMatch(/^not-a-link: this is not a design link/);
    expect(kind('#d=hello')).toMatch(/^not-a-link: .*format version/);
    expect(kind('#d=2.AAAA')).toMatch(/^newer-version: this link was made by a newer studio \(link format 2\)/);
    expect(kind(frag.slice(0, frag.length - 40))).toMatch(/^(truncated|tampered): /);
    expect(kind(frag.slice(0, -1))).toMatch(/^(truncated|tampered): /);
    expect(kind(frag.slice(0, 12))).toMatch(/^truncated: the link is cut off/);
    expect(kind(`${frag.slice(0, 30)}%${frag.slice(31)}`)).toMatch(/^not-base64: the link is damaged: "%" \(character 28 of the design part\)/);
    // A character changed in the middle: the inflater or the checksum notices.
    const mid = Math.floor(frag.length / 2);
    const changed = frag.slice(0, mid) + (frag[mid] === 'A' ? 'B' : 'A') + frag.slice(mid + 1);
    expect(kind(changed)).toMatch(/^tampered: the link is damaged/);
    expect(kind(`#d=1.${'A'.repeat(70_000)}`)).toMatch(/^too-large: the link is too long/);
  });

  it('rejects a checksum mismatch, bad JSON and an invalid design by name', () => {
    const good = new TextEncoder().encode(JSON.stringify(tiny));
    const other = new TextEncoder().encode(JSON.stringify({ ...tiny, name: 'tinY' }));
    expect(decodeShare(handMade(good, other))).toMatchObject({ ok: false, kind: 'tampered', error: expect.stringMatching(/checksum does not match/) });
    const notJson = new TextEncoder().encode('{"format": ');
    expect(decodeShare(handMade(notJson))).toMatchObject({ ok: false, kind: 'tampered' });
    const bad = new TextEncoder().encode(
      JSON.stringify({ ...tiny, tables: [{ name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid', colour: 1 } } } }] }),
    );
    const r = decodeShare(handMade(bad));
    expect(r).toMatchObject({
      ok: false,
      kind: 'invalid-design',
      error: expect.stringMatching(/tables\[0\]\.rowKey\.fields\.id\.colour: unknown key "colour"/),
    });
    const newer = new TextEncoder().encode(JSON.stringify({ ...tiny, format: 'bigtable-studio/v2' }));
    expect(decodeShare(handMade(newer))).toMatchObject({ ok: false, kind: 'invalid-design', error: expect.stringMatching(/newer than this studio/) });
  });

  it('carries the average write rate, and refuses a link whose average is above its peak, at its path', () => {
    const withLoad = (load: object): Design => ({ ...tiny, tables: [{ ...tiny.tables[0]!, load }] });
    const d = withLoad({ writesPerSecond: 80000, averageWritesPerSecond: 2000, retention: '1825d' });
    expect(decodeShare(shareUrl(d, BASE))).toEqual({ ok: true, design: d });
    const bad = new TextEncoder().encode(JSON.stringify(withLoad({ writesPerSecond: 2000, averageWritesPerSecond: 80000 })));
    expect(decodeShare(handMade(bad))).toMatchObject({
      ok: false,
      kind: 'invalid-design',
      error: expect.stringMatching(/tables\[0\]\.load\.averageWritesPerSecond: the average \(80000 writes\/s\) is above the peak/),
    });
  });

  it('refuses a decompression bomb at the limit, in a fixed buffer', () => {
    // 40 MiB of spaces deflate to about 40 KiB; sized so the link stays under the length cap.
    const zeros = new Uint8Array(40 * 1024 * 1024).fill(32);
    const link = handMade(zeros);
    expect(link.length).toBeLessThan(64 * 1024);
    const r = decodeShare(link);
    expect(r).toMatchObject({ ok: false, kind: 'too-large', error: expect.stringMatching(/decompression bomb/) });
    // It stops unpacking at the limit: the same bomb cut after 4 KiB of its data (which unpack
    // to about 4 MiB) is still refused for its size, never as cut off, so nothing past the first
    // pieces was read. (Its time is bench/hostile.bench.mjs's, share-bomb cases, 1 s a case.)
    const bytes = fromBase64(link.slice('#d=1.'.length), true);
    if (!bytes.ok) throw new Error('the bomb link does not decode');
    const cut = `#d=1.${toBase64Url(bytes.bytes.subarray(0, 4 + 4096))}`;
    expect(decodeShare(cut)).toMatchObject({ ok: false, kind: 'too-large' });
    // Just above the limit is refused too; at the limit it is parsed (and found not to be JSON).
    expect(decodeShare(handMade(new Uint8Array(MAX_SHARE_JSON_BYTES + 1).fill(32)))).toMatchObject({ kind: 'too-large' });
    expect(decodeShare(handMade(new Uint8Array(MAX_SHARE_JSON_BYTES).fill(32)))).toMatchObject({ kind: 'tampered' });
  });

  it('never throws on arbitrary input and answers fast', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `#d=1.${s}`),
          fc.base64String().map((s) => `#d=1.${s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`),
        ),
        (s) => {
          const r = decodeShare(s);
          expect(r.ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('pins the format-1 dictionary: changing it would break every link made before', () => {
    expect(SHARE_DICTIONARY_V1.length).toBe(3346);
    expect(crc32(SHARE_DICTIONARY_V1)).toBe(1663564111);
  });
});

describe('base64', () => {
  it('round-trips both alphabets and rejects what is not base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        expect(fromBase64(toBase64(b), false)).toEqual({ ok: true, bytes: b });
        expect(fromBase64(toBase64Url(b), true)).toEqual({ ok: true, bytes: b });
        expect(toBase64(b)).toBe(Buffer.from(b).toString('base64'));
        expect(toBase64Url(b)).toBe(Buffer.from(b).toString('base64url'));
      }),
    );
    expect(fromBase64('Iw==', false)).toEqual({ ok: true, bytes: Uint8Array.of(0x23) });
    expect(fromBase64('#', false)).toMatchObject({ ok: false, reason: 'character', index: 0, char: '#' });
    expect(fromBase64('I#==', false)).toMatchObject({ ok: false, reason: 'character', index: 1, char: '#' });
    expect(fromBase64('Iw', false)).toEqual({ ok: false, reason: 'length' });
    expect(fromBase64('Ix==', false)).toMatchObject({ ok: false, reason: 'trailing' });
  });
});

describe('share links name the version they came from', () => {
  it('a link with `b=` opens its design with that version id; older links (no `b=`) open as before', async () => {
    const { versionId } = await import('../diff/version-id');
    const from = versionId(tiny);
    const link = shareUrl({ ...tiny, name: 'tiny, edited' }, BASE, from);
    expect(link).toMatch(/#d=1\.[A-Za-z0-9_-]+&b=[0-9a-f]{16}$/);
    expect(decodeShare(link)).toEqual({ ok: true, design: { ...tiny, name: 'tiny, edited' }, from });
    // A link of the first format, as older studios made it: same design, no base.
    const old = `${BASE}${handMade(new TextEncoder().encode(JSON.stringify(tiny)))}`;
    expect(decodeShare(old)).toEqual({ ok: true, design: tiny });
    // The payload is the same with or without a base: an older studio reads `d=` and ignores `b=`.
    expect(link.replace(/&b=.*$/, '')).toBe(shareUrl({ ...tiny, name: 'tiny, edited' }, BASE));
  });

  it('a `b=` that is not a version id is ignored, never an error', () => {
    expect(decodeShare(`${encodeShare(tiny)}&b=<script>`)).toEqual({ ok: true, design: tiny });
    expect(decodeShare(`${encodeShare(tiny)}&b=`)).toEqual({ ok: true, design: tiny });
    expect(() => encodeShare(tiny, 'nope')).toThrow(/not a version id/);
  });

  it('the version id is the content: key order does not change it, any change does', async () => {
    const { versionId, isVersionId } = await import('../diff/version-id');
    const reordered = { tables: tiny.tables, name: tiny.name, format: tiny.format } as Design;
    expect(versionId(reordered)).toBe(versionId(tiny));
    expect(versionId({ ...tiny, name: 'tiny2' })).not.toBe(versionId(tiny));
    expect(isVersionId(versionId(tiny))).toBe(true);
    const ids = new Set(examples.map((e) => versionId(e.design)));
    expect(ids.size).toBe(examples.length);
  });
});
