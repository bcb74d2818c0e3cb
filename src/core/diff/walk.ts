// A generic structural diff of two JSON values: objects by key, arrays of named objects
// (tables, families, queries, views, ...) by name, other arrays as whole values. Every key is
// walked, including keys this module has never heard of, so settings other parts of the
// format add later are diffed too.
import { stableJson } from '../model/stable-json';

export type Path = (string | number)[];

export interface RawChange {
  /** Object keys and, inside arrays of named objects, the element's name (`["tables", "events", "families", "cf"]`). */
  path: string[];
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const named = (v: unknown): v is { name: string }[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((x) => isObject(x) && typeof x.name === 'string') &&
  new Set(v.map((x) => (x as { name: string }).name)).size === v.length;

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

/** Values compared whole: a GC rule is one rule, a query's match one binding. */
const ATOMIC = new Set(['gc', 'match', 'values', 'weights', 'filter', 'of']);

export function walk(a: unknown, b: unknown, path: string[] = [], out: RawChange[] = []): RawChange[] {
  if (sameValue(a, b)) return out;
  if (a !== undefined && b !== undefined && ATOMIC.has(path[path.length - 1]!)) {
    out.push({ path, kind: 'changed', before: a, after: b });
    return out;
  }
  if (a === undefined) {
    out.push({ path, kind: 'added', after: b });
    return out;
  }
  if (b === undefined) {
    out.push({ path, kind: 'removed', before: a });
    return out;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) walk(a[k], b[k], [...path, k], out);
    return out;
  }
  if ((named(a) || (Array.isArray(a) && a.length === 0)) && (named(b) || (Array.isArray(b) && b.length === 0)) && (named(a) || named(b))) {
    const byName = (xs: { name: string }[]) => new Map(xs.map((x) => [x.name, x]));
    const ma = byName(a as { name: string }[]);
    const mb = byName(b as { name: string }[]);
    for (const [name, x] of ma) walk(x, mb.get(name), [...path, name], out);
    for (const [name, y] of mb) if (!ma.has(name)) walk(undefined, y, [...path, name], out);
    return out;
  }
  out.push({ path, kind: 'changed', before: a, after: b });
  return out;
}
