// Batch B helpers: Bigtable's two rules for a delimited struct key (types.proto,
// Struct.Encoding.DelimitedBytes) and the edits that satisfy them.
// - Distinct mode: no encoded field may contain delimiter[0], or the key cannot be split.
// - Sorted mode: no field may contain a byte <= delimiter[0]. Order only actually breaks when a
//   value is a strict prefix of another and the longer one continues with a byte below the
//   delimiter (`1:x` vs `10:x`, '0' < ':'): fixed-width and prefix-free fields, and the last
//   field (never followed by the delimiter), keep field-by-field order.
import type { Design, RowKey } from '../../model/schema';
import { compareBytes, startsWithAt, utf8 } from '../../keys/bytes';
import { layoutOf, printSegments, TemplateError } from '../../keys/template';
import type { TableAnalysis } from '../../analysis/design';
import { updateTable } from '../edit';
import { hashPad } from '../../keys/values';
import { byteSource, intRange, showChar, type KeySegment } from './keybytes';

/** Single-byte delimiters a fix may pick, most preferred first: the ones Google's guidance names (#, :, |) lead. */
export const DELIMITER_CANDIDATES = ['#', ':', '|', '/', '~', '!', '$', '%', '&', '+', ',', ';', '=', '@', '^', '*'] as const;

export interface Misorder {
  /** The byte below the delimiter that follows the shorter value, for messages ('0', a space). */
  low: string;
  shorter: string;
  longer: string;
}

/** The first byte of the delimiter: the byte both of Bigtable's rules are about. */
export function firstByte(delimiter: string): number {
  const c = delimiter.charCodeAt(0);
  return c < 0x80 ? c : utf8(delimiter)[0]!;
}

/** The delimiter's first byte for messages: the delimiter itself when it is one ASCII character. */
export function describeFirst(delimiter: string, d0: number): string {
  if (delimiter.length === 1 && d0 < 0x80) return `"${delimiter}"`;
  const b = d0 < 0x80 ? showChar(String.fromCharCode(d0)) : `byte 0x${d0.toString(16).toUpperCase()}`;
  return `${b} (the first byte of "${delimiter}")`;
}

/** Two segment texts of `seg` whose keys sort against field-by-field order with delimiter byte d0. */
export function misorderWitness(seg: KeySegment, d0: number, card: number): Misorder | null {
  if (seg.last || !seg.field) return null;
  if (seg.texts) {
    const ext = lowestExtension(seg, seg.texts);
    return ext && ext.byte < d0 ? ext.witness : null;
  }
  if (seg.suffix !== '') return null; // literal text after the value ends it before the delimiter
  const f = seg.field;
  const p = seg.prefix;
  if (f.type === 'int' && (f.encoding ?? 'decimal') === 'decimal') return decimalWitness(intRange(f, card), f.pad, d0, p);
  if (f.type === 'hash') return decimalWitness({ min: 0, max: f.buckets - 1 }, hashPad(f), d0, p);
  if (f.type === 'domain' && 0x2e < d0) {
    const [a, b] = f.reversed ? ['com.example', 'com.example.www'] : ['example.com', 'example.com.au'];
    return { low: "'.'", shorter: p + a, longer: p + b };
  }
  return null;
}

// chooseDelimiter asks about many delimiters; the sort behind the answer is done once per segment.
const extensions = new WeakMap<KeySegment, { byte: number; witness: Misorder } | null>();

/** Of all pairs where one value is a strict prefix of another, the one continued by the lowest byte. */
function lowestExtension(seg: KeySegment, texts: string[]): { byte: number; witness: Misorder } | null {
  if (extensions.has(seg)) return extensions.get(seg)!;
  let best: { byte: number; witness: Misorder } | null = null;
  const found = (byte: number, shorter: string, longer: string) => {
    if (!best || byte < best.byte)
      best = { byte, witness: { low: byte < 0x80 ? showChar(String.fromCharCode(byte)) : `byte 0x${byte.toString(16).toUpperCase()}`, shorter, longer } };
  };
  if (texts.length <= 64) {
    // Few values: every pair, no sorting or encoding (a UTF-16 prefix of a valid string is a byte prefix).
    for (const a of texts) for (const b of texts) if (b.length > a.length && b.startsWith(a)) found(leadByte(b.codePointAt(a.length)!), a, b);
  } else {
    // The extension of a value with the smallest next byte is its successor in byte order.
    const sorted = texts.map((t) => ({ t, b: utf8(t) })).sort((x, y) => compareBytes(x.b, y.b));
    for (let i = 0; i + 1 < sorted.length; i++) {
      const a = sorted[i]!;
      const b = sorted[i + 1]!;
      if (b.b.length > a.b.length && startsWithAt(b.b, a.b, 0)) found(b.b[a.b.length]!, a.t, b.t);
    }
  }
  extensions.set(seg, best);
  return best;
}

