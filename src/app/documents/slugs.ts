// Names a user chose are what the studio shows: the address of a design and
// the file name in its YAML error locations use its name as a slug once it no longer matches the
// id (after a rename: "Untitled design" renamed "Trips" is `#/design/trips`, not
// `#/design/untitled-den`). The id never changes (saved records, history, other tabs and old
// links keep it), so an old address still opens the design and is replaced by the new one.
import type { DesignDoc } from '../studio/contract';
import { slug } from './docs';

export interface SlugContext {
  docs: Readonly<Record<string, DesignDoc>>;
  /** The gallery's examples: a user's copy keeps the example's id while it has the example's name. */
  gallery: readonly { id: string; title: string; ok: boolean; design?: { name: string } }[];
}

/** Whether the id already says the name: made from it (`trips`, `trips-x7k`), or the name grew from the id's base (`untitled-x7k` for "Untitled design"). */
export function idSaysName(id: string, name: string): boolean {
  const s = slug(name);
  if (s === id || id.startsWith(`${s}-`)) return true;
  const dash = id.lastIndexOf('-');
  const base = dash > 0 ? id.slice(0, dash) : id;
  return s.startsWith(`${base}-`) || s === base;
}

/**
 * Slugs a design has been shown under, so an address from before a second rename, or from a
 * name the tab showed but had not saved when it reloaded, still opens it. Kept in this
 * browser's localStorage (a small map, slug -> id; never in a design or a share link).
 */
const FORMER_KEY = 'btstudio.slugs.v1';
const FORMER_MAX = 200;
let former: Map<string, string> | null = null;

function formerMap(): Map<string, string> {
  if (former) return former;
  former = new Map();
  try {
    const v: unknown = JSON.parse(globalThis.localStorage?.getItem(FORMER_KEY) ?? '{}');
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, id] of Object.entries(v)) if (typeof id === 'string') former.set(k, id);
  } catch {
    // unreadable or no storage: this session only
  }
  return former;
}

function remember(segment: string, id: string): void {
  const m = formerMap();
  if (m.get(segment) === id) return;
  m.delete(segment);
  m.set(segment, id);
  while (m.size > FORMER_MAX) m.delete(m.keys().next().value!);
  try {
    globalThis.localStorage?.setItem(FORMER_KEY, JSON.stringify(Object.fromEntries(m)));
  } catch {
    // not remembered beyond this session
  }
}

/** The address segment of design `id`: its id, or its name's slug when the id no longer says the name and the slug names no other design. */
export function designSegment(ctx: SlugContext, id: string): string {
  const doc = ctx.docs[id];
  if (!doc || doc.shared) return id;
  const name = doc.design.name;
  if (idSaysName(id, name)) return id;
  const example = ctx.gallery.find((g) => g.id === id);
  if (example && (slug(example.title) === slug(name) || (example.ok && example.design?.name === name))) return id;
  const s = slug(name);
  if (s in ctx.docs || ctx.gallery.some((g) => g.id === s)) return id;
  for (const [other, d] of Object.entries(ctx.docs)) if (other !== id && slug(d.design.name) === s) return id;
  remember(s, id);
  return s;
}

/** The design an address segment names: an id first (old links), else the one design whose slug it is; null when none. */
export function resolveSegment(ctx: SlugContext, segment: string): string | null {
  if (segment in ctx.docs) return segment;
  for (const id of Object.keys(ctx.docs)) if (designSegment(ctx, id) === segment) return id;
  const was = formerMap().get(segment);
  return was !== undefined && was in ctx.docs ? was : null;
}

/**
 * The file name in a design's YAML error locations, from the design alone (its id and name, not
 * the other designs or the moment): the id while it says the name, else the name's slug. The
 * same before and after a reload, and the same wherever the design is checked.
 */
export function designFileName(id: string, name: unknown): string {
  const s = typeof name === 'string' ? slug(name) : '';
  return `${s === '' || idSaysName(id, name as string) ? id : s}.yaml`;
}

/** The file name of design `id` as the store holds it. */
export const fileNameOf = (ctx: SlugContext, id: string) => designFileName(id, ctx.docs[id]?.design.name);
