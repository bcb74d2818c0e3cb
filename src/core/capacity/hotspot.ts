// The hotspot model: which part of a table's writes goes to a key range that no split can
// divide, and how much of one node that range needs. Lint (timestamp-leading,
// sequential-leading, low-cardinality-prefix, hot-row) and the simulator's verdict both read
// it, so they cannot disagree. docs/simulator.md ("Verdicts") explains it.
//
// Two ranges cannot be split (Google, "Understand performance" and "Schema design best
// practices"): a single row (Bigtable never splits a row), and the moving newest edge of a
// timestamp or sequence field (all concurrent writes of one prefix value land after the last
// split point). A coarse time bucket (an hour or more) followed by fields that spread the
// writes is neither: the current bucket is a range of many rows that splits like any other.
import type { Design } from '../model/schema';
import { declaredWrites, type FieldInfo, type TableAnalysis } from '../analysis/design';
import { clusterOf, rowCost } from '../analysis/cluster';
import { tableWorkload } from './workload';

/** A time field finer than this is a moving edge; a bucket at least this long splits like any range. */
export const EDGE_RESOLUTION_MS = 3_600_000;

/** Verdict thresholds (docs/simulator.md): shares of one node's capacity. */
export const NODE_SHARE = {
  /** An unsplittable range above this share of one node leaves no headroom: at risk. */
  atRisk: 0.5,
  /** Above one node, the range throttles whatever the cluster size: a hotspot. */
  hotspot: 1,
} as const;

/** The fields after a leading bucket spread its writes when the busiest range is within this multiple of a node's fair share. */
export const FAIR_SHARE_MULTIPLE = 1.25;

/**
 * At risk also when one unsplittable range takes at least this share of the table's writes:
 * the table can then never use much more than two nodes, whatever the cluster (a leading
 * timestamp or sequence, one hot row), even at a load one node serves today.
 */
export const DOMINANT_SHARE = 0.5;

export type UnsplittableKind = 'row' | 'edge';

export interface UnsplittableRange {
  /** `row`: one row takes the writes; `edge`: the newest end of a time or sequence field does. */
  kind: UnsplittableKind;
  /** Fields before the range's varying part (for a row: every key field). */
  prefix: string[];
  /** The time or sequence field whose newest values are written (edge only). */
  stop: string | null;
  /** How many such ranges take writes at one moment (one per prefix value); Infinity for rows of unbounded fields. */
  ranges: number;
  /** Share of the table's writes that goes to the busiest of them (0 to 1). */
  share: number;
  /** An edge behind a real prefix field (a city, a tenant), not only behind salt buckets. */
  inPrefix: boolean;
}

export type HotspotRisk = 'none' | 'at-risk' | 'hotspot';

/**
 * A coarse time bucket leading the key (after salts): writes spread within the current bucket,
 * but each new bucket's range starts in the one tablet at the end of the key space and takes
 * the whole load until it splits ("Schema design for time series data").
 */
export interface BucketRollover {
  field: string;
  /** The table's writes over one node's capacity: what the new bucket's first tablet takes. */
  nodeFraction: number | null;
}

export interface HotspotModel {
  hottest: UnsplittableRange;
  rollover: BucketRollover | null;
  /** Writes per second to the busiest range; null when the table declares no write load. */
  writesPerSecond: number | null;
  /** Share of one node's write capacity the busiest range needs; null without a load. */
  nodeFraction: number | null;
  risk: HotspotRisk;
}

/** A field whose newest value takes every concurrent write: a fine timestamp or a sequence. */
export function isMovingEdge(f: FieldInfo): boolean {
  return f.isSequential || (f.isTime && (f.resolutionMs ?? 0) < EDGE_RESOLUTION_MS);
}

/** Whether a salt's inputs vary between concurrent writes of the busiest prefix (so it divides them). */
function saltDivides(t: TableAnalysis, salt: FieldInfo, prefix: readonly FieldInfo[]): boolean {
  const f = salt.field;
  if (f.type !== 'hash') return false;
  const of = f.of ?? t.fields.filter((x) => !x.isSalt).map((x) => x.name);
  return of.some((n) => {
    if (prefix.some((p) => p.name === n)) return false;
    const x = t.fields.find((g) => g.name === n);
    if (!x) return false;
    if (x.isTime) return (x.resolutionMs ?? Infinity) <= 1000;
    return x.isSequential || x.topShare * salt.cardinality <= 1;
  });
}

