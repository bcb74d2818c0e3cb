// Infers a row-key template from sampled keys (docs/infer.md): the structure (structure.ts),
// each column's type and options (classify.ts), a salt checked against the FNV-1a rule, then
// every key of the input decoded under the result, so the keys that do not fit are listed by
// line, never dropped.
import { escapeLiteral } from '../keys/template';
import { createCodec } from '../keys/codec';
import { validateDesign, formatIssue } from '../load/load-design';
import { FIELD_NAME, FORMAT_V1, ROW_KEY_TEMPLATE_MAX, type Design, type Field, type RowKey, type Table } from '../model/schema';
import { classifyColumn, type Guess } from './classify';
import { keysOf, linesOf, spreadSample, type KeySource } from './source';
import { findStructure } from './structure';
import { checkAll } from './fit';

export { linesOf, keysOf, type KeySource } from './source';

export interface InferOptions {
  /** Design name (default "Inferred from sample keys"). */
  name?: string;
  /** Table name (default "inferred"). */
  table?: string;
  /** Keys the types are inferred from, spread over the input (default 20,000). Every key is checked. */
  sample?: number;
  /** Misfits listed (all are counted; default 1,000). */
  maxMisfits?: number;
}

export interface InferredField {
  name: string;
  type: Field['type'];
  /** 0..1: the share of sampled values the type explains, times how sure the type is. */
  confidence: number;
  note: string;
}

export type { Misfit } from './fit';
import type { Misfit } from './fit';

export interface InferResult {
  design: Design;
  table: Table;
  encoding: 'delimited' | 'orderedCode';
  delimiter: string | null;
  fields: InferredField[];
  /** Keys read (blank lines are not keys). */
  keys: number;
  sampled: number;
  /** Keys that decode under the template and re-encode to the same bytes. */
  fitted: number;
  misfitCount: number;
  /** The first maxMisfits keys that do not fit, by line. */
  misfits: Misfit[];
  blankLines: number;
  notes: string[];
}

/** The longest field name infer makes from the keys' text. */
const MAX_NAME = 32;

export class InferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferError';
  }
}

export function inferFromText(text: Uint8Array, opts: InferOptions = {}): InferResult {
  return inferFromSource(linesOf(text), opts);
}

export function inferFromKeys(keys: readonly Uint8Array[], opts: InferOptions = {}): InferResult {
  return inferFromSource(keysOf(keys), opts);
}

