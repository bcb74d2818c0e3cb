// Tablets: contiguous key ranges [start, end), each served by one node. Writes are routed by a
// binary search over the start keys. At the end of each load window a tablet that was busy
// (above a share of a node's capacity) or is large splits at the median key of its recent
// writes; a tablet holding a single row never splits. The balancer lives in balance.ts.
import { compareBytes } from '../keys/bytes';
import { Rng } from '../keys/random';

/** Recent write keys kept per tablet per window; odd, so the median is one of them. */
const RESERVOIR = 31;
const EMPTY = new Uint8Array(0);
/** A split half still taking this share of its parent's writes means the split did not help. */
const EDGE_SHARE = 0.8;

export interface Tablet {
  start: Uint8Array;
  /** Exclusive; null = the end of the key space. */
  end: Uint8Array | null;
  node: number;
  /** Bytes written and accepted (not throttled). */
  bytes: number;
  /** Smallest and largest key ever written here (null before the first write). */
  minKey: Uint8Array | null;
  maxKey: Uint8Array | null;
  /** Writes offered in the current load window and in the current throttling period. */
  windowWrites: number;
  periodWrites: number;
  /** Writes per second, smoothed over windows: what the balancer reads. */
  load: number;
  /** Just split: its load is an estimate, replaced (not smoothed) by the next window's rate. */
  fresh: boolean;
  /** The write rate of the last window, and of the parent in the window it split. */
  windowRate: number;
  parentRate: number;
  /** Its last split left it with most of its parent's load: split at its newest writes next. */
  edge: boolean;
  /** Group id for the block statistics (blocks.ts); split halves keep their parent's. */
  unit: number;
  /** A uniform sample of this window's write keys, and when each was written (write sequence). */
  recent: Uint8Array[];
  recentAt: number[];
  seen: number;
}

export type SplitReason = 'load' | 'size';

export interface SplitEvent {
  tick: number;
  key: Uint8Array;
  reason: SplitReason;
  node: number;
}

export function newTablet(start: Uint8Array, end: Uint8Array | null, node: number): Tablet {
  return {
    start,
    end,
    node,
    bytes: 0,
    minKey: null,
    maxKey: null,
    windowWrites: 0,
    periodWrites: 0,
    load: 0,
    fresh: false,
    windowRate: 0,
    parentRate: 0,
    edge: false,
    unit: -1,
    recent: [],
    recentAt: [],
    seen: 0,
  };
}

export class TabletSet {
  tablets: Tablet[];
  private starts: Uint8Array[];
  private readonly rng: Rng;

  /** One tablet, or one per pre-split range, assigned to nodes round-robin. */
  constructor(splitKeys: Uint8Array[], nodes: number, seed: number) {
    const keys = [...splitKeys].filter((k) => k.length > 0).sort(compareBytes);
    const uniq = keys.filter((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) !== 0);
    const bounds = [EMPTY, ...uniq];
    this.tablets = bounds.map((start, i) => newTablet(start, bounds[i + 1] ?? null, i % nodes));
    this.starts = bounds;
    this.rng = new Rng(seed, 'sim/tablets');
  }

  get size(): number {
    return this.tablets.length;
  }

