// The fast path of key generation: the same keys as recordStream + codec.encode (byte for
// byte, the generators are part of the format), written as bytes into reused buffers with no
// record object, no BigInt and no closure per key in the common cases. Each field compiles to
// an encoder that appends its bytes to its own scratch buffer; a key is then assembled from
// the segments. Values outside what a double holds exactly (beyond 2^53) take the general
// path (encodeValue) for that key, so every design gets its exact bytes.
import type { Field, HashField, RowKey } from '../model/schema';
import { ByteBuffer, concatBytes, utf8 } from './bytes';
import { KeyPacker, type KeySet } from './packed';
import { createCodec } from './codec';
import { fieldEncoder, type Encoder } from './field-writers';
import { DEFAULT_START_MS, modulo, type GenerateOptions } from './generators';
import { assertNever, hashPad } from './values';

export interface KeyWriter {
  /** Writes the next key and returns its length; its bytes are then bytes()[0, length). */
  next(): number;
  /** The buffer of the last key written (reused, and moved when a key outgrows it: call after next()). */
  bytes(): Uint8Array;
  /** Appends the next key to `out` instead (the same key next() would write); returns its length. */
  nextInto(out: ByteBuffer): number;
  /**
   * Every key is printable ASCII without a backslash, whatever the values drawn: its display
   * text (displayKey) is its bytes, so they can be written as they are.
   */
  readonly plain: boolean;
}

