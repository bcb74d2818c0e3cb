// `gcloud bigtable instances tables describe TABLE --format=json|yaml` (the admin API's Table)
// back into a design table: the id, families with GC rules and aggregate types, and the key
// from rowKeySchema (delimiter base64, as the API returns it).
import type { Family, GcRule, Table } from '../model/schema';
import { ImportError, message, oneof, describe, isObj, rowKeyFromStruct, type Obj } from './struct';

const TABLE_FIELDS = ['name', 'clusterStates', 'columnFamilies', 'granularity', 'restoreInfo', 'changeStreamConfig', 'deletionProtection', 'automatedBackupPolicy', 'rowKeySchema', 'stats', 'tieredStorageConfig'];

const UNITS: [string, bigint][] = [
  ['d', 86_400_000_000n],
  ['h', 3_600_000_000n],
  ['m', 60_000_000n],
  ['s', 1_000_000n],
  ['ms', 1_000n],
];

/** A proto Duration (`864000s`, `0.5s`) as a design duration in the largest exact unit (`10d`, `500ms`). */
export function durationFromProto(v: unknown, where: string): string {
  const m = typeof v === 'string' ? /^(\d+)(?:\.(\d{1,9}))?s$/.exec(v) : null;
  if (!m) throw new ImportError(`${where}: expected a duration like "864000s", found ${describe(v)}`);
  const micros = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 6) || '0');
  if ((m[2] ?? '').padEnd(9, '0').slice(6) !== '000') throw new ImportError(`${where}: ${v} has nanoseconds; Bigtable keeps microseconds at most`);
  if (micros === 0n) throw new ImportError(`${where}: a max age must be at least 1 ms`);
  for (const [unit, size] of UNITS) {
    if (micros % size === 0n && (micros / size).toString().length <= 9) return `${micros / size}${unit}`;
  }
  throw new ImportError(`${where}: ${v} cannot be written as a design duration (whole milliseconds, at most 9 digits)`);
}

export function gcFromProto(v: unknown, where: string): GcRule | undefined {
  const r = message(v, where, ['maxNumVersions', 'maxAge', 'union', 'intersection']);
  if (Object.keys(r).length === 0) return undefined;
  const [kind, body] = oneof(r, where, 'GC rule');
  if (kind === 'maxNumVersions') {
    const n = typeof body === 'string' && /^\d+$/.test(body) ? Number(body) : body;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new ImportError(`${where}.maxNumVersions: expected a whole number of at least 1, found ${describe(body)}`);
    return { maxVersions: n };
  }
  if (kind === 'maxAge') return { maxAge: durationFromProto(body, `${where}.maxAge`) };
  const rules = message(body, `${where}.${kind}`, ['rules']).rules;
  if (!Array.isArray(rules) || rules.length === 0) throw new ImportError(`${where}.${kind}.rules: expected a list of rules, found ${describe(rules)}`);
  const parts = rules.map((x, i) => {
    const g = gcFromProto(x, `${where}.${kind}.rules[${i}]`);
    if (!g) throw new ImportError(`${where}.${kind}.rules[${i}]: an empty rule inside a ${kind}`);
    return g;
  });
  return kind === 'union' ? { union: parts } : { intersection: parts };
}

const AGGREGATORS = { sum: 'sum', min: 'min', max: 'max', hllppUniqueCount: 'hll' } as const;

function aggregateOf(v: unknown, where: string): Family['aggregate'] {
  const t = message(v, where, ['aggregateType']);
  if (Object.keys(t).length === 0) return undefined;
  const a = message(t.aggregateType, `${where}.aggregateType`, ['inputType', 'stateType', 'sum', 'min', 'max', 'hllppUniqueCount']);
  const kinds = Object.keys(a).filter((k) => k in AGGREGATORS);
  if (kinds.length !== 1) throw new ImportError(`${where}.aggregateType: ${kinds.length ? `${kinds.join(' and ')} are both set` : 'no aggregator set'} (exactly one of sum, min, max, hllppUniqueCount)`);
  const kind = kinds[0] as keyof typeof AGGREGATORS;
  if (kind !== 'hllppUniqueCount' && a.inputType !== undefined && !(isObj(a.inputType) && 'int64Type' in a.inputType)) {
    throw new ImportError(`${where}.aggregateType.inputType: ${kind} takes Int64 input`);
  }
  return AGGREGATORS[kind];
}

export interface TableImport {
  table: Table;
  notes: string[];
}

/** A Table message (from `tables describe`) as a design table. */
export function tableFromDescribe(value: Obj, where = 'table'): TableImport {
  const t = message(value, where, TABLE_FIELDS);
  const notes: string[] = [];
  const full = t.name;
  if (typeof full !== 'string' || full === '') throw new ImportError(`${where}.name: expected the table's name (projects/P/instances/I/tables/T), found ${describe(full)}`);
  const name = full.split('/').pop()!;
  const families: Family[] = [];
  const cf = message(t.columnFamilies, `${where}.columnFamilies`, Object.keys(isObj(t.columnFamilies) ? t.columnFamilies : {}));
  for (const [fam, body] of Object.entries(cf)) {
    const at = `${where}.columnFamilies.${fam}`;
    const f = message(body, at, ['gcRule', 'valueType', 'stats']);
    const gc = gcFromProto(f.gcRule, `${at}.gcRule`);
    const aggregate = aggregateOf(f.valueType, `${at}.valueType`);
    families.push({ name: fam, ...(gc ? { gc } : {}), ...(aggregate ? { aggregate } : {}) });
  }
  let rowKey: Table['rowKey'];
  if (t.rowKeySchema !== undefined && t.rowKeySchema !== null) {
    const r = rowKeyFromStruct(t.rowKeySchema, `${where}.rowKeySchema`, true);
    rowKey = r.rowKey;
    notes.push(...r.notes);
  } else {
    rowKey = { template: '{row_key}', fields: { row_key: { type: 'string' } } };
    notes.push(`table ${name} has no row key schema: its key is one text field, row_key; describe the key in the template`);
  }
  return { table: { name, rowKey, ...(families.length ? { families } : {}) }, notes };
}
