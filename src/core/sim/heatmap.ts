// The Key-Visualizer-style matrix: time slots x key buckets in key order, each bucket holding
// about the same number of rows (distinct keys written), value = writes. And the helper the
// canvas needs: values log-scaled once into palette indexes.
import { displayKey } from '../keys/bytes';
import type { KeyReader } from '../keys/readable';
import type { Rows, SampleStore } from './samples';

export interface Heatmap {
  slots: number;
  buckets: number;
  /** Simulated seconds per slot. */
  slotSeconds: number;
  /** Writes per cell, row-major by slot: values[slot * buckets + bucket]. */
  values: Float32Array;
  /** The node that served the last write of each cell (same layout), 0xffff when none. */
  nodes: Uint16Array;
  /** First key of each bucket (the bucket runs to the next bucket's first key). */
  bucketStarts: Uint8Array[];
  /** bucketStarts as text (displayKey): printable UTF-8 as is, other bytes as \xNN. */
  bucketLabels: string[];
  /** bucketStarts as a person reads them (keyReader): ISO dates, salt buckets; bucketLabels when not decodable. */
  bucketReadable: string[];
  /** Rows (distinct keys among the generated ones) in each bucket. */
  bucketRows: Uint32Array;
  /** Largest cell value (0 when empty). */
  max: number;
}

export const NO_NODE = 0xffff;

/** Key bytes a label shows, at most: a run's labels stay small whatever the key length (docs/simulator.md, "Budgets"). */
export const LABEL_BYTES = 1024;

/**
 * `show` applied to at most the first LABEL_BYTES of a key; a longer key's label ends with
 * "... (N bytes)", its full length.
 */
export function keyLabel(show: (bytes: Uint8Array) => string): (bytes: Uint8Array) => string {
  return (bytes) => (bytes.length <= LABEL_BYTES ? show(bytes) : `${show(bytes.subarray(0, LABEL_BYTES))}... (${bytes.length.toLocaleString('en-US')} bytes)`);
}

/** Bucket b holds rows [floor(b * rows / buckets), floor((b + 1) * rows / buckets)). */
export function bucketOfRows(rowCount: number, buckets: number): Uint32Array {
  const out = new Uint32Array(rowCount);
  for (let r = 0; r < rowCount; r++) out[r] = Math.floor((r * buckets) / rowCount);
  return out;
}

export function buildHeatmap(
  samples: SampleStore,
  rows: Rows,
  opts: { slots: number; maxBuckets: number; slotOf: (tick: number) => number; weight: number; slotSeconds: number; read?: KeyReader },
): Heatmap {
  const buckets = Math.max(1, Math.min(opts.maxBuckets, rows.count));
  const { slots } = opts;
  const values = new Float32Array(slots * buckets);
  const nodes = new Uint16Array(slots * buckets).fill(NO_NODE);
  const bucketOf = bucketOfRows(rows.count, buckets);
  const bucketRows = new Uint32Array(buckets);
  for (let r = 0; r < rows.count; r++) bucketRows[bucketOf[r]!]!++;
  const bucketStarts: Uint8Array[] = [];
  for (let b = 0; b < buckets; b++) {
    const firstRow = Math.ceil((b * rows.count) / buckets);
    const i = rows.firstOfRow[Math.min(firstRow, rows.count - 1)];
    bucketStarts.push(i === undefined ? new Uint8Array(0) : samples.key(i).slice());
  }
  // Samples are stored in time order, so the node of a cell is the node of its latest write.
  for (let i = 0; i < samples.count; i++) {
    const cell = opts.slotOf(samples.ticks[i]!) * buckets + bucketOf[rows.rowOf[i]!]!;
    values[cell]! += opts.weight;
    nodes[cell] = samples.nodes[i]!;
  }
  let max = 0;
  for (let c = 0; c < values.length; c++) if (values[c]! > max) max = values[c]!;
  return {
    slots,
    buckets,
    slotSeconds: opts.slotSeconds,
    values,
    nodes,
    bucketStarts,
    bucketLabels: bucketStarts.map(keyLabel(displayKey)),
    bucketReadable: bucketStarts.map(keyLabel(opts.read ?? displayKey)),
    bucketRows,
    max,
  };
}

