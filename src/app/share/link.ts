// Share links in the studio: the link for a design and its base, what its length means for
// the person sending it, opening a link from the address bar, and names that never clash.
// Pure functions (no React, no DOM, no store): the dialog and the banner are thin over these.
import { formatCount } from '../../core/units';
import { decodeShare, MAX_SHARE_CHARS, SHARE_FILE_CHARS, SHARE_WARN_CHARS, shareUrl, type ShareErrorKind } from '../../core/share';
import type { Design } from '../../core/model/schema';

/** The longest design name the format takes (schema.ts: `name: z.string().max(200)`). */
export const MAX_DESIGN_NAME = 200;

/**
 * `name` when no design has it, else `name (2)`, `name (3)`, ...: the first free one. A name
 * that already ends in ` (n)` counts on from its stem ("Chat (2)" -> "Chat (3)", never
 * "Chat (2) (2)"). The result stays within `maxLength` characters (the stem is cut to fit).
 */
export function uniqueName(name: string, existingNames: Iterable<string>, maxLength = MAX_DESIGN_NAME): string {
  const taken = new Set(existingNames);
  if (!taken.has(name)) return name;
  const m = /^(.*\S) \((\d{1,6})\)$/.exec(name);
  const stem = m ? m[1]! : name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${[...stem].slice(0, Math.max(1, maxLength - suffix.length)).join('')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type LinkLevel = 'ok' | 'long' | 'file' | 'too-long';

export interface LinkAdvice {
  level: LinkLevel;
  /** One sentence for the dialog; empty when the link is fine. */
  message: string;
  /** Whether to offer the design as a file (the link is too long to be practical). */
  offerFile: boolean;
  /** Whether the link can be opened at all (decodeShare refuses longer payloads). */
  openable: boolean;
}

/**
 * What a link of `length` characters means: fine; above 2,000 chat apps may cut it; above
 * 32 KiB browsers and apps may not keep it, so offer a file; above 64 KiB no studio opens it.
 */
export function linkAdvice(length: number): LinkAdvice {
  if (length > MAX_SHARE_CHARS) {
    return {
      level: 'too-long',
      message: `This link is too long to open (over ${fmt(MAX_SHARE_CHARS)} characters): share the design as a file instead.`,
      offerFile: true,
      openable: false,
    };
  }
  if (length > SHARE_FILE_CHARS) {
    return {
      level: 'file',
      message: `This link is over ${fmt(SHARE_FILE_CHARS)} characters: browsers and apps may not keep all of it. Share the design as a file instead.`,
      offerFile: true,
      openable: true,
    };
  }
  if (length > SHARE_WARN_CHARS) {
    return {
      level: 'long',
      message: `This link is over ${fmt(SHARE_WARN_CHARS)} characters: chat apps may cut it. Check that it arrives whole, or send the design file.`,
      offerFile: false,
      openable: true,
    };
  }
  return { level: 'ok', message: '', offerFile: false, openable: true };
}

export interface ShareLink {
  url: string;
  /** Characters of the whole link (what a chat app counts). */
  length: number;
  advice: LinkAdvice;
}

/** The link of `design` on `base` (any fragment of the base is dropped), naming the version it came from, with its advice. */
export function buildShareLink(design: Design, base: string, from?: string): ShareLink {
  const url = shareUrl(design, base, from);
  return { url, length: url.length, advice: linkAdvice(url.length) };
}

/** Whether a location hash holds a shared design (`#d=…`) rather than a route (`#/…`). */
export function isShareHash(hash: string): boolean {
  const h = hash.replace(/^#/, '');
  return h.split('&').some((part) => part.startsWith('d='));
}

export type OpenedLink = { ok: true; design: Design; from?: string } | { ok: false; kind: ShareErrorKind; title: string; message: string };

/** A short title per kind of bad link (the message says the rest). */
export const SHARE_ERROR_TITLES: Record<ShareErrorKind, string> = {
  'not-a-link': 'This is not a design link',
  'not-base64': 'This link is damaged',
  truncated: 'This link is cut off',
  tampered: 'This link was changed after it was made',
  'newer-version': 'This link was made by a newer studio',
  'too-large': 'This link is too large to open',
  'invalid-design': 'This link holds a design that is not valid',
};

/**
 * Opens the design in a location hash (or a whole link). Never throws, does bounded work
 * (decodeShare), and touches nothing: the caller decides what to do with the design. The
 * message says what is wrong in words a user can act on, with decodeShare's detail.
 */
export function openSharedLink(hash: string): OpenedLink {
  let r: ReturnType<typeof decodeShare>;
  try {
    r = decodeShare(hash);
  } catch (e) {
    // decodeShare never throws; this is only a guard so a bug cannot break the page.
    return {
      ok: false,
      kind: 'tampered',
      title: SHARE_ERROR_TITLES.tampered,
      message: `This link could not be opened: ${(e as Error).message}. Nothing was opened or changed.`,
    };
  }
  if (r.ok) return { ok: true, design: r.design, ...(r.from ? { from: r.from } : {}) };
  const detail = r.error.charAt(0).toUpperCase() + r.error.slice(1);
  return { ok: false, kind: r.kind, title: SHARE_ERROR_TITLES[r.kind], message: `${detail}${/[.!?]$/.test(detail) ? '' : '.'} Nothing was opened or changed.` };
}

const fmt = formatCount;
