// Batch B helpers (key bytes, structured row keys): which characters and bytes each segment of
// a key can hold, and where each comes from, so the delimiter and charset rules can name the
// value, alphabet or literal at fault. analysis.ts keeps one coarse charset per field (all ISO
// separators whatever the bucket, literals merged in); these rules need it per source.
import type { Field } from '../../model/schema';
import { utf8 } from '../../keys/bytes';
import { encodeBigEndianInt64, encodeOrderedInt64 } from '../../keys/orderedcode';
import { DEFAULT_START_MS } from '../../keys/generate';
import { LONG_MAX } from '../../keys/values';
import type { DesignAnalysis, TableAnalysis } from '../../analysis/design';
import type { Finding } from '../types';
import { BUCKET_MS } from '../../model/duration';

type RunKind = 'value' | 'example' | 'prefix' | 'alphabet' | 'negative' | 'digits' | 'iso' | 'uuid' | 'host' | 'salt';

/** Text a value's characters come from, and what it is (a listed value, an alphabet, a prefix). */
export interface TextRun {
  text: string;
  kind: RunKind;
}

export interface KeySegment {
  index: number;
  last: boolean;
  /** The field of the segment, or null for constant text such as `device` in `device#{id}`. */
  name: string | null;
  field: Field | null;
  prefix: string;
  suffix: string;
  /** The texts a value's characters come from (empty for binary encodings and constant segments). */
  runs: readonly TextRun[];
  /** For binary encodings: what they are, and which bytes (0-255) they can produce (computed on first use). */
  binary: { label: string; bytes(): ReadonlySet<number> } | null;
  /** For a closed set of values: the segment texts (literal prefix + value + suffix). */
  texts: string[] | null;
}

const DIGITS = '0123456789';
const ALPHABETS = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  alnum: DIGITS + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  hex: '0123456789abcdef',
  digits: DIGITS,
};
const UUID_CHARS = ALPHABETS.hex + '-';
const HOST_CHARS = ALPHABETS.lower + DIGITS + '-.';
const ISO_SHAPE = { month: '2026-01', week: '2026-01-05', day: '2026-01-05', hour: '2026-01-05T09', minute: '2026-01-05T09:41' } as const;
/** Binary fields with more values than this are sampled at both ends of their range. */
const ENUMERATE = 2048;

const quote = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Where a run comes from, in words; built only for findings, since lint runs on every keystroke. */
export function describeRun(run: TextRun): string {
  switch (run.kind) {
    case 'value':
      return `the value ${quote(run.text)}`;
    case 'example':
      return `the example ${quote(run.text)}`;
    case 'prefix':
      return `the prefix ${quote(run.text)}`;
    case 'alphabet':
      return `the ${Object.entries(ALPHABETS).find(([, a]) => a === run.text)?.[0] ?? ''} alphabet`;
    case 'negative':
      return 'negative numbers';
    case 'digits':
      return 'decimal digits';
    case 'iso':
      return `ISO times such as ${quote(run.text)}`;
    case 'uuid':
      return 'UUIDs (hex digits and hyphens)';
    case 'host':
      return 'host names (letters, digits, hyphens and dots)';
    case 'salt':
      return 'salt numbers';
  }
}

// Several rules ask for the same table's segments in one lint; an analysis is made per lint.
const cache = new WeakMap<TableAnalysis, KeySegment[]>();

/** The segments of a table's key in key order; empty when the template does not parse. */
export function keySegments(t: TableAnalysis): KeySegment[] {
  let segs = cache.get(t);
  if (!segs) {
    segs = build(t);
    cache.set(t, segs);
  }
  return segs;
}

function build(t: TableAnalysis): KeySegment[] {
  const layout = t.layout;
  if (!layout) return [];
  const out: KeySegment[] = [];
  const n = layout.segments.length;
  for (let index = 0; index < n; index++) {
    const s = layout.segments[index]!;
    const field = s.field ? (t.table.rowKey.fields[s.field] ?? null) : null;
    const seg: KeySegment = { index, last: index === n - 1, name: s.field, field, prefix: s.prefix, suffix: s.suffix, runs: [], binary: null, texts: null };
    if (field) {
      let card = 1;
      for (const fi of t.fields) if (fi.name === s.field) card = fi.cardinality;
      fill(seg, field, card, t.retentionMs);
    }
    out.push(seg);
  }
  return out;
}

// Runs shared by every field of a kind, so the common fields allocate nothing.
const STATIC = {
  digits: [{ text: DIGITS, kind: 'digits' }],
  uuid: [{ text: UUID_CHARS, kind: 'uuid' }],
  host: [{ text: HOST_CHARS, kind: 'host' }],
  salt: [{ text: DIGITS, kind: 'salt' }],
} as const satisfies Record<string, readonly TextRun[]>;

