// A design version's id: a hash of its content (the stable JSON of walk.ts, so key order does
// not matter). Two browsers holding the same design agree on its id without talking to each
// other, which is what lets a share link name the version it came from.
import { stableJson } from '../model/stable-json';

/** 16 hex digits: two 32-bit FNV-1a hashes of the content (different offsets), not a security measure. */
export function versionId(design: unknown): string {
  const s = stableJson(design);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x050c5d1f) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** Whether a text can be a version id (what a link's `b=` must hold). */
export const isVersionId = (s: string): boolean => /^[0-9a-f]{16}$/.test(s);
