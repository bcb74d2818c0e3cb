// What a finding is about, by name: its table, family, query or view, and its path with the
// indexes of named lists replaced by names. Acceptances match findings by these, and baselines
// match findings across a change by them, so moving a line or reordering tables changes nothing.
import type { PathPart } from '../../model/positions';
import { type Design, VIEW_LISTS } from '../../model/schema';
import type { Finding } from '../types';

export interface FindingTarget {
  table?: string;
  family?: string;
  query?: string;
  view?: string;
}

export const TARGET_KEYS = ['table', 'family', 'query', 'view'] as const;

const VIEW_LIST_NAMES: ReadonlySet<string> = new Set(VIEW_LISTS);

type Named = { name?: unknown };
const nameAt = (list: unknown, i: PathPart): string | undefined => {
  if (!Array.isArray(list) || typeof i !== 'number') return undefined;
  const n = (list[i] as Named | undefined)?.name;
  return typeof n === 'string' ? n : undefined;
};

export function findingTarget(design: Design, f: Pick<Finding, 'table' | 'path'>): FindingTarget {
  const p = f.path as PathPart[];
  const out: FindingTarget = {};
  if (f.table !== null) out.table = f.table;
  if (p[0] === 'tables' && typeof p[1] === 'number') {
    const t = design.tables[p[1]];
    if (t && out.table === undefined) out.table = t.name;
    if (p[2] === 'families') {
      const n = nameAt(t?.families, p[3]!);
      if (n !== undefined) out.family = n;
    }
    if (p[2] === 'queries') {
      const n = nameAt(t?.queries, p[3]!);
      if (n !== undefined) out.query = n;
    }
  } else if (typeof p[0] === 'string' && VIEW_LIST_NAMES.has(p[0])) {
    const n = nameAt((design as Record<string, unknown>)[p[0]], p[1]!);
    if (n !== undefined) out.view = n;
  }
  return out;
}

/** The finding's path with named list entries by name: `tables["events"].queries["by user"].match`. */
export function namedPath(design: Design, path: readonly PathPart[]): string {
  const names = new Map<number, string>();
  const named = (i: number, list: unknown) => {
    const n = nameAt(list, path[i]!);
    if (n !== undefined) names.set(i, n);
  };
  if (path[0] === 'tables' && typeof path[1] === 'number') {
    named(1, design.tables);
    const t = design.tables[path[1]] as Record<string, unknown> | undefined;
    if (path[2] === 'families' || path[2] === 'queries') named(3, t?.[path[2]]);
  } else if (typeof path[0] === 'string' && VIEW_LIST_NAMES.has(path[0])) named(1, (design as Record<string, unknown>)[path[0]]);
  let out = '';
  path.forEach((p, i) => {
    const n = names.get(i);
    if (n !== undefined) out += `[${JSON.stringify(n)}]`;
    else if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  });
  return out;
}
