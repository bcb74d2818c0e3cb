// `gcloud bigtable instances tables describe TABLE --format=json|yaml` (the admin API's Table)
// back into a design table: the id, families with GC rules and aggregate types, and the key
// from rowKeySchema (delimiter base64, as the API returns it).
import type { PathPart } from '../model/positions';
import { DURATION_UNIT_MS } from '../model/duration';
import { FAMILY_ID, TABLE_ID, type Family, type GcRule, type Table } from '../model/schema';
import { ImportError, message, oneof, describe, isObj, rowKeyFromStruct, type Obj } from './struct';

const TABLE_FIELDS = [
  'name',
  'clusterStates',
  'columnFamilies',
  'granularity',
  'restoreInfo',
  'changeStreamConfig',
  'deletionProtection',
  'automatedBackupPolicy',
  'rowKeySchema',
  'stats',
  'tieredStorageConfig',
];

/** Microseconds per design duration unit, largest first. */
const UNITS: [string, bigint][] = Object.entries(DURATION_UNIT_MS).map(([u, ms]) => [u, BigInt(ms) * 1000n]);

/** A proto Duration (`864000s`, `0.5s`) as a design duration in the largest exact unit (`10d`, `500ms`). */
export function durationFromProto(v: unknown, path: readonly PathPart[]): string {
  const m = typeof v === 'string' ? /^(\d{1,12})(?:\.(\d{1,9}))?s$/.exec(v) : null;
  if (!m) throw new ImportError(path, `expected a duration in seconds like "864000s" (or "0.5s"), found ${describe(v)}`);
  const micros = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 6) || '0');
  if ((m[2] ?? '').padEnd(9, '0').slice(6) !== '000') throw new ImportError(path, `${v} has nanoseconds; Bigtable keeps microseconds at most`);
  if (micros < 1000n) throw new ImportError(path, `${v} is under 1 ms; a max age must be at least 1 ms`);
  for (const [unit, size] of UNITS) {
    if (micros % size === 0n && (micros / size).toString().length <= 9) return `${micros / size}${unit}`;
  }
  throw new ImportError(path, `${v} cannot be written as a design duration (whole milliseconds, at most 9 digits in some unit up to days)`);
}

const GC_KINDS = ['maxNumVersions', 'maxAge', 'union', 'intersection'];
/** Bigtable's max_num_versions is an int32. */
const MAX_VERSIONS = 2147483647;

export function gcFromProto(v: unknown, path: readonly PathPart[]): GcRule | undefined {
  const r = message(v, path, GC_KINDS);
  if (Object.keys(r).length === 0) return undefined;
  const [kind, body] = oneof(r, path, 'GC rule', GC_KINDS);
  if (kind === 'maxNumVersions') {
    const n = typeof body === 'string' && /^\d{1,15}$/.test(body) ? Number(body) : body;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_VERSIONS)
      throw new ImportError([...path, kind], `expected a whole number from 1 to ${MAX_VERSIONS}, found ${describe(body)}`);
    return { maxVersions: n };
  }
  if (kind === 'maxAge') return { maxAge: durationFromProto(body, [...path, kind]) };
  const rules = message(body, [...path, kind], ['rules']).rules;
  if (!Array.isArray(rules) || rules.length === 0)
    throw new ImportError(
      [...path, kind, 'rules'],
      `expected a list of rules, found ${rules === undefined ? 'nothing' : Array.isArray(rules) ? 'an empty list' : describe(rules)}`,
    );
  const parts = rules.map((x, i) => {
    const g = gcFromProto(x, [...path, kind, 'rules', i]);
    if (!g) throw new ImportError([...path, kind, 'rules', i], `an empty rule inside a ${kind}`);
    return g;
  });
  return kind === 'union' ? { union: parts } : { intersection: parts };
}

const AGGREGATORS = { sum: 'sum', min: 'min', max: 'max', hllppUniqueCount: 'hll' } as const;

function aggregateOf(v: unknown, path: readonly PathPart[]): Family['aggregate'] {
  const t = message(v, path, ['aggregateType']);
  if (Object.keys(t).length === 0) return undefined;
  const at = [...path, 'aggregateType'];
  const a = message(t.aggregateType, at, ['inputType', 'stateType', 'sum', 'min', 'max', 'hllppUniqueCount']);
  const kinds = Object.keys(a).filter((k) => Object.hasOwn(AGGREGATORS, k));
  if (kinds.length !== 1)
    throw new ImportError(
      at,
      `${kinds.length ? `${kinds.join(' and ')} are both set` : 'no aggregator set'} (exactly one of sum, min, max, hllppUniqueCount)`,
      kinds.length > 1,
      kinds.length > 1 ? [...at, kinds[1]!] : at,
    );
  const kind = kinds[0] as keyof typeof AGGREGATORS;
  if (kind !== 'hllppUniqueCount' && a.inputType !== undefined && !(isObj(a.inputType) && 'int64Type' in a.inputType)) {
    throw new ImportError([...at, 'inputType'], `${kind} takes Int64 input`);
  }
  return AGGREGATORS[kind];
}

export interface TableImport {
  table: Table;
  notes: string[];
}

/** A Table message (from `tables describe`) as a design table. */
export function tableFromDescribe(value: Obj, path: readonly PathPart[] = []): TableImport {
  const t = message(value, path, TABLE_FIELDS);
  const notes: string[] = [];
  const full = t.name;
  if (typeof full !== 'string' || full === '')
    throw new ImportError(
      [...path, 'name'],
      `expected the table's name (projects/P/instances/I/tables/T), found ${full === undefined ? 'nothing' : describe(full)}`,
    );
  const name = full.split('/').pop()!;
  if (!TABLE_ID.test(name) || name.length > 50)
    throw new ImportError(
      [...path, 'name'],
      `${JSON.stringify(name)} is not a Bigtable table id (1 to 50 of letters, digits, _ - and ., not starting with - or .)`,
    );
  const families: Family[] = [];
  const cf = message(t.columnFamilies, [...path, 'columnFamilies'], Object.keys(isObj(t.columnFamilies) ? t.columnFamilies : {}));
  for (const [fam, body] of Object.entries(cf)) {
    const at = [...path, 'columnFamilies', fam];
    if (!FAMILY_ID.test(fam) || fam.length > 64)
      throw new ImportError(at, `${JSON.stringify(fam)} is not a column family id (1 to 64 of letters, digits, _ - and ., not starting with - or .)`, true);
    const f = message(body, at, ['gcRule', 'valueType', 'stats']);
    const gc = gcFromProto(f.gcRule, [...at, 'gcRule']);
    const aggregate = aggregateOf(f.valueType, [...at, 'valueType']);
    families.push({ name: fam, ...(gc ? { gc } : {}), ...(aggregate ? { aggregate } : {}) });
  }
  let rowKey: Table['rowKey'];
  if (t.rowKeySchema !== undefined && t.rowKeySchema !== null) {
    const r = rowKeyFromStruct(t.rowKeySchema, [...path, 'rowKeySchema'], true);
    rowKey = r.rowKey;
    notes.push(...r.notes);
  } else {
    rowKey = { template: '{row_key}', fields: { row_key: { type: 'string' } } };
    notes.push(`table ${name} has no row key schema: its key is one text field, row_key; describe the key in the template`);
  }
  return { table: { name, rowKey, ...(families.length ? { families } : {}) }, notes };
}
