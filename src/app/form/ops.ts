// Pure edits of a design, used by the form: each returns new objects along the changed path
// and reuses everything else (the validator caches per table object, React memoises panels).
// No React, no store: the store checks the result (validateDesign) before it lands.
import { layoutOf, printSegments, type Segment } from '../../core/keys/template';
import type { Design, Family, Field, FieldType, GcRule, Query, RowKey, Table } from '../../core/model/schema';

/** `obj` with `key` set, or removed when the value is undefined (no `key: undefined` left behind). */
export function setOpt<T extends object, K extends keyof T>(obj: T, key: K, value: T[K] | undefined): T {
  if (value === undefined) {
    if (!(key in obj)) return obj;
    const copy = { ...obj };
    delete copy[key];
    return copy;
  }
  return obj[key] === value ? obj : { ...obj, [key]: value };
}

export function replaceAt<T>(list: readonly T[], i: number, fn: (x: T) => T): T[] {
  return list.map((x, j) => (j === i ? fn(x) : x));
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
}

/** A recipe for `editDesign` that changes one table. */
export const onTable =
  (ti: number, fn: (t: Table) => Table) =>
  (d: Design): Design => {
    const t = d.tables[ti];
    if (!t) return d;
    const next = fn(t);
    return next === t ? d : { ...d, tables: replaceAt(d.tables, ti, () => next) };
  };

