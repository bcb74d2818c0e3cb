// What a finished simulation shares with the rest of the studio: where the simulated table's
// tablets start, so the key sorter can draw them between its keys. One entry per design and
// table (the latest run wins). Held in memory only: never saved, never in undo history, never
// in a share link, so a reload forgets it (run the simulation again). A few thousand short
// byte strings at most (the simulator caps tablets at 20,000), not the run's typed arrays.
//
// The boundaries hold for the table exactly as it was simulated. The entry keeps that table,
// and `tabletsFor` compares it with the design's current table: after any edit of the table
// (its key template above all) the entry is `stale`, and views must not draw it as current.
import type { StateCreator } from 'zustand';
import type { Design, Table } from '../../core/model/schema';
import type { Pattern, SimResult } from '../../core/sim';
import { compareBytes } from '../../core/keys/bytes'; // not sort/byteSort: the sorting engine stays out of the first screen
import type { StudioState } from '../store';

export interface SimulatedTablets {
  docId: string;
  table: string;
  /** The table as simulated: the boundaries describe this version of it. */
  simulated: Table;
  /**
   * The start keys of every tablet but the first (which starts at the empty key): distinct,
   * non-empty, ascending in unsigned byte order. Tablet i + 2 (counting from 1) starts at
   * `boundaries[i]`.
   */
  boundaries: readonly Uint8Array[];
  /** Tablets at the end of the run (boundaries.length + 1). */
  tablets: number;
  /** The workload of the run. */
  run: { nodes: number; storage: 'ssd' | 'hdd'; seconds: number; seed: number; writesPerSecond: number };
  pattern: Pattern;
  /** When the run finished (ms since the epoch, the studio's clock). */
  finishedAt: number;
  /** Grows with every publish: tells one run from the next. */
  seq: number;
}

/** What a publish needs of a result (a SimResult has it all). */
export type TabletSource = Pick<SimResult, 'complete' | 'tabletRanges' | 'pattern'> & {
  params: Pick<SimResult['params'], 'nodes' | 'storage' | 'seconds' | 'seed' | 'writesPerSecond'>;
};

export interface TabletsSlice {
  /** By `tabletsKey(docId, table)`. */
  simTablets: Record<string, SimulatedTablets>;
  /**
   * Shares the tablets of a finished run of `table` (the table object the run was given) of
   * design `docId`. A partial result (`complete: false`) is refused: returns false.
   */
  publishTablets(docId: string, table: Table, result: TabletSource): boolean;
}

export const tabletsKey = (docId: string, table: string) => `${docId}\u0000${table}`;

/** Distinct non-empty keys in unsigned byte order (copies: the result owns small buffers). */
export function normaliseBoundaries(starts: readonly Uint8Array[]): Uint8Array[] {
  const sorted = starts.filter((s) => s.length > 0).sort(compareBytes);
  const out: Uint8Array[] = [];
  for (const s of sorted) if (out.length === 0 || compareBytes(out[out.length - 1]!, s) !== 0) out.push(s.slice());
  return out;
}

export const tabletsSlice =
  (now: () => number): StateCreator<StudioState, [], [], TabletsSlice> =>
  (set) => {
    let seq = 0;
    return {
      simTablets: {},
      publishTablets: (docId, table, result) => {
        if (!result.complete) return false;
        const boundaries = normaliseBoundaries(result.tabletRanges.map((r) => r.start));
        const { nodes, storage, seconds, seed, writesPerSecond } = result.params;
        const entry: SimulatedTablets = {
          docId,
          table: table.name,
          simulated: table,
          boundaries,
          tablets: boundaries.length + 1,
          run: { nodes, storage, seconds, seed, writesPerSecond },
          pattern: result.pattern,
          finishedAt: now(),
          seq: ++seq,
        };
        set((s) => ({ simTablets: { ...s.simTablets, [tabletsKey(docId, table.name)]: entry } }));
        return true;
      },
    };
  };

export type TabletsView =
  | { status: 'none' }
  /** The design's table is the one simulated: the boundaries hold. */
  | { status: 'current'; sim: SimulatedTablets }
  /** The table changed (or is gone) since the run: the boundaries belong to an earlier version. */
  | { status: 'stale'; sim: SimulatedTablets };

/**
 * The simulated tablets of `tableName` in `design`, and whether they still describe it. Edits
 * replace only the tables they change (structural sharing), so the same object means the same
 * table; otherwise the two are compared as data (an undo brings back an equal table).
 */
export function tabletsFor(sim: SimulatedTablets | undefined, design: Design | undefined, tableName: string): TabletsView {
  if (!sim) return { status: 'none' };
  const now = design?.tables.find((t) => t.name === tableName);
  const same = now !== undefined && (now === sim.simulated || JSON.stringify(now) === JSON.stringify(sim.simulated));
  return same ? { status: 'current', sim } : { status: 'stale', sim };
}