export interface QuantiseOptions {
  /** Palette size: indexes run 0 (no writes) to levels - 1 (default 256, at most 256). */
  levels?: number;
  /** The value drawn at full brightness (default: the largest value). */
  max?: number;
  /** Orders of magnitude below max that still get a colour above the faintest (default 4). */
  decades?: number;
  /** Multiplies values before scaling: above 1 brightens faint cells (default 1). */
  brightness?: number;
  /** Reused output buffer of at least values.length. */
  out?: Uint8Array;
}

// Quantising reads each value as float32 bits: the top 16 (exponent and 7 mantissa bits) index
// a small table built per call, so a cell costs a shift and a lookup, no logarithm (and a
// brightness change re-quantises a 1,000 x 300 heatmap in a few ms). The table is exact to
// about a tenth of a palette step.
const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
const bitsOf = (v: number) => {
  F32[0] = v;
  return U32[0]!;
};
/** Positive finite float32 values have bits below this (+Infinity's); zero is 0. */
const INFINITY_BITS = 0x7f800000;

/**
 * Log-scales cell values into palette indexes for a canvas, as Key Visualizer's colour scale:
 * 0 for an empty cell; else about 1 + round((levels - 2) * (1 + log10(v * brightness / max) /
 * decades)), clamped to [1, levels - 1]. So max is the brightest index and a value `decades`
 * orders of magnitude below it the faintest. Draw with a precomputed Uint32Array of colours.
 */
export function quantiseHeatmap(values: ArrayLike<number>, opts: QuantiseOptions = {}): Uint8Array {
  const levels = Math.max(2, Math.min(256, Math.floor(opts.levels ?? 256)));
  const n = values.length;
  const out = opts.out && opts.out.length >= n ? opts.out : new Uint8Array(n);
  let max = opts.max ?? 0;
  if (opts.max === undefined) for (let i = 0; i < n; i++) if (values[i]! > max) max = values[i]!;
  const top = levels - 1;
  const brightness = opts.brightness ?? 1;
  if (!(max > 0) || !(brightness > 0)) {
    out.fill(0, 0, n);
    return out;
  }
  const span = levels - 2;
  const decades = Math.max(0.1, opts.decades ?? 4);
  const indexOf = (v: number) => {
    const q = Math.round(1 + span * (1 + Math.log10((v * brightness) / max) / decades));
    return q < 1 ? 1 : q > top ? top : q;
  };
  // Table over the 16-bit prefixes between the faintest and the brightest value.
  const lo = bitsOf(Math.min(3e38, (max * 10 ** -decades) / brightness)) >>> 16;
  const hi = Math.min((INFINITY_BITS >>> 16) - 1, (bitsOf(Math.min(3e38, max / brightness)) >>> 16) + 1);
  const table = new Uint8Array(hi - lo + 1);
  for (let k = lo; k <= hi; k++) table[k - lo] = indexOf(fromBits((k << 16) | 0x8000));
  const words = values instanceof Float32Array ? new Uint32Array(values.buffer, values.byteOffset, n) : null;
  for (let i = 0; i < n; i++) {
    let bits: number;
    if (words) bits = words[i]!;
    else {
      const v = values[i]!;
      // A positive double below float32's range still draws (as the faintest).
      bits = v > 0 ? bitsOf(v) || 1 : 0;
    }
    // Zero, negatives (sign bit) and NaN draw nothing; +Infinity is the brightest.
    if (bits === 0 || bits > INFINITY_BITS) out[i] = 0;
    else if (bits === INFINITY_BITS) out[i] = top;
    else {
      const k = bits >>> 16;
      out[i] = k < lo ? 1 : k > hi ? top : table[k - lo]!;
    }
  }
  return out;
}

function fromBits(bits: number): number {
  U32[0] = bits >>> 0;
  return F32[0]!;
}