export function freshName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}${n}`)) return `${base}${n}`;
}

export function newTable(d: Design): Table {
  const name = freshName(
    'table',
    d.tables.map((t) => t.name),
  );
  return { name, rowKey: { template: '{id}', fields: { id: { type: 'string' } } } };
}

// ---- Row-key templates ----

const build = printSegments;

function segmentsOf(rk: RowKey): { segments: Segment[]; delimiter: string | null } | null {
  try {
    const l = layoutOf(rk);
    return { segments: l.segments, delimiter: l.delimiter };
  } catch {
    return null;
  }
}

export function defaultField(type: FieldType): Field {
  return type === 'hash' ? { type, buckets: 8 } : { type };
}

/** Appends a field to the key (and its definition); a singleton key becomes delimited. */
export function addKeyField(rk: RowKey, name: string, type: FieldType): RowKey {
  const cur = segmentsOf(rk);
  const delimiter = cur?.delimiter ?? rk.delimiter ?? '#';
  const template = cur ? build([...cur.segments, { prefix: '', field: name, suffix: '' }], delimiter) : `${rk.template}${delimiter}{${name}}`;
  const next: RowKey = { ...rk, template, fields: { ...rk.fields, [name]: defaultField(type) } };
  return rk.encoding === 'singleton' ? setOpt(next, 'encoding', undefined) : next;
}

/** Moves a field `delta` segments towards the end of the key (negative: towards the start). */
export function moveKeyField(rk: RowKey, name: string, delta: number): RowKey {
  const cur = segmentsOf(rk);
  if (!cur) return rk;
  const i = cur.segments.findIndex((s) => s.field === name);
  const j = Math.max(0, Math.min(cur.segments.length - 1, i + delta));
  if (i < 0 || i === j) return rk;
  return { ...rk, template: build(move(cur.segments, i, j), cur.delimiter) };
}

/** Removes a field from the key, its definition, the queries that match on it and the salts that hash it. */
export function removeKeyField(t: Table, name: string): Table {
  const cur = segmentsOf(t.rowKey);
  const template = cur
    ? build(
        cur.segments.filter((s) => s.field !== name),
        cur.delimiter,
      )
    : t.rowKey.template.replace(`{${name}}`, '');
  const fields: RowKey['fields'] = {};
  for (const [n, f] of Object.entries(t.rowKey.fields)) {
    if (n === name) continue;
    if (f.type === 'hash' && f.of?.includes(name)) {
      const of = f.of.filter((o) => o !== name);
      fields[n] = of.length ? { ...f, of } : setOpt(f, 'of', undefined);
    } else fields[n] = f;
  }
  const queries = t.queries?.map((q) => (q.match && name in q.match ? setOpt(q, 'match', dropKey(q.match, name)) : q));
  return setOpt({ ...t, rowKey: { ...t.rowKey, template, fields } }, 'queries', queries);
}

function dropKey<V>(rec: Record<string, V>, key: string): Record<string, V> | undefined {
  const out = { ...rec };
  delete out[key];
  return Object.keys(out).length ? out : undefined;
}

/** Renames a key field everywhere it is named: template, fields (order kept), query matches, salts. */
export function renameKeyField(t: Table, from: string, to: string): Table {
  if (from === to) return t;
  const cur = segmentsOf(t.rowKey);
  const template = cur
    ? build(
        cur.segments.map((s) => (s.field === from ? { ...s, field: to } : s)),
        cur.delimiter,
      )
    : t.rowKey.template.split(`{${from}}`).join(`{${to}}`);
  const fields: RowKey['fields'] = {};
  for (const [n, f] of Object.entries(t.rowKey.fields)) {
    const g = f.type === 'hash' && f.of?.includes(from) ? { ...f, of: f.of.map((o) => (o === from ? to : o)) } : f;
    fields[n === from ? to : n] = g;
  }
  const queries = t.queries?.map((q) => {
    if (!q.match || !(from in q.match)) return q;
    const match: NonNullable<Query['match']> = {};
    for (const [k, v] of Object.entries(q.match)) match[k === from ? to : k] = v;
    return { ...q, match };
  });
  return setOpt({ ...t, rowKey: { ...t.rowKey, template, fields } }, 'queries', queries);
}

/** Changes the delimiter in the template; writes it out explicitly when it could not be inferred. */
export function setDelimiter(rk: RowKey, delimiter: string): RowKey {
  const cur = segmentsOf(rk);
  if (!cur || delimiter === '') return { ...rk, delimiter };
  const next: RowKey = { ...rk, template: build(cur.segments, cur.segments.length > 1 ? delimiter : null) };
  const inferred = segmentsOf(setOpt(next, 'delimiter', undefined));
  return rk.delimiter !== undefined || inferred?.delimiter !== delimiter ? { ...next, delimiter } : next;
}

/** Changes a field's type, keeping its description (other options belong to the old type). */
export function setFieldType(rk: RowKey, name: string, type: FieldType): RowKey {
  const old = rk.fields[name];
  if (!old || old.type === type) return rk;
  const f = defaultField(type);
  return { ...rk, fields: { ...rk.fields, [name]: old.description ? { ...f, description: old.description } : f } };
}

// ---- Families, GC rules, queries ----

export function newFamily(existing: readonly Family[]): Family {
  return {
    name: freshName(
      'cf',
      existing.map((f) => f.name),
    ),
    gc: { maxVersions: 1 },
  };
}

export type GcKind = 'none' | 'maxVersions' | 'maxAge' | 'union' | 'intersection';

export function gcKind(rule: GcRule | undefined): GcKind {
  if (!rule) return 'none';
  if ('maxVersions' in rule) return 'maxVersions';
  if ('maxAge' in rule) return 'maxAge';
  return 'union' in rule ? 'union' : 'intersection';
}

/** A rule of another kind, keeping what it can: a simple rule becomes the first child of a union or intersection. */
export function gcOfKind(kind: GcKind, prev: GcRule | undefined): GcRule | undefined {
  const children = (r: GcRule | undefined): GcRule[] =>
    !r
      ? [{ maxVersions: 1 }, { maxAge: '30d' }]
      : 'union' in r
        ? r.union
        : 'intersection' in r
          ? r.intersection
          : [r, 'maxAge' in r ? { maxVersions: 1 } : { maxAge: '30d' }];
  switch (kind) {
    case 'none':
      return undefined;
    case 'maxVersions':
      return { maxVersions: prev && 'maxVersions' in prev ? prev.maxVersions : 1 };
    case 'maxAge':
      return { maxAge: prev && 'maxAge' in prev ? prev.maxAge : '30d' };
    case 'union':
      return { union: children(prev) };
    case 'intersection':
      return { intersection: children(prev) };
    default: {
      const never: never = kind;
      throw new Error(`unknown GC kind ${String(never)}`);
    }
  }
}

export function newQuery(existing: readonly Query[]): Query {
  return {
    name: freshName(
      'query',
      existing.map((q) => q.name),
    ),
  };
}

/** Sets (or with undefined, clears) how a query matches one key field. */
export function setMatch(q: Query, field: string, how: 'eq' | 'prefix' | 'range' | undefined): Query {
  const match = { ...(q.match ?? {}) };
  if (how) match[field] = how;
  else delete match[field];
  return setOpt(q, 'match', Object.keys(match).length ? match : undefined);
}
