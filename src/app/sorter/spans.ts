// Where each field's value sits inside a key, without decoding it. The codec's decode turns
// bytes into values and re-checks salts (tens of microseconds a key); matching a query or
// colouring a row only needs byte ranges, and a million keys need them fast. This follows the
// codec's own segment rules: delimiter between segments, literal prefix/suffix around a field,
// fixed-width fields by width, variable ones up to the next suffix+delimiter. Ordered-code
// keys split at their 0x00 0x01 separators (fields stay escaped: the escaping keeps order and
// equality, which is all matching needs). Imports core only: this module runs in the worker.
import { indexOfBytes, startsWithAt, utf8 } from '../../core/keys/bytes';
import { decodeOrderedInt64 } from '../../core/keys/orderedcode';
import { layoutOf, type KeyLayout } from '../../core/keys/template';
import { fixedWidth } from '../../core/keys/values';
import type { Field, RowKey } from '../../core/model/schema';

export interface Span {
  kind: 'field' | 'literal' | 'separator';
  /** The field whose value these bytes are (kind field only). */
  field: string | null;
  start: number;
  end: number;
}

/** How a field's bytes compare as numbers, when they are numbers at all. */
export type NumericKind = 'decimal' | 'bigEndian' | null;

export interface Spanner {
  layout: KeyLayout;
  /** Field names in key order (index i owns ranges[2i], ranges[2i+1]). */
  fields: string[];
  numeric: NumericKind[];
  /** Writes [start, end) of each field's value into `out`; false when the key does not fit the template. */
  fieldRanges(key: Uint8Array, out: Int32Array): boolean;
  /** The key cut into coloured pieces, or null when it does not fit the template. */
  spans(key: Uint8Array): Span[] | null;
}

function numericKind(f: Field | undefined): NumericKind {
  if (!f) return null;
  if (f.type === 'hash') return 'decimal';
  if (f.type === 'int') return f.encoding === 'bigEndian' ? 'bigEndian' : f.encoding === 'orderedCode' ? null : 'decimal';
  if (f.type === 'timestamp') return f.encoding === 'bigEndian' ? 'bigEndian' : f.format === 'iso' ? null : 'decimal';
  return null;
}

/** Throws the core's TemplateError when the template cannot be laid out. */
export function createSpanner(rowKey: RowKey): Spanner {
  const layout = layoutOf(rowKey);
  const fields = layout.fields;
  const fieldIndex = new Map(fields.map((f, i) => [f, i]));
  const delim = layout.delimiter === null ? new Uint8Array(0) : utf8(layout.delimiter);
  const segs = layout.segments.map((s) => ({
    field: s.field,
    index: s.field === null ? -1 : fieldIndex.get(s.field)!,
    prefix: utf8(s.prefix),
    suffix: utf8(s.suffix),
    width: s.field === null || !rowKey.fields[s.field] ? null : fixedWidth(rowKey.fields[s.field]!),
  }));
  const stops = segs.map((s, i) => (i === segs.length - 1 ? s.suffix : concat(s.suffix, delim)));
  const ordered = layout.encoding === 'orderedCode';

  function delimitedRanges(key: Uint8Array, out: Int32Array): boolean {
    let at = 0;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      const last = i === segs.length - 1;
      if (i > 0) {
        if (!startsWithAt(key, delim, at)) return false;
        at += delim.length;
      }
      if (!startsWithAt(key, seg.prefix, at)) return false;
      at += seg.prefix.length;
      if (seg.index < 0) continue;
      let end: number;
      if (typeof seg.width === 'number') end = at + seg.width;
      else if (seg.width === 'self') end = at + (decodeOrderedInt64(key, at)?.length ?? -key.length - 1);
      else end = last ? key.length - seg.suffix.length : indexOfBytes(key, stops[i]!, at);
      if (end < at || end > key.length) return false;
      out[2 * seg.index] = at;
      out[2 * seg.index + 1] = end;
      at = end;
      if (!startsWithAt(key, seg.suffix, at)) return false;
      at += seg.suffix.length;
    }
    return at === key.length;
  }

  // Separators are 0x00 0x01; inside a field 0x00 is always followed by 0xff or 0x00.
  function orderedRanges(key: Uint8Array, out: Int32Array): boolean {
    let seg = 0;
    let from = 0;
    const close = (end: number) => {
      const idx = segs[seg]?.index ?? -1;
      if (idx >= 0) {
        out[2 * idx] = from;
        out[2 * idx + 1] = end;
      }
      seg++;
    };
    for (let i = 0; i < key.length; i++) {
      if (key[i] !== 0) continue;
      const next = key[i + 1];
      if (next === 1) {
        close(i);
        if (seg >= segs.length) return false;
        from = i + 2;
      } else if (next !== 0xff && next !== 0) return false;
      i++;
    }
    close(key.length);
    // Trailing empty fields are omitted from the key: they are empty ranges at its end.
    while (seg < segs.length) {
      from = key.length;
      close(key.length);
    }
    return true;
  }

  const fieldRanges = ordered ? orderedRanges : delimitedRanges;
  const scratch = new Int32Array(fields.length * 2);

  function spans(key: Uint8Array): Span[] | null {
    if (!fieldRanges(key, scratch)) return null;
    const out: Span[] = [];
    let at = 0;
    const push = (kind: Span['kind'], field: string | null, end: number) => {
      if (end > at) out.push({ kind, field, start: at, end });
      at = Math.max(at, end);
    };
    for (const seg of segs) {
      if (seg.index < 0) continue;
      const start = scratch[2 * seg.index]!;
      const end = scratch[2 * seg.index + 1]!;
      if (start < at) continue;
      // Between two fields: literal text, or (for ordered code) the separator.
      push(ordered ? 'separator' : at === 0 ? 'literal' : 'separator', null, start);
      push('field', seg.field, end);
    }
    push('literal', null, key.length);
    return refineLiterals(out, key, delim);
  }

  return { layout, fields, numeric: fields.map((f) => numericKind(rowKey.fields[f])), fieldRanges, spans };
}

/** Separators that hold more than the delimiter (a literal prefix) split into their parts. */
function refineLiterals(spans: Span[], key: Uint8Array, delim: Uint8Array): Span[] {
  if (delim.length === 0) return spans;
  const out: Span[] = [];
  for (const s of spans) {
    if (s.kind !== 'separator' || s.end - s.start <= delim.length || !startsWithAt(key, delim, s.start)) {
      out.push(s);
      continue;
    }
    out.push({ kind: 'separator', field: null, start: s.start, end: s.start + delim.length });
    out.push({ kind: 'literal', field: null, start: s.start + delim.length, end: s.end });
  }
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
