// Numbers as the studio prints them, in one convention everywhere (findings, estimates, the CLI,
// error messages): counts grouped (1,234,567); byte sizes 1,024-based with IEC symbols (B, KiB,
// MiB, GiB, ...: the limits they are compared with are powers of two), at most one decimal
// under 10 (1.5 KiB, 12 MiB). Both through Intl.NumberFormat (en-US); never NaN: a size or count
// that is not finite is "unbounded". Nothing past COUNT_BOUND or BYTES_BOUND is printed as a
// number: a count of 10^41 rows or 58 EiB is a model run past anything Bigtable holds, and
// reads "over 10^15" / "over 1 EiB" (capacity/bounds.ts words the capacity figures tighter).
// Made on first use: a NumberFormat loads locale data (~6 MB of memory), which a command that
// never prints a figure (`btstudio sort`) should not pay for.
let whole: Intl.NumberFormat | undefined;
let oneDecimal: Intl.NumberFormat | undefined;
const WHOLE = { format: (n: number): string => (whole ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(n) };
const ONE_DECIMAL = { format: (n: number): string => (oneDecimal ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })).format(n) };
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

/** The largest count printed as a number (declared cardinalities reach 10^15). */
export const COUNT_BOUND = 1e15;
/** The largest byte size printed as a number: 1 EiB, past what any 1,000-node cluster holds. */
export const BYTES_BOUND = 1024 ** 6;

/** 1,234,567; "unbounded" when not finite; "over 10^15" past COUNT_BOUND. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return 'unbounded';
  return Math.abs(n) > COUNT_BOUND ? 'over 10^15' : groupedWhole(Math.round(n));
}

/**
 * A whole number of at most 16 digits grouped by threes, as WHOLE formats it (its "-0" too):
 * written here because lint formats a count per table each time it checks a fix, and
 * Intl.NumberFormat costs about a microsecond a call.
 */
function groupedWhole(r: number): string {
  const digits = String(Math.abs(r));
  const sign = r < 0 || Object.is(r, -0) ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return sign + out;
}

/** 512 B, 1.5 KiB, 35 MiB, 2.1 TiB; "unbounded" when not finite; "over 1 EiB" past BYTES_BOUND. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return 'unbounded';
  if (Math.abs(n) > BYTES_BOUND) return 'over 1 EiB';
  let v = n;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i > 0 && Math.abs(v) < 10 ? ONE_DECIMAL.format(v) : WHOLE.format(Math.round(v))} ${BYTE_UNITS[i]}`;
}

/**
 * A share (0.25) as a percentage, in one of four styles, the only percent formatter:
 * - `figure` (the default): two significant digits, for findings: 0.012%, 3.4%, 56%;
 * - `whole`: whole percents, grouped past 999: 23%, 1,250%;
 * - `tenths`: at most one decimal (two under 0.1%), for the simulator's shares: 5%, 12.5%, 0.05%;
 * - `share`: whole from 10%, one decimal from 0.1%, else "under 0.1%": what a query reads of a table.
 * Not finite: "unbounded"; past 10^15 percent: "over 10^15%".
 */
export type PercentStyle = 'figure' | 'whole' | 'tenths' | 'share';

export function formatPercent(x: number, style: PercentStyle = 'figure'): string {
  if (!Number.isFinite(x)) return 'unbounded';
  const p = x * 100;
  if (Math.abs(p) > COUNT_BOUND) return 'over 10^15%';
  switch (style) {
    case 'whole':
      return `${formatCount(p)}%`;
    case 'tenths':
      return `${+p.toFixed(x > 0 && x < 0.001 ? 2 : 1)}%`;
    case 'share':
      return x >= 0.1 ? `${Math.round(p)}%` : x >= 0.001 ? `${p.toFixed(1)}%` : 'under 0.1%';
    default:
      return p >= 10 ? `${Math.round(p)}%` : `${Number(p.toPrecision(2))}%`;
  }
}

/** A figure for messages, two significant digits: 12, 3.5, 4100, 4.1e12; "unbounded" when not finite; "over 10^15" past COUNT_BOUND. */
export function formatFigure(x: number): string {
  if (!Number.isFinite(x)) return 'unbounded';
  if (x > COUNT_BOUND) return 'over 10^15';
  if (x >= 1e6) return x.toExponential(1).replace('e+', 'e');
  if (x >= 100 || Number.isInteger(x)) return String(Math.round(x));
  return String(Number(x.toPrecision(2)));
}

// Counts in words, the same in the CLI and the studio: "1 error", "2 errors", "1 pasted key".
/** `n word`, with an `s` (or `many`) unless n is 1. `format` writes the number (e.g. 10,000). */
export function plural(n: number, word: string, many = `${word}s`, format: (n: number) => string = String): string {
  return `${format(n)} ${n === 1 ? word : many}`;
}
