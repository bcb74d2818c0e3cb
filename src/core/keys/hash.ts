// The default salt hash, documented in docs/design-format.md so applications compute the
// same bucket: 32-bit FNV-1a (offset basis 2166136261, prime 16777619) over the bytes.
export function fnv1a32(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