/** Keys of the table in the order recordStream gives them, as bytes in a reused buffer. */
export function keyWriter(rowKey: RowKey, opts: GenerateOptions = {}): KeyWriter {
  const codec = createCodec(rowKey); // validates the layout exactly as the general path does
  const { layout } = codec;
  const seed = opts.seed ?? 1;
  const start = opts.startMs ?? DEFAULT_START_MS;
  const wps = opts.writesPerSecond && opts.writesPerSecond > 0 ? opts.writesPerSecond : 1000;
  const names = layout.fields;
  const index = new Map(names.map((n, k) => [n, k]));
  const fields = names.map((n) => rowKey.fields[n]!);
  const clock = { startMs: start, writesPerSecond: wps };
  const encoders = names.map((n, k) => fieldEncoder(n, fields[k]!, seed, clock));
  const values = names.map(() => new ByteBuffer());
  const written = new Uint8Array(names.length);
  const delim = layout.delimiter === null ? new Uint8Array(0) : utf8(layout.delimiter);
  const hashes = names
    .map((_n, k) => ({ k, f: fields[k]! }))
    .filter((h): h is { k: number; f: HashField } => h.f.type === 'hash')
    .map(({ k, f }) => ({
      k,
      f,
      pad: hashPad(f),
      of: (f.of ?? names.filter((n) => n !== names[k] && rowKey.fields[n]!.type !== 'hash')).map((n) => index.get(n) ?? -1),
    }));
  const segments: Segment[] = layout.segments.map((s) => ({
    prefix: utf8(s.prefix),
    field: s.field === null ? -1 : index.get(s.field)!,
    suffix: utf8(s.suffix),
  }));
  const key = new ByteBuffer();
  const part = new ByteBuffer();
  const direct = directPlan(layout.encoding, segments, encoders, delim, hashes.length > 0);
  const assembled = direct ? null : assembledPlan(layout.encoding, segments, encoders, delim, hashes, fields);
  let i = 0;

  function fnvInto(h: number, bytes: Uint8Array, len: number): number {
    for (let p = 0; p < len; p++) h = Math.imul(h ^ bytes[p]!, 0x01000193);
    return h;
  }

  function writeHashes(): void {
    for (let x = 0; x < hashes.length; x++) {
      const { k, f, pad, of } = hashes[x]!;
      let h = 0x811c9dc5;
      for (let n = 0; n < of.length; n++) {
        const j = of[n]!;
        if (n > 0) h = fnvInto(h, delim, delim.length);
        if (j >= 0 && written[j]) h = fnvInto(h, values[j]!.buf, values[j]!.len);
      }
      const bucket = modulo(h >>> 0, f.buckets);
      values[k]!.len = 0;
      values[k]!.digits(bucket, pad);
      written[k] = 1;
    }
  }

  function orderedCodePart(p: ByteBuffer): void {
    for (let q = 0; q < p.len; q++) {
      const b = p.buf[q]!;
      key.push(b);
      if (b === 0) key.push(0xff);
    }
  }

  /** A key of the assembled plan into `out`: the fields, then the salts from them, then the segments. */
  function writeAssembled(plan: AssembledPlan, out: ByteBuffer): void {
    const { drawn, salts, parts } = plan;
    for (let x = 0; x < drawn.length; x++) {
      const k = drawn[x]!;
      const v = values[k]!;
      v.len = 0;
      encoders[k]!(v, i);
    }
    for (let x = 0; x < salts.length; x++) {
      const salt = salts[x]!;
      const of = salt.of;
      let h = 0x811c9dc5;
      for (let n = 0; n < of.length; n++) {
        const j = of[n]!;
        if (n > 0) h = fnvInto(h, delim, delim.length);
        if (j >= 0) h = fnvInto(h, values[j]!.buf, values[j]!.len);
      }
      const bucket = modulo(h >>> 0, salt.buckets);
      const v = values[salt.k]!;
      v.len = 0;
      const texts = salt.texts;
      if (texts) {
        const pad = salt.pad;
        v.room(pad);
        for (let p = 0, from = bucket * pad; p < pad; p++) v.buf[p] = texts[from + p]!;
        v.len = pad;
      } else v.digits(bucket, salt.pad);
    }
    for (let x = 0; x < parts.length; x++) {
      const s = parts[x]!;
      if (s.lead.length > 0) out.append(s.lead);
      const v = values[s.field]!;
      out.copy(v.buf, v.len);
      if (s.suffix.length > 0) out.append(s.suffix);
    }
    if (plan.tail.length > 0) out.append(plan.tail);
  }

  const writer: KeyWriter = {
    plain: plainKeys(layout.encoding, rowKey, delim, segments),
    bytes: () => key.buf,
    nextInto(out) {
      const from = out.len;
      if (direct) writeDirect(direct, out, i);
      else if (assembled) writeAssembled(assembled, out);
      else {
        const len = writer.next();
        out.copy(key.buf, len);
        return len;
      }
      i++;
      return out.len - from;
    },
    next() {
      if (direct) {
        key.len = 0;
        writeDirect(direct, key, i++);
        return key.len;
      }
      if (assembled) {
        key.len = 0;
        writeAssembled(assembled, key);
        i++;
        return key.len;
      }
      // Every other field is written below; a salt counts as written once it is computed.
      for (let x = 0; x < hashes.length; x++) written[hashes[x]!.k] = 0;
      for (let k = 0; k < encoders.length; k++) {
        const enc = encoders[k];
        if (!enc) continue;
        values[k]!.len = 0;
        enc(values[k]!, i);
        written[k] = 1;
      }
      if (hashes.length) writeHashes();
      i++;
      key.len = 0;
      if (layout.encoding === 'orderedCode') {
        // Struct OrderedCodeByteBuffer: parts joined by 00 01, 00 escaped as 00 FF, an empty part 00 00,
        // trailing empty parts left out (all empty: 00 00).
        let lastNonEmpty = -1;
        const lengths = segments.map((s) => s.prefix.length + (s.field >= 0 ? values[s.field]!.len : 0) + s.suffix.length);
        lengths.forEach((n, k) => n > 0 && (lastNonEmpty = k));
        if (lastNonEmpty < 0) {
          key.push(0);
          key.push(0);
          return key.len;
        }
        for (let k = 0; k <= lastNonEmpty; k++) {
          const s = segments[k]!;
          if (k > 0) {
            key.push(0);
            key.push(1);
          }
          if (lengths[k] === 0) {
            key.push(0);
            key.push(0);
            continue;
          }
          part.len = 0;
          part.append(s.prefix);
          if (s.field >= 0) part.copy(values[s.field]!.buf, values[s.field]!.len);
          part.append(s.suffix);
          orderedCodePart(part);
        }
        return key.len;
      }
      for (let k = 0; k < segments.length; k++) {
        const s = segments[k]!;
        if (k > 0) key.append(delim);
        key.append(s.prefix);
        if (s.field >= 0) key.copy(values[s.field]!.buf, values[s.field]!.len);
        key.append(s.suffix);
        if (layout.encoding === 'singleton') break;
      }
      return key.len;
    },
  };
  return writer;
}

function writeDirect(plan: readonly DirectSegment[], out: ByteBuffer, i: number): void {
  for (let k = 0; k < plan.length; k++) {
    const s = plan[k]!;
    if (s.lead.length > 0) out.append(s.lead);
    if (s.encode) s.encode(out, i);
    if (s.suffix.length > 0) out.append(s.suffix);
  }
}

const isPlain = (bytes: Uint8Array): boolean => bytes.every((b) => b >= 0x20 && b < 0x7f && b !== 0x5c);

/** Whether every value the field can take is written as printable ASCII without a backslash. */
function plainField(f: Field): boolean {
  switch (f.type) {
    case 'string':
      // Generated strings are the prefix and letters or digits of an alphabet.
      return f.values ? f.values.every((v) => isPlain(utf8(v))) : isPlain(utf8(f.prefix ?? ''));
    case 'int':
      return (f.encoding ?? 'decimal') === 'decimal';
    case 'timestamp':
      return f.format === 'iso' || f.encoding !== 'bigEndian';
    case 'uuid':
    case 'domain':
    case 'hash':
      return true;
    case 'bytes':
      return false;
    default:
      return assertNever(f);
  }
}

function plainKeys(encoding: string, rowKey: RowKey, delim: Uint8Array, segments: readonly Segment[]): boolean {
  if (encoding === 'orderedCode' || !isPlain(delim)) return false;
  if (!segments.every((s) => isPlain(s.prefix) && isPlain(s.suffix))) return false;
  return Object.values(rowKey.fields).every(plainField);
}

