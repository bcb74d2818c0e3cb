// Batch B helpers: how long a table's keys get, for key-too-long and key-length.
import type { TableAnalysis } from '../../analysis/design';
import { byteSource, keySegments } from './keybytes';

/** Bigtable's hard limit on a row key (4 KB). */
export const MAX_KEY_BYTES = 4096;

/** The largest key: analysis' sum, plus ordered-code escaping (each 0x00 becomes 0x00 0xFF). */
export function maxKeyBytes(t: TableAnalysis): { max: number; escaped: boolean } {
  if (t.layout?.encoding !== 'orderedCode') return { max: t.keyBytes.max, escaped: false };
  let extra = 0;
  for (const s of keySegments(t)) {
    if (s.name && byteSource(s, 0) !== null) extra += t.fields.find((f) => f.name === s.name)?.bytes.max ?? 0;
  }
  return { max: t.keyBytes.max + extra, escaped: extra > 0 };
}

/** The field that takes the most bytes of the key, by the given measure. */
export function largestField(t: TableAnalysis, measure: 'typical' | 'max'): { name: string; bytes: number } | null {
  let best: { name: string; bytes: number } | null = null;
  for (const f of t.fields) if (!best || f.bytes[measure] > best.bytes) best = { name: f.name, bytes: f.bytes[measure] };
  return best;
}
