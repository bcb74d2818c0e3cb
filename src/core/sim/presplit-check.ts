// "Add pre-split points", checked before it is offered: the proposed split keys (presplit.ts)
// go into a copy of the table, the same workload is simulated again, and the proposal stands
// only when launch day's throttling at least halves and the steady-state verdict is no worse.
// The studio's Simulate tab and `btstudio simulate --pre-split` both read this.
import { formatPercent } from '../units';
import type { Design, Table } from '../model/schema';
import type { LaunchDay } from './launch';
import type { SimOptions } from './params';
import { defaultPreSplitCount, preSplitPoints } from './presplit';
import { simulate, type SimResult } from './simulate';
import { durationText, type Verdict } from './verdict';

export interface PreSplitCheck {
  /** True when the proposal is verified: offer it. */
  ok: boolean;
  /** The proposed split keys (they replace the table's own). */
  splits: string[];
  /** What the change does, or why it is withheld. */
  reason: string;
  before: LaunchDay;
  /** The re-run with the splits: its launch day, whole-run throttled share and verdict (null when no keys could be proposed). */
  after: { launch: LaunchDay | null; throttledShare: number; verdict: Verdict } | null;
}

const RANK: Record<Verdict, number> = { ok: 0, 'at-risk': 1, hotspot: 2, 'over-capacity': 3 };
const pct = (x: number) => formatPercent(x, 'tenths');

/** The split-key count for a run: from its nodes, write rate and each node's room for writes. */
export function preSplitCountFor(r: SimResult): number {
  const p = r.params;
  return defaultPreSplitCount(p.nodes, p.writesPerSecond, p.nodeCapacity * (1 - p.otherShare), p.splitLoadShare);
}

/** The split keys to try for a run (its nodes, write rate, seed and clock): presplit.ts. */
export function proposePreSplits(table: Table, before: SimResult, count = preSplitCountFor(before)): string[] {
  const p = before.params;
  return preSplitPoints(table, { count, nodes: p.nodes, seed: p.seed, seconds: p.seconds, startMs: p.startMs });
}

/**
 * Judges `splits` from the run of the pre-split table (`after`, the same workload as `before`):
 * offered when launch day's throttling at least halves and the verdict is no worse. Null when
 * `before` had no launch-day throttling.
 */
export function judgePreSplits(table: Table, before: SimResult, splits: string[], after: SimResult | null): PreSplitCheck | null {
  const launch = before.launch;
  if (!launch) return null;
  if (splits.length === 0 || !after) {
    return {
      ok: false,
      splits,
      before: launch,
      after: null,
      reason: 'no pre-split points: the generated keys are not text Bigtable split keys can hold, or there is one key',
    };
  }
  const r = after;
  const done = { launch: r.launch, throttledShare: r.writes > 0 ? r.throttled / r.writes : 0, verdict: r.verdict };
  const was = `${pct(launch.share)} of the run's writes throttled in the first ${durationText(launch.seconds)}`;
  const now = r.launch ? `${pct(r.launch.share)} in the first ${durationText(r.launch.seconds)}` : `${pct(done.throttledShare)} over the whole run`;
  if (RANK[r.verdict] > RANK[before.verdict]) {
    return {
      ok: false,
      splits,
      before: launch,
      after: done,
      reason: `${splits.length} pre-split points would leave the verdict ${r.verdict} (was ${before.verdict}) in the same simulation`,
    };
  }
  if ((r.launch?.share ?? 0) > launch.share / 2) {
    return {
      ok: false,
      splits,
      before: launch,
      after: done,
      reason: `${splits.length} pre-split points do not help this key: ${was} before, ${now} with them (the writes go where no split divides them, such as the newest end of a time-ordered key)`,
    };
  }
  const replaces = table.splits?.length ? ` (replacing the table's ${table.splits.length})` : '';
  return {
    ok: true,
    splits,
    before: launch,
    after: done,
    reason: `${splits.length} pre-split points${replaces}: ${was} before, ${now} with them, in the same simulation`,
  };
}

/**
 * Proposes pre-split points for a run that throttled on launch day and checks them by running
 * the same workload (`options`, as `before` was run) on the pre-split table. Null when the run
 * had no launch-day throttling. Throws what simulate throws.
 */
export function checkPreSplits(table: Table, options: SimOptions, before: SimResult, count = preSplitCountFor(before)): PreSplitCheck | null {
  if (!before.launch) return null;
  const splits = proposePreSplits(table, before, count);
  return judgePreSplits(table, before, splits, splits.length ? simulate({ ...table, splits }, options) : null);
}

/** The design with `splits` as table `tableName`'s split keys (a new design; the input is not changed). */
export function withSplits(design: Design, tableName: string, splits: string[]): Design {
  return { ...design, tables: design.tables.map((t) => (t.name === tableName ? { ...t, splits: [...splits] } : t)) };
}