/** The first UTF-8 byte of a code point. */
function leadByte(cp: number): number {
  return cp < 0x80 ? cp : cp < 0x800 ? 0xc0 | (cp >> 6) : cp < 0x10000 ? 0xe0 | (cp >> 12) : 0xf0 | (cp >> 18);
}

/** `1` and `10`: a decimal number is a strict prefix of ten times itself, when both fit the range. */
function decimalWitness(r: { min: number; max: number }, pad: number | undefined, d0: number, p: string): Misorder | null {
  if (0x30 >= d0) return null;
  const width = Math.pow(10, Math.max(1, pad ?? 1) - 1);
  const text = (v: number) => (v < 0 ? '-' : '') + String(Math.abs(v)).padStart(pad ?? 0, '0');
  const pos = Math.max(r.min, width, 1);
  if (pos * 10 <= r.max) return { low: "'0'", shorter: p + text(pos), longer: p + text(pos * 10) };
  const neg = -Math.max(width, 1, r.max < 0 ? -r.max : 1);
  if (neg >= r.min && neg * 10 >= r.min) return { low: "'0'", shorter: p + text(neg), longer: p + text(neg * 10) };
  return null;
}

export interface DelimiterChoice {
  delimiter: string;
  /** Field-by-field order holds with it too (sorted mode). */
  orderSafe: boolean;
}

/** The best single-byte delimiter that no segment contains, preferring one that keeps order. */
export function chooseDelimiter(segs: KeySegment[], cards: Map<string, number>, current: string | null, requireOrder: boolean): DelimiterChoice | null {
  let fallback: DelimiterChoice | null = null;
  for (const d of DELIMITER_CANDIDATES) {
    if (d === current) continue;
    const b = d.charCodeAt(0);
    if (segs.some((s) => byteSource(s, b) !== null)) continue;
    const orderSafe = segs.every((s) => misorderWitness(s, b, cards.get(s.name ?? '') ?? 1) === null);
    if (orderSafe) return { delimiter: d, orderSafe };
    fallback ??= { delimiter: d, orderSafe };
  }
  return requireOrder ? null : fallback;
}

/** The table's row key joined by another delimiter; null when the template would read differently. */
export function keyWithDelimiter(t: TableAnalysis, delimiter: string): RowKey | null {
  if (!t.layout || t.layout.delimiter === null) return null;
  const old = t.layout.delimiter;
  // Pre-split keys hold the old delimiter; rewriting them could change what they split.
  if ((t.table.splits ?? []).some((s) => s.includes(old))) return null;
  const template = printSegments(t.layout.segments, delimiter);
  return checked(t, { ...t.table.rowKey, template, delimiter });
}

/** The table's row key as an ordered-code struct (any byte allowed); null when segments hold literal text. */
export function keyWithOrderedCode(t: TableAnalysis): RowKey | null {
  if (!t.layout || t.layout.segments.some((s) => !s.field || s.prefix !== '' || s.suffix !== '')) return null;
  // Every key changes its bytes, so pre-split keys would split somewhere else.
  if ((t.table.splits ?? []).length > 0) return null;
  const { delimiter: _dropped, ...rest } = t.table.rowKey;
  return checked(t, { ...rest, encoding: 'orderedCode', template: t.layout.fields.map((f) => `{${f}}`).join('') });
}

export function replaceKey(design: Design, t: TableAnalysis, rowKey: RowKey | null): Design | null {
  return rowKey ? updateTable(design, t.index, (table) => ({ ...table, rowKey })) : null;
}

function checked(t: TableAnalysis, rowKey: RowKey): RowKey | null {
  try {
    const next = layoutOf(rowKey);
    if (next.fields.join() !== t.layout!.fields.join() || next.segments.length !== t.layout!.segments.length || rowKey.template.length > 4096) return null;
  } catch (e) {
    if (e instanceof TemplateError) return null;
    throw e;
  }
  return rowKey;
}
