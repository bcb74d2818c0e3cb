// UUID text from 16 random bytes: v4 (random) or v7 (RFC 9562: the first 48 bits are the Unix
// time in milliseconds, big-endian, so values sort by the time they were made).
import type { Rng } from './random';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The UUID of version 4 or 7 drawn from `rng`; a v7 carries `timeMs` (clamped to 48 bits). */
export function uuidText(rng: Rng, version: 4 | 7, timeMs: number): string {
  const b = rng.fill(new Uint8Array(16));
  if (version === 7) {
    let t = Math.max(0, Math.min(Math.floor(timeMs), 2 ** 48 - 1));
    for (let k = 5; k >= 0; k--) {
      b[k] = t % 256;
      t = Math.floor(t / 256);
    }
  }
  b[6] = (b[6]! & 0x0f) | (version << 4);
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The millisecond time a v7 UUID carries, or null when the text is not a v7 UUID. */
export function uuidV7Time(text: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(text)) return null;
  return Number.parseInt(text.slice(0, 8) + text.slice(9, 13), 16);
}