function fill(seg: KeySegment, f: Field, card: number, retentionMs: number): void {
  const runs: TextRun[] = [];
  const add = (text: string, kind: RunKind) => {
    if (text) runs.push({ text, kind });
  };
  seg.runs = runs;
  switch (f.type) {
    case 'string':
      if (f.values) {
        for (const v of f.values) add(v, 'value');
        seg.texts = seg.prefix || seg.suffix ? f.values.map((v) => seg.prefix + v + seg.suffix) : f.values;
      } else {
        add(f.prefix ?? '', 'prefix');
        add(ALPHABETS[f.alphabet ?? 'lower'], 'alphabet');
      }
      if (typeof f.example === 'string') add(f.example, 'example');
      return;
    case 'int': {
      const { min, max } = intRange(f, card);
      if (f.encoding === 'bigEndian') seg.binary = { label: 'big-endian int64 values', bytes: once(() => intBytes(min, max, encodeBigEndianInt64)) };
      else if (f.encoding === 'orderedCode') seg.binary = { label: 'ordered-code int64 values', bytes: once(() => intBytes(min, max, encodeOrderedInt64)) };
      else if (min < 0) {
        add('-', 'negative');
        add(DIGITS, 'digits');
      } else seg.runs = STATIC.digits;
      return;
    }
    case 'timestamp':
      if (f.encoding === 'bigEndian') {
        seg.binary = { label: 'big-endian int64 times', bytes: once(() => timeBytes(f, retentionMs)) };
        return;
      }
      if (f.format !== 'iso') {
        seg.runs = STATIC.digits;
        return;
      }
      add(DIGITS, 'digits');
      add(f.bucket ? ISO_SHAPE[f.bucket] : f.unit === 's' ? '2026-01-05T09:41:07Z' : '2026-01-05T09:41:07.123Z', 'iso');
      return;
    case 'uuid':
      seg.runs = STATIC.uuid;
      return;
    case 'domain':
      seg.runs = STATIC.host;
      return;
    case 'bytes':
      seg.binary = { label: 'random bytes', bytes: () => ALL_BYTES };
      return;
    case 'hash':
      seg.runs = STATIC.salt;
      return;
  }
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const ALL_BYTES: ReadonlySet<number> = new Set(Array.from({ length: 256 }, (_, i) => i));

/** The declared range of an int field: max when written, else as many values as it has. */
export function intRange(f: Extract<Field, { type: 'int' }>, card: number): { min: number; max: number } {
  const min = f.min ?? 0;
  const max = f.max ?? Math.min(Number.MAX_SAFE_INTEGER, min + Math.max(1, Number.isFinite(card) ? card : Number.MAX_SAFE_INTEGER) - 1);
  return { min, max: Math.max(min, max) };
}

function collect(values: Iterable<bigint>, encode: (v: bigint) => Uint8Array): Set<number> {
  const out = new Set<number>();
  for (const v of values) for (const b of encode(v)) out.add(b);
  return out;
}

/** Both ends of [lo, hi], at most ENUMERATE values: enough to see every byte a wide range makes. */
function* ends(lo: bigint, hi: bigint, step = 1n): Generator<bigint> {
  const count = (hi - lo) / step + 1n;
  if (count <= BigInt(ENUMERATE)) {
    for (let v = lo; v <= hi; v += step) yield v;
    return;
  }
  const half = BigInt(ENUMERATE / 2);
  for (let k = 0n; k < half; k++) yield lo + k * step;
  for (let k = 0n; k < half; k++) yield hi - k * step;
}

function intBytes(min: number, max: number, encode: (v: bigint) => Uint8Array): Set<number> {
  return collect(ends(BigInt(Math.trunc(min)), BigInt(Math.trunc(Math.max(min, max)))), encode);
}

function timeBytes(f: Extract<Field, { type: 'timestamp' }>, retentionMs: number): Set<number> {
  const perMs = f.unit === 's' ? 0.001 : f.unit === 'us' ? 1000 : 1;
  const stepMs = f.bucket ? BUCKET_MS[f.bucket] : 1 / perMs;
  const lo = BigInt(Math.floor(DEFAULT_START_MS * perMs));
  // A retention of up to 999,999,999 days is valid; in microseconds it passes int64's end, where
  // the key would stop growing anyway (the encoder refuses bigger values).
  const end = BigInt(Math.floor((DEFAULT_START_MS + retentionMs) * perMs));
  const hi = end < LONG_MAX ? end : LONG_MAX;
  const step = BigInt(Math.max(1, Math.round(stepMs * perMs)));
  return collect(ends(lo, hi, step), (v) => encodeBigEndianInt64(f.reversed ? LONG_MAX - v : v));
}

/** The first character of `text` whose UTF-8 holds byte `b`, or null. ASCII needs no encoding. */
function charWithByte(text: string, b: number, ascii: string): string | null {
  if (b < 0x80) return text.includes(ascii) ? ascii : null;
  for (const c of text) if (c.codePointAt(0)! >= 0x80 && utf8(c).includes(b)) return c;
  return null;
}

/** Where a segment's byte `b` can come from (a value, an alphabet, literal text), or null. */
export function byteSource(seg: KeySegment, b: number): { source: string; literal: boolean } | null {
  const ascii = b < 0x80 ? String.fromCharCode(b) : '';
  for (const run of seg.runs) {
    const c = charWithByte(run.text, b, ascii);
    if (c !== null) return { source: `${describeRun(run)}: ${showChar(c)}`, literal: false };
  }
  if (seg.binary?.bytes().has(b)) return { source: `${seg.binary.label}: byte 0x${hex(b)}`, literal: false };
  if (seg.prefix === '' && seg.suffix === '') return null;
  const lit = seg.prefix + seg.suffix;
  const c = charWithByte(lit, b, ascii);
  return c === null ? null : { source: `the literal text ${quote(lit)}: ${showChar(c)}`, literal: true };
}

/** The table a finding concerns: by the index in its path, checked against its name. */
export function tableOf(analysis: DesignAnalysis, finding: Finding): TableAnalysis | null {
  const i = finding.path[0] === 'tables' ? finding.path[1] : undefined;
  const t = typeof i === 'number' ? analysis.tables[i] : analysis.tables.find((x) => x.table.name === finding.table);
  return t && t.table.name === finding.table ? t : null;
}

const hex = (b: number) => b.toString(16).padStart(2, '0').toUpperCase();

/** A character for messages: printable as itself, whitespace and controls by name or code. */
export function showChar(c: string): string {
  if (c === ' ') return 'a space';
  const cp = c.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f) return `control byte 0x${hex(cp)}`;
  if (/\s/u.test(c)) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} (white space)`;
  return `'${c}'`;
}
