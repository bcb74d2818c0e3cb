import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeShare, MAX_SHARE_CHARS, SHARE_FILE_CHARS, SHARE_WARN_CHARS } from '../../core/share';
import { loadDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { checkBase, pageBase, readBase, saveBase, SHARE_BASE_KEY } from './base';
import { buildShareLink, isShareHash, linkAdvice, openSharedLink, uniqueName } from './link';

function example(id: string): Design {
  const r = loadDesign(readFileSync(new URL(`../../../examples/${id}.yaml`, import.meta.url), 'utf8'), `${id}.yaml`);
  if (!r.ok) throw new Error(`${id} does not load`);
  return r.design;
}

describe('uniqueName', () => {
  it('keeps a name no design has', () => {
    expect(uniqueName('Chat', [])).toBe('Chat');
    expect(uniqueName('Chat', ['chat', 'Chat (2)'])).toBe('Chat');
  });
  it('gives a clashing name the first free suffix', () => {
    expect(uniqueName('Chat', ['Chat'])).toBe('Chat (2)');
    expect(uniqueName('Chat', ['Chat', 'Chat (2)'])).toBe('Chat (3)');
    expect(uniqueName('Chat', ['Chat', 'Chat (3)'])).toBe('Chat (2)');
    expect(uniqueName('Chat', new Set(['Chat', 'Chat (2)', 'Chat (3)']))).toBe('Chat (4)');
  });
  it('counts on from a name that already has a suffix', () => {
    expect(uniqueName('Chat (2)', ['Chat', 'Chat (2)'])).toBe('Chat (3)');
    expect(uniqueName('Chat (2)', ['Chat (2)'])).toBe('Chat (3)');
    expect(uniqueName('(2)', ['(2)'])).toBe('(2) (2)');
  });
  it('stays within the longest name a design may have', () => {
    const long = 'x'.repeat(200);
    const got = uniqueName(long, [long]);
    expect(got).toHaveLength(200);
    expect(got.endsWith(' (2)')).toBe(true);
    const taken = [long, got];
    expect(uniqueName(long, taken)).toBe(`${'x'.repeat(196)} (3)`);
  });
  it('never returns a taken name', () => {
    const taken = ['A', ...Array.from({ length: 50 }, (_, i) => `A (${i + 2})`)];
    expect(uniqueName('A', taken)).toBe('A (52)');
    expect(taken).not.toContain(uniqueName('A (7)', taken));
  });
});

describe('linkAdvice', () => {
  it('says nothing up to 2,000 characters', () => {
    expect(linkAdvice(1500)).toMatchObject({ level: 'ok', message: '', offerFile: false, openable: true });
    expect(linkAdvice(SHARE_WARN_CHARS).level).toBe('ok');
  });
  it('warns above 2,000 characters that chat apps may cut the link', () => {
    const a = linkAdvice(SHARE_WARN_CHARS + 1);
    expect(a.level).toBe('long');
    expect(a.message).toMatch(/chat apps may cut it/);
    expect(a.offerFile).toBe(false);
  });
  it('offers a file above 32 KiB, and refuses what no studio could open', () => {
    expect(linkAdvice(SHARE_FILE_CHARS)).toMatchObject({ level: 'long' });
    expect(linkAdvice(SHARE_FILE_CHARS + 1)).toMatchObject({ level: 'file', offerFile: true, openable: true });
    expect(linkAdvice(SHARE_FILE_CHARS + 1).message).toMatch(/as a file/);
    expect(linkAdvice(MAX_SHARE_CHARS + 1)).toMatchObject({ level: 'too-long', offerFile: true, openable: false });
  });
});

describe('share links', () => {
  const chat = example('chat-messages');

  it('builds a link on the base, dropping its hash, that opens as the same design', () => {
    const link = buildShareLink(chat, 'https://studio.example.com/team/#/design/x');
    expect(link.url.startsWith('https://studio.example.com/team/#d=1.')).toBe(true);
    expect(link.length).toBe(link.url.length);
    expect(link.advice.level).toBe('ok');
    const opened = openSharedLink(new URL(link.url).hash);
    expect(opened).toEqual({ ok: true, design: chat });
    expect(openSharedLink(link.url)).toEqual({ ok: true, design: chat });
  });

  it('tells a share hash from a route', () => {
    expect(isShareHash(encodeShare(chat))).toBe(true);
    expect(isShareHash('d=1.abc')).toBe(true);
    expect(isShareHash('#/design/chat')).toBe(false);
    expect(isShareHash('#/')).toBe(false);
    expect(isShareHash('')).toBe(false);
  });

  it('long designs get the warning', () => {
    const big: Design = { ...chat, description: Array.from({ length: 4000 }, (_, i) => `word${(i * 7919) % 10007}`).join(' ') };
    const link = buildShareLink(big, 'https://studio.example.com/');
    expect(link.length).toBeGreaterThan(SHARE_WARN_CHARS);
    expect(link.advice.level).not.toBe('ok');
  });

  it('explains every kind of bad link and says nothing was changed', () => {
    const hash = encodeShare(chat);
    const cases: [string, string, RegExp][] = [
      ['#/design/x', 'not-a-link', /not a design link/],
      [hash.slice(0, hash.length - 40), 'truncated', /cut off/],
      [`${hash.slice(0, 30)}!${hash.slice(31)}`, 'not-base64', /damaged/],
      [`${hash.slice(0, 40)}${hash[40] === 'A' ? 'B' : 'A'}${hash.slice(41)}`, 'tampered', /changed/],
      [hash.replace('d=1.', 'd=7.'), 'newer-version', /newer studio/],
      [`#d=1.${'A'.repeat(MAX_SHARE_CHARS + 10)}`, 'too-large', /too large|too long/],
    ];
    for (const [input, kind, re] of cases) {
      const r = openSharedLink(input);
      expect(r.ok, input.slice(0, 40)).toBe(false);
      if (r.ok) continue;
      expect(r.kind, input.slice(0, 40)).toBe(kind);
      expect(r.message).toMatch(re);
      expect(r.message).toMatch(/Nothing was opened or changed\.$/);
      expect(r.title).toMatch(/^This (?:is|link)/);
    }
  });
});

describe('the link base', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { m, getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };

  it('defaults to the page without its hash', () => {
    expect(pageBase('http://127.0.0.1:4173/#/design/x')).toBe('http://127.0.0.1:4173/');
    expect(pageBase('https://h/p/index.html')).toBe('https://h/p/index.html');
    expect(readBase(store(), 'http://here/')).toBe('http://here/');
    expect(readBase(null, 'http://here/')).toBe('http://here/');
  });

  it('accepts http(s) addresses only, without their fragment', () => {
    expect(checkBase(' https://studio.example.com/team/#x ')).toEqual({ ok: true, base: 'https://studio.example.com/team/' });
    expect(checkBase('javascript:alert(1)').ok).toBe(false);
    expect(checkBase('data:text/html,x').ok).toBe(false);
    expect(checkBase('studio.example.com').ok).toBe(false);
    expect(checkBase('').ok).toBe(false);
  });

  it(`is remembered under ${SHARE_BASE_KEY}, and a bad saved value is ignored`, () => {
    const s = store();
    expect(saveBase(s, 'https://team.example/')).toBe(true);
    expect(s.m.get(SHARE_BASE_KEY)).toBe('https://team.example/');
    expect(readBase(s, 'http://here/')).toBe('https://team.example/');
    s.m.set(SHARE_BASE_KEY, 'javascript:alert(1)');
    expect(readBase(s, 'http://here/')).toBe('http://here/');
    saveBase(s, null);
    expect(s.m.has(SHARE_BASE_KEY)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readBase(broken, 'http://here/')).toBe('http://here/');
    expect(saveBase(broken, 'https://x/')).toBe(false);
  });
});
