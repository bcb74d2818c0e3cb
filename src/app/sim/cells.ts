// What one heatmap cell stands for, in words: its key range (its bucket's first key to the
// next bucket's), its time, its writes and the node that served them. No DOM.
import { NO_NODE, type SimResult } from '../../core/sim';
import { formatCount } from './describe';

export interface CellInfo {
  slot: number;
  bucket: number;
  keysFrom: string;
  /** The next bucket's first key; null at the end of the key space. */
  keysTo: string | null;
  /** The same keys' raw bytes (printable as is, others \\xNN), where they read differently. */
  rawFrom: string;
  rawTo: string | null;
  /** Simulated seconds from the start. */
  from: number;
  to: number;
  writes: number;
  /** 1-based node, or null when no write landed in the cell. */
  node: number | null;
  rows: number;
}

export function cellInfo(r: SimResult, slot: number, bucket: number): CellInfo {
  const h = r.heatmap;
  const i = slot * h.buckets + bucket;
  const node = h.nodes[i] ?? NO_NODE;
  return {
    slot,
    bucket,
    keysFrom: h.bucketReadable?.[bucket] ?? h.bucketLabels[bucket] ?? '',
    keysTo: h.bucketReadable?.[bucket + 1] ?? h.bucketLabels[bucket + 1] ?? null,
    rawFrom: h.bucketLabels[bucket] ?? '',
    rawTo: h.bucketLabels[bucket + 1] ?? null,
    from: slot * h.slotSeconds,
    to: (slot + 1) * h.slotSeconds,
    writes: h.values[i] ?? 0,
    node: node === NO_NODE ? null : node + 1,
    rows: h.bucketRows[bucket] ?? 0,
  };
}

export function cellLines(c: CellInfo): { label: string; value: string }[] {
  return [
    { label: 'Keys', value: `${c.keysFrom} to ${c.keysTo ?? 'the end of the key space'}` },
    ...(c.rawFrom !== c.keysFrom || (c.rawTo ?? null) !== (c.keysTo ?? null) ? [{ label: 'Bytes', value: `${c.rawFrom} to ${c.rawTo ?? 'the end'}` }] : []),
    { label: 'Time', value: `${formatTime(c.from)} to ${formatTime(c.to)}` },
    { label: 'Writes', value: `${formatCount(c.writes)} (${formatCount(c.writes / Math.max(1e-9, c.to - c.from))}/s)` },
    { label: 'Node', value: c.node === null ? 'none (no writes)' : `node ${c.node}` },
  ];
}

/** Simulated time from the start: `95.5 s`, or `1:02:05` from an hour on. */
export function formatTime(seconds: number): string {
  if (seconds < 3600) return `${+seconds.toFixed(1)} s`;
  const t = Math.round(seconds);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
