// The simulator's verdict: ok, at-risk, hotspot or over-capacity, with the reason, from the run
// (throttling, the measured pattern) and the hotspot model the lint rules read
// (capacity/hotspot.ts), so lint and simulator cannot disagree. docs/simulator.md, "Verdicts".
import { formatPercent } from '../units';
import { describeRange, NODE_SHARE, type HotspotModel } from '../capacity/hotspot';
import { cpuNodesFor, MAX_CLUSTER_NODES } from '../capacity/capacity-plan';
import { nodesText } from '../capacity/wording';
import type { LaunchDay } from './launch';
import type { Pattern } from './pattern';

export type Verdict = 'ok' | 'at-risk' | 'hotspot' | 'over-capacity';

/** Throttling above this share of writes is never ok. */
export const MAX_OK_THROTTLED = 0.01;

export interface HottestRange {
  /** First key of the range and first key after it (null: the end of the key space). */
  start: string;
  end: string | null;
  /** The same two keys' raw bytes (displayKey), where start and end decode their fields (keyReader). */
  startBytes: string;
  endBytes: string | null;
  /** Share of the table's writes it took at the end of the run. */
  share: number;
  writesPerSecond: number;
  /** Share of one node's capacity those writes need. */
  nodeFraction: number;
}

export interface VerdictInput {
  /** The pattern the run's measures name (pattern.ts `name`). */
  measured: Pattern;
  /** The hottest piece splitting did not divide, as the run measured it (evidence.hottestTabletShare). */
  hottestTabletShare: number;
  /** Offered and refused writes over the second half of the run (the first is warm-up). */
  writes: number;
  throttled: number;
  nodes: number;
  writesPerSecond: number;
  nodeCapacity: number;
  /** Offered load over the cluster's capacity (writes and reads, in write units); and the recommended ceiling. */
  utilization: number;
  cpuTarget: number;
  /** Share of each node taken by this table's reads and the other tables. */
  otherShare: number;
  /** That load in nodes at 100% CPU, not capped at the cluster (params.ts `otherLoad`). */
  otherLoad: number;
  model: HotspotModel;
  /** Writes refused while the new table split (launch.ts): said after the steady-state reason. */
  launch?: LaunchDay | null;
}

export interface VerdictResult {
  verdict: Verdict;
  reason: string;
  /** The pattern reported: `even` only with verdict ok. */
  pattern: Pattern;
}

const pct = (x: number) => formatPercent(x, 'tenths');
const num = (x: number) => Math.round(x).toLocaleString('en-US');
const frac = (x: number) => (x >= 10 ? num(x) : x.toFixed(2));

/** The pattern the unsplittable range stands for, when the run's measures did not name one. */
function patternOfModel(m: HotspotModel, throttled: boolean): Pattern {
  const r = m.hottest;
  const big = (m.nodeFraction ?? 0) > NODE_SHARE.atRisk || m.risk !== 'none';
  if (big && r.kind === 'edge') return r.inPrefix ? 'sequential-in-prefix' : 'sequential';
  if (big && r.kind === 'row') return 'hot-key';
  return throttled ? 'saturated' : 'hot-range';
}

/** "45 s", "1 min 40 s", "2 h 5 min". */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** The launch-day sentence: how many writes the new table refuses while it splits, and for how long. */
export function launchText(l: LaunchDay): string {
  return `Launch day: ${pct(l.share)} of the run's writes are throttled in its first ${durationText(l.seconds)} (${pct(l.shareWhileSplitting)} of the writes in that time) while the new table splits from one tablet; split keys given when the table is created (initial splits, "Method: projects.instances.tables.create") spread it over the nodes from the start.`;
}

/** The verdict of the steady state (the second half), and launch day's throttling after it. */
export function judge(v: VerdictInput): VerdictResult {
  const r = judgeSteady(v);
  return v.launch ? { ...r, reason: `${r.reason} ${launchText(v.launch)}` } : r;
}

