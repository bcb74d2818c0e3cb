// Which lines of two texts differ: the lines outside a longest common subsequence of lines.
// Designs are small (a few hundred lines), so the quadratic table is fine; past 3,000 lines a
// side every line differing from its counterpart at the same place is marked instead.

export function changedLines(a: readonly string[], b: readonly string[]): { a: boolean[]; b: boolean[] } {
  const n = a.length;
  const m = b.length;
  if (n > 3000 || m > 3000) return { a: a.map((l, i) => l !== b[i]), b: b.map((l, i) => l !== a[i]) };
  const t = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const ca = a.map(() => true);
  const cb = b.map(() => true);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ca[i++] = false;
      cb[j++] = false;
    } else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++;
    else j++;
  }
  return { a: ca, b: cb };
}
