// Live links: `<studio address>#/live/<room>/<token>`. The room id and the token are in the
// fragment, which the browser never sends to any server; the studio hands the token to the
// collaboration server over its WebSocket only.
export type LiveMode = 'edit' | 'view';

export interface LiveLink {
  room: string;
  token: string;
  mode: LiveMode;
}

const LIVE_HASH = /^#?\/live\/([^/?#]*)\/([^/?#]*)\/?$/;
const ROOM = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = /^([ev])\.[A-Za-z0-9_-]{43}$/;

/** Whether a hash is meant as a live link (good or not). */
export const isLiveHash = (hash: string): boolean => /^#?\/live(\/|$)/.test(hash);

export type ParsedLiveLink = { ok: true; link: LiveLink } | { ok: false; message: string };

export function parseLiveHash(hash: string): ParsedLiveLink {
  const m = LIVE_HASH.exec(hash);
  if (!m) return { ok: false, message: 'A live link reads #/live/<room>/<token>; this one does not. Ask for the link again.' };
  const room = m[1]!;
  const token = m[2]!;
  if (!ROOM.test(room))
    return {
      ok: false,
      message: `The room id in this live link is not one a studio server makes (22 letters, digits, - or _; got ${room.length} characters). Ask for the link again.`,
    };
  const t = TOKEN.exec(token);
  if (!t) return { ok: false, message: 'The token in this live link is cut or changed (e. or v. and 43 characters). Ask for the link again.' };
  return { ok: true, link: { room, token, mode: t[1] === 'e' ? 'edit' : 'view' } };
}

/** The link to a room at the studio served from `base` (the page's address without its fragment). */
export function liveHref(base: string, room: string, token: string): string {
  return `${base.replace(/#.*$/, '')}#/live/${room}/${token}`;
}

/** The collaboration endpoint of the server that serves the studio at `pageUrl` (beside the page, so a proxy may mount it under a path). */
export function liveSocketUrl(pageUrl: string): string {
  const u = new URL('live', pageUrl);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.hash = '';
  u.search = '';
  return u.href;
}

/** Where that server makes rooms. */
export function liveRoomsUrl(pageUrl: string): string {
  const u = new URL('live/rooms', pageUrl);
  u.hash = '';
  u.search = '';
  return u.href;
}