/** A segment of the template as bytes: its prefix, its field (an index; -1 for none), its suffix. */
interface Segment {
  prefix: Uint8Array;
  field: number;
  suffix: Uint8Array;
}

/** One segment of a key written in place: its delimiter and prefix, its field, its suffix. */
interface DirectSegment {
  lead: Uint8Array;
  encode: Encoder | null;
  suffix: Uint8Array;
}

/**
 * When every field is written once, in a plain (delimited or singleton) key, with no hash
 * that reads the others, the encoders write straight into the key in segment order: each
 * field draws from a stream of its own, so the order they are called in changes no value.
 * Null otherwise (the key is assembled from per-field buffers).
 */
function directPlan(
  encoding: string,
  segments: readonly Segment[],
  encoders: readonly (Encoder | null)[],
  delim: Uint8Array,
  hashed: boolean,
): DirectSegment[] | null {
  if (hashed || encoding === 'orderedCode' || (encoding === 'singleton' && segments.length !== 1)) return null;
  const used = new Set<number>();
  for (const s of segments) {
    if (s.field < 0) continue;
    if (used.has(s.field)) return null;
    used.add(s.field);
  }
  if (encoders.some((e, k) => e !== null && !used.has(k))) return null;
  return segments.map((s, k) => ({
    lead: k > 0 ? concatBytes([delim, s.prefix]) : s.prefix,
    encode: s.field >= 0 ? encoders[s.field]! : null,
    suffix: s.suffix,
  }));
}

/** A plain key with salts, assembled from per-field buffers: see assembledPlan. */
interface AssembledPlan {
  /** The fields drawn for every key (every one that is not a salt), in layout order. */
  drawn: number[];
  /** The salts, each from fields in `drawn` (or names of no field, -1, which add nothing). */
  salts: { k: number; of: number[]; buckets: number; pad: number; texts: Uint8Array | null }[];
  /** The segments with a field: delimiter and prefix before it, suffix after it. */
  parts: { lead: Uint8Array; field: number; suffix: Uint8Array }[];
  /** The bytes after the last field's segment (segments without a field at the end). */
  tail: Uint8Array;
}

/**
 * A delimited (or one-segment singleton) key with salts (hash fields) that read only drawn
 * fields: every field is drawn into its own buffer, the salts hashed from those, and the key
 * written straight into the output, segment by segment. The general loop of next() does the
 * same with a flag per field, for salts of salts and other layouts; null for those.
 */
function assembledPlan(
  encoding: string,
  segments: readonly Segment[],
  encoders: readonly (Encoder | null)[],
  delim: Uint8Array,
  hashes: readonly { k: number; f: HashField; pad: number; of: number[] }[],
  fields: readonly Field[],
): AssembledPlan | null {
  if (encoding === 'orderedCode' || (encoding === 'singleton' && segments.length !== 1)) return null;
  if (hashes.some((h) => h.of.some((j) => j >= 0 && fields[j]!.type === 'hash'))) return null;
  const drawn = encoders.flatMap((e, k) => (e ? [k] : []));
  const salts = hashes.map((h) => ({ k: h.k, of: h.of, buckets: h.f.buckets, pad: h.pad, texts: bucketTexts(h.f.buckets, h.pad) }));
  // Bytes without a field are carried to the next segment with one (or to the tail).
  const parts: AssembledPlan['parts'] = [];
  let carry: Uint8Array[] = [];
  segments.forEach((s, k) => {
    if (k > 0) carry.push(delim);
    carry.push(s.prefix);
    if (s.field < 0) {
      carry.push(s.suffix);
      return;
    }
    parts.push({ lead: concatBytes(carry), field: s.field, suffix: s.suffix });
    carry = [];
  });
  return { drawn, salts, parts, tail: concatBytes(carry) };
}

/**
 * Every bucket's text when each is `pad` digits wide (all of them, when pad is the width of the
 * largest bucket) and the table is small; null otherwise (digits are then written each time).
 */
function bucketTexts(buckets: number, pad: number): Uint8Array | null {
  if (!Number.isInteger(buckets) || buckets < 1 || String(buckets - 1).length > pad || buckets * pad > 256 * 1024) return null;
  const texts = new ByteBuffer(buckets * pad);
  for (let b = 0; b < buckets; b++) texts.digits(b, pad);
  return texts.buf;
}

/** The first n keys of the table, packed (what sampleKeys returns, without an object per key). */
export function packedKeys(rowKey: RowKey, n: number, opts: GenerateOptions = {}): KeySet {
  const writer = keyWriter(rowKey, opts);
  const packer = new KeyPacker(n);
  for (let k = 0; k < n; k++) {
    const len = writer.next(); // first: it may move the buffer bytes() returns
    packer.pushFrom(writer.bytes(), len);
  }
  return packer.finish();
}
