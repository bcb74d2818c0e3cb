// What a GC rule keeps (batch C: families, rows and queries). Each basic rule keeps the newest
// k cells of a column (maxVersions: k = the bound; maxAge: k = the cells written within the
// age), so the kept sets are nested: a union (delete when ANY rule says so) keeps the smallest
// of its children's sets, an intersection (delete when ALL say so) the largest. That makes the
// min/max below exact counts, not approximations.
import type { GcRule } from '../model/schema';
import { parseDuration } from '../model/duration';

export interface KeepInput {
  /** Cells written to the column group over the row's life. */
  written: number;
  /** Columns sharing the writes (1 for a static column, perRow or Infinity for dynamic ones). */
  columns: number;
  /** Cells written per ms to the group; Infinity when the count is a designer's statement. */
  ratePerMs: number;
}

const ages = new Map<string, number>();
function ageMs(d: string): number {
  let ms = ages.get(d);
  if (ms === undefined) {
    if (ages.size > 1000) ages.clear(); // typed durations only; keep the memo small
    ages.set(d, (ms = parseDuration(d) ?? Infinity));
  }
  return ms;
}

/** How many of `written` cells the rule keeps; no rule keeps every cell. */
export function keptCells(gc: GcRule | undefined, k: KeepInput): number {
  if (!gc) return k.written;
  if ('maxVersions' in gc) return Math.min(k.written, gc.maxVersions * k.columns);
  if ('maxAge' in gc) {
    const age = ageMs(gc.maxAge);
    return Math.min(k.written, k.ratePerMs * age);
  }
  let kept = 'union' in gc ? Infinity : 0;
  for (const r of 'union' in gc ? gc.union : gc.intersection) {
    const n = keptCells(r, k);
    kept = 'union' in gc ? Math.min(kept, n) : Math.max(kept, n);
  }
  return kept;
}

/** Whether the rule stops a column group from growing when writes never stop. */
export function boundsGrowth(gc: GcRule | undefined, columns: number): boolean {
  if (!gc) return false;
  if ('maxVersions' in gc) return Number.isFinite(columns);
  if ('maxAge' in gc) return true;
  if ('union' in gc) return gc.union.some((r) => boundsGrowth(r, columns));
  return gc.intersection.every((r) => boundsGrowth(r, columns));
}

/** The oldest a cell can get under the rule, in ms: Infinity when age never deletes it. */
export function maxCellAgeMs(gc: GcRule | undefined): number {
  if (!gc) return Infinity;
  if ('maxVersions' in gc) return Infinity;
  if ('maxAge' in gc) return ageMs(gc.maxAge);
  const ages = ('union' in gc ? gc.union : gc.intersection).map(maxCellAgeMs);
  // A union deletes when any child says so (the youngest bound wins), an intersection only when all do.
  return 'union' in gc ? Math.min(...ages) : Math.max(...ages);
}
