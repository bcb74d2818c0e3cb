// The balancer: at a set interval it moves tablets from busy nodes to the idlest one while a
// move lowers the busier of the two by a meaningful amount. Loads are the tablets' measured,
// smoothed write rates (estimates for the halves of a tablet split this window). A tablet that alone outweighs the gap is never moved: moving it would
// only move the hotspot (so a sequential key stays on one node, as it does in Bigtable).
import type { Tablet } from './tablets';

export interface Move {
  tablet: Tablet;
  from: number;
  to: number;
}

/**
 * Nodes within this share of each other's load are left alone, and a move must leave the
 * receiving node at least this share below the donor's load before the move.
 */
export const MIN_GAP = 0.1;

export function balance(tablets: readonly Tablet[], nodes: number, maxMoves = Math.max(8, 2 * nodes)): Move[] {
  if (nodes < 2) return [];
  const load = new Float64Array(nodes);
  const byNode: Tablet[][] = Array.from({ length: nodes }, () => []);
  let total = 0;
  for (const t of tablets) {
    load[t.node]! += t.load;
    total += t.load;
    if (t.load > 0) byNode[t.node]!.push(t);
  }
  if (total <= 0) return [];
  const order = Array.from({ length: nodes }, (_, i) => i);
  const moves: Move[] = [];
  while (moves.length < maxMoves) {
    let cold = 0;
    for (let n = 1; n < nodes; n++) if (load[n]! < load[cold]!) cold = n;
    // Busiest first (ties by node number, so runs are deterministic).
    order.sort((a, b) => load[b]! - load[a]! || a - b);
    let move: { from: number; index: number } | null = null;
    for (const from of order) {
      const margin = MIN_GAP * load[from]!;
      if (load[from]! - load[cold]! <= margin) break;
      const index = bestTablet(byNode[from]!, load[from]!, load[cold]!, margin);
      if (index >= 0) {
        move = { from, index };
        break;
      }
    }
    if (!move) break;
    const t = byNode[move.from]!.splice(move.index, 1)[0]!;
    byNode[cold]!.push(t);
    load[move.from]! -= t.load;
    load[cold]! += t.load;
    moves.push({ tablet: t, from: move.from, to: cold });
    t.node = cold;
  }
  return moves;
}

/**
 * The tablet whose move from a node at `hot` to one at `cold` lowers the pair's max most, among
 * those that leave the receiver `margin` below `hot` (so a hotspot is never just moved); or -1.
 */
function bestTablet(list: readonly Tablet[], hot: number, cold: number, margin: number): number {
  let best = -1;
  let bestGain = 0;
  for (let i = 0; i < list.length; i++) {
    const l = list[i]!.load;
    // A tablet carrying most of its node's load stays; the others move away from it.
    if (cold + l > hot - margin || l > hot / 2) continue;
    const gain = hot - Math.max(hot - l, cold + l);
    if (gain > bestGain) {
      bestGain = gain;
      best = i;
    }
  }
  return best;
}
