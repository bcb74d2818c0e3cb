// The design model's part of the documents (see ../model.ts): YAML generated from a design in
// the key order of the format's reference (so a form edit gives tidy YAML), docs from text,
// and the check of a design made by a form edit. Loaded after the first paint.
import { exportDesign } from '../../core/export/design';
import { layoutOf } from '../../core/keys/template';
import { loadDesign, validateDesign, type DesignIssue } from '../../core/load/load-design';
import { Column, Design, Family, Load, Query, RowKey, Table, type Design as DesignT, type Field, type GcRule } from '../../core/model/schema';
import { StringField, IntField, TimestampField, UuidField, DomainField, BytesField, HashField } from '../../core/model/schema';
import type { DocResult } from './docs';

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

/** A doc from text; fails only when the text does not load (a doc always holds a valid design). */
export function docFromText(id: string, text: string, now: number): DocResult {
  const r = loadDesign(text, `${id}.yaml`);
  return r.ok ? { ok: true, doc: { id, design: r.design, text, textIssues: [], updatedAt: now } } : { ok: false, issues: r.issues };
}

/** Checks a design made by a form edit; the issues name paths (`tables[0].name`) but no positions. */
export function checkDesign(design: DesignT, id: string): DesignIssue[] {
  const r = validateDesign(design, `${id}.yaml`);
  return r.ok ? [] : r.issues;
}
