// Which keys a declared query would return, so the sorter can light them up. A query names
// how it matches each key field (eq, prefix, range) but not the values: those come from an
// anchor key (the selected row). eq takes the anchor's value, prefix the first half of it,
// range runs from the anchor's value over a quarter of the values the field takes in the
// list. Values compare as key bytes, which is what Bigtable's row ranges do. The plan
// (core/analysis/query-plan.ts) says what the read should look like: one range for a prefix or a
// range scan, one per salt bucket for a salted key, the whole table for a full scan.
// Imports core only: this module runs in the sort worker.
import { displayKey as shown } from '../../core/keys/bytes';
import { compareBytes } from '../../core/sort/byteSort';
import { readableTimestamp } from '../../core/keys/values';
import { planQuery, type QueryPlanKind } from '../../core/analysis/query-plan';
import type { Table } from '../../core/model/schema';
import { STEP, type Progress, type SortedKeys } from './keyset';
import { createSpanner } from './spans';

export interface MatchRequest {
  table: Table;
  queryIndex: number;
  /** Sorted position of the key whose values fill in the query. */
  anchor: number;
}

export interface MatchResult {
  /** mask[k] = 1 when the key at sorted position k matches. */
  mask: Uint8Array;
  matched: number;
  /** Runs of adjacent matching keys in byte order. */
  runs: number;
  /** Keys that do not fit the table's template (never matched). */
  unfit: number;
  plan: { kind: QueryPlanKind; scans: number; start: string; end: string };
  /** What the anchor filled in, per matched field, as shown text. */
  bindings: {
    field: string;
    how: 'eq' | 'prefix' | 'range';
    value: string /** A reversed (or numeric) timestamp's value as an ISO time. */;
    readable?: string;
  }[];
}

type Test = (key: Uint8Array, r: Int32Array) => boolean;

const SAMPLE = 4096;

export function* matchQuery(keys: SortedKeys, req: MatchRequest): Generator<Progress, MatchResult> {
  const { table } = req;
  const query = table.queries?.[req.queryIndex];
  if (!query) throw new Error(`the table has no query ${req.queryIndex + 1}`);
  const spanner = createSpanner(table.rowKey);
  const plan = planQuery(table, spanner.layout, query, req.queryIndex);
  const n = keys.count;
  const width = spanner.fields.length * 2;
  const ranges = new Int32Array(width);
  const key = (k: number) => keys.data.subarray(keys.starts[keys.order[k]!]!, keys.ends[keys.order[k]!]!);

  const anchorKey = n > 0 ? key(Math.min(Math.max(0, req.anchor), n - 1)) : new Uint8Array(0);
  const anchorRanges = new Int32Array(width);
  const anchorFits = n > 0 && spanner.fieldRanges(anchorKey, anchorRanges);
  const valueOf = (k: Uint8Array, r: Int32Array, f: number) => k.subarray(r[2 * f]!, r[2 * f + 1]!);

  const tests: Test[] = [];
  const bindings: MatchResult['bindings'] = [];
  for (const [field, how] of Object.entries(query.match ?? {})) {
    const f = spanner.fields.indexOf(field);
    if (f < 0 || !anchorFits) {
      tests.push(() => false);
      continue;
    }
    const anchorValue = valueOf(anchorKey, anchorRanges, f).slice();
    if (how === 'eq') {
      tests.push((k, r) => compareBytes(valueOf(k, r, f), anchorValue) === 0);
      const readable = readableTimestamp(field, table.rowKey.fields[field]!, anchorValue);
      bindings.push({ field, how, value: shown(anchorValue), ...(readable ? { readable } : {}) });
    } else if (how === 'prefix') {
      const prefix = anchorValue.subarray(0, Math.max(1, Math.ceil(anchorValue.length / 2)));
      tests.push((k, r) => startsWith(valueOf(k, r, f), prefix));
      bindings.push({ field, how, value: `${shown(prefix)}…` });
    } else {
      const [lo, hi] = quarterFrom(keys, spanner.fieldRanges, width, f, anchorValue);
      tests.push((k, r) => compareBytes(valueOf(k, r, f), lo) >= 0 && compareBytes(valueOf(k, r, f), hi) <= 0);
      const [rlo, rhi] = [lo, hi].map((v) => readableTimestamp(field, table.rowKey.fields[field]!, v));
      bindings.push({ field, how, value: `${shown(lo)} … ${shown(hi)}`, ...(rlo && rhi ? { readable: `${rlo} … ${rhi}` } : {}) });
    }
  }

  const mask = new Uint8Array(n);
  let matched = 0;
  let runs = 0;
  let unfit = 0;
  for (let k = 0; k < n; k++) {
    const kb = key(k);
    if (!spanner.fieldRanges(kb, ranges)) unfit++;
    else if (tests.every((t) => t(kb, ranges))) {
      mask[k] = 1;
      matched++;
      if (k === 0 || mask[k - 1] === 0) runs++;
    }
    if ((k + 1) % STEP === 0) yield { stage: 'match', done: k + 1, total: n };
  }
  return { mask, matched, runs, unfit, plan: { kind: plan.kind, scans: plan.scans, start: plan.start, end: plan.end }, bindings };
}

/**
 * A range that starts at the anchor's value and spans a quarter of the values the field takes
 * (over an even sample of the list), so it holds the anchor and reads a visible share of rows.
 */
function quarterFrom(
  keys: SortedKeys,
  fieldRanges: (k: Uint8Array, out: Int32Array) => boolean,
  width: number,
  f: number,
  anchor: Uint8Array,
): [Uint8Array, Uint8Array] {
  const r = new Int32Array(width);
  const values: Uint8Array[] = [];
  const step = Math.max(1, Math.floor(keys.count / SAMPLE));
  for (let k = 0; k < keys.count; k += step) {
    const i = keys.order[k]!;
    const kb = keys.data.subarray(keys.starts[i]!, keys.ends[i]!);
    if (fieldRanges(kb, r)) values.push(kb.slice(r[2 * f]!, r[2 * f + 1]!));
  }
  values.sort(compareBytes);
  // The first sampled value at or after the anchor's, then a quarter of the sample further on.
  let at = 0;
  while (at < values.length && compareBytes(values[at]!, anchor) < 0) at++;
  const hi = values[Math.min(values.length - 1, at + Math.ceil(values.length / 4))] ?? anchor;
  return [anchor, compareBytes(hi, anchor) < 0 ? anchor : hi];
}

function startsWith(v: Uint8Array, prefix: Uint8Array): boolean {
  if (v.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (v[i] !== prefix[i]) return false;
  return true;
}
