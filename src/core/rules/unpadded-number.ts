// Schema design best practices checklist: "Zero pad all numbers to ensure correct string sorting"; Schema design best practices:
// "device#1" < "device#10" < "device#100" < "device#2". Keys sort by bytes, so decimal text of
// different widths sorts out of numeric order, and so does a minus sign.
import type { IntField, TimestampField } from '../model/schema';
import { DEFAULT_START_MS } from '../keys/generate';
import { LONG_MAX } from '../keys/values';
import { type FieldInfo, INT64_MAX, type TableAnalysis } from '../analysis/design';
import { updateField } from './edit';
import { defineFieldRule } from './support/frames';

const UNIT_PER_MS = { s: 1 / 1000, ms: 1, us: 1000 } as const;
const width = (n: number) => String(Math.trunc(Math.abs(n))).length;

interface Range {
  lo: number;
  hi: number;
  pad: number | undefined;
}

/** The values a decimal field writes over the table's life, or null when it is not decimal text. */
function decimalRange(f: FieldInfo, t: TableAnalysis): Range | null {
  const field = f.field;
  if (field.type === 'int') {
    if (field.encoding !== undefined && field.encoding !== 'decimal') return null;
    const lo = field.min ?? 0;
    // A declared max bounds the values even when ids are handed out in sequence, and a 64-bit
    // integer stops at 2^63 - 1 however many rows the table is written.
    const hi = field.max ?? Math.min(lo + f.cardinality - 1, INT64_MAX);
    return { lo, hi, pad: field.pad };
  }
  if (field.type === 'timestamp') {
    if (field.format === 'iso' || field.encoding === 'bigEndian' || field.reversed) return null; // fixed width
    // Generated times run from the simulated start over the retention.
    const perMs = UNIT_PER_MS[(field as TimestampField).unit ?? 'ms'];
    return { lo: Math.floor(DEFAULT_START_MS * perMs), hi: Math.min(Math.floor((DEFAULT_START_MS + t.retentionMs) * perMs), INT64_MAX), pad: field.pad };
  }
  return null;
}

/** Two values whose byte order contradicts their numeric order, as they are written. */
function counterexample(r: Range): [string, string] {
  const base = Math.max(width(Math.max(r.lo, 0)), r.pad ?? 0);
  const big = 10 ** base;
  return [String(big), String(big - 1).padStart(r.pad ?? 0, '0')];
}

export default defineFieldRule({
  meta: {
    id: 'unpadded-number',
    severity: 'warning',
    description: 'A decimal number varies in digit count without padding, so byte order differs from numeric order.',
    messages: {
      unpadded: '{field} is decimal text of {minWidth} to {maxWidth} digits without pad: "{big}" sorts before "{small}" (Schema design best practices).',
      padTooShort: '{field} is padded to {pad} digits but reaches {hi} ({maxWidth} digits): "{big}" sorts before "{small}".',
      negative: '{field} can be negative (min {lo}) as decimal text: negative values sort in reverse order (Structured row keys).',
    },
    details: {
      unpadded:
        '{field} is decimal text from {lo} to {hi} without pad, so its values have {minWidth} to {maxWidth} digits and keys sort out of numeric order: "{big}" sorts before "{small}". Zero-pad it to {maxWidth} digits.',
      padTooShort:
        '{field} is padded to {pad} digits but reaches {hi} ({maxWidth} digits), so wider values sort out of numeric order: "{big}" sorts before "{small}". Pad it to {maxWidth} digits.',
      negative:
        '{field} can be negative (min {lo}) as decimal text: "-" sorts before every digit and "-10" after "-9", so negative values sort in reverse order and padding cannot fix it. Use encoding: orderedCode (sorts every int64), or store the value plus {offset} so every value is non-negative, and zero-pad it.',
    },
    fixable: true,
  },
  field(f, t, { design, report }) {
    const r = decimalRange(f, t);
    if (!r) return;
    const path = ['rowKey', 'fields', f.name];
    if (r.lo < 0) {
      report({ path, messageId: 'negative', data: { field: f.name, lo: r.lo, offset: -r.lo } });
      return;
    }
    const maxWidth = width(r.hi);
    const written = (n: number) => Math.max(width(n), r.pad ?? 0);
    if (written(r.lo) === written(r.hi)) return;
    const [big, small] = counterexample(r);
    report({
      path,
      messageId: r.pad === undefined ? 'unpadded' : 'padTooShort',
      // 2^63 - 1 is written out exactly: as a double it would print as 2^63.
      data: { field: f.name, lo: r.lo, hi: r.hi >= INT64_MAX ? String(LONG_MAX) : r.hi, pad: r.pad ?? 0, minWidth: width(r.lo), maxWidth, big, small },
      fix: {
        label: `Pad to ${maxWidth} digits`,
        apply: () => (maxWidth > 64 ? null : updateField(design, t.index, f.name, (x) => ({ ...(x as IntField | TimestampField), pad: maxWidth }))),
      },
    });
  },
});
