// Batch A helpers (hotspots and key shape): where concurrent writes land in the key space,
// and the pure edit that puts a hash salt in front of a key.
import type { Design, Field, Table } from '../../model/schema';
import { layoutOf, TemplateError } from '../../keys/template';
import type { DesignAnalysis, FieldInfo, TableAnalysis } from '../../analysis/design';
import type { Finding } from '../types';
import { updateTable } from '../edit';
import { isMovingEdge } from '../../capacity/hotspot';

/** The table a finding concerns: by the index in its path, checked against its name. */
export function tableOfFinding(analysis: DesignAnalysis, finding: Finding): TableAnalysis | null {
  const i = finding.path[0] === 'tables' ? finding.path[1] : undefined;
  const t = typeof i === 'number' ? analysis.tables[i] : analysis.tables.find((x) => x.table.name === finding.table);
  return t && t.table.name === finding.table ? t : null;
}

export interface WriteSpread {
  /** Distinct key ranges that take writes at one moment (product of cardinalities). */
  points: number;
  /** Share of all writes that goes to the busiest of those ranges. */
  hottest: number;
  /** The fields that make up the write points, in key order. */
  group: FieldInfo[];
  /** The timestamp or sequence where concurrent writes of one group value converge, if any. */
  stop: FieldInfo | null;
  spread: boolean;
}

/**
 * Walks the key from its first field: each field multiplies the ranges writes can go to, until
 * a timestamp or a sequence, where all concurrent writes of one prefix meet at its tail. Rows
 * split anywhere, so a low-cardinality first field is harmless when a later field spreads the
 * writes under each of its values.
 */
export function writeSpread(t: TableAnalysis, nodes: number): WriteSpread {
  const enough = (points: number, hottest: number) => points >= 10 * nodes && hottest <= 1 / nodes;
  let points = 1;
  let hottest = 1;
  const group: FieldInfo[] = [];
  for (const f of t.fields) {
    if (isMovingEdge(f)) return { points, hottest, group, stop: f, spread: enough(points, hottest) };
    if (f.isTime) {
      // A bucket of an hour or more is one value at any moment, and its range splits like any
      // other (capacity/hotspot.ts): it neither adds write points nor stops the walk.
      group.push(f);
      continue;
    }
    if (f.isSalt) {
      // A salt spreads only what it hashes beyond the fields already in the prefix; and it
      // splits the busiest key's writes only if it hashes something that varies between those
      // writes (a salt of the hot tenant alone always gives that tenant the same bucket).
      const of = saltInputs(t, f);
      if (of.every((n) => group.some((g) => g.name === n))) continue;
      points *= f.cardinality;
      const varies = of.some((n) => {
        const x = t.fields.find((g) => g.name === n);
        return !!x && (x.isTime ? (x.resolutionMs ?? Infinity) <= 1000 : x.isSequential || x.topShare * f.cardinality <= 1);
      });
      if (varies) hottest /= f.cardinality;
    } else {
      points *= f.cardinality;
      hottest *= f.topShare;
    }
    group.push(f);
    if (enough(points, hottest)) return { points, hottest, group, stop: null, spread: true };
  }
  return { points, hottest, group, stop: null, spread: enough(points, hottest) };
}

/** The fields a salt hashes (its `of`, or every other non-salt field of the key). */
export function saltInputs(t: TableAnalysis, salt: FieldInfo): string[] {
  const f = salt.field;
  if (f.type !== 'hash') return [];
  return f.of ?? t.fields.filter((x) => !x.isSalt).map((x) => x.name);
}

const RESERVED = new Set(['_key', '_timestamp']);
const DELIMITERS = ['#', ':', '|', '_', '-', '.'];

/** A field name not used by the key, a family, or Bigtable itself. */
export function freeFieldName(table: Table, base: string): string {
  const taken = new Set([...Object.keys(table.rowKey.fields), ...(table.families ?? []).map((f) => f.name), ...RESERVED]);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

/**
 * Puts a hash salt in front of the key:
 * `{salt}#` + the old template, hashing `of` into `buckets` values. Returns null when the new
 * key would not parse.
 */
export function prependSalt(design: Design, t: TableAnalysis, of: string[], buckets: number): Design | null {
  const layout = t.layout;
  if (!layout || of.length === 0) return null;
  const name = freeFieldName(t.table, 'salt');
  const rowKey = t.table.rowKey;
  let delimiter = layout.delimiter;
  if (delimiter === null && layout.encoding !== 'orderedCode') {
    // A one-field key gains its first delimiter: one that no value can contain.
    if (t.fields.some((f) => f.charset.any)) return null;
    delimiter = DELIMITERS.find((d) => t.fields.every((f) => !f.charset.chars.has(d))) ?? null;
    if (delimiter === null) return null;
  }
  const template = `{${name}}${delimiter ?? ''}${rowKey.template}`;
  const salt: Field = { type: 'hash', of, buckets };
  const next = {
    ...rowKey,
    template,
    ...(rowKey.delimiter === undefined && delimiter !== null && layout.delimiter === null ? { delimiter } : {}),
    ...(layout.encoding === 'singleton' ? { encoding: 'delimited' as const } : {}),
    fields: { [name]: salt, ...rowKey.fields },
  };
  try {
    const l = layoutOf(next);
    if (l.fields[0] !== name || l.fields.length !== layout.fields.length + 1) return null;
  } catch (e) {
    if (e instanceof TemplateError) return null;
    throw e;
  }
  return updateTable(design, t.index, (tab) => ({ ...tab, rowKey: next }));
}

/** Salt buckets the fixes use: a multiple of the nodes (4 per node), so every node gets ranges. */
export const saltBuckets = (nodes: number): number => 4 * nodes;

/**
 * The design with a salt right after the key field `after` (`{after}#{salt}#rest`), hashing `of`
 * (fields after it): the writes of the busiest `after` value spread over the salt's buckets, and
 * a scan of one value of `after` stays under one prefix. Null when the template has no
 * delimiter to put it behind, or cannot be rebuilt.
 */
export function insertSaltAfter(design: Design, t: TableAnalysis, after: string, of: string[], buckets: number): Design | null {
  const layout = t.layout;
  if (!layout || of.length === 0 || layout.encoding !== 'delimited' || !layout.delimiter) return null;
  const rowKey = t.table.rowKey;
  const name = freeFieldName(t.table, 'shard');
  const at = `{${after}}${layout.delimiter}`;
  const i = rowKey.template.indexOf(at);
  if (i < 0) return null;
  const template = `${rowKey.template.slice(0, i + at.length)}{${name}}${layout.delimiter}${rowKey.template.slice(i + at.length)}`;
  const next = { ...rowKey, template, fields: { ...rowKey.fields, [name]: { type: 'hash', of, buckets } as Field } };
  try {
    const l = layoutOf(next);
    if (l.fields[l.fields.indexOf(after) + 1] !== name || l.fields.length !== layout.fields.length + 1) return null;
  } catch (e) {
    if (e instanceof TemplateError) return null;
    throw e;
  }
  return updateTable(design, t.index, (tab) => ({ ...tab, rowKey: next }));
}
