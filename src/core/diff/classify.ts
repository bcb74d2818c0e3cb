// What Bigtable allows for each change (docs/cli.md#diff): in place, needs care, a new table
// and a backfill, or nothing to do in Bigtable (the design's own notes: queries, load, text).
import type { Design, Field, RowKey, Table } from '../model/schema';
import { layoutOf } from '../keys/template';
import { sameValue, type RawChange } from './walk';

export type ChangeClass = 'new-table' | 'needs-care' | 'in-place' | 'design-only';

export const CLASS_LABEL: Record<ChangeClass, string> = {
  'new-table': 'new table + backfill',
  'needs-care': 'needs care',
  'in-place': 'in place',
  'design-only': 'design only',
};

/** Field options that change a key's bytes, per type; every other option only shapes generated values. */
const ENCODING_OPTIONS: Record<Field['type'], string[]> = {
  string: [],
  uuid: [],
  int: ['encoding', 'pad'],
  timestamp: ['unit', 'reversed', 'bucket', 'format', 'encoding', 'pad'],
  domain: ['reversed'],
  bytes: ['length'],
  hash: ['of', 'buckets', 'pad'],
};
/** Field options known to shape generated values only. */
const GENERATION_OPTIONS = new Set([
  'description',
  'example',
  'values',
  'weights',
  'cardinality',
  'length',
  'prefix',
  'alphabet',
  'distribution',
  'skew',
  'share',
  'min',
  'max',
]);

/** Settings known to change in place on a live table (other branches' keys, by name). */
const IN_PLACE_SETTINGS = new Set(['deletionProtection', 'changeStream', 'changeStreamRetention', 'automatedBackup', 'views', 'authorizedViews']);
const DESIGN_ONLY = new Set(['description', 'queries', 'load', 'lint', 'name', '$schema', 'columns', 'splits', 'format']);

/**
 * How a table's key changed: 'bytes' when keys are written differently (layout, types or
 * encoding options), 'names' when only field names differ (the row key schema's field names),
 * 'none' when the same keys come out.
 */
export function keyChange(a: RowKey, b: RowKey): 'bytes' | 'names' | 'none' {
  const sa = keySignature(a);
  const sb = keySignature(b);
  if (sa === null || sb === null || sa.bytes !== sb.bytes) return 'bytes';
  return sa.names === sb.names ? 'none' : 'names';
}

function keySignature(rk: RowKey): { bytes: string; names: string } | null {
  try {
    const layout = layoutOf(rk);
    const index = new Map(layout.fields.map((f, i) => [f, i]));
    const parts = layout.segments.map((s) => {
      const f = s.field ? rk.fields[s.field] : undefined;
      if (!f) return { prefix: s.prefix, suffix: s.suffix };
      const enc: Record<string, unknown> = { type: f.type };
      for (const k of Object.keys(f)) if (!GENERATION_OPTIONS.has(k) || ENCODING_OPTIONS[f.type].includes(k)) enc[k] = (f as Record<string, unknown>)[k];
      if (f.type === 'hash') enc.of = (f.of ?? layout.fields.filter((n) => n !== s.field && rk.fields[n]?.type !== 'hash')).map((n) => index.get(n));
      return { prefix: s.prefix, suffix: s.suffix, field: enc };
    });
    return { bytes: JSON.stringify([layout.encoding, layout.delimiter, parts]), names: JSON.stringify(layout.fields) };
  } catch {
    return null;
  }
}

export interface Classified {
  class: ChangeClass;
  why: string;
}

const tableOf = (d: Design, name: string | undefined): Table | undefined => d.tables.find((t) => t.name === name);

export function classify(c: RawChange, a: Design, b: Design): Classified {
  const [top, tname, section, sub, opt] = c.path;
  if (top !== 'tables') {
    if (top === 'cluster') {
      if (c.path[1] === 'storage')
        return { class: 'needs-care', why: 'the storage type is fixed per cluster: a new cluster (and a copy of the data) is needed' };
      return { class: 'in-place', why: 'nodes are changed on a running cluster' };
    }
    if (DESIGN_ONLY.has(top!)) return { class: 'design-only', why: "the design's own text and settings: nothing changes in Bigtable" };
    if (IN_PLACE_SETTINGS.has(top!)) return { class: 'in-place', why: `${top} can be changed on a live instance` };
    return { class: 'needs-care', why: `"${top}" is a setting this diff does not know: check what Bigtable allows before applying` };
  }
  if (c.path.length === 2) {
    if (c.kind === 'added') return { class: 'in-place', why: 'a new table is created; nothing existing changes' };
    return { class: 'needs-care', why: 'deleting a table deletes its data (apply never deletes a table)' };
  }
  if (section === 'rowKey') {
    const ta = tableOf(a, tname);
    const tb = tableOf(b, tname);
    const kc = ta && tb ? keyChange(ta.rowKey, tb.rowKey) : 'bytes';
    const generationOnly = sub === 'fields' && c.path.length >= 5 && GENERATION_OPTIONS.has(opt!) && !encodingOption(ta, tb, c.path[3]!, opt!);
    if (generationOnly || kc === 'none')
      return { class: 'design-only', why: 'the keys come out the same bytes: only generated values or the way the template is written change' };
    if (kc === 'names')
      return {
        class: 'needs-care',
        why: "the key bytes stay, but the row key schema's field names change: a schema can be set once, so clear it and set it again",
      };
    return { class: 'new-table', why: 'the key bytes change: rows must be rewritten into a new table (a backfill), keys cannot be changed in place' };
  }
  if (section === 'families') {
    if (c.path.length === 4) {
      if (c.kind === 'added') return { class: 'in-place', why: 'a column family is added to a live table' };
      if (c.kind === 'removed') return { class: 'needs-care', why: 'dropping a column family deletes its data' };
    }
    if (opt === 'gc') return { class: 'in-place', why: 'a garbage-collection rule is changed in place (it applies at the next compaction)' };
    if (opt === 'aggregate')
      return { class: 'new-table', why: 'an aggregate type is set when the family is created and cannot change: a new family or table and a backfill' };
    if (opt === 'columns' || opt === 'description') return { class: 'design-only', why: 'columns are data, not schema, in Bigtable: nothing to change' };
    if (opt && IN_PLACE_SETTINGS.has(opt)) return { class: 'in-place', why: `${opt} can be changed on a live family` };
    return { class: 'needs-care', why: `family setting "${opt}" is not one this diff knows: check what Bigtable allows` };
  }
  if (section === 'splits') return { class: 'design-only', why: 'pre-splits apply when a table is created; Bigtable splits a live table itself' };
  if (DESIGN_ONLY.has(section!))
    return {
      class: 'design-only',
      why:
        section === 'queries' || section === 'load'
          ? 'how the table is used: nothing changes in Bigtable (see the plan changes)'
          : "the design's own text: nothing changes in Bigtable",
    };
  if (IN_PLACE_SETTINGS.has(section!)) return { class: 'in-place', why: `${section} can be changed on a live table` };
  return { class: 'needs-care', why: `table setting "${section}" is not one this diff knows: check what Bigtable allows before applying` };
}

function encodingOption(ta: Table | undefined, tb: Table | undefined, field: string, opt: string): boolean {
  const type = (tb?.rowKey.fields[field] ?? ta?.rowKey.fields[field])?.type;
  const before = ta?.rowKey.fields[field]?.type;
  if (!type || (before && before !== type)) return true;
  return ENCODING_OPTIONS[type].includes(opt);
}

export { sameValue };