export function inferFromSource(src: KeySource, opts: InferOptions = {}): InferResult {
  if (src.count === 0) throw new InferError('no keys to infer from: give one key a line');
  const picks = spreadSample(src.count, opts.sample ?? 20_000);
  const sample: Uint8Array[] = [];
  for (const i of picks) {
    try {
      sample.push(src.key(i));
    } catch {
      // a bad escape: the full pass below lists it
    }
  }
  if (sample.length === 0) throw new InferError('no key could be read: every sampled line has a bad escape');
  const structure = findStructure(sample);
  const rows = structure.rows.filter((r): r is Uint8Array[] => r !== null);
  if (rows.length === 0) throw new InferError('the keys do not share a structure (no delimiter, width or ordered-code layout fits most of them)');
  const sorted = sample.every((k, i) => i === 0 || compare(sample[i - 1]!, k) <= 0);
  const ctx = { total: src.count, columns: structure.columns.length, sorted, orderedCode: structure.encoding === 'orderedCode' };
  const guesses: Guess[] = structure.columns.map((_, c) =>
    classifyColumn(
      rows.map((r) => r[c]!),
      { ...ctx, first: c === 0 },
    ),
  );
  if (!guesses.some((g) => g.kind === 'field')) {
    // The same text in every key: one value, of at most the format's 1,024 characters; what is
    // longer stays before it in the template as literal text (split between code points).
    const g = guesses[0] as Extract<Guess, { kind: 'literal' }>;
    const [head, tail] = splitForValue(g.text);
    guesses[0] = { kind: 'field', field: { type: 'string', values: [tail] }, prefix: head, confidence: 1, note: 'the same text in every key' };
  }
  const notes: string[] = [];
  const names = nameFields(guesses);
  const fields: Record<string, Field> = {};
  const inferred: InferredField[] = [];
  guesses.forEach((g, c) => {
    if (g.kind !== 'field') return;
    fields[names[c]!] = g.field;
    inferred.push({ name: names[c]!, type: g.field.type, confidence: g.confidence, note: g.note });
  });
  const template = guesses
    .map((g, c) => (g.kind === 'literal' ? escapeLiteral(g.text) : `${escapeLiteral(g.prefix)}{${names[c]}}`))
    .join(structure.encoding === 'orderedCode' ? '' : escapeLiteral(structure.delimiter ?? ''));
  // Text every key shares is written into the template, which holds at most 4,096 characters.
  if (template.length > ROW_KEY_TEMPLATE_MAX)
    throw new InferError(
      `the keys' template would be ${template.length.toLocaleString('en-US')} characters (${JSON.stringify(template.slice(0, 40))}…: text every key shares), past the ${ROW_KEY_TEMPLATE_MAX.toLocaleString('en-US')} a row key template holds; a row key is at most 4 KiB ("Quotas and limits")`,
    );
  const rowKey: RowKey = {
    template,
    ...(structure.delimiter !== null && guesses.length > 1 ? { delimiter: structure.delimiter } : {}),
    ...(structure.encoding === 'orderedCode' ? { encoding: 'orderedCode' as const } : {}),
    fields,
  };
  const first: Guess | undefined = guesses[0];
  if (first?.kind === 'field' && first.salt) checkSalt(rowKey, names[0]!, first.salt, sample, inferred[0]!, notes);
  for (const f of inferred) f.type = rowKey.fields[f.name]!.type;
  for (const f of inferred)
    rowKey.fields[f.name] = { ...rowKey.fields[f.name]!, description: `Inferred: ${clipNote(f.note)} (confidence ${f.confidence}).` } as Field;

  const { fitted, misfitCount, misfits } = checkAll(src, rowKey, opts.maxMisfits ?? 1000);
  const tableName = opts.table ?? 'inferred';
  const pct = (x: number) => `${Math.round((x / src.count) * 1000) / 10}%`;
  const table: Table = {
    name: tableName,
    description: `Inferred from ${src.count} keys (${picks.length} sampled): ${fitted} (${pct(fitted)}) fit the template, ${misfitCount} do not.`,
    rowKey,
  };
  const design: Design = { format: FORMAT_V1, name: opts.name ?? 'Inferred from sample keys', tables: [table] };
  const checked = validateDesign(design, 'inferred design');
  if (!checked.ok) throw new Error(`the inferred design does not validate: ${checked.issues.map(formatIssue).join('; ')}`);
  if (src.blankLines > 0) notes.push(`${src.blankLines} blank line(s) skipped (a row key is never empty)`);
  if (picks.length < 20) notes.push(`only ${picks.length} keys: types and distributions are guesses`);
  return {
    design: checked.design,
    table: checked.design.tables[0]!,
    encoding: structure.encoding,
    delimiter: structure.delimiter,
    fields: inferred,
    keys: src.count,
    sampled: picks.length,
    fitted,
    misfitCount,
    misfits,
    blankLines: src.blankLines,
    notes,
  };
}

/** A string field's value holds at most 1,024 characters (UTF-16 units, as zod counts them). */
const MAX_VALUE_CHARS = 1024;

/** Text as [what goes before the field in the template, the field's one value]: the value its last 1,024 units, whole code points. */
export function splitForValue(text: string): [string, string] {
  if (text.length <= MAX_VALUE_CHARS) return ['', text];
  let cut = text.length - MAX_VALUE_CHARS;
  const unit = text.charCodeAt(cut);
  if (unit >= 0xdc00 && unit <= 0xdfff) cut++;
  return [text.slice(0, cut), text.slice(cut)];
}

