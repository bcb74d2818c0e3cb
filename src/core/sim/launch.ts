// Launch day: a new table starts as one tablet, and until it has split enough for the load,
// the nodes that hold its few tablets refuse writes. The verdict judges the second half of the
// run (steady state), so this is the first half's story told on its own: how many writes were
// refused while the table split, and for how long. docs/simulator.md, "Launch day".
import { MAX_OK_THROTTLED } from './verdict';

export interface LaunchDay {
  /** Writes refused before the run settled, and that share of every write of the run. */
  throttled: number;
  share: number;
  /** Simulated seconds from the start to the end of the last time slot that refused more than 1% of its writes. */
  seconds: number;
  /** Share of the writes offered within those seconds that were refused. */
  shareWhileSplitting: number;
}

/** Per-slot series of a run, as SimResult.series holds them (offered and refused writes per node). */
export interface LaunchSeries {
  nodeWrites: Float64Array;
  nodeThrottled: Float64Array;
}

/**
 * The launch-day throttling of a run, or null when there is none to speak of: at most 1% of the
 * run's writes refused before it settles, or a run that never settles (the steady-state
 * verdict speaks for that). The run has settled at the first slot after which at most 1% of the
 * remaining writes are refused; the launch ends with the last slot before it that refused more
 * than 1% of its own writes.
 */
export function launchDay(series: LaunchSeries, nodes: number, slotSeconds: number): LaunchDay | null {
  const slots = Math.floor(series.nodeWrites.length / Math.max(1, nodes));
  if (slots === 0) return null;
  const offered = new Float64Array(slots);
  const refused = new Float64Array(slots);
  for (let s = 0; s < slots; s++) {
    let o = 0;
    let r = 0;
    for (let n = 0; n < nodes; n++) {
      o += series.nodeWrites[s * nodes + n]!;
      r += series.nodeThrottled[s * nodes + n]!;
    }
    offered[s] = o;
    refused[s] = r;
  }
  let total = 0;
  for (let s = 0; s < slots; s++) total += offered[s]!;
  if (!(total > 0)) return null;
  // The first slot from which the rest of the run refuses at most 1% of its writes.
  let settled = slots;
  let restOffered = 0;
  let restRefused = 0;
  for (let s = slots - 1; s >= 0; s--) {
    restOffered += offered[s]!;
    restRefused += refused[s]!;
    if (restRefused <= MAX_OK_THROTTLED * restOffered) settled = s;
  }
  // Never settled within the run's second half: steady throttling, not a launch.
  if (settled >= Math.ceil(slots / 2)) return null;
  let end = settled;
  while (end > 0 && !(refused[end - 1]! > MAX_OK_THROTTLED * offered[end - 1]!)) end--;
  if (end === 0) return null;
  let throttled = 0;
  let during = 0;
  for (let s = 0; s < end; s++) {
    throttled += refused[s]!;
    during += offered[s]!;
  }
  const share = throttled / total;
  if (!(share > MAX_OK_THROTTLED)) return null;
  return { throttled: Math.round(throttled), share, seconds: end * slotSeconds, shareWhileSplitting: during > 0 ? throttled / during : 0 };
}
