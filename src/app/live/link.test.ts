import { describe, expect, it } from 'vitest';
import { isLiveHash, liveHref, liveRoomsUrl, liveSocketUrl, parseLiveHash } from './link';

const ROOM = 'H9Y_dM7grw0P0zTA0iUqJA';
const EDIT = 'e.yA8ee6w4xMv-WCsuIDRKRrLpDXvs73C5TWRJlGoBDow';
const VIEW = 'v.OtwFuxV0qbQ3FaY4VOvRZE98pzPLw1eyWF97njcIKTc';

describe('live links', () => {
  it('round-trips a room and a token through the fragment, with the mode the token grants', () => {
    const href = liveHref('http://127.0.0.1:4173/#/design/x', ROOM, EDIT);
    expect(href).toBe(`http://127.0.0.1:4173/#/live/${ROOM}/${EDIT}`);
    expect(parseLiveHash(new URL(href).hash)).toEqual({ ok: true, link: { room: ROOM, token: EDIT, mode: 'edit' } });
    expect(parseLiveHash(`#/live/${ROOM}/${VIEW}`)).toEqual({ ok: true, link: { room: ROOM, token: VIEW, mode: 'view' } });
  });

  it('says what is wrong with a cut or changed link', () => {
    expect(isLiveHash('#/live/abc')).toBe(true);
    expect(isLiveHash('#/design/live')).toBe(false);
    expect(parseLiveHash('#/live/abc')).toMatchObject({ ok: false, message: expect.stringMatching(/#\/live\/<room>\/<token>/) });
    expect(parseLiveHash(`#/live/short/${EDIT}`)).toMatchObject({ ok: false, message: expect.stringMatching(/room id .* got 5 characters/) });
    expect(parseLiveHash(`#/live/${ROOM}/${EDIT.slice(0, 20)}`)).toMatchObject({ ok: false, message: expect.stringMatching(/token .* cut or changed/) });
    expect(parseLiveHash(`#/live/${ROOM}/x.${EDIT.slice(2)}`)).toMatchObject({ ok: false });
  });

  it('talks to the server that serves the page, over wss for https', () => {
    expect(liveSocketUrl('http://127.0.0.1:4230/#/x')).toBe('ws://127.0.0.1:4230/live');
    expect(liveSocketUrl('https://studio.example.com/app/?x=1#/live/a/b')).toBe('wss://studio.example.com/app/live');
    expect(liveRoomsUrl('http://127.0.0.1:4230/index.html#/')).toBe('http://127.0.0.1:4230/live/rooms');
  });
});
