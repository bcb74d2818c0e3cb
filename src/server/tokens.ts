// Room links are capabilities: a room id nobody can guess and a token the server signed for
// that room and one mode (edit or view). The token is an HMAC-SHA256 of "room:mode" under a
// secret made on first start and kept in the data directory (mode 0600), so a token opens only
// the room it was made for, only in its mode, and only on a server holding that secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type RoomMode = 'edit' | 'view';

/** 128 random bits, base64url: 22 characters. */
export const newRoomId = (): string => randomBytes(16).toString('base64url');

/** Room ids as newRoomId makes them; anything else is refused before any lookup. */
export const ROOM_ID = /^[A-Za-z0-9_-]{22}$/;

const SECRET_FILE = 'secret.key';

/** The data directory's secret, made (32 random bytes) when there is none yet. */
export function loadSecret(dataDir: string): Buffer {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SECRET_FILE);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  const text = readFileSync(file, 'utf8').trim();
  const secret = Buffer.from(text, 'base64url');
  if (secret.length < 32)
    throw new Error(
      `${file}: the secret must be at least 32 bytes of base64url (found ${secret.length}); delete it to make a new one (every link made before stops working)`,
    );
  return secret;
}

const mac = (secret: Buffer, room: string, mode: RoomMode) => createHmac('sha256', secret).update(`btstudio-live:${room}:${mode}`).digest();

/** A token "e.<mac>" or "v.<mac>" for a room. */
export function signToken(secret: Buffer, room: string, mode: RoomMode): string {
  return `${mode === 'edit' ? 'e' : 'v'}.${mac(secret, room, mode).toString('base64url')}`;
}

/** The mode a token grants in a room, or null when it was not signed for that room by this secret. */
export function verifyToken(secret: Buffer, room: string, token: unknown): RoomMode | null {
  if (typeof token !== 'string' || token.length > 100 || !ROOM_ID.test(room)) return null;
  const m = /^([ev])\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const mode: RoomMode = m[1] === 'e' ? 'edit' : 'view';
  const given = Buffer.from(m[2]!, 'base64url');
  const want = mac(secret, room, mode);
  return given.length === want.length && timingSafeEqual(given, want) ? mode : null;
}