function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Names from the values (`tenant_` -> tenant), from a constant segment before the field (`device#{device}`), else field1, field2... */
function nameFields(guesses: Guess[]): (string | null)[] {
  const used = new Set<string>();
  return guesses.map((g, c) => {
    if (g.kind !== 'field') return null;
    const before = guesses[c - 1];
    const fromLiteral = before?.kind === 'literal' ? before.text.toLowerCase().replace(/[^a-z0-9_]/g, '_') : undefined;
    let base = g.name ?? fromLiteral ?? `field${c + 1}`;
    if (!FIELD_NAME.test(base)) base = `field${c + 1}`;
    // A name read from the keys' text is cut: the template spells every name out.
    base = base.slice(0, MAX_NAME);
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base}${k}`;
    used.add(name);
    return name;
  });
}

/** How many sampled keys decode with the leading field as a hash salt over `buckets`. */
function saltFits(rowKey: RowKey, name: string, buckets: number, pad: { pad?: number }, keys: readonly Uint8Array[]): { candidate: RowKey; ok: number } {
  const candidate: RowKey = { ...rowKey, fields: { ...rowKey.fields, [name]: { type: 'hash', buckets, ...pad } } };
  let ok = 0;
  try {
    const codec = createCodec(candidate);
    for (const k of keys) {
      try {
        codec.decode(k);
        ok++;
      } catch {
        // not this salt
      }
    }
  } catch {
    ok = 0;
  }
  return { candidate, ok };
}

/**
 * A leading field uniform over 0..N-1: the studio's hash salt when FNV-1a of the other fields
 * reproduces it, else an int. A probe (only some buckets seen) tries each bucket count from the
 * largest value seen + 1 up to twice that on a few keys first, and changes nothing if none fits.
 */
function checkSalt(
  rowKey: RowKey,
  name: string,
  salt: { buckets: number; width: number; probe?: boolean },
  sample: Uint8Array[],
  info: InferredField,
  notes: string[],
): void {
  let buckets = salt.buckets;
  if (salt.probe) {
    const step = Math.max(1, Math.floor(sample.length / 64));
    const few = sample.filter((_, i) => i % step === 0).slice(0, 64);
    const last = Math.min(1000, 10 ** salt.width, salt.buckets * 2);
    let found = 0;
    for (let n = salt.buckets; n <= last && !found; n++) {
      const pad = String(n - 1).length === salt.width ? {} : { pad: salt.width };
      if (saltFits(rowKey, name, n, pad, few).ok >= few.length * 0.9) found = n;
    }
    if (!found) return;
    buckets = found;
  }
  const pad = String(buckets - 1).length === salt.width ? {} : { pad: salt.width };
  const { candidate, ok } = saltFits(rowKey, name, buckets, pad, sample);
  if (salt.probe && ok < sample.length * 0.9) return;
  if (ok >= sample.length * 0.9) {
    rowKey.fields = candidate.fields;
    // A probe's field had no name from its values: it is the salt now (the template leads with it).
    if (salt.probe && /^field\d+$/.test(name) && !rowKey.fields.salt && rowKey.template.startsWith(`{${name}}`)) {
      const { [name]: field, ...rest } = rowKey.fields;
      rowKey.fields = { salt: field!, ...rest };
      rowKey.template = `{salt}${rowKey.template.slice(name.length + 2)}`;
      info.name = 'salt';
    }
    // The hash decides the bucket: how the sample spread over them says nothing more.
    info.note = `a salt over ${buckets} buckets: FNV-1a of the other fields modulo ${buckets} reproduces it in ${ok} of ${sample.length} sampled keys`;
    info.confidence = Math.round((ok / sample.length) * 100) / 100;
    notes.push(`${info.name} is the studio's hash salt (FNV-1a of the other fields, docs/design-format.md)`);
  } else {
    info.note = `a salt: uniform over 0..${salt.buckets - 1}, but not FNV-1a of the other fields (kept as an int)`;
    notes.push(`${name} looks like a salt over ${salt.buckets} buckets, but the FNV-1a rule does not reproduce it: your application computes it another way`);
  }
}

/** A note that fits a field's description (at most 2,000 characters with its frame): cut at a character, with an ellipsis. */
function clipNote(note: string, max = 1900): string {
  if (note.length <= max) return note;
  let out = '';
  for (const ch of note) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return `${out}…`;
}
