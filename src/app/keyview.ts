// Pure helpers that turn core key output into what the key panels show. No React here, so
// they are easy to test and could move to the core if the CLI wants them.
import { bytesEqual, compareBytes, concatBytes, displayKey, toHex, utf8 } from '../core/keys/bytes';
import { createCodec } from '../core/keys/codec';
import { readableTimestamp } from '../core/keys/values';
import { exampleRecord, sampleKeys } from '../core/keys/generate';
import { joinOrderedCodeStruct } from '../core/keys/orderedcode';
import type { KeyLayout } from '../core/keys/template';
import type { GcRule, RowKey } from '../core/model/schema';
import { renderGc, type GcWords } from '../core/model/gc';

/** One run of key bytes with one colour: a field's value, literal text, or a separator. */
export interface KeyPiece {
  kind: 'field' | 'literal' | 'separator';
  /** The field whose value these bytes are (kind field only). */
  field: string | null;
  bytes: Uint8Array;
  text: string;
  /** The value as a person reads it, when the bytes do not say it (a reversed timestamp's ISO time). */
  readable?: string;
}

export interface ExampleKey {
  key: Uint8Array;
  hex: string;
  text: string;
  layout: KeyLayout;
  /** Pieces whose bytes concatenate to `key`; a single uncoloured piece if they would not. */
  pieces: KeyPiece[];
}

const piece = (kind: KeyPiece['kind'], field: string | null, bytes: Uint8Array): KeyPiece => ({
  kind,
  field,
  bytes,
  text: displayKey(bytes),
});

/**
 * The example key of a row key, split into coloured pieces. Throws what the core throws
 * (TemplateError, KeyCodecError) for a row key it cannot encode.
 */
export function buildExampleKey(rowKey: RowKey): ExampleKey {
  const codec = createCodec(rowKey);
  const { layout } = codec;
  const record = exampleRecord(rowKey);
  const key = codec.encode(record);
  const pieces: KeyPiece[] = [];
  // encodeParts gives each segment's bytes before joining: the separator and, for ordered
  // code, the 0x00 escaping are added here the way codec.encode adds them.
  const separator = layout.encoding === 'orderedCode' ? Uint8Array.of(0, 1) : utf8(layout.delimiter ?? '');
  codec.encodeParts(record).forEach((part, i) => {
    if (i > 0 && separator.length > 0) pieces.push(piece('separator', null, separator));
    const seg = layout.segments[i];
    if (layout.encoding === 'orderedCode') {
      pieces.push(piece(part.field ? 'field' : 'literal', part.field, joinOrderedCodeStruct([part.bytes])));
      return;
    }
    if (!seg || !part.field) {
      if (part.bytes.length > 0) pieces.push(piece('literal', null, part.bytes));
      return;
    }
    const pre = utf8(seg.prefix).length;
    const post = part.bytes.length - utf8(seg.suffix).length;
    if (pre > 0) pieces.push(piece('literal', null, part.bytes.subarray(0, pre)));
    const value = part.bytes.subarray(pre, post);
    const field = rowKey.fields[part.field];
    const readable = field ? readableTimestamp(part.field, field, value) : null;
    pieces.push(readable ? { ...piece('field', part.field, value), readable } : piece('field', part.field, value));
    if (post < part.bytes.length) pieces.push(piece('literal', null, part.bytes.subarray(post)));
  });
  const joined = concatBytes(pieces.map((p) => p.bytes));
  const exact = bytesEqual(joined, key);
  const shown = exact ? pieces : [piece('literal', null, key)];
  return { key, hex: toHex(key), text: shown.map((p) => p.text).join(''), layout, pieces: shown };
}

export interface SampleKey {
  key: Uint8Array;
  hex: string;
  text: string;
}

/** `n` generated keys (seeded, so the list is the same on every visit) in Bigtable row order. */
export function sortedSampleKeys(rowKey: RowKey, n: number, seed = 1): SampleKey[] {
  // For a few dozen keys a comparison sort is plenty; big lists go to core/sort/byteSort.
  const keys = sampleKeys(rowKey, n, { seed }).sort(compareBytes);
  return keys.map((key) => ({ key, hex: toHex(key), text: displayKey(key) }));
}

/** The colour slot (0-7) of a field: its position in the key, so colours follow key order. */
export function colourSlot(layout: KeyLayout, field: string): number {
  const i = layout.fields.indexOf(field);
  return (i < 0 ? 0 : i) % 8;
}

/** A GC rule as the condition under which a cell is deleted. */
export function gcSummary(rule: GcRule | undefined): string {
  if (!rule) return 'none: every cell is kept';
  return `delete when ${renderGc(rule, GC_CONDITION)}`;
}

const GC_CONDITION: GcWords = {
  maxAge: (age) => `older than ${age}`,
  maxVersions: (n) => (n === 1 ? 'not the newest version' : `not among the newest ${n} versions`),
  union: ' or ',
  intersection: ' and ',
};
