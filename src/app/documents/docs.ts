// Pure helpers for the user's design documents: text generated from a design (in the key
// order of the format's reference, so a form edit gives tidy YAML), docs from text or from a
// design, readable unique ids, and the starting point of a new design. No React, no store.
import { exportDesign } from '../../core/export/design';
import { layoutOf } from '../../core/keys/template';
import { loadDesign, validateDesign, type DesignIssue } from '../../core/model/load-design';
import {
  Column,
  Design,
  FORMAT_V1,
  Family,
  Load,
  Query,
  RowKey,
  Table,
  type Design as DesignT,
  type Field,
  type GcRule,
} from '../../core/model/schema';
import { StringField, IntField, TimestampField, UuidField, DomainField, BytesField, HashField } from '../../core/model/schema';
import type { DesignDoc } from '../studio/contract';

type Obj = Record<string, unknown>;

const FIELD_ORDER: Record<Field['type'], string[]> = {
  string: Object.keys(StringField.shape),
  int: Object.keys(IntField.shape),
  timestamp: Object.keys(TimestampField.shape),
  uuid: Object.keys(UuidField.shape),
  domain: Object.keys(DomainField.shape),
  bytes: Object.keys(BytesField.shape),
  hash: Object.keys(HashField.shape),
};

/** `obj` with the keys of `order` first (in that order), then any others as they were. */
function ordered(obj: Obj, order: readonly string[]): Obj {
  const out: Obj = {};
  for (const k of order) if (obj[k] !== undefined) out[k] = obj[k];
  for (const k of Object.keys(obj)) if (!(k in out) && obj[k] !== undefined) out[k] = obj[k];
  return out;
}

function orderGc(rule: GcRule): GcRule {
  if ('union' in rule) return { union: rule.union.map(orderGc) };
  if ('intersection' in rule) return { intersection: rule.intersection.map(orderGc) };
  return rule;
}

function keyOrder(rowKey: DesignT['tables'][number]['rowKey']): string[] {
  try {
    return layoutOf(rowKey).fields;
  } catch {
    return [...rowKey.template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
  }
}

function orderTable(t: DesignT['tables'][number]): Obj {
  const fieldNames = keyOrder(t.rowKey);
  const names = [...fieldNames.filter((n) => n in t.rowKey.fields), ...Object.keys(t.rowKey.fields).filter((n) => !fieldNames.includes(n))];
  const fields: Obj = {};
  for (const n of names) {
    const f = t.rowKey.fields[n]!;
    fields[n] = ordered(f as Obj, FIELD_ORDER[f.type] ?? []);
  }
  return ordered(
    {
      ...t,
      rowKey: ordered({ ...t.rowKey, fields }, Object.keys(RowKey.shape)),
      families: t.families?.map((f) =>
        ordered({ ...f, gc: f.gc && orderGc(f.gc), columns: f.columns?.map((c) => ordered(c, Object.keys(Column.shape))) }, Object.keys(Family.shape)),
      ),
      queries: t.queries?.map((q) => ordered(q, Object.keys(Query.shape))),
      load: t.load && ordered(t.load, Object.keys(Load.shape)),
    },
    Object.keys(Table.shape),
  );
}

const generated = new WeakMap<DesignT, string>();

/** The design as YAML, keys in the order of docs/design-format.md (what the code view shows after a form edit); made once per design object. */
export function designText(design: DesignT): string {
  let text = generated.get(design);
  if (text === undefined) generated.set(design, (text = dumpDesign(design)));
  return text;
}

function dumpDesign(design: DesignT): string {
  const tidy = ordered(
    {
      ...design,
      cluster: design.cluster && ordered(design.cluster, ['nodes', 'storage']),
      tables: design.tables.map(orderTable),
    },
    Object.keys(Design.shape),
  ) as DesignT;
  return exportDesign(tidy, null, { as: 'yaml' }).text;
}

/** A doc's YAML text: the user's own, or the design's generated YAML, made on first read (the YAML tab, export, share). */
export function docText(doc: DesignDoc): string {
  return doc.text ?? designText(doc.design);
}

/** `doc` holding `design` after a structured edit: no text of its own (generated when read), no text issues. */
export function withDesign(doc: DesignDoc, design: DesignT, now: number): DesignDoc {
  const { text: _text, ...rest } = doc;
  return { ...rest, design, textIssues: [], updatedAt: now };
}

export type DocResult = { ok: true; doc: DesignDoc } | { ok: false; issues: DesignIssue[] };

/** A doc from text; fails only when the text does not load (a doc always holds a valid design). */
export function docFromText(id: string, text: string, now: number): DocResult {
  const r = loadDesign(text, `${id}.yaml`);
  return r.ok ? { ok: true, doc: { id, design: r.design, text, textIssues: [], updatedAt: now } } : { ok: false, issues: r.issues };
}

/** A doc from a design already known to be valid; its text is generated when read. */
export function docFromDesign(id: string, design: DesignT, now: number): DesignDoc {
  return { id, design, textIssues: [], updatedAt: now };
}

/** Checks a design made by a form edit; the issues name paths (`tables[0].name`) but no positions. */
export function checkDesign(design: DesignT, id: string): DesignIssue[] {
  const r = validateDesign(design, `${id}.yaml`);
  return r.ok ? [] : r.issues;
}

/** A lower-case, URL-friendly id from a name: "Chat messages" -> "chat-messages". */
export function slug(name: string): string {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return s || 'design';
}

/** `base`, or `base-2`, `base-3`, ... : the first not in `taken`. */
export function uniqueId(base: string, taken: (id: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** A short random suffix, so ids made in two tabs at once do not collide. */
export function randomSuffix(): string {
  const bytes = new Uint8Array(3);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
}

/** `name` or `name (2)`, ... : the first not in `names`. */
export function uniqueName(name: string, names: readonly string[]): string {
  if (!names.includes(name)) return name;
  for (let n = 2; ; n++) if (!names.includes(`${name} (${n})`)) return `${name} (${n})`;
}

export function blankDesign(name: string): DesignT {
  return { format: FORMAT_V1, name, tables: [] };
}

/**
 * `next` with every subtree that deep-equals the one at the same place in `prev` replaced by
 * `prev`'s object: a design parsed from text keeps the identity of unchanged tables, so the
 * validator's per-table cache and React's memoised panels skip them.
 */
export function reuseUnchanged<T>(prev: T, next: T): T {
  if (prev === next) return prev;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((v, i) => {
      const r = i < prev.length ? reuseUnchanged(prev[i], v) : v;
      if (r !== prev[i]) same = false;
      return r;
    });
    return (same ? prev : out) as T;
  }
  const p = prev as Obj;
  const n = next as Obj;
  const pk = Object.keys(p);
  const nk = Object.keys(n);
  let same = pk.length === nk.length && pk.every((k, i) => nk[i] === k);
  const out: Obj = {};
  for (const k of nk) {
    const r = k in p ? reuseUnchanged(p[k], n[k]) : n[k];
    if (r !== p[k]) same = false;
    out[k] = r;
  }
  return (same ? prev : out) as T;
}
