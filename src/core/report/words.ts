// Counts in words, the same in the CLI and the studio: "1 error", "2 errors", "1 pasted key".

/** `n word`, with an `s` (or `many`) unless n is 1. `format` writes the number (e.g. 10,000). */
export function plural(n: number, word: string, many = `${word}s`, format: (n: number) => string = String): string {
  return `${format(n)} ${n === 1 ? word : many}`;
}