/** The busiest unsplittable range of a table's key, from its fields alone. */
export function unsplittableRange(t: TableAnalysis): UnsplittableRange {
  let ranges = 1;
  let share = 1;
  const prefix: FieldInfo[] = [];
  for (const f of t.fields) {
    if (isMovingEdge(f)) return { kind: 'edge', prefix: prefix.map((p) => p.name), stop: f.name, ranges, share, inPrefix: prefix.some((p) => !p.isSalt) };
    if (f.isSalt) {
      // Writes of one row always carry the same salt; an edge behind the salt is divided only
      // when the salt hashes something that varies between those writes.
      const fieldsAfter = t.fields.slice(f.position + 1);
      const edgeAfter = fieldsAfter.some(isMovingEdge);
      if (edgeAfter && saltDivides(t, f, prefix)) {
        ranges *= f.cardinality;
        share /= f.cardinality;
      }
    } else if (!f.isTime) {
      // A coarse bucket is one value at any moment: it neither adds ranges nor divides them.
      ranges *= f.cardinality;
      share *= f.topShare;
    }
    prefix.push(f);
  }
  return { kind: 'row', prefix: prefix.filter((p) => !p.isSalt).map((p) => p.name), stop: null, ranges, share, inPrefix: false };
}

/**
 * The model for a table at `writesPerSecond` (its declared load, or a simulated rate; null when
 * unknown) on `nodes` nodes each taking `nodeWrites` writes/s of this table's rows.
 */
export function hotspotModel(t: TableAnalysis, writesPerSecond: number | null, nodes: number, nodeWrites: number): HotspotModel {
  const hottest = unsplittableRange(t);
  const wps = writesPerSecond !== null && Number.isFinite(writesPerSecond) && writesPerSecond >= 0 ? writesPerSecond : null;
  const rangeWps = wps === null ? null : wps * hottest.share;
  const nodeFraction = rangeWps === null || !(nodeWrites > 0) ? null : rangeWps / nodeWrites;
  const first = t.fields.find((f) => !f.isSalt);
  const salted = t.fields[0]?.isSalt === true;
  const rollover =
    first && first.isTime && !isMovingEdge(first) && !salted
      ? { field: first.name, nodeFraction: wps === null || !(nodeWrites > 0) ? null : wps / nodeWrites }
      : null;
  let risk = riskOf(hottest, nodeFraction, nodes);
  if (risk === 'none' && rollover && (rollover.nodeFraction ?? 0) > NODE_SHARE.atRisk) risk = 'at-risk';
  return { hottest, rollover, writesPerSecond: rangeWps, nodeFraction, risk };
}

export function riskOf(range: UnsplittableRange, nodeFraction: number | null, nodes: number): HotspotRisk {
  if (nodeFraction !== null && nodeFraction > NODE_SHARE.hotspot) return 'hotspot';
  if (nodeFraction !== null && nodeFraction > NODE_SHARE.atRisk) return 'at-risk';
  if (range.share >= DOMINANT_SHARE && nodes > 1) return 'at-risk';
  return 'none';
}

/** The share of writes a range takes, for messages: "15%", "0.3%". */
export function describeRange(r: UnsplittableRange): string {
  if (r.kind === 'row') return r.prefix.length ? `one row (${r.prefix.join(', ')})` : 'one row';
  return r.prefix.length ? `the newest ${r.stop} of each ${r.prefix.join(', ')}` : `the newest ${r.stop}`;
}

/** Writes/s one node takes of this table's writes (analysis/cluster.ts; larger writes cost more). */
export function nodeWritesFor(design: Design, t: TableAnalysis): number {
  return clusterOf(design).capacity.writesPerSecond / rowCost(tableWorkload(t).bytesPerWrite);
}

export interface RangeCapacity {
  /** Writes/s of this table's rows one node takes at 100% CPU (nodeWritesFor). */
  perNode: number;
  /** The same at the cluster's recommended CPU target ("Plan your capacity"). */
  atTarget: number;
  cpuTarget: number;
}

/**
 * What a range that no split can divide can take: one node, whatever the cluster size. Above
 * `atTarget` that node runs above the recommended CPU (a warning in lint); above `perNode` the
 * range throttles (`risk: hotspot`, the simulator's hotspot).
 */
export function rangeCapacity(design: Design, t: TableAnalysis): RangeCapacity {
  const perNode = nodeWritesFor(design, t);
  const cpuTarget = clusterOf(design).cpuTarget;
  return { perNode, atTarget: perNode * cpuTarget, cpuTarget };
}

const lintCache = new WeakMap<TableAnalysis, { design: Design; model: HotspotModel }>();

/** The model at the table's declared load on the design's cluster: what the lint rules read. */
export function tableHotspot(design: Design, t: TableAnalysis): HotspotModel {
  const hit = lintCache.get(t);
  if (hit && hit.design === design) return hit.model;
  // The declared peak, as every figure reads it (a table written with another takes its rate).
  const model = hotspotModel(t, declaredWrites(t.table).peak, clusterOf(design).nodes, nodeWritesFor(design, t));
  lintCache.set(t, { design, model });
  return model;
}
