// How cbt prints a GC rule's maximum age, for the tests that read cbt's `ls` back.

/** `age() > 90d` for an age in whole days, hours or minutes (the largest that divides it); null otherwise. */
export function cbtAge(ms: number): string | null {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const)
    if (ms % size === 0) return `age() > ${ms / size}${unit}`;
  return null;
}
