// Paste mode: keys are one per line; a paste that is a single line with
// spaces or commas (`device#1 device#10 device#2`) was probably meant as several keys, so the
// sorter offers to split it. Only offered, never done silently: a key may hold a space.

/** The keys a one-line paste splits into at runs of spaces, tabs and commas, or null when there is nothing to offer. */
export function splitOffer(text: string): string[] | null {
  if (text.length > 100_000) return null;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length !== 1) return null;
  const parts = lines[0]!.split(/[ \t,]+/).filter((p) => p !== '');
  return parts.length > 1 ? parts : null;
}
