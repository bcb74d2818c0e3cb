// Pure helpers for the user's design documents: docs from a design, readable unique ids, and the
// starting point of a new design. No React, no store. What needs the design model (YAML
// generated from a design, docs from text, checks) is in docs-model.ts, loaded after the first
// paint (../model.ts); the functions here of the same names call it.
import type { DesignIssue } from '../../core/load/load-design';
import { FORMAT_V1 } from '../../core/model/plain';
import type { Design as DesignT } from '../../core/model/schema';
import type { DesignDoc } from '../studio/contract';
import { model } from '../model';

type Obj = Record<string, unknown>;

/** The design as YAML, keys in the order of docs/design-format.md (what the code view shows after a form edit); made once per design object. */
export const designText = (design: DesignT): string => model().designText(design);

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
export const docFromText = (id: string, text: string, now: number): DocResult => model().docFromText(id, text, now);

/** A doc from a design already known to be valid; its text is generated when read. */
export function docFromDesign(id: string, design: DesignT, now: number): DesignDoc {
  return { id, design, textIssues: [], updatedAt: now };
}

/** Checks a design made by a form edit; the issues name paths (`tables[0].name`) but no positions. */
export const checkDesign = (design: DesignT, id: string): DesignIssue[] => model().checkDesign(design, id);

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