function judgeSteady(v: VerdictInput): VerdictResult {
  const m = v.model;
  const share = v.writes > 0 ? v.throttled / v.writes : 0;
  const throttles = share > MAX_OK_THROTTLED;
  let pattern: Pattern = v.measured;
  if (pattern === 'sequential' && m.hottest.kind === 'edge' && m.hottest.inPrefix) pattern = 'sequential-in-prefix';
  const range = `${describeRange(m.hottest)} takes ${pct(m.hottest.share)} of writes`;
  const need = m.nodeFraction === null ? '' : ` (${num(m.writesPerSecond ?? 0)} writes/s, ${frac(m.nodeFraction)} of one node)`;
  const fraction = m.nodeFraction ?? 0;

  if (fraction > NODE_SHARE.hotspot) {
    if (pattern === 'even' || pattern === 'saturated' || pattern === 'hot-range') pattern = patternOfModel(m, throttles);
    return { verdict: 'hotspot', pattern, reason: `${range}${need}, and no split can divide it: adding nodes does not help.` };
  }
  if (throttles && fraction > NODE_SHARE.atRisk) {
    if (pattern === 'even' || pattern === 'saturated' || pattern === 'hot-range') pattern = patternOfModel(m, throttles);
    return { verdict: 'hotspot', pattern, reason: `${pct(share)} of writes are throttled, and ${range}${need}, which no split can divide.` };
  }
  if (throttles) {
    if (pattern !== 'even') {
      return {
        verdict: 'hotspot',
        pattern,
        reason: `${pct(share)} of writes are throttled on the busiest node while others have room: the key sends too many writes to one key range.`,
      };
    }
    // Worded as every node count is (capacity/wording.ts): past the format's 1,000 a cluster,
    // "over 1,000 nodes", as the plan says it, never the number.
    // The capacity plan's CPU count of this run's writes and the rest of the design's load, not
    // capped at the simulated cluster as the share each node gives up to it is.
    const count = cpuNodesFor(v.writesPerSecond / Math.max(1e-9, v.nodeCapacity) + v.otherLoad, Math.max(1e-9, v.cpuTarget));
    const needed = count > MAX_CLUSTER_NODES ? nodesText(count) : `about ${nodesText(count)}`;
    if (v.utilization <= 1) {
      // The nodes could take the load at 100% CPU, but not with the imbalance a real key has.
      return {
        verdict: 'at-risk',
        pattern: patternOfModel(m, true),
        reason: `${pct(share)} of writes are throttled: the load needs ${pct(v.utilization)} of the cluster, above the recommended ${pct(v.cpuTarget)} CPU; ${needed} ("Plan your capacity").`,
      };
    }
    return {
      verdict: 'over-capacity',
      pattern: patternOfModel(m, true),
      reason: `${pct(share)} of writes are throttled with writes spread over every node: ${num(v.writesPerSecond)} writes/s${v.otherShare > 0 ? `, with reads and other tables at ${pct(v.otherShare)} of each node,` : ''} need ${needed} at the recommended ${pct(v.cpuTarget)} CPU ("Plan your capacity").`,
    };
  }
  if (fraction <= NODE_SHARE.atRisk && m.risk !== 'none' && m.rollover) {
    return {
      verdict: 'at-risk',
      pattern: pattern === 'even' ? 'sequential' : pattern,
      reason: `each new ${m.rollover.field} starts in one tablet at the end of the key space, which takes all ${num(v.writesPerSecond)} writes/s (${frac(m.rollover.nodeFraction ?? 0)} of one node) until it splits.`,
    };
  }
  if (fraction > NODE_SHARE.atRisk || m.risk !== 'none') {
    if (pattern === 'even') pattern = patternOfModel(m, false);
    return { verdict: 'at-risk', pattern, reason: `${range}${need}: it cannot split, so the table cannot grow much beyond this rate.` };
  }
  if (pattern !== 'even') {
    const even = v.hottestTabletShare * v.nodes;
    return {
      verdict: 'at-risk',
      pattern,
      reason: `the hottest key range takes ${pct(v.hottestTabletShare)} of writes${even > 1 ? `, ${even.toFixed(1)} nodes' even share,` : ''} so the nodes are not evenly used; ${share > 0 ? `${pct(share)} of writes` : 'nothing'} throttled at ${num(v.writesPerSecond)} writes/s after the first splits.`,
    };
  }
  if (v.utilization > v.cpuTarget) {
    return {
      verdict: 'at-risk',
      pattern,
      reason: `the load needs ${pct(v.utilization)} of the cluster, above the recommended ${pct(v.cpuTarget)} CPU ("Plan your capacity").`,
    };
  }
  return {
    verdict: 'ok',
    pattern,
    reason: `${pct(share)} of writes throttled after the first splits (the second half of the run), and the busiest unsplittable range needs ${frac(fraction)} of one node.`,
  };
}
