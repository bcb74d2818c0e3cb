// When the simulator generates one key for every w writes, an auto-increment field must still
// count writes, not generated keys: key k stands for write j = floor(k * w), whose sequential
// rank is j mod cardinality (docs/design-format.md 9.3-9.4). Other distributions draw ranks
// independently of the row number, so a sample of them is a sample of the writes.
// This mirrors the documented value rules of keys/generate.ts; sequential.test.ts checks that
// both agree when w = 1.
import type { Field, RowKey, StringField } from '../model/schema';
import { assertNever, type FieldValue, type KeyRecord } from '../keys/values';

const ALPHABETS: Record<NonNullable<StringField['alphabet']>, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  alnum: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  hex: '0123456789abcdef',
};

type Override = (j: number) => FieldValue;

function overrideOf(field: Field): Override | null {
  if (!('distribution' in field) || field.distribution !== 'sequential') return null;
  switch (field.type) {
    case 'int': {
      const min = field.min ?? 0;
      const span = Math.max(1, field.cardinality ?? (field.max !== undefined ? field.max - min + 1 : 1_000_000));
      return (j) => BigInt(min + (j % span));
    }
    case 'string': {
      if (field.values) {
        const values = field.values;
        if (field.weights && field.weights.length === values.length) return null; // weights win
        return (j) => values[j % values.length]!;
      }
      const alphabet = ALPHABETS[field.alphabet ?? 'lower'];
      const length = field.length ?? 8;
      const card = field.cardinality ?? 10000;
      const prefix = field.prefix ?? '';
      const base = alphabet.length;
      return (j) => {
        let k = j % card;
        let s = '';
        for (let p = 0; p < length; p++) {
          s = alphabet[k % base]! + s;
          k = Math.floor(k / base);
        }
        return prefix + s;
      };
    }
    // A sequential domain hashes its rank into a name: the order of writes does not show in
    // the key, so a sample of them is as good as the writes.
    case 'domain':
      return null;
    default:
      return assertNever(field);
  }
}

/**
 * A function that rewrites the sequential fields of a generated record for write number j, or
 * null when the key has none.
 */
export function sequentialRewriter(rowKey: RowKey): ((record: KeyRecord, j: number) => void) | null {
  const fns: [string, Override][] = [];
  for (const [name, field] of Object.entries(rowKey.fields)) {
    const fn = overrideOf(field);
    if (fn) fns.push([name, fn]);
  }
  if (fns.length === 0) return null;
  return (record, j) => {
    for (const [name, fn] of fns) if (name in record) record[name] = fn(j);
  };
}