  /** The tablet whose range holds the key. */
  route(key: Uint8Array): Tablet {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (compareBytes(s[mid]!, key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return this.tablets[lo]!;
  }

  /** Records a write of `weight` writes at key into tablet t; `at` orders writes in time. */
  write(t: Tablet, key: Uint8Array, weight: number, at: number): void {
    t.windowWrites += weight;
    t.periodWrites += weight;
    if (t.minKey === null || compareBytes(key, t.minKey) < 0) t.minKey = key;
    if (t.maxKey === null || compareBytes(key, t.maxKey) > 0) t.maxKey = key;
    const n = ++t.seen;
    if (t.recent.length < RESERVOIR) {
      t.recent.push(key);
      t.recentAt.push(at);
    } else {
      const j = this.rng.below(n);
      if (j < RESERVOIR) {
        t.recent[j] = key;
        t.recentAt[j] = at;
      }
    }
  }

  /**
   * Ends a load window of `seconds`: smooths each tablet's load, splits busy or large ones
   * (at most once each) and resets the window. Returns the splits made.
   */
  endWindow(seconds: number, loadLimit: number, sizeLimit: number, maxTablets: number, tick: number): SplitEvent[] {
    const events: SplitEvent[] = [];
    const out: Tablet[] = [];
    let count = this.tablets.length;
    for (const t of this.tablets) {
      const rate = t.windowWrites / seconds;
      if (t.fresh) t.edge = t.parentRate > 0 && rate >= EDGE_SHARE * t.parentRate;
      t.load = t.fresh || t.load === 0 ? rate : 0.5 * t.load + 0.5 * rate;
      t.windowRate = rate;
      t.fresh = false;
      const reason: SplitReason | null = rate > loadLimit ? 'load' : t.bytes > sizeLimit ? 'size' : null;
      const halves = reason && count < maxTablets ? splitTablet(t) : null;
      if (halves) {
        out.push(halves[0], halves[1]);
        events.push({ tick, key: halves[1].start, reason: reason!, node: t.node });
        count++;
      } else out.push(t);
    }
    for (const t of out) {
      t.windowWrites = 0;
      t.recent = [];
      t.recentAt = [];
      t.seen = 0;
    }
    if (events.length) {
      this.tablets = out;
      this.starts = out.map((t) => t.start);
    }
    return events;
  }
}

/** The single-row range [row, row + 0x00) holds only `row`. */
function successor(key: Uint8Array): Uint8Array {
  const s = new Uint8Array(key.length + 1);
  s.set(key);
  return s;
}

/**
 * Where a busy or large tablet splits: at the median key of its recent writes. When every
 * recent write went to one row, the split separates that row from the rows before it, or else
 * from those after it ([row, row + 0x00) holds only the row). A tablet whose last split did not
 * relieve it (an edge: the newest keys of a timestamp-first range, with steady rows beside them)
 * splits instead right after its newest write (or right before it, for a falling edge), which
 * cuts the edge away from the steady rows. Null when the tablet holds a single row or the
 * writes give no split point inside it.
 */
export function splitTablet(t: Tablet): [Tablet, Tablet] | null {
  const { minKey, maxKey } = t;
  if (!minKey || !maxKey || t.recent.length === 0 || compareBytes(minKey, maxKey) === 0) return null;
  const keys = [...t.recent].sort(compareBytes);
  const at = (t.edge ? edgeKey(t, keys) : null) ?? medianKey(keys, minKey, maxKey);
  if (!at || compareBytes(at, t.start) <= 0 || (t.end !== null && compareBytes(at, t.end) >= 0)) return null;

  let below = 0;
  while (below < keys.length && compareBytes(keys[below]!, at) < 0) below++;
  const left = newTablet(t.start, at, t.node);
  const right = newTablet(at, t.end, t.node);
  left.minKey = minKey;
  left.maxKey = below > 0 ? keys[below - 1]! : minKey;
  right.minKey = below < keys.length ? keys[below]! : maxKey;
  right.maxKey = maxKey;
  // Recent writes stand in for where the data is; the latest quarter of them for where the
  // load goes next (a timestamp-first key writes only above its recent keys from now on).
  left.bytes = (t.bytes * below) / keys.length;
  right.bytes = t.bytes - left.bytes;
  const rate = t.windowRate;
  left.load = t.load * shareBelow(t, at, quantile(t.recentAt, 0.75));
  right.load = t.load - left.load;
  left.fresh = right.fresh = true;
  left.unit = right.unit = t.unit;
  left.parentRate = right.parentRate = rate;
  return [left, right];
}

function medianKey(keys: Uint8Array[], minKey: Uint8Array, maxKey: Uint8Array): Uint8Array | null {
  const at = keys[keys.length >> 1]!;
  if (compareBytes(at, minKey) > 0) return compareBytes(at, maxKey) <= 0 ? at : null;
  return compareBytes(maxKey, at) > 0 ? successor(at) : null;
}

/** Right after the newest write when it is above the median (a rising edge), else right before it. */
function edgeKey(t: Tablet, keys: Uint8Array[]): Uint8Array | null {
  let newest = 0;
  for (let i = 1; i < t.recent.length; i++) if (t.recentAt[i]! > t.recentAt[newest]!) newest = i;
  const edge = t.recent[newest]!;
  if (compareBytes(edge, keys[keys.length >> 1]!) >= 0) {
    for (const k of keys) if (compareBytes(k, edge) > 0) return k;
    return null;
  }
  for (let i = keys.length - 1; i >= 0; i--) if (compareBytes(keys[i]!, edge) < 0) return successor(keys[i]!);
  return null;
}

/** The q-quantile of the values (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Of the recent writes after time `from`, the share with keys below `at` (0.5 when none). */
function shareBelow(t: Tablet, at: Uint8Array, from: number): number {
  let late = 0;
  let below = 0;
  for (let i = 0; i < t.recent.length; i++) {
    if (t.recentAt[i]! <= from) continue;
    late++;
    if (compareBytes(t.recent[i]!, at) < 0) below++;
  }
  return late > 0 ? below / late : 0.5;
}
