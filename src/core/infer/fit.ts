// Every key of the input against the inferred template: it fits when it decodes, re-encodes to
// the same bytes, and each value has the shape inferred for its field (one of a closed set, the
// alphabet and length of generated text, a host name). The others are listed by line.
import { bytesEqual } from '../keys/bytes';
import { createCodec } from '../keys/codec';
import type { FieldValue } from '../keys/values';
import type { Field, RowKey } from '../model/schema';
import { escapeKey } from '../sort/escape';
import type { KeySource } from './source';

export interface Misfit {
  /** 1-based line of the input. */
  line: number;
  /** The key as `btstudio sort --escaped` writes it (cut at 200 characters). */
  key: string;
  reason: string;
}

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
const ALPHABET: Record<string, RegExp> = { digits: /^[0-9]*$/, hex: /^[0-9a-f]*$/, lower: /^[a-z]*$/, alnum: /^[0-9A-Za-z]*$/ };

type Check = (v: FieldValue) => string | null;

function checkOf(name: string, f: Field): Check | null {
  if (f.type === 'domain') return (v) => (typeof v === 'string' && HOST.test(v) ? null : `${name} is not a host name`);
  if (f.type !== 'string') return null;
  if (f.values) {
    const set = new Set(f.values);
    return (v) => (set.has(v as string) ? null : `${name} "${String(v).slice(0, 40)}" is not one of the ${set.size} values seen in the sample`);
  }
  const prefix = f.prefix ?? '';
  const alpha = f.alphabet ? ALPHABET[f.alphabet]! : null;
  const length = f.length;
  return (v) => {
    const s = v as string;
    if (!s.startsWith(prefix)) return `${name} does not start with "${prefix}"`;
    const rest = s.slice(prefix.length);
    if (length !== undefined && rest.length !== length) return `${name} has ${rest.length} characters after its prefix, not ${length}`;
    if (alpha && !alpha.test(rest)) return `${name} has characters outside its alphabet (${f.alphabet})`;
    return null;
  };
}

export function checkAll(src: KeySource, rowKey: RowKey, max: number): { fitted: number; misfitCount: number; misfits: Misfit[] } {
  const codec = createCodec(rowKey);
  const checks = Object.entries(rowKey.fields)
    .map(([name, f]) => [name, checkOf(name, f)] as const)
    .filter((c): c is [string, Check] => c[1] !== null);
  let fitted = 0;
  let misfitCount = 0;
  const misfits: Misfit[] = [];
  const miss = (i: number, key: string, reason: string) => {
    misfitCount++;
    if (misfits.length < max) misfits.push({ line: src.line(i), key: key.length > 200 ? `${key.slice(0, 200)}…` : key, reason });
  };
  for (let i = 0; i < src.count; i++) {
    let key: Uint8Array;
    try {
      key = src.key(i);
    } catch (e) {
      miss(i, '', (e as Error).message);
      continue;
    }
    try {
      const record = codec.decode(key);
      let why: string | null = null;
      for (const [name, check] of checks) if ((why = check(record[name]!)) !== null) break;
      if (why !== null) miss(i, escapeKey(key), why);
      else if (bytesEqual(codec.encode(record), key)) fitted++;
      else miss(i, escapeKey(key), 'decodes, but re-encodes to other bytes');
    } catch (e) {
      miss(i, escapeKey(key), (e as Error).message);
    }
  }
  return { fitted, misfitCount, misfits };
}
